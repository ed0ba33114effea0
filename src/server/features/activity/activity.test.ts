import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityEvents } from "@/server/db/schema.ts";
import { ACTIVITY_LIMITS, type ActivityEvent, ActivityHistory } from "@/shared/api/activity.ts";
import type { TeacherAssignmentDetail } from "@/shared/api/assignments.ts";
import type { ClassSummary } from "@/shared/api/classes.ts";
import { addMember, createAssignment, createClass } from "../../../../tests/factories/classroom.ts";
import {
  createAdmin,
  createStudent,
  createTeacher,
  type TestUser,
} from "../../../../tests/factories/users.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { ACTIVITY_RATE, isChangeSetJson, placeInTime } from "./activity.service.ts";
import { deleteActivityBefore, retentionCutoff } from "./activity-retention.ts";

let t: TestApp;
let clock = new Date("2026-11-25T10:00:00Z");
let teacher: TestUser;
let otherTeacher: TestUser;
let student: TestUser;
let classmate: TestUser;
let outsider: TestUser;
let admin: TestUser;
let cls: ClassSummary;
let a: TeacherAssignmentDetail;
let elsewhere: TeacherAssignmentDetail;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  teacher = await createTeacher(t);
  otherTeacher = await createTeacher(t);
  student = await createStudent(t);
  classmate = await createStudent(t);
  outsider = await createStudent(t);
  admin = await createAdmin(t);
  cls = await createClass(t, teacher);
  await addMember(t, cls, student);
  await addMember(t, cls, classmate);
  a = await createAssignment(t, teacher, cls.id, { starterCode: "# start" });
  const otherClass = await createClass(t, otherTeacher);
  await addMember(t, otherClass, outsider);
  elsewhere = await createAssignment(t, otherTeacher, otherClass.id);
});
afterAll(() => t.close());

const tick = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string } }).error;
const post = (who: TestUser, body: unknown) =>
  t.request("POST", "/api/activity", { cookie: who.cookie, body });
const batch = (events: ActivityEvent[], seq = 0, sessionId = crypto.randomUUID(), assignmentId = a.id) => ({
  assignmentId,
  sessionId,
  seq,
  events,
});
const history = async (who: TestUser, studentId: string, assignmentId = a.id) =>
  t.request("GET", `/api/assignments/${assignmentId}/students/${studentId}/activity`, { cookie: who.cookie });
const readHistory = async (studentId: string, assignmentId = a.id) => {
  const res = await history(teacher, studentId, assignmentId);
  expect(res.status).toBe(200);
  return ActivityHistory.parse(await res.json());
};
// "print(1)" typed into an empty document, then "# start" replaced by it.
const typed: ActivityEvent = { type: "edit", at: 1500, changes: [[0, "print(1)"], 7], length: 15 };

