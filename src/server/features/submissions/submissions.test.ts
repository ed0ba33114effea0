import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@/server/app.ts";
import { createGraderPool, GRADER_BUSY_MESSAGE, type GraderPool } from "@/server/python/index.ts";
import {
  ASSIGNMENT_MESSAGES,
  type Submission,
  type TeacherAssignmentDetail,
} from "@/shared/api/assignments.ts";
import type { ClassSummary } from "@/shared/api/classes.ts";
import {
  addMember,
  createAssignment,
  createClass,
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
let classmate: TestUser;
let a: TeacherAssignmentDetail;
let cls: ClassSummary;

/** Passes only "Counts": with a name for input, int(name) raises an error, and errors never pass. */
const PARTLY_RIGHT = 'name = input("Name? ")\nprint("Hello", name)\nprint(int(name))';

beforeAll(async () => {
  grader = await startTestGrader();
  t = await createTestApp({}, { grader });
  teacher = await createTeacher(t);
  student = await createStudent(t);
  classmate = await createStudent(t);
  cls = await createClass(t, teacher);
  await addMember(t, cls, student);
  await addMember(t, cls, classmate);
  a = await createAssignment(t, teacher, cls.id, {
    testCases: [
      { description: "Greets", input: "Ada", expectedOutput: "Hello Ada\n" },
      { description: "Shouts", input: "Bo", expectedOutput: "HELLO BO" },
      { description: "Counts", input: "7", expectedOutput: "Name? 7\nHello 7\n7" },
    ],
  });
});
afterAll(async () => {
  await t.close();
  await grader.close();
});

const json = async <T>(res: Response) => (await res.json()) as T;
const post = (who: TestUser, body: unknown, assignmentId = a.id) =>
  t.request("POST", `/api/assignments/${assignmentId}/submissions`, { cookie: who.cookie, body });

describe("Submit Code: graded by the server", () => {
  let graded: Submission;

  it("runs every test case in the grading pool and stores the result", async () => {
    const res = await post(student, { code: PARTLY_RIGHT, final: true });
    expect(res.status).toBe(201);
    graded = await json<Submission>(res);
    // On failure, show what the grader said (a timeout on a starved machine looks different from a wrong rule).
    expect(graded, JSON.stringify(graded.results)).toMatchObject({
      assignmentId: a.id,
      userId: student.id,
      code: PARTLY_RIGHT,
      isFinal: true,
      verified: true,
      passedTests: 1,
      totalTests: 3,
      teacherGrade: null,
      gradedAt: null,
    });
    expect(graded.score).toBeCloseTo(100 / 3, 10);
    // "Greets" prints the right lines, then int("Ada") fails: an error never passes.
    const [greets, shouts, counts] = graded.results;
    expect(greets).toMatchObject({ description: "Greets", position: 0, passed: false, hidden: false });
    expect(greets.output).toContain("Hello Ada");
    expect(greets.errorMessage).toBe(
      "Test case failed\nError: ValueError: invalid literal for int() with base 10: 'Ada' (line 3)",
    );
    expect(shouts).toMatchObject({
      passed: false,
      errorMessage: expect.stringMatching(/^Test case failed\nError: /),
    });
    expect(counts).toMatchObject({
      passed: true,
      errorMessage: null,
      output: "Name? 7\nHello 7\n7\n",
      testCaseId: a.testCases[2].id,
    });
    for (const r of graded.results) expect(r.executionTimeMs).toEqual(expect.any(Number));
  });

  it("ignores a score or passed count the browser claims", async () => {
    const res = await post(student, {
      code: "print('nothing useful')",
      final: true,
      score: 100,
      passedTests: 99,
      totalTests: 99,
      verified: true,
      teacherGrade: 100,
      browserResult: { passed: 3, total: 3 },
    });
    expect(res.status).toBe(201);
    const s = await json<Submission>(res);
    expect(s).toMatchObject({ passedTests: 0, totalTests: 3, score: 0, verified: true, teacherGrade: null });
    const stored = await json<Submission>(
      await t.request("GET", `/api/submissions/${s.id}`, { cookie: teacher.cookie }),
    );
    expect(stored).toMatchObject({ passedTests: 0, totalTests: 3, score: 0 });
  });

  it("scores 0 of 0 without the grader when there are no test cases", async () => {
    const empty = await createAssignment(t, teacher, cls.id, { testCases: [] });
    const s = await json<Submission>(await post(student, { code: "print(1)", final: true }, empty.id));
    expect(s).toMatchObject({ passedTests: 0, totalTests: 0, score: 0, isFinal: true, results: [] });
  });

  it("answers 503 with the grader's message when the grading queue is full", async () => {
    // Same database and sessions, but a pool that accepts no work: the real busy path.
    const busy = createGraderPool({ size: 1, maxQueue: 0 });
    const { app } = createApp({ db: t.db, config: t.config, grader: busy });
    const res = await app.request(`http://localhost:3000/api/assignments/${a.id}/submissions`, {
      method: "POST",
      headers: {
        Origin: "http://localhost:3000",
        Cookie: student.cookie,
        "Content-Type": "application/json",
      },
      body: JSON.stringify({ code: "print(1)", final: true }),
    });
    expect(res.status).toBe(503);
    expect(await errorOf(res)).toEqual({ code: "GRADER_BUSY", message: GRADER_BUSY_MESSAGE });
    await busy.close();
  });

  it("records a program that prints chr(0): NUL is stored and shown as ␀ (U+2400)", async () => {
    const own = await createAssignment(t, teacher, cls.id); // keeps the lists below to their own
    const code = 'print("Hello" + chr(0) + "Ada")\nraise ValueError("bad" + chr(0))';
    const res = await post(student, { code, final: true }, own.id);
    expect(res.status).toBe(201);
    const s = await json<Submission>(res);
    expect(s.results[0].output, JSON.stringify(s.results)).toContain("Hello\u2400Ada");
    expect(s.results[0].errorMessage).toContain("ValueError: bad\u2400");
    // The teacher reads the same record; no NUL anywhere in it.
    const stored = await t.request("GET", `/api/submissions/${s.id}`, { cookie: teacher.cookie });
    const text = await stored.text();
    expect(text).not.toContain("\\u0000");
    expect((JSON.parse(text) as Submission).results.map((r) => r.output)).toEqual(
      s.results.map((r) => r.output),
    );
  });

  it("refuses a program over 100,000 characters", async () => {
    const res = await post(student, { code: "#".repeat(100_001), final: true });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe("Your program is too long (100,000 characters at most).");
  });
});

describe("Run Tests attempts", () => {
  it("keeps the code and the browser's counts, unverified and not final, with no results", async () => {
    const res = await post(student, {
      code: "print('try')",
      final: false,
      browserResult: { passed: 2, total: 3 },
    });
    expect(res.status).toBe(201);
    expect(await json<Submission>(res)).toMatchObject({
      isFinal: false,
      verified: false,
      passedTests: 2,
      totalTests: 3,
      results: [],
    });
    const capped = await json<Submission>(
      await post(student, { code: "x", final: false, browserResult: { passed: 9, total: 3 } }),
    );
    expect(capped).toMatchObject({ passedTests: 3, totalTests: 3, score: 100, verified: false });
  });

  it("does not count as handed in", async () => {
    const fresh = await createStudent(t);
    await addMember(t, cls, fresh);
    await recordRun(t, fresh, a.id, "print(1)", { passed: 3, total: 3 });
    const list = await json<{ id: string; status: string }[]>(
      await t.request("GET", "/api/assignments", { cookie: fresh.cookie }),
    );
    expect(list.find((x) => x.id === a.id)?.status).toBe("not_started");
  });
});

describe("reading submissions", () => {
  let classmateFinal: Submission;
  beforeAll(async () => {
    classmateFinal = await submitFinal(t, classmate, a.id, 'print("Hello", input())');
  });

  it("gives a student their own submissions, newest first, Run Tests attempts included", async () => {
    const list = await json<Submission[]>(
      await t.request("GET", `/api/assignments/${a.id}/submissions`, { cookie: student.cookie }),
    );
    expect(list.length).toBe(4);
    expect(list.every((s) => s.userId === student.id)).toBe(true);
    const times = list.map((s) => s.submittedAt);
    expect(times).toEqual(times.toSorted().reverse());
    expect(list.some((s) => !s.isFinal)).toBe(true);
    expect(list.find((s) => s.isFinal && s.code === PARTLY_RIGHT)?.results).toHaveLength(3);
  });

  it("gives the teacher all final submissions, or one student's with ?studentId=", async () => {
    const finals = await json<Submission[]>(
      await t.request("GET", `/api/assignments/${a.id}/submissions`, { cookie: teacher.cookie }),
    );
    expect(finals.every((s) => s.isFinal)).toBe(true);
    expect(new Set(finals.map((s) => s.userId))).toEqual(new Set([student.id, classmate.id]));
    const one = await json<Submission[]>(
      await t.request("GET", `/api/assignments/${a.id}/submissions?studentId=${classmate.id}`, {
        cookie: teacher.cookie,
      }),
    );
    expect(one.map((s) => s.id)).toEqual([classmateFinal.id]);
  });

  it("lets only the author and the class teacher open a submission", async () => {
    const path = `/api/submissions/${classmateFinal.id}`;
    expect((await t.request("GET", path, { cookie: classmate.cookie })).status).toBe(200);
    expect((await t.request("GET", path, { cookie: teacher.cookie })).status).toBe(200);
    const other = await t.request("GET", path, { cookie: student.cookie });
    expect(other.status).toBe(404);
    expect(await errorOf(other)).toEqual({
      code: "NOT_FOUND",
      message: ASSIGNMENT_MESSAGES.submissionNotFound,
    });
    expect((await t.request("GET", path, { cookie: (await createTeacher(t)).cookie })).status).toBe(404);
    expect((await t.request("GET", "/api/submissions/xyz", { cookie: teacher.cookie })).status).toBe(404);
  });
});

describe("grading", () => {
  let final: Submission;
  beforeAll(async () => {
    const list = await json<Submission[]>(
      await t.request("GET", `/api/assignments/${a.id}/submissions?studentId=${student.id}`, {
        cookie: teacher.cookie,
      }),
    );
    final = list.find((s) => s.isFinal)!;
  });
  const grade = (body: unknown, id = final.id, who = teacher) =>
    t.request("PUT", `/api/submissions/${id}/grade`, { cookie: who.cookie, body });

  it("stores a grade with notes and the date, which the student then sees", async () => {
    const before = Date.now();
    const res = await grade({ grade: 82.5, notes: "Nice use of input()" });
    expect(res.status).toBe(200);
    const s = await json<Submission>(res);
    expect(s).toMatchObject({ teacherGrade: 82.5, teacherNotes: "Nice use of input()" });
    expect(Date.parse(s.gradedAt!)).toBeGreaterThanOrEqual(before - 1000);
    const seen = await json<Submission>(
      await t.request("GET", `/api/submissions/${final.id}`, { cookie: student.cookie }),
    );
    expect(seen).toMatchObject({ teacherGrade: 82.5, teacherNotes: "Nice use of input()" });
  });

  it("accepts 0, 100 and two decimals; refuses anything else with the grade message", async () => {
    for (const ok of [0, 100, 99.99, 0.01, 12.3]) {
      const res = await grade({ grade: ok });
      expect(res.status, String(ok)).toBe(200);
      expect((await json<Submission>(res)).teacherGrade).toBe(ok);
    }
    for (const bad of [-0.01, 100.01, 82.555, 1e6, "82", "", true]) {
      const res = await grade({ grade: bad });
      expect(res.status, String(bad)).toBe(400);
      expect((await errorOf(res)).message).toBe(ASSIGNMENT_MESSAGES.gradeRange);
    }
    expect((await grade({})).status).toBe(400);
  });

  it("clears the grade with null (an empty grade saves as none)", async () => {
    await grade({ grade: 50, notes: "first look" });
    const res = await grade({ grade: null, notes: "Look again at line 3" });
    expect(res.status).toBe(200);
    expect(await json<Submission>(res)).toMatchObject({
      teacherGrade: null,
      gradedAt: null,
      teacherNotes: "Look again at line 3",
    });
  });

  it("grades final submissions only", async () => {
    const run = await recordRun(t, student, a.id, "print(2)");
    const res = await grade({ grade: 10 }, run.id);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toEqual({ code: "NOT_FINAL", message: ASSIGNMENT_MESSAGES.onlyFinalGraded });
  });

  it("is for the class teacher only", async () => {
    expect((await grade({ grade: 10 }, final.id, await createTeacher(t))).status).toBe(404);
    expect((await grade({ grade: 10 }, final.id, student)).status).toBe(403);
  });
});

describe("fair use of the grader", () => {
  it("checks one submission per student at a time; a classmate is not held up", async () => {
    const fresh = await createStudent(t);
    await addMember(t, cls, fresh);
    const [first, second, other] = await Promise.all([
      post(fresh, { code: "print(1)", final: true }),
      post(fresh, { code: "print(2)", final: true }),
      post(classmate, { code: "print(3)", final: true }),
    ]);
    expect([first.status, second.status].sort()).toEqual([201, 429]);
    const refused = first.status === 429 ? first : second;
    expect((await errorOf(refused)).code).toBe("SUBMISSION_IN_PROGRESS");
    expect(other.status).toBe(201);
  });
});
