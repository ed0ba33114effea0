import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csvCell, csvDateTime, toCsv } from "@/server/http/csv.ts";
import type { GraderPool } from "@/server/python/index.ts";
import { CLASS_MESSAGES, CLASS_NAME_MAX, type ClassDetail, type ClassSummary } from "@/shared/api/classes.ts";
import { JOIN_CODE_ALPHABET } from "@/shared/domain/join-code.ts";
import {
  addMember,
  createAssignment,
  createClass,
  gradeSubmission,
  submitFinal,
} from "../../../../tests/factories/classroom.ts";
import { createStudent, createTeacher, type TestUser } from "../../../../tests/factories/users.ts";
import { startTestGrader } from "../../../../tests/setup/grader.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";

let t: TestApp;
let grader: GraderPool;
let teacher: TestUser;
let student: TestUser;

beforeAll(async () => {
  grader = await startTestGrader();
  t = await createTestApp({}, { grader });
  teacher = await createTeacher(t, { name: "Ms Lovelace" });
  student = await createStudent(t, { name: "Amara Okafor" });
});
afterAll(async () => {
  await t.close();
  await grader.close();
});

const json = async <T>(res: Response) => (await res.json()) as T;

describe("creating and listing classes", () => {
  it("creates a class with an 8-symbol code from the 32-symbol alphabet", async () => {
    const res = await t.request("POST", "/api/classes", {
      cookie: teacher.cookie,
      body: { name: "  10X Computing ", description: "Year 10" },
    });
    expect(res.status).toBe(201);
    const cls = await json<ClassSummary>(res);
    expect(cls).toMatchObject({
      name: "10X Computing",
      description: "Year 10",
      teacher: { id: teacher.id, name: "Ms Lovelace", email: teacher.email },
      studentCount: 0,
    });
    expect(cls.joinCode).toHaveLength(8);
    expect([...cls.joinCode].every((ch) => JOIN_CODE_ALPHABET.includes(ch))).toBe(true);
  });

  it("gives every class its own code", async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 5; i++) codes.add((await createClass(t, teacher)).joinCode);
    expect(codes.size).toBe(5);
  });

  it("refuses a class without a name", async () => {
    const res = await t.request("POST", "/api/classes", { cookie: teacher.cookie, body: { name: "  " } });
    expect(res.status).toBe(400);
    expect((await json<{ error: { message: string } }>(res)).error.message).toBe(CLASS_MESSAGES.nameRequired);
  });

  it("refuses a name over 100 characters with a message (never cuts it short)", async () => {
    const name = "N".repeat(CLASS_NAME_MAX + 1);
    const res = await t.request("POST", "/api/classes", { cookie: teacher.cookie, body: { name } });
    expect(res.status).toBe(400);
    expect((await json<{ error: { message: string } }>(res)).error.message).toBe(
      "Class names can be at most 100 characters.",
    );
    const ok = await t.request("POST", "/api/classes", {
      cookie: teacher.cookie,
      body: { name: "N".repeat(CLASS_NAME_MAX) },
    });
    expect((await json<ClassSummary>(ok)).name).toHaveLength(CLASS_NAME_MAX);
  });

  it("lists only a teacher's own classes, and only a student's joined classes", async () => {
    const other = await createTeacher(t);
    const mine = await createClass(t, other, { name: "Mine" });
    const theirs = await createClass(t, teacher, { name: "Theirs" });
    const pupil = await createStudent(t);
    await addMember(t, mine, pupil);

    const teacherList = await json<ClassSummary[]>(
      await t.request("GET", "/api/classes", { cookie: other.cookie }),
    );
    expect(teacherList.map((c) => c.id)).toEqual([mine.id]);
    expect(teacherList[0].studentCount).toBe(1);

    const studentList = await json<ClassSummary[]>(
      await t.request("GET", "/api/classes", { cookie: pupil.cookie }),
    );
    expect(studentList).toEqual([
      expect.objectContaining({
        id: mine.id,
        name: "Mine",
        teacher: { id: other.id, name: other.name, email: other.email },
        studentCount: 1,
      }),
    ]);
    expect(studentList.some((c) => c.id === theirs.id)).toBe(false);
  });
});