describe("POST /api/activity: a student's own open work", () => {
  it("stores a batch, and the class's teacher reads it back in the order sent", async () => {
    const session = crypto.randomUUID();
    const events: ActivityEvent[] = [
      { type: "open", at: 0, code: "# start" },
      typed,
      { type: "run", at: 2000 },
      { type: "error", at: 2100, errorType: "NameError", line: 1 },
      { type: "tests", at: 2500, passed: 1, total: 2 },
      { type: "paste", at: 2600, from: 0, chars: 3, lines: 1 },
      { type: "submit", at: 2700 },
    ];
    const res = await post(student, batch(events, 0, session));
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ stored: events.length });

    const h = await readHistory(student.id);
    expect(h.studentName).toBe(student.name);
    expect(h.starterCode).toBe("# start");
    expect(h.events.map((e) => e.event)).toEqual(events);
    expect(new Set(h.events.map((e) => e.sessionId))).toEqual(new Set([session]));
    // Placed by the arrival: the last event at the server's clock, the first 2.7 s before it.
    expect(h.events.at(-1)!.time).toBe(clock.toISOString());
    expect(h.events[0].time).toBe(new Date(clock.getTime() - 2700).toISOString());
  });

  it("stores a retried batch once", async () => {
    const body = batch([{ type: "run", at: 10 }], 0);
    expect((await post(classmate, body)).status).toBe(201);
    const again = await post(classmate, body);
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual({ stored: 0 });
    expect((await readHistory(classmate.id)).events).toHaveLength(1);
  });

  it("refuses events for an unjoined class's assignment, a missing one, or from a teacher", async () => {
    const unjoined = await post(student, batch([{ type: "run", at: 1 }], 0, undefined, elsewhere.id));
    expect(unjoined.status).toBe(404);
    const missing = await post(student, batch([{ type: "run", at: 1 }], 0, undefined, crypto.randomUUID()));
    expect(missing.status).toBe(404);
    expect((await post(teacher, batch([{ type: "run", at: 1 }]))).status).toBe(403);
    expect((await post(admin, batch([{ type: "run", at: 1 }]))).status).toBe(403);
    const anonymous = await t.request("POST", "/api/activity", { body: batch([{ type: "run", at: 1 }]) });
    expect(anonymous.status).toBe(401);
  });

  it("refuses events for a deleted assignment and after the student left the class", async () => {
    const leaver = await createStudent(t);
    await addMember(t, cls, leaver);
    const doomed = await createAssignment(t, teacher, cls.id);
    expect((await post(leaver, batch([{ type: "run", at: 1 }], 0, undefined, doomed.id))).status).toBe(201);
    expect(
      (await t.request("DELETE", `/api/assignments/${doomed.id}`, { cookie: teacher.cookie })).status,
    ).toBe(204);
    expect((await post(leaver, batch([{ type: "run", at: 1 }], 1, undefined, doomed.id))).status).toBe(404);
    expect(
      (await t.request("DELETE", `/api/classes/${cls.id}/membership`, { cookie: leaver.cookie })).ok,
    ).toBe(true);
    expect((await post(leaver, batch([{ type: "run", at: 1 }]))).status).toBe(404);
  });

  it("answers 413 to a batch over the byte limit, before parsing it", async () => {
    const big = "x".repeat(ACTIVITY_LIMITS.batchBytes);
    const res = await post(student, batch([{ type: "snapshot", at: 1, code: big }]));
    expect(res.status).toBe(413);
    expect((await errorOf(res)).code).toBe("PAYLOAD_TOO_LARGE");
    const notJson = await t.request("POST", "/api/activity", {
      cookie: student.cookie,
      headers: { "Content-Type": "application/json" },
      body: undefined,
    });
    expect(notJson.status).toBe(400);
  });

  it("answers 400 to a bad shape", async () => {
    const bad: unknown[] = [
      {},
      { ...batch([]), events: [] },
      batch([{ type: "keystroke", at: 1 } as never]),
      batch([{ type: "run", at: -1 }]),
      { ...batch([{ type: "run", at: 1 }]), sessionId: "not-a-uuid" },
      { ...batch([{ type: "run", at: 1 }]), assignmentId: "x" },
      batch(
        Array.from({ length: ACTIVITY_LIMITS.eventsPerBatch + 1 }, () => ({ type: "run", at: 1 }) as const),
      ),
      batch([{ type: "edit", at: 1, changes: [{ evil: true }], length: 1 }]),
      batch([{ type: "edit", at: 1, changes: [[-1, "a"]], length: 1 }]),
      batch([{ type: "error", at: 1, errorType: "<script>", line: 1 }]),
      batch([{ type: "open", at: 1, code: "x".repeat(ACTIVITY_LIMITS.codeChars + 1) }]),
    ];
    for (const body of bad) {
      const res = await post(student, body);
      expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(400);
    }
    const garbage = await t.request("POST", "/api/activity", {
      cookie: student.cookie,
      headers: { "Content-Type": "application/json" },
    });
    expect(garbage.status).toBe(400);
  });

  it("never answers 500 to a NUL: refused as a character, and an escaped one stored as text", async () => {
    const nul = await post(student, batch([{ type: "open", at: 0, code: "print('\u0000')" }]));
    expect(nul.status).toBe(400);
    expect((await errorOf(nul)).code).toBe("INVALID_CHARACTER");
    const inEdit = await post(
      student,
      batch([{ type: "edit", at: 0, changes: [[0, "a\u0000"]], length: 2 }]),
    );
    expect(inEdit.status).toBe(400);
    const escaped = await post(classmate, batch([{ type: "open", at: 0, code: "print('\\u0000')" }], 0));
    expect(escaped.status).toBe(201);
    const events = (await readHistory(classmate.id)).events.map((e) => e.event);
    expect(events).toContainEqual({ type: "open", at: 0, code: "print('\\u0000')" });
    // Half a surrogate pair: JSON takes it, jsonb would not; stored as U+FFFD.
    const half = await t.app.request("http://localhost:3000/api/activity", {
      method: "POST",
      headers: {
        Origin: "http://localhost:3000",
        Cookie: classmate.cookie,
        "Content-Type": "application/json",
      },
      body: JSON.stringify(batch([{ type: "open", at: 0, code: "x" }], 1)).replace('"x"', '"a\\ud800b"'),
    });
    expect(half.status).toBe(201);
    const after = (await readHistory(classmate.id)).events.map((e) => e.event);
    expect(after).toContainEqual({ type: "open", at: 0, code: "a\ufffdb" });
  });

  it("limits a flood of batches with 429 and Retry-After", async () => {
    t.config.rateLimit = true;
    const flooder = await createStudent(t);
    await addMember(t, cls, flooder);
    try {
      const session = crypto.randomUUID();
      for (let seq = 0; seq < ACTIVITY_RATE.batchesPerMinute; seq++)
        expect((await post(flooder, batch([{ type: "run", at: seq }], seq, session))).status).toBe(201);
      const over = await post(flooder, batch([{ type: "run", at: 99 }], 99, session));
      expect(over.status).toBe(429);
      expect(Number(over.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
      tick(61_000);
      expect((await post(flooder, batch([{ type: "run", at: 100 }], 100, session))).status).toBe(201);
      // The bytes a minute: a few large snapshots use up the allowance before the count does.
      const snapshot = "s".repeat(ACTIVITY_LIMITS.codeChars);
      let status = 201;
      for (let seq = 101; seq < 120 && status === 201; seq++)
        status = (await post(flooder, batch([{ type: "snapshot", at: seq, code: snapshot }], seq, session)))
          .status;
      expect(status).toBe(429);
    } finally {
      t.config.rateLimit = false;
      tick(61_000);
    }
  });

  it("orders by the server, not by the browser's clock", async () => {
    const s1 = crypto.randomUUID();
    const s2 = crypto.randomUUID();
    const orderly = await createStudent(t);
    await addMember(t, cls, orderly);
    tick(10_000);
    // The first session's clock ran far ahead; the second (a new tab) starts from zero.
    await post(orderly, batch([{ type: "open", at: 500_000, code: "a" }], 0, s1));
    tick(1_000);
    await post(orderly, batch([{ type: "open", at: 0, code: "b" }], 0, s2));
    tick(1_000);
    // A batch whose first event claims to be from long before the session's previous one.
    await post(
      orderly,
      batch(
        [
          { type: "run", at: 1 },
          { type: "submit", at: 400_000 },
        ],
        1,
        s1,
      ),
    );
    const h = await readHistory(orderly.id);
    expect(h.events.map((e) => e.event.type)).toEqual(["open", "open", "run", "submit"]);
    expect(h.events.map((e) => e.sessionId)).toEqual([s1, s2, s1, s1]);
    const times = h.events.filter((e) => e.sessionId === s1).map((e) => Date.parse(e.time));
    expect([...times].sort((x, y) => x - y)).toEqual(times);
    // Never after its batch's arrival, never before the session's previous event.
    expect(times[2]).toBe(clock.getTime());
    expect(times[1]).toBe(times[0]);
  });
});

