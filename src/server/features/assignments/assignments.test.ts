import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GraderPool } from "@/server/python/index.ts";
import {
  ASSIGNMENT_MESSAGES,
  type AssignmentProgress,
  type StudentAssignmentDetail,
  type StudentAssignmentListItem,
  type TeacherAssignmentDetail,
  type TeacherAssignmentListItem,
} from "@/shared/api/assignments.ts";
import type { ClassSummary } from "@/shared/api/classes.ts";
import {
  addMember,
  createAssignment,
  createClass,
  gradeSubmission,
  recordRun,
  submitFinal,
} from "../../../../tests/factories/classroom.ts";
import { createStudent, createTeacher, type TestUser } from "../../../../tests/factories/users.ts";
import { errorOf } from "../../../../tests/setup/error-body.ts";
import { startTestGrader } from "../../../../tests/setup/grader.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";

let t: TestApp;
let grader: GraderPool;
let teacher: TestUser;
let student: TestUser;
let cls: ClassSummary;

beforeAll(async () => {
  grader = await startTestGrader();
  t = await createTestApp({}, { grader });
  teacher = await createTeacher(t);
  student = await createStudent(t, { name: "Amara Okafor" });
  cls = await createClass(t, teacher, { name: "10X" });
  await addMember(t, cls, student);
});
afterAll(async () => {
  await t.close();
  await grader.close();
});

const json = async <T>(res: Response) => (await res.json()) as T;

const TWO_CASES = [
  { description: "Greets", input: "Ada", expectedOutput: "Hello Ada" },
  { description: "Secret", input: "SECRET-IN", expectedOutput: "SECRET-OUT", hidden: true },
];

describe("creating an assignment", () => {
  it("stores the fields and the test cases in order", async () => {
    const res = await t.request("POST", "/api/assignments", {
      cookie: teacher.cookie,
      body: {
        classId: cls.id,
        name: "  Greeter ",
        description: "Say hello",
        dueDate: "2030-01-31",
        starterCode: "name = input()",
        testCases: [...TWO_CASES, { description: "", input: "", expectedOutput: "" }],
      },
    });
    expect(res.status).toBe(201);
    const a = await json<TeacherAssignmentDetail>(res);
    expect(a).toMatchObject({
      name: "Greeter",
      description: "Say hello",
      language: "python",
      dueDate: "2030-01-31T00:00:00.000Z",
      starterCode: "name = input()",
      class: { id: cls.id, name: "10X" },
    });
    // The blank row the form starts with is not a test.
    expect(a.testCases.map((c) => [c.position, c.description, c.input, c.expectedOutput, c.hidden])).toEqual([
      [0, "Greets", "Ada", "Hello Ada", false],
      [1, "Secret", "SECRET-IN", "SECRET-OUT", true],
    ]);
  });

  it("requires a title and a class, and only Python", async () => {
    const cases: [object, string][] = [
      [{ classId: cls.id, name: " " }, ASSIGNMENT_MESSAGES.titleRequired],
      [{ name: "X" }, ASSIGNMENT_MESSAGES.classRequired],
      [{ classId: "nope", name: "X" }, ASSIGNMENT_MESSAGES.classRequired],
      [{ classId: cls.id, name: "X", language: "java" }, "Only Python is available for now."],
    ];
    for (const [body, message] of cases) {
      const res = await t.request("POST", "/api/assignments", { cookie: teacher.cookie, body });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).message).toBe(message);
    }
  });

  it("only in a class the teacher owns", async () => {
    const other = await createTeacher(t);
    const res = await t.request("POST", "/api/assignments", {
      cookie: other.cookie,
      body: { classId: cls.id, name: "Intruder" },
    });
    expect(res.status).toBe(404);
    const list = await json<TeacherAssignmentListItem[]>(
      await t.request("GET", "/api/assignments", { cookie: teacher.cookie }),
    );
    expect(list.some((a) => a.name === "Intruder")).toBe(false);
  });
});