describe("joining a class", () => {
  let cls: ClassSummary;
  beforeAll(async () => {
    cls = await createClass(t, teacher, { name: "Join me" });
  });

  const join = (code: unknown, who = student) =>
    t.request("POST", "/api/classes/join", { cookie: who.cookie, body: { code } });
  const message = async (res: Response) => (await json<{ error: { message: string } }>(res)).error.message;

  it("joins with a lower-case code and spaces", async () => {
    const typed = `${cls.joinCode.slice(0, 4).toLowerCase()} ${cls.joinCode.slice(4)}`;
    const res = await join(typed);
    expect(res.status).toBe(201);
    expect((await json<ClassSummary>(res)).id).toBe(cls.id);
  });

  it("says a second join failed, with the spec's message", async () => {
    const res = await join(cls.joinCode);
    expect(res.status).toBe(409);
    expect(await message(res)).toBe(CLASS_MESSAGES.joinFailed);
  });

  it("refuses a code of the wrong length", async () => {
    for (const code of ["ABC", `${cls.joinCode}X`, "", 12345678]) {
      const res = await join(code);
      expect(res.status, String(code)).toBe(400);
      expect(await message(res)).toBe(CLASS_MESSAGES.invalidCode);
    }
  });

  it("refuses a code with a symbol outside the alphabet (I, O, 0, 1) as invalid", async () => {
    for (const code of ["PYDEMO42", "ABCDEFG1"]) {
      const res = await join(code);
      expect(res.status, code).toBe(400);
      expect(await message(res)).toBe(CLASS_MESSAGES.invalidCode);
    }
  });

  it("says an unknown code was not found", async () => {
    const unknown = cls.joinCode === "ZZZZZZZZ" ? "YYYYYYYY" : "ZZZZZZZZ";
    const res = await join(unknown);
    expect(res.status).toBe(404);
    expect(await message(res)).toBe(CLASS_MESSAGES.notFound);
  });

  it("answers a caller without a session with the spec's message", async () => {
    const res = await t.request("POST", "/api/classes/join", { body: { code: cls.joinCode } });
    expect(res.status).toBe(401);
    expect(await message(res)).toBe(CLASS_MESSAGES.notAuthenticated);
  });
});

describe("class detail, members and leaving", () => {
  let cls: ClassSummary;
  let classmate: TestUser;
  beforeAll(async () => {
    cls = await createClass(t, teacher, { name: "Detail" });
    classmate = await createStudent(t, { name: "Ben Carter" });
    await addMember(t, cls, student);
    await addMember(t, cls, classmate);
  });

  it("shows the teacher every member with e-mail", async () => {
    const detail = await json<ClassDetail>(
      await t.request("GET", `/api/classes/${cls.id}`, { cookie: teacher.cookie }),
    );
    expect(detail.studentCount).toBe(2);
    expect(detail.members.map((m) => [m.name, m.email])).toEqual([
      ["Amara Okafor", student.email],
      ["Ben Carter", classmate.email],
    ]);
  });

  it("shows a member the class and classmates' names but no e-mail addresses", async () => {
    const res = await t.request("GET", `/api/classes/${cls.id}/members`, { cookie: student.cookie });
    expect(res.status).toBe(200);
    const members = await json<ClassDetail["members"]>(res);
    expect(members.map((m) => m.email)).toEqual([null, null]);
    expect(JSON.stringify(members)).not.toContain(classmate.email);
    const detail = await json<ClassDetail>(
      await t.request("GET", `/api/classes/${cls.id}`, { cookie: student.cookie }),
    );
    expect(detail.teacher.email).toBe(teacher.email);
  });

  it("hides a class from a teacher who does not own it and from a student outside it", async () => {
    const stranger = await createStudent(t);
    const otherTeacher = await createTeacher(t);
    for (const who of [stranger, otherTeacher]) {
      const res = await t.request("GET", `/api/classes/${cls.id}`, { cookie: who.cookie });
      expect(res.status).toBe(404);
    }
    expect((await t.request("GET", "/api/classes/not-a-uuid", { cookie: teacher.cookie })).status).toBe(404);
  });

  it("lets a student leave, after which the class is gone for them", async () => {
    const res = await t.request("DELETE", `/api/classes/${cls.id}/membership`, { cookie: classmate.cookie });
    expect(res.status).toBe(204);
    expect((await t.request("GET", `/api/classes/${cls.id}`, { cookie: classmate.cookie })).status).toBe(404);
    const again = await t.request("DELETE", `/api/classes/${cls.id}/membership`, {
      cookie: classmate.cookie,
    });
    expect(again.status).toBe(404);
    const list = await json<ClassSummary[]>(
      await t.request("GET", "/api/classes", { cookie: classmate.cookie }),
    );
    expect(list).toEqual([]);
  });
});