describe("reading the record: the class's teacher only", () => {
  it("refuses a teacher of another class, any student (even their own), and admins", async () => {
    expect((await history(otherTeacher, student.id)).status).toBe(404);
    expect((await history(student, student.id)).status).toBe(403);
    expect((await history(classmate, student.id)).status).toBe(403);
    expect((await history(admin, student.id)).status).toBe(403);
    const evidence = `/api/assignments/${a.id}/activity/evidence`;
    expect((await t.request("GET", evidence, { cookie: otherTeacher.cookie })).status).toBe(404);
    expect((await t.request("GET", evidence, { cookie: student.cookie })).status).toBe(403);
  });

  it("answers 404 for someone who was never in the class (no names by guessing ids)", async () => {
    expect((await history(teacher, outsider.id)).status).toBe(404);
    expect((await history(teacher, "no-such-user")).status).toBe(404);
    expect((await history(teacher, student.id, "not-a-uuid")).status).toBe(404);
  });

  it("counts large pastes per student for the paste evidence", async () => {
    const paster = await createStudent(t);
    await addMember(t, cls, paster);
    await post(
      paster,
      batch([
        { type: "paste", at: 1, from: 0, chars: ACTIVITY_LIMITS.largeInsertChars, lines: 3 },
        { type: "paste", at: 2, from: 0, chars: 5, lines: 1 },
        { type: "paste", at: 3, from: 0, chars: 300, lines: 12 },
      ]),
    );
    const res = await t.request("GET", `/api/assignments/${a.id}/activity/evidence`, {
      cookie: teacher.cookie,
    });
    expect(res.status).toBe(200);
    const evidence = await res.json();
    expect(evidence[paster.id]).toEqual({ largePastes: 2, largestPasteChars: 300 });
    expect(evidence[student.id]).toEqual({ largePastes: 0, largestPasteChars: 3 });
    expect(evidence[classmate.id]).toBeUndefined();
  });
});