describe("reading an assignment", () => {
  let a: TeacherAssignmentDetail;
  beforeAll(async () => {
    a = await createAssignment(t, teacher, cls.id, { name: "Visible and hidden", testCases: TWO_CASES });
  });

  it("shows the teacher every test case in full", async () => {
    const res = await t.request("GET", `/api/assignments/${a.id}`, { cookie: teacher.cookie });
    expect(res.status).toBe(200);
    const detail = await json<TeacherAssignmentDetail>(res);
    expect(detail.testCases[1]).toMatchObject({
      input: "SECRET-IN",
      expectedOutput: "SECRET-OUT",
      hidden: true,
    });
  });

  it("shows a student a hidden case only as {id, position, hidden}", async () => {
    for (const path of [`/api/assignments/${a.id}`, `/api/assignments/${a.id}/test-cases`]) {
      const res = await t.request("GET", path, { cookie: student.cookie });
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).not.toContain("SECRET");
      const body = JSON.parse(text) as StudentAssignmentDetail | StudentAssignmentDetail["testCases"];
      const cases = Array.isArray(body) ? body : body.testCases;
      expect(cases[0]).toEqual({
        id: a.testCases[0].id,
        position: 0,
        hidden: false,
        description: "Greets",
        input: "Ada",
        expectedOutput: "Hello Ada",
      });
      expect(cases[1]).toEqual({ id: a.testCases[1].id, position: 1, hidden: true });
    }
  });

  it("is not found for a student outside the class or a malformed id", async () => {
    const outsider = await createStudent(t);
    const res = await t.request("GET", `/api/assignments/${a.id}`, { cookie: outsider.cookie });
    expect(res.status).toBe(404);
    expect(await errorOf(res)).toEqual({ code: "NOT_FOUND", message: ASSIGNMENT_MESSAGES.notFound });
    expect((await t.request("GET", "/api/assignments/123", { cookie: student.cookie })).status).toBe(404);
  });
});