describe("class grade export", () => {
  it("escapes cells and defuses formulas", () => {
    expect(csvCell('say "hi", then go')).toBe('"say ""hi"", then go"');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    for (const bad of ["+1", "-1", "@SUM(A1)", "\tx"]) expect(csvCell(bad)).toBe(`'${bad}`);
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(null)).toBe("");
    expect(toCsv([["a", 1]])).toBe("\uFEFFa,1\r\n");
  });

  it("writes moments as spreadsheet-readable local time in Europe/London", () => {
    expect(csvDateTime("2026-11-25T14:03:27.123Z")).toBe("2026-11-25 14:03"); // GMT in winter
    expect(csvDateTime(new Date("2026-06-30T23:30:00.000Z"))).toBe("2026-07-01 00:30"); // BST
    expect(csvDateTime(null)).toBeNull();
    expect(csvDateTime("not a date")).toBeNull();
  });

  it("has one row per student and two number columns per assignment: grade and auto score", async () => {
    const cls = await createClass(t, teacher, { name: "Export 10Y" });
    const graded = await createStudent(t, { name: "Alice Able" });
    const halfway = await createStudent(t, { name: "=cmd|' /C calc'!A0" });
    const idle = await createStudent(t, { name: 'Carl "CJ" Jones, Jr' });
    for (const s of [graded, halfway, idle]) await addMember(t, cls, s);
    const first = await createAssignment(t, teacher, cls.id, { name: "Hello, world" });
    const second = await createAssignment(t, teacher, cls.id, {
      name: "Two tests",
      testCases: [
        { description: "Hello", input: "", expectedOutput: "hello" },
        { description: "Bye", input: "", expectedOutput: "bye" },
      ],
    });
    const sub = await submitFinal(t, graded, first.id, 'print("hello")');
    await gradeSubmission(t, teacher, sub.id, { grade: 82.5, notes: "Good" });
    await submitFinal(t, halfway, second.id, 'print("hello")');

    const res = await t.request("GET", `/api/classes/${cls.id}/export.csv`, { cookie: teacher.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="export-10y-grades.csv"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 BOM for spreadsheet apps
    expect(new TextDecoder().decode(bytes).split("\r\n")).toEqual([
      'Student,E-mail,"Hello, world: Grade","Hello, world: Auto score (%)",Two tests: Grade,Two tests: Auto score (%),Class membership',
      `'=cmd|' /C calc'!A0,${halfway.email},,,,50,Member`,
      `Alice Able,${graded.email},82.5,100,,,Member`,
      `"Carl ""CJ"" Jones, Jr",${idle.email},,,,,Member`,
      "",
    ]);
  });

  it("lists students who left after the members, marked, with their grades (decision 036)", async () => {
    const cls = await createClass(t, teacher, { name: "Leavers 9X" });
    const stays = await createStudent(t, { name: "Zed Stays" });
    const removed = await createStudent(t, { name: "Bea Removed" });
    const leftIdle = await createStudent(t, { name: "Abe Never Handed In" });
    for (const s of [stays, removed, leftIdle]) await addMember(t, cls, s);
    const work = await createAssignment(t, teacher, cls.id, { name: "Hello" });
    const sub = await submitFinal(t, removed, work.id, 'print("hello")');
    await gradeSubmission(t, teacher, sub.id, { grade: 70, notes: "" });
    for (const s of [removed, leftIdle]) {
      const res = await t.request("DELETE", `/api/classes/${cls.id}/members/${s.id}`, {
        cookie: teacher.cookie,
      });
      expect(res.status).toBe(204);
    }

    const res = await t.request("GET", `/api/classes/${cls.id}/export.csv`, { cookie: teacher.cookie });
    expect((await res.text()).replace("\uFEFF", "").split("\r\n")).toEqual([
      "Student,E-mail,Hello: Grade,Hello: Auto score (%),Class membership",
      `Zed Stays,${stays.email},,,Member`,
      // Someone who left without handing anything in has nothing to list.
      `Bea Removed,${removed.email},70,100,Left the class`,
      "",
    ]);
  });

  it("is only for the owning teacher", async () => {
    const cls = await createClass(t, teacher);
    const other = await createTeacher(t);
    expect(
      (await t.request("GET", `/api/classes/${cls.id}/export.csv`, { cookie: other.cookie })).status,
    ).toBe(404);
    expect(
      (await t.request("GET", `/api/classes/${cls.id}/export.csv`, { cookie: student.cookie })).status,
    ).toBe(403);
  });
});

describe("deleting a class and removing a student", () => {
  let owner: TestUser;
  let pupil: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    owner = await createTeacher(t);
    other = await createTeacher(t);
    pupil = await createStudent(t, { name: "Pat" });
  });

  async function filledClass() {
    const cls = await createClass(t, owner);
    await addMember(t, cls, pupil);
    const a = await createAssignment(t, owner, cls.id);
    await createAssignment(t, owner, cls.id);
    await submitFinal(t, pupil, a.id, 'print("hello")');
    await submitFinal(t, pupil, a.id, 'print("hello")');
    return { cls, a };
  }

  it("tells the owner what deleting would take with it, and refuses everyone else", async () => {
    const { cls } = await filledClass();
    const path = `/api/classes/${cls.id}/deletion`;
    const res = await t.request("GET", path, { cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ assignments: 2, submissions: 2, students: 1 });
    expect((await t.request("GET", path, { cookie: other.cookie })).status).toBe(404);
    expect((await t.request("GET", path, { cookie: pupil.cookie })).status).toBe(403);
    expect((await t.request("GET", path)).status).toBe(401);
  });

  it("lets only the owner delete a class, with its assignments and submissions", async () => {
    const { cls, a } = await filledClass();
    const path = `/api/classes/${cls.id}`;
    expect((await t.request("DELETE", path, { cookie: other.cookie })).status).toBe(404);
    expect((await t.request("DELETE", path, { cookie: pupil.cookie })).status).toBe(403);
    expect((await t.request("DELETE", path)).status).toBe(401);
    // Refused attempts changed nothing.
    expect((await t.request("GET", path, { cookie: owner.cookie })).status).toBe(200);

    expect((await t.request("DELETE", path, { cookie: owner.cookie })).status).toBe(204);
    expect((await t.request("GET", path, { cookie: owner.cookie })).status).toBe(404);
    expect((await t.request("GET", `/api/assignments/${a.id}`, { cookie: owner.cookie })).status).toBe(404);
    const mine = await json<ClassSummary[]>(await t.request("GET", "/api/classes", { cookie: pupil.cookie }));
    expect(mine.some((c) => c.id === cls.id)).toBe(false);
    expect((await t.request("DELETE", path, { cookie: owner.cookie })).status).toBe(404);
  });

  it("lets only the owner remove a student, whose work stays listed as left the class", async () => {
    const { cls, a } = await filledClass();
    const path = `/api/classes/${cls.id}/members/${pupil.id}`;
    expect((await t.request("DELETE", path, { cookie: other.cookie })).status).toBe(404);
    expect((await t.request("DELETE", path, { cookie: pupil.cookie })).status).toBe(403);
    expect((await t.request("DELETE", path)).status).toBe(401);
    const before = await json<ClassDetail>(
      await t.request("GET", `/api/classes/${cls.id}`, { cookie: owner.cookie }),
    );
    expect(before.members.map((m) => m.id)).toEqual([pupil.id]);

    expect((await t.request("DELETE", path, { cookie: owner.cookie })).status).toBe(204);
    const after = await json<ClassDetail>(
      await t.request("GET", `/api/classes/${cls.id}`, { cookie: owner.cookie }),
    );
    expect(after.members).toEqual([]);
    // The student no longer reaches the class; the teacher still sees their work.
    expect((await t.request("GET", `/api/classes/${cls.id}`, { cookie: pupil.cookie })).status).toBe(404);
    const progress = await json<{ students: { student: { id: string }; leftClass: boolean }[] }>(
      await t.request("GET", `/api/assignments/${a.id}/progress`, { cookie: owner.cookie }),
    );
    expect(progress.students.map((s) => [s.student.id, s.leftClass])).toEqual([[pupil.id, true]]);
    // Removing someone who is not (or no longer) in the class is refused.
    const again = await t.request("DELETE", path, { cookie: owner.cookie });
    expect(again.status).toBe(404);
    expect((await json<{ error: { message: string } }>(again)).error.message).toBe(CLASS_MESSAGES.notAMember);
  });
});