describe("a student's own latest code (issue 19 item 3: carry on from another computer)", () => {
  it("rebuilds the code from the last whole copy and the edits after it; the author's only", async () => {
    const b = await createAssignment(t, teacher, cls.id, { starterCode: "x = 0" });
    const latest = (who: TestUser) =>
      t.request("GET", `/api/assignments/${b.id}/activity/latest-code`, { cookie: who.cookie });
    expect(await (await latest(student)).json()).toBeNull();

    // Computer A, then computer B: the second session starts from what A left.
    const onA: ActivityEvent[] = [
      { type: "open", at: 0, code: "x = 0" },
      { type: "edit", at: 500, changes: [[5, "x = 1"]], length: 5 },
    ];
    expect((await post(student, batch(onA, 0, crypto.randomUUID(), b.id))).status).toBe(201);
    tick(60_000);
    const onB: ActivityEvent[] = [
      { type: "open", at: 0, code: "x = 1" },
      { type: "edit", at: 800, changes: [5, [0, "\nprint(x)"]], length: 14 },
    ];
    expect((await post(student, batch(onB, 0, crypto.randomUUID(), b.id))).status).toBe(201);
    const res = await latest(student);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code: "x = 1\nprint(x)", at: clock.toISOString() });

    // A classmate has nothing recorded; someone outside the class, a teacher, an admin get nothing.
    expect(await (await latest(classmate)).json()).toBeNull();
    expect((await latest(outsider)).status).toBe(404);
    expect((await latest(teacher)).status).toBe(403);
    expect((await latest(admin)).status).toBe(403);
    const malformed = await t.request("GET", "/api/assignments/nope/activity/latest-code", {
      cookie: student.cookie,
    });
    expect(malformed.status).toBe(404);

    // The asking workspace's own session is left out: it has just recorded what it opened with.
    const mine = crypto.randomUUID();
    tick(1000);
    const opened: ActivityEvent[] = [{ type: "open", at: 0, code: "x = 0" }];
    expect((await post(student, batch(opened, 0, mine, b.id))).status).toBe(201);
    const notMine = await t.request(
      "GET",
      `/api/assignments/${b.id}/activity/latest-code?notSession=${mine}`,
      {
        cookie: student.cookie,
      },
    );
    expect((await notMine.json()).code).toBe("x = 1\nprint(x)");
    const bad = await t.request("GET", `/api/assignments/${b.id}/activity/latest-code?notSession=x'--`, {
      cookie: student.cookie,
    });
    expect(bad.status).toBe(400);
  });
});