describe("editing an assignment", () => {
  it("updates fields and replaces the test case list: update by id, insert new, delete missing", async () => {
    const a = await createAssignment(t, teacher, cls.id, {
      testCases: [
        { description: "one", expectedOutput: "1" },
        { description: "two", expectedOutput: "2" },
        { description: "three", expectedOutput: "3" },
      ],
    });
    const [one, , three] = a.testCases;
    const res = await t.request("PATCH", `/api/assignments/${a.id}`, {
      cookie: teacher.cookie,
      body: {
        name: "Renamed",
        dueDate: null,
        testCases: [
          { id: three.id, description: "three, first now", expectedOutput: "3", hidden: true },
          { description: "new", input: "x", expectedOutput: "4" },
          { id: one.id, description: "one", expectedOutput: "1" },
        ],
      },
    });
    expect(res.status).toBe(200);
    const updated = await json<TeacherAssignmentDetail>(res);
    expect(updated.name).toBe("Renamed");
    expect(updated.dueDate).toBeNull();
    expect(updated.testCases.map((c) => [c.position, c.description, c.hidden])).toEqual([
      [0, "three, first now", true],
      [1, "new", false],
      [2, "one", false],
    ]);
    expect(updated.testCases[0].id).toBe(three.id);
    expect(updated.testCases[2].id).toBe(one.id);
  });

  it("drops emptied rows like the form does (the shared blank-test-case rule), saved ones included", async () => {
    const a = await createAssignment(t, teacher, cls.id, {
      testCases: [
        { description: "one", expectedOutput: "1" },
        { description: "two", expectedOutput: "2" },
      ],
    });
    const [one, two] = a.testCases;
    const res = await t.request("PATCH", `/api/assignments/${a.id}`, {
      cookie: teacher.cookie,
      body: {
        testCases: [
          { id: one.id, description: "one", expectedOutput: "1" },
          { id: two.id, description: " ", input: "\n", expectedOutput: "  " },
          { description: "", input: " ", expectedOutput: "" },
        ],
      },
    });
    expect(res.status).toBe(200);
    const updated = await json<TeacherAssignmentDetail>(res);
    expect(updated.testCases.map((c) => c.id)).toEqual([one.id]);
  });

  it("refuses a half-filled test case (description without expected output, or the reverse)", async () => {
    const a = await createAssignment(t, teacher, cls.id, {
      testCases: [{ description: "one", expectedOutput: "1" }],
    });
    const halves = [
      { description: "Greets", input: "Ada", expectedOutput: " \n" },
      { description: "", input: "Ada", expectedOutput: "Hello Ada" },
    ];
    for (const half of halves) {
      const patch = await t.request("PATCH", `/api/assignments/${a.id}`, {
        cookie: teacher.cookie,
        body: { testCases: [{ description: "ok", expectedOutput: "ok" }, half] },
      });
      expect(patch.status).toBe(400);
      expect((await errorOf(patch)).message).toBe(ASSIGNMENT_MESSAGES.halfTestCase);
      const post = await t.request("POST", "/api/assignments", {
        cookie: teacher.cookie,
        body: { classId: cls.id, name: "Half", testCases: [half] },
      });
      expect(post.status).toBe(400);
      expect((await errorOf(post)).message).toBe(ASSIGNMENT_MESSAGES.halfTestCase);
    }
    const kept = await json<TeacherAssignmentDetail>(
      await t.request("GET", `/api/assignments/${a.id}`, { cookie: teacher.cookie }),
    );
    expect(kept.testCases.map((c) => c.description)).toEqual(["one"]);
  });

  it("keeps at least one test case and the language locked to Python", async () => {
    const a = await createAssignment(t, teacher, cls.id);
    const none = await t.request("PATCH", `/api/assignments/${a.id}`, {
      cookie: teacher.cookie,
      body: { testCases: [] },
    });
    expect(none.status).toBe(400);
    expect((await errorOf(none)).message).toBe(ASSIGNMENT_MESSAGES.oneTestCase);
    const java = await t.request("PATCH", `/api/assignments/${a.id}`, {
      cookie: teacher.cookie,
      body: { language: "java" },
    });
    expect(java.status).toBe(400);
    expect((await errorOf(java)).message).toBe("The language of an assignment is locked to Python.");
  });

  it("changes nothing when one test case id is not the assignment's (all or nothing)", async () => {
    const a = await createAssignment(t, teacher, cls.id, { name: "Before" });
    const b = await createAssignment(t, teacher, cls.id);
    const res = await t.request("PATCH", `/api/assignments/${a.id}`, {
      cookie: teacher.cookie,
      body: {
        name: "After",
        testCases: [
          { description: "new", expectedOutput: "n" },
          { id: b.testCases[0].id, description: "stolen", expectedOutput: "s" },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(`Error updating test case ${b.testCases[0].id}`);
    const after = await json<TeacherAssignmentDetail>(
      await t.request("GET", `/api/assignments/${a.id}`, { cookie: teacher.cookie }),
    );
    expect(after.name).toBe("Before");
    expect(after.testCases).toEqual(a.testCases);
  });

  it("is only for the owning teacher", async () => {
    const a = await createAssignment(t, teacher, cls.id);
    const other = await createTeacher(t);
    const res = await t.request("PATCH", `/api/assignments/${a.id}`, {
      cookie: other.cookie,
      body: { name: "X" },
    });
    expect(res.status).toBe(404);
  });
});

describe("lists, progress and export", () => {
  let progressClass: ClassSummary;
  let a: TeacherAssignmentDetail;
  let graded: TestUser;
  let failing: TestUser;
  let resubmitted: TestUser;
  let idle: TestUser;
  let onlyRan: TestUser;
  let owner: TestUser;

  const GREETER = 'name = input()\nprint("Hello", name)';
  beforeAll(async () => {
    owner = await createTeacher(t);
    progressClass = await createClass(t, owner, { name: "Progress class" });
    [graded, failing, resubmitted, idle, onlyRan] = await Promise.all(
      ["Ava", "Ben", "Cat", "Dan", "Eve"].map((name) => createStudent(t, { name })),
    );
    for (const s of [graded, failing, resubmitted, idle, onlyRan]) await addMember(t, progressClass, s);
    a = await createAssignment(t, owner, progressClass.id, {
      name: "Greeter",
      testCases: [
        { description: "Greets", input: "Ada", expectedOutput: "Hello Ada" },
        { description: "Second line", input: "Bo", expectedOutput: "Hello Bo" },
        { description: "Never reached", input: "", expectedOutput: "nope", hidden: true },
      ],
    });
    // Ava: 2 of 3 and graded. Ben: 0 of 3. Cat: graded, then resubmitted. Eve: only ran tests.
    const ava = await submitFinal(t, graded, a.id, GREETER);
    expect(ava.passedTests, JSON.stringify(ava.results)).toBe(2);
    await gradeSubmission(t, owner, ava.id, { grade: 82.5, notes: "=Well done, Ava" });
    await submitFinal(t, failing, a.id, "print(1/0)");
    const cat = await submitFinal(t, resubmitted, a.id, GREETER);
    await gradeSubmission(t, owner, cat.id, { grade: 70, notes: null });
    await recordRun(t, resubmitted, a.id, "print()", { passed: 1, total: 3 });
    await submitFinal(t, resubmitted, a.id, 'input()\nprint("Hello Bo")');
    await recordRun(t, onlyRan, a.id, "print()", { passed: 0, total: 3 });
  });

  it("lists the teacher's assignments with class size and hand-ins", async () => {
    const list = await json<TeacherAssignmentListItem[]>(
      await t.request("GET", "/api/assignments", { cookie: owner.cookie }),
    );
    expect(list).toEqual([
      {
        id: a.id,
        name: "Greeter",
        description: "",
        language: "python",
        dueDate: null,
        createdAt: expect.any(String),
        class: { id: progressClass.id, name: "Progress class" },
        studentCount: 5,
        submittedCount: 3,
        lateCount: 0,
      },
    ]);
  });

  it("lists a student's assignments with the state of their newest final submission", async () => {
    const of = async (who: TestUser) =>
      (
        await json<StudentAssignmentListItem[]>(
          await t.request("GET", "/api/assignments", { cookie: who.cookie }),
        )
      ).find((x) => x.id === a.id)!;
    expect(await of(graded)).toMatchObject({
      status: "submitted",
      teacherGrade: 82.5,
      class: { name: "Progress class" },
    });
    expect((await of(graded)).submittedAt).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
    expect(await of(resubmitted)).toMatchObject({ status: "submitted", teacherGrade: null });
    expect(await of(onlyRan)).toMatchObject({ status: "not_started", submittedAt: null, teacherGrade: null });
    // Other classes' assignments never show up.
    const others = await json<StudentAssignmentListItem[]>(
      await t.request("GET", "/api/assignments", { cookie: student.cookie }),
    );
    expect(others.some((x) => x.id === a.id)).toBe(false);
  });

  it("shows every member's status and the real per-test failure rates", async () => {
    const res = await t.request("GET", `/api/assignments/${a.id}/progress`, { cookie: owner.cookie });
    expect(res.status).toBe(200);
    const p = await json<AssignmentProgress>(res);
    expect(p.totalStudents).toBe(5);
    expect(p.submittedCount).toBe(3);
    expect(
      p.students.map((s) => [s.student.name, s.status, s.grade, s.passedTests, s.totalTests, s.attempts]),
    ).toEqual([
      ["Ava", "graded", 82.5, 2, 3, 1],
      ["Ben", "awaiting_grade", null, 0, 3, 1],
      ["Cat", "submitted", null, 1, 3, 3],
      ["Dan", "not_viewed", null, null, null, 0],
      // Eve only ran tests: she has seen the work (issue 19 #5), so she is not "Not Viewed".
      ["Eve", "in_progress", null, null, null, 1],
    ]);
    // Latest finals: Ava 2/3, Ben 0/3, Cat 1/3 → mean of 66.67, 0 and 33.33.
    expect(p.avgPassRate).toBeCloseTo(100 / 3, 5);
    const rates = Object.fromEntries(
      p.testCasePerformance.map((c) => [c.description, [c.runs, c.failures, c.failureRate]]),
    );
    expect(rates).toEqual({
      "Never reached": [3, 3, 100],
      Greets: [3, 2, (2 / 3) * 100],
      "Second line": [3, 1, (1 / 3) * 100],
    });
    expect(p.testCasePerformance.map((c) => c.description)).toEqual([
      "Never reached",
      "Greets",
      "Second line",
    ]);
    expect(p.challengingAreas.map((c) => c.description)).toEqual(["Never reached", "Greets", "Second line"]);
  });

  it("shows test runs apart from the status, and the earlier grade of a student who handed in again", async () => {
    const p = await json<AssignmentProgress>(
      await t.request("GET", `/api/assignments/${a.id}/progress`, { cookie: owner.cookie }),
    );
    expect(
      p.students.map((s) => [s.student.name, s.status, s.testRuns, s.previousGrade, s.lateByMs, s.leftClass]),
    ).toEqual([
      ["Ava", "graded", 0, null, null, false],
      ["Ben", "awaiting_grade", 0, null, null, false],
      // Cat's 70 stays visible to the teacher until they grade the new hand-in.
      ["Cat", "submitted", 1, 70, null, false],
      ["Dan", "not_viewed", 0, null, null, false],
      ["Eve", "in_progress", 1, null, null, false],
    ]);
  });

  it("reports no rates (never invented ones) before anyone has submitted", async () => {
    const fresh = await createAssignment(t, owner, progressClass.id, {
      testCases: [
        { description: "A", expectedOutput: "a" },
        { description: "B", expectedOutput: "b" },
      ],
    });
    const p = await json<AssignmentProgress>(
      await t.request("GET", `/api/assignments/${fresh.id}/progress`, { cookie: owner.cookie }),
    );
    expect(p.avgPassRate).toBeNull();
    expect(p.testCasePerformance.map((c) => [c.runs, c.failures, c.failureRate])).toEqual([
      [0, 0, null],
      [0, 0, null],
    ]);
    expect(p.challengingAreas).toEqual([]);
    expect(p.students.every((s) => s.status === "not_viewed")).toBe(true);
  });

  it("exports the assignment's grade sheet as CSV", async () => {
    const res = await t.request("GET", `/api/assignments/${a.id}/export.csv`, { cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(
      'attachment; filename="progress-class-greeter-grades.csv"',
    );
    const lines = (await res.text()).split("\r\n");
    expect(lines[0]).toBe(
      "Student,E-mail,Status,Submitted at (Europe/London),Late,Tests passed,Tests total,Score,Grade,Notes,Earlier grade,Class membership,Comments",
    );
    // Notes starting with "=" are not formulas in a spreadsheet; the comma forces quoting.
    expect(lines[1]).toContain(`,"'=Well done, Ava",`);
    const cells = lines.slice(1, -1).map((l) => l.replace(`"'=Well done, Ava"`, "notes").split(","));
    expect(cells.map((c) => [c[0], c[1], c[2], c[4], c[5], c[6], c[7], c[8], c[10], c[11]])).toEqual([
      ["Ava", graded.email, "Graded", "", "2", "3", "66.67", "82.5", "", "Member"],
      ["Ben", failing.email, "Awaiting Grade", "", "0", "3", "0", "", "", "Member"],
      ["Cat", resubmitted.email, "Submitted", "", "1", "3", "33.33", "", "70", "Member"],
      ["Dan", idle.email, "Not Viewed", "", "", "", "", "", "", "Member"],
      ["Eve", onlyRan.email, "In Progress", "", "", "", "", "", "", "Member"],
    ]);
    // A local date-time a spreadsheet reads as one (no "T", no seconds, no "Z").
    expect(cells[0][3]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
  });

  it("keeps progress and export for the owning teacher", async () => {
    const other = await createTeacher(t);
    for (const path of [`/api/assignments/${a.id}/progress`, `/api/assignments/${a.id}/export.csv`]) {
      expect((await t.request("GET", path, { cookie: other.cookie })).status).toBe(404);
      expect((await t.request("GET", path, { cookie: graded.cookie })).status).toBe(403);
    }
  });

  it("counts a student who only opened the workspace as In Progress, not Not Viewed", async () => {
    const statusOf = async (name: string) => {
      const p = await json<AssignmentProgress>(
        await t.request("GET", `/api/assignments/${a.id}/progress`, { cookie: owner.cookie }),
      );
      return p.students.find((s) => s.student.name === name)?.status;
    };
    // Another assignment's visit, or an event that is not a visit, doesn't count.
    const other = await createAssignment(t, owner, progressClass.id);
    const send = (assignmentId: string, type: "open" | "run") =>
      t.request("POST", "/api/activity", {
        cookie: idle.cookie,
        body: {
          assignmentId,
          sessionId: crypto.randomUUID(),
          seq: 0,
          events: [type === "open" ? { type, at: 0, code: "" } : { type, at: 0 }],
        },
      });
    expect((await send(other.id, "open")).status).toBe(201);
    expect((await send(a.id, "run")).status).toBe(201);
    expect(await statusOf("Dan")).toBe("not_viewed");
    expect((await send(a.id, "open")).status).toBe(201);
    expect(await statusOf("Dan")).toBe("in_progress");
  });
});

describe("late work, grade history and students who left", () => {
  let owner: TestUser;
  let lateClass: ClassSummary;
  let a: TeacherAssignmentDetail;
  let stayer: TestUser;
  let leaver: TestUser;

  beforeAll(async () => {
    owner = await createTeacher(t);
    lateClass = await createClass(t, owner, { name: "Late class" });
    [stayer, leaver] = await Promise.all(["Sam", "Lee"].map((name) => createStudent(t, { name })));
    for (const s of [stayer, leaver]) await addMember(t, lateClass, s);
    // Due two days (and a bit) ago: everything handed in now is "2 days late".
    const due = new Date(Date.now() - 2 * 24 * 3600_000 - 5 * 60_000).toISOString();
    a = await createAssignment(t, owner, lateClass.id, { name: "Late one", dueDate: due });
  });
  const lateCountOf = async () => {
    const list = await json<TeacherAssignmentListItem[]>(
      await t.request("GET", "/api/assignments", { cookie: owner.cookie }),
    );
    return list.find((x) => x.id === a.id)?.lateCount;
  };

  it("marks a late hand-in with how late on the progress table and in the CSV", async () => {
    await submitFinal(t, stayer, a.id, 'print("hello")');
    const p = await json<AssignmentProgress>(
      await t.request("GET", `/api/assignments/${a.id}/progress`, { cookie: owner.cookie }),
    );
    const sam = p.students.find((s) => s.student.id === stayer.id)!;
    expect(sam.lateByMs).toBeGreaterThan(2 * 24 * 3600_000);
    expect(sam.lateByMs).toBeLessThan(3 * 24 * 3600_000);
    expect(p.students.find((s) => s.student.id === leaver.id)!.lateByMs).toBeNull();
    const csv = await (
      await t.request("GET", `/api/assignments/${a.id}/export.csv`, { cookie: owner.cookie })
    ).text();
    const samLine = csv.split("\r\n").find((l) => l.startsWith("Sam,"))!;
    expect(samLine.split(",")[4]).toBe("2 days late");
    // The teacher's assignment list counts it too (issue 19 #7).
    expect(await lateCountOf()).toBe(1);
  });

  it("keeps every grade with the submission it belongs to after a resubmit", async () => {
    const first = await submitFinal(t, leaver, a.id, 'print("hello")');
    await gradeSubmission(t, owner, first.id, { grade: 92, notes: "Lovely work" });
    const second = await submitFinal(t, leaver, a.id, 'print("hello")\n# tidier');
    const mine = await json<{ id: string; teacherGrade: number | null; teacherNotes: string | null }[]>(
      await t.request("GET", `/api/assignments/${a.id}/submissions`, { cookie: leaver.cookie }),
    );
    expect(mine.map((s) => [s.id, s.teacherGrade, s.teacherNotes])).toEqual([
      [second.id, null, null],
      [first.id, 92, "Lovely work"],
    ]);
    const p = await json<AssignmentProgress>(
      await t.request("GET", `/api/assignments/${a.id}/progress`, { cookie: owner.cookie }),
    );
    expect(p.students.find((s) => s.student.id === leaver.id)).toMatchObject({
      status: "submitted",
      submissionId: second.id,
      grade: null,
      previousGrade: 92,
    });
    expect(await lateCountOf()).toBe(2);
  });

  it("keeps the work of a student who left the class, marked, and in the CSV", async () => {
    const left = await t.request("DELETE", `/api/classes/${lateClass.id}/membership`, {
      cookie: leaver.cookie,
    });
    expect(left.status).toBe(204);
    const p = await json<AssignmentProgress>(
      await t.request("GET", `/api/assignments/${a.id}/progress`, { cookie: owner.cookie }),
    );
    expect(p.totalStudents).toBe(1);
    expect(p.submittedCount).toBe(1);
    expect(p.students.map((s) => [s.student.name, s.leftClass, s.status])).toEqual([
      ["Sam", false, "awaiting_grade"],
      ["Lee", true, "submitted"],
    ]);
    const csv = await (
      await t.request("GET", `/api/assignments/${a.id}/export.csv`, { cookie: owner.cookie })
    ).text();
    // A student who left no longer counts among the class's late hand-ins.
    expect(await lateCountOf()).toBe(1);
    const leeLine = csv.split("\r\n").find((l) => l.startsWith("Lee,"))!;
    expect(leeLine.endsWith(",92,Left the class,0")).toBe(true);
    // The teacher can still open their submissions.
    const theirs = await t.request("GET", `/api/assignments/${a.id}/submissions?studentId=${leaver.id}`, {
      cookie: owner.cookie,
    });
    expect((await json<unknown[]>(theirs)).length).toBe(2);
  });
});

describe("deleting an assignment", () => {
  it("tells the owner what is lost and lets only the owner delete it", async () => {
    const owner = await createTeacher(t);
    const other = await createTeacher(t);
    const pupil = await createStudent(t);
    const own = await createClass(t, owner);
    await addMember(t, own, pupil);
    const a = await createAssignment(t, owner, own.id);
    await submitFinal(t, pupil, a.id, 'print("hello")');
    await recordRun(t, pupil, a.id, "print()", { passed: 0, total: 1 });

    const impact = await t.request("GET", `/api/assignments/${a.id}/deletion`, { cookie: owner.cookie });
    expect(await json(impact)).toEqual({ submissions: 2, students: 1 });
    const path = `/api/assignments/${a.id}`;
    for (const [cookie, status] of [
      [other.cookie, 404],
      [pupil.cookie, 403],
      [undefined, 401],
    ] as const) {
      expect((await t.request("GET", `${path}/deletion`, { cookie })).status).toBe(status);
      expect((await t.request("DELETE", path, { cookie })).status).toBe(status);
    }
    expect((await t.request("GET", path, { cookie: pupil.cookie })).status).toBe(200);

    expect((await t.request("DELETE", path, { cookie: owner.cookie })).status).toBe(204);
    expect((await t.request("GET", path, { cookie: owner.cookie })).status).toBe(404);
    expect((await t.request("GET", path, { cookie: pupil.cookie })).status).toBe(404);
    const list = await json<StudentAssignmentListItem[]>(
      await t.request("GET", "/api/assignments", { cookie: pupil.cookie }),
    );
    expect(list.some((x) => x.id === a.id)).toBe(false);
  });
});
