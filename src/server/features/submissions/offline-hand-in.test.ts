// A Submit Code made offline and sent later (decision 068): graded by the server as any other,
// kept at the time it was made when that time can be believed (after the work's first activity
// event, minus a few minutes; not in the future), marked with when it arrived; refused otherwise.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GraderPool } from "@/server/python/index.ts";
import type { Submission, TeacherAssignmentDetail } from "@/shared/api/assignments.ts";
import { OFFLINE_HAND_IN_RULES } from "@/shared/domain/offline-hand-in.ts";
import { addMember, createAssignment, createClass } from "../../../../tests/factories/classroom.ts";
import { createStudent, createTeacher, type TestUser } from "../../../../tests/factories/users.ts";
import { errorOf } from "../../../../tests/setup/error-body.ts";
import { startTestGrader } from "../../../../tests/setup/grader.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";

let t: TestApp;
let grader: GraderPool;
let teacher: TestUser;
let student: TestUser;
let newcomer: TestUser;
let a: TeacherAssignmentDetail;
let classId: string;

const ECHO = "print(input())";

beforeAll(async () => {
  grader = await startTestGrader();
  t = await createTestApp({}, { grader });
  teacher = await createTeacher(t);
  student = await createStudent(t);
  newcomer = await createStudent(t);
  const cls = await createClass(t, teacher);
  classId = cls.id;
  await addMember(t, cls, student);
  await addMember(t, cls, newcomer);
  a = await createAssignment(t, teacher, cls.id, {
    dueDate: new Date(Date.now() + 60 * 60_000).toISOString(),
    testCases: [{ description: "Echoes", input: "hi", expectedOutput: "hi" }],
  });
  // The student opened the work: the server's first event of it, now.
  const opened = await t.request("POST", "/api/activity", {
    cookie: student.cookie,
    body: {
      assignmentId: a.id,
      sessionId: crypto.randomUUID(),
      seq: 0,
      events: [{ type: "open", at: 0, code: "" }],
    },
  });
  expect(opened.status).toBeLessThan(300);
});
afterAll(async () => {
  await t.close();
  await grader.close();
});

const submit = (who: TestUser, body: unknown) =>
  t.request("POST", `/api/assignments/${a.id}/submissions`, { cookie: who.cookie, body });
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

describe("a hand-in made offline", () => {
  it("is graded by the server and keeps the time it was made, marked with when it arrived", async () => {
    const madeAt = minutesAgo(2);
    const res = await submit(student, { code: ECHO, final: true, madeAt });
    expect(res.status).toBe(201);
    const s = (await res.json()) as Submission;
    expect(s).toMatchObject({ isFinal: true, verified: true, passedTests: 1, totalTests: 1 });
    expect(s.submittedAt).toBe(madeAt);
    expect(s.receivedAt).not.toBeNull();
    expect(Date.parse(s.receivedAt!)).toBeGreaterThan(Date.parse(madeAt));
    // Its teacher sees the same two times.
    const seen = (await (
      await t.request("GET", `/api/assignments/${a.id}/submissions?studentId=${student.id}`, {
        cookie: teacher.cookie,
      })
    ).json()) as Submission[];
    expect(seen.find((x) => x.id === s.id)).toMatchObject({ submittedAt: madeAt, receivedAt: s.receivedAt });
  });

  it("may be a few minutes before the first event (clocks drift), no more", async () => {
    const slack = OFFLINE_HAND_IN_RULES.beforeFirstEventMs / 60_000;
    expect((await submit(student, { code: ECHO, final: true, madeAt: minutesAgo(slack - 1) })).status).toBe(
      201,
    );
    const refused = await submit(student, { code: ECHO, final: true, madeAt: minutesAgo(slack + 2) });
    expect(refused.status).toBe(400);
    expect(await errorOf(refused)).toMatchObject({ code: "MADE_AT_REFUSED" });
  });

  it("is refused in the future, and for work the server never saw started", async () => {
    const future = new Date(Date.now() + 10 * 60_000).toISOString();
    const ahead = await submit(student, { code: ECHO, final: true, madeAt: future });
    expect(ahead.status).toBe(400);
    expect((await errorOf(ahead)).message).toMatch(/later than now/);
    const unseen = await submit(newcomer, { code: ECHO, final: true, madeAt: minutesAgo(1) });
    expect(unseen.status).toBe(400);
    expect(await errorOf(unseen)).toMatchObject({ code: "MADE_AT_REFUSED" });
    // Sent again without a claimed time, it is an ordinary hand-in, at the server's time.
    const now = await submit(newcomer, { code: ECHO, final: true });
    expect(now.status).toBe(201);
    expect(((await now.json()) as Submission).receivedAt).toBeNull();
  });

  it("refuses a time that is not a date, and stores nothing refused", async () => {
    const bad = await submit(student, { code: ECHO, final: true, madeAt: "yesterday" });
    expect(bad.status).toBe(400);
    const [{ n }] = (
      await t.db.execute(sql`select count(*)::int as n from submissions where user_id = ${newcomer.id}`)
    ).rows as { n: number }[];
    expect(n).toBe(1);
  });

  it("counts as late from when it was made", async () => {
    const late = await createAssignment(t, teacher, classId, {
      dueDate: minutesAgo(1),
      testCases: [{ description: "Echoes", input: "hi", expectedOutput: "hi" }],
    });
    await t.request("POST", "/api/activity", {
      cookie: student.cookie,
      body: {
        assignmentId: late.id,
        sessionId: crypto.randomUUID(),
        seq: 0,
        events: [{ type: "open", at: 0, code: "" }],
      },
    });
    // Made offline before the due time, arriving after it: on time.
    const res = await t.request("POST", `/api/assignments/${late.id}/submissions`, {
      cookie: student.cookie,
      body: { code: ECHO, final: true, madeAt: minutesAgo(3) },
    });
    expect(res.status).toBe(201);
    const s = (await res.json()) as Submission;
    expect(Date.parse(s.submittedAt)).toBeLessThan(Date.parse(late.dueDate!));
  });
});