describe("retention", () => {
  it("cuts at the end of the latest 31 August in London, or a number of days back", () => {
    expect(retentionCutoff("school-year", new Date("2026-11-25T12:00:00Z")).toISOString()).toBe(
      "2026-08-31T23:00:00.000Z",
    );
    expect(retentionCutoff("school-year", new Date("2026-08-31T22:59:00Z")).toISOString()).toBe(
      "2025-08-31T23:00:00.000Z",
    );
    expect(retentionCutoff("school-year", new Date("2026-08-31T23:00:00Z")).toISOString()).toBe(
      "2026-08-31T23:00:00.000Z",
    );
    expect(retentionCutoff(30, new Date("2026-11-25T00:00:00Z")).toISOString()).toBe(
      "2026-10-26T00:00:00.000Z",
    );
  });

  it("deletes the events stored before the cut-off and keeps the rest", async () => {
    const old = await createStudent(t);
    await addMember(t, cls, old);
    await post(
      old,
      batch(
        [
          { type: "run", at: 1 },
          { type: "submit", at: 2 },
        ],
        0,
      ),
    );
    await post(old, batch([{ type: "run", at: 3 }], 1));
    const [first] = await t.db
      .select({ id: activityEvents.id })
      .from(activityEvents)
      .where(eq(activityEvents.studentId, old.id))
      .orderBy(activityEvents.id)
      .limit(1);
    // Two of them were stored last school year.
    await t.db
      .update(activityEvents)
      .set({ storedAt: new Date("2026-06-01T00:00:00Z") })
      .where(sql`${activityEvents.studentId} = ${old.id} and ${activityEvents.id} <= ${first.id + 1}`);

    // The daily job (one instance at a time) is the retention feature's: retention.test.ts.
    const cutoff = retentionCutoff("school-year", new Date("2026-11-25T03:00:00Z"));
    expect(await deleteActivityBefore(t.db, cutoff)).toBe(2);
    const left = await t.db.select().from(activityEvents).where(eq(activityEvents.studentId, old.id));
    expect(left.map((e) => e.type)).toEqual(["run"]);
  });
});

describe("helpers", () => {
  it("places a batch's events from its arrival, clamped to the session's previous event", () => {
    const arrival = new Date(10_000);
    expect(placeInTime([0, 1000, 3000], arrival, null).map((d) => d.getTime())).toEqual([7000, 8000, 10_000]);
    expect(placeInTime([0, 1000, 3000], arrival, new Date(7500)).map((d) => d.getTime())).toEqual([
      7500, 8000, 10_000,
    ]);
    // A clock that ran backwards inside the batch never moves an event before the one ahead of it.
    expect(placeInTime([5000, 1000], arrival, null).map((d) => d.getTime())).toEqual([10_000, 10_000]);
  });

  it("knows a CodeMirror change set's JSON", () => {
    expect(isChangeSetJson([3, [0, "a", ""], [2], 4])).toBe(true);
    expect(isChangeSetJson([[1.5]])).toBe(false);
    expect(isChangeSetJson([[0, 1]])).toBe(false);
    expect(isChangeSetJson(["a"])).toBe(false);
    expect(isChangeSetJson([[]])).toBe(false);
  });
});
