// A hostile review of the activity record (issue 18): students with many accounts and a teacher of
// another class, against the real app. Each test is an attack; it fails if the attack works.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityEvents } from "@/server/db/schema.ts";
import { ACTIVITY_LIMITS, type ActivityEvent, ActivityHistory } from "@/shared/api/activity.ts";
import type { TeacherAssignmentDetail } from "@/shared/api/assignments.ts";
import type { ClassSummary } from "@/shared/api/classes.ts";
import { buildReplay } from "@/shared/domain/replay.ts";
import { addMember, createAssignment, createClass } from "../../../../tests/factories/classroom.ts";
import {
  createAdmin,
  createStudent,
  createTeacher,
  type TestUser,
} from "../../../../tests/factories/users.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { ACTIVITY_RATE } from "./activity.service.ts";

let t: TestApp;
let clock = new Date("2026-11-26T09:00:00Z");
let teacher: TestUser;
let otherTeacher: TestUser;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
let outsider: TestUser;
let cls: ClassSummary;
let a: TeacherAssignmentDetail;
let elsewhere: TeacherAssignmentDetail;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  [teacher, otherTeacher] = [await createTeacher(t), await createTeacher(t)];
  admin = await createAdmin(t);
  [alice, bob, outsider] = [await createStudent(t), await createStudent(t), await createStudent(t)];
  cls = await createClass(t, teacher);
  await addMember(t, cls, alice);
  await addMember(t, cls, bob);
  a = await createAssignment(t, teacher, cls.id, { starterCode: "" });
  const otherClass = await createClass(t, otherTeacher);
  await addMember(t, otherClass, outsider);
  elsewhere = await createAssignment(t, otherTeacher, otherClass.id);
});
afterAll(() => t.close());

const tick = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const post = (who: TestUser, body: unknown) =>
  t.request("POST", "/api/activity", { cookie: who.cookie, body });
const postRaw = (who: TestUser, text: string) =>
  t.app.request("http://localhost:3000/api/activity", {
    method: "POST",
    headers: { Origin: "http://localhost:3000", Cookie: who.cookie, "Content-Type": "application/json" },
    body: text,
  });
const batch = (events: ActivityEvent[], seq = 0, sessionId = crypto.randomUUID(), assignmentId = a.id) => ({
  assignmentId,
  sessionId,
  seq,
  events,
});
const historyOf = (who: TestUser, studentId: string, assignmentId = a.id) =>
  t.request("GET", `/api/assignments/${assignmentId}/students/${studentId}/activity`, { cookie: who.cookie });

async function newStudent(): Promise<TestUser> {
  const s = await createStudent(t);
  await addMember(t, cls, s);
  return s;
}

describe("writing into someone else's record", () => {
  it("a student who knows a classmate's session id can neither block nor change their history", async () => {
    const session = crypto.randomUUID();
    // Alice gets in first with Bob's session id and batch numbers (say she read them over his shoulder).
    for (let seq = 0; seq < 3; seq++)
      expect((await post(alice, batch([{ type: "open", at: 0, code: "stolen" }], seq, session))).status).toBe(
        201,
      );
    for (let seq = 0; seq < 3; seq++) {
      const res = await post(bob, batch([{ type: "open", at: 0, code: `mine ${seq}` }], seq, session));
      expect(res.status).toBe(201);
      expect(await res.json()).toEqual({ stored: 1 });
    }
    const h = ActivityHistory.parse(await (await historyOf(teacher, bob.id)).json());
    expect(h.events.map((e) => (e.event as { code: string }).code)).toEqual(["mine 0", "mine 1", "mine 2"]);
  });

  it("refuses another class's assignment, a deleted class's, and an id that is not an assignment", async () => {
    const run: ActivityEvent[] = [{ type: "run", at: 1 }];
    expect((await post(alice, batch(run, 0, undefined, elsewhere.id))).status).toBe(404);
    // A class id, a user id's shape, the other class's assignment in upper case.
    expect((await post(alice, batch(run, 0, undefined, cls.id))).status).toBe(404);
    expect((await post(alice, batch(run, 0, undefined, elsewhere.id.toUpperCase()))).status).toBe(404);
    const doomedClass = await createClass(t, teacher);
    const member = await createStudent(t);
    await addMember(t, doomedClass, member);
    const doomed = await createAssignment(t, teacher, doomedClass.id);
    expect((await post(member, batch(run, 0, undefined, doomed.id))).status).toBe(201);
    expect((await t.request("DELETE", `/api/classes/${doomedClass.id}`, { cookie: teacher.cookie })).ok).toBe(
      true,
    );
    expect((await post(member, batch(run, 1, undefined, doomed.id))).status).toBe(404);
  });
});

describe("odd JSON is a 4xx, never a 500", () => {
  it("numbers: 1e308, negative, fractions, where integers are expected", async () => {
    const bodies = [
      JSON.stringify(batch([{ type: "run", at: 1 }])).replace('"at":1', '"at":1e308'),
      JSON.stringify(batch([{ type: "run", at: 1 }])).replace('"at":1', '"at":-0.5'),
      JSON.stringify(batch([{ type: "run", at: 1 }], 0)).replace('"seq":0', '"seq":1e400'),
      JSON.stringify(batch([{ type: "run", at: 1 }], 0)).replace('"seq":0', '"seq":2.5'),
      JSON.stringify(batch([{ type: "edit", at: 1, changes: [[0, "a"]], length: 1 }])).replace(
        '"length":1',
        '"length":1.5',
      ),
      JSON.stringify(batch([{ type: "edit", at: 1, changes: [[0, "a"]], length: 1 }])).replace(
        '[[0,"a"]]',
        '[[1e308,"a"]]',
      ),
      JSON.stringify(batch([{ type: "edit", at: 1, changes: [[0, "a"]], length: 1 }])).replace(
        '[[0,"a"]]',
        `[${"[".repeat(40)}0${"]".repeat(40)}]`,
      ),
      JSON.stringify(batch([{ type: "tests", at: 1, passed: 1, total: 1 }])).replace(
        '"passed":1',
        '"passed":1e15',
      ),
    ];
    for (const text of bodies) {
      const res = await postRaw(alice, text);
      expect(res.status, text.slice(0, 200)).toBeGreaterThanOrEqual(400);
      expect(res.status, text.slice(0, 200)).toBeLessThan(500);
    }
  });

  it("a change set that does not fit the code, or lies about its length, is stored and replays as a gap", async () => {
    const liar = await newStudent();
    const session = crypto.randomUUID();
    const events: ActivityEvent[] = [
      { type: "open", at: 0, code: "abc" },
      // Keeps 10,000 characters of a 3-character document.
      { type: "edit", at: 1, changes: [10_000, [0, "x"]], length: 10_001 },
      { type: "snapshot", at: 2, code: "abc" },
      // Fits, but says the result is a million characters long.
      { type: "edit", at: 3, changes: [3, [0, "d"]], length: 1_000_000 },
      // 10,000 tiny inserts in one edit.
      {
        type: "edit",
        at: 4,
        changes: Array.from({ length: 10_000 }, () => [0, "z"]),
        length: 10_003,
      },
    ];
    expect((await post(liar, batch(events, 0, session))).status).toBe(201);
    const res = await historyOf(teacher, liar.id);
    expect(res.status).toBe(200);
    const replay = buildReplay(ActivityHistory.parse(await res.json()));
    expect(replay.steps.map((s) => s.gap)).toEqual([false, true, false, true, true]);
    expect(replay.codeAt(2)).toBe("abc");
    expect(replay.codeAt(4)).toBe("abc");
  });

  it("wrong-shaped ids on the teacher's reads are 404, not 500", async () => {
    for (const path of [
      `/api/assignments/${a.id}/students/${"x".repeat(5000)}/activity`,
      `/api/assignments/${a.id}/students/%F0%9F%98%80/activity`,
      `/api/assignments/${a.id}/students/%ED%A0%80/activity`,
      `/api/assignments/${a.id}/students/'%20or%201=1--/activity`,
      `/api/assignments/${elsewhere.id}/students/${outsider.id}/activity`,
      `/api/assignments/${a.id}/students/${outsider.id}/activity`,
      `/api/assignments/%ED%A0%80/activity/evidence`,
    ]) {
      const res = await t.request("GET", path, { cookie: teacher.cookie });
      expect([400, 404], path.slice(0, 120)).toContain(res.status);
    }
    // Signed out, an admin, a student reading their own: refused.
    expect((await t.request("GET", `/api/assignments/${a.id}/students/${alice.id}/activity`)).status).toBe(
      401,
    );
    expect((await historyOf(admin, alice.id)).status).toBe(403);
    expect((await historyOf(alice, alice.id)).status).toBe(403);
    // A teacher of another class with an id from their own class and mine.
    expect((await historyOf(otherTeacher, outsider.id)).status).toBe(404);
    expect((await historyOf(otherTeacher, alice.id, elsewhere.id)).status).toBe(404);
  });
});

describe("reading a flooded history", () => {
  async function flood(student: TestUser, rows: number, payload: string, type = "snapshot") {
    await t.db.execute(sql`
      insert into activity_events (assignment_id, student_id, session_id, batch_seq, idx, type, payload, client_at, time)
      select ${a.id}::uuid, ${student.id}, gen_random_uuid(), 0, 0, ${type}, ${payload}::jsonb, 0, now()
      from generate_series(1, ${rows})`);
  }

  it("sends the first events up to the byte limit and says there was more", async () => {
    // 400 snapshots of 100,000 characters: 40 MB, as a year of the daily allowance can store.
    const hoarder = await newStudent();
    await flood(hoarder, 400, JSON.stringify({ code: "#".repeat(ACTIVITY_LIMITS.codeChars) }));
    const res = await historyOf(teacher, hoarder.id);
    expect(res.status).toBe(200);
    const h = ActivityHistory.parse(await res.json());
    expect(h.truncated).toBe(true);
    expect(h.events.length).toBeGreaterThan(300);
    expect(h.events.length).toBeLessThanOrEqual(ACTIVITY_LIMITS.historyBytes / ACTIVITY_LIMITS.codeChars);
  }, 120_000);

  it("sends at most the event limit, and a history under both limits whole", async () => {
    const hoarder = await newStudent();
    await flood(hoarder, ACTIVITY_LIMITS.historyEvents + 5, JSON.stringify({}), "run");
    const h = ActivityHistory.parse(await (await historyOf(teacher, hoarder.id)).json());
    expect(h.truncated).toBe(true);
    expect(h.events).toHaveLength(ACTIVITY_LIMITS.historyEvents);
    const honest = await newStudent();
    await flood(honest, 3, JSON.stringify({ code: "x" }));
    const whole = ActivityHistory.parse(await (await historyOf(teacher, honest.id)).json());
    expect(whole.truncated).toBeUndefined();
    expect(whole.events).toHaveLength(3);
  }, 120_000);
});

describe("time the browser claims", () => {
  it("one batch cannot claim hours of active time that never passed on the server", async () => {
    const idler = await newStudent();
    tick(60_000);
    // Sent within a second of opening the work: 200 runs, 119 s apart by the browser's clock.
    const runs: ActivityEvent[] = Array.from({ length: 200 }, (_, i) => ({ type: "run", at: i * 119_000 }));
    expect((await post(idler, batch(runs))).status).toBe(201);
    const replay = buildReplay(ActivityHistory.parse(await (await historyOf(teacher, idler.id)).json()));
    // Was 6 h 35 min of "active time" from one request; now at most the server's span of a batch
    // (the events it clamps share one time, which the replay spreads by the same span at most).
    expect(replay.summary.activeMs).toBeLessThanOrEqual(2 * ACTIVITY_LIMITS.batchSpanMs);
    // Nor does a new session's batch land before the student's earlier work.
    const before = clock.getTime() - 60_000;
    tick(1_000);
    expect(
      (
        await post(
          idler,
          batch([
            { type: "open", at: 0, code: "" },
            { type: "run", at: 600_000 },
          ]),
        )
      ).status,
    ).toBe(201);
    const times = ActivityHistory.parse(await (await historyOf(teacher, idler.id)).json()).events.map((e) =>
      Date.parse(e.time),
    );
    expect(Math.min(...times)).toBeGreaterThanOrEqual(before - ACTIVITY_LIMITS.batchSpanMs);
  });
});

describe("floods", () => {
  it("a refused flood is refused before its body is parsed", async () => {
    t.config.rateLimit = true;
    const flooder = await newStudent();
    try {
      const session = crypto.randomUUID();
      for (let seq = 0; seq < ACTIVITY_RATE.batchesPerMinute; seq++)
        await post(flooder, batch([{ type: "run", at: seq }], seq, session));
      expect((await post(flooder, batch([{ type: "run", at: 99 }], 99, session))).status).toBe(429);
      // Over the allowance, a big body is not worth reading as JSON and checking event by event:
      // the answer is the same 429, whatever the body holds.
      const big = JSON.stringify(
        batch(
          Array.from({ length: 4 }, (_, i) => ({
            type: "edit" as const,
            at: i,
            changes: Array.from({ length: 7_000 }, () => [0, "ab"]),
            length: 14_000,
          })),
          100,
          session,
        ),
      );
      expect(big.length).toBeLessThan(ACTIVITY_LIMITS.batchBytes);
      expect((await postRaw(flooder, big)).status).toBe(429);
      expect((await postRaw(flooder, `${big.slice(0, -1)},`)).status).toBe(429);
    } finally {
      t.config.rateLimit = false;
      tick(61_000);
    }
  });

  it("a student cannot pile up more history in a day than a school day of typing could make", async () => {
    // Within the per-minute allowance all day long (a full-size batch a minute, a script's pace),
    // the record must stop growing long before it holds what no replay can load. A real hour of
    // typing stores about 136 KB (decision 046); a day of it is a few MB.
    t.config.rateLimit = true;
    const hoarder = await newStudent();
    const session = crypto.randomUUID();
    const code = "#".repeat(ACTIVITY_LIMITS.codeChars);
    let status = 201;
    let retryAfter = 0;
    try {
      for (let minute = 0; minute < 24 * 60 && status === 201; minute++) {
        // Two snapshots of 100,000 characters: 200 KB, under the batch and minute limits.
        const snapshots: ActivityEvent[] = [
          { type: "snapshot", at: 0, code },
          { type: "snapshot", at: 1, code },
        ];
        const res = await post(hoarder, batch(snapshots, minute, session));
        status = res.status;
        retryAfter = Number(res.headers.get("Retry-After"));
        tick(60_000);
      }
    } finally {
      t.config.rateLimit = false;
    }
    expect(status).toBe(429);
    expect(retryAfter).toBeGreaterThan(60);
    const rows = await t.db
      .select({ id: activityEvents.id })
      .from(activityEvents)
      .where(eq(activityEvents.studentId, hoarder.id));
    // 200 KB a minute for a whole day would be 288 MB for one student's one assignment.
    expect(rows.length * 0.1).toBeLessThan(32); // MB
    tick(24 * 3600_000);
  }, 300_000);

  it("nor a flood of tiny events: rows are what a replay has to read", async () => {
    t.config.rateLimit = true;
    const hoarder = await newStudent();
    const session = crypto.randomUUID();
    const runs: ActivityEvent[] = Array.from({ length: ACTIVITY_LIMITS.eventsPerBatch }, (_, i) => ({
      type: "run",
      at: i,
    }));
    let status = 201;
    let seq = 0;
    try {
      // Ten minutes at 60 batches of 200 events a minute would be 120,000 rows.
      for (let minute = 0; minute < 10 && status === 201; minute++) {
        for (let i = 0; i < ACTIVITY_RATE.batchesPerMinute && status === 201; i++)
          status = (await post(hoarder, batch(runs, seq++, session))).status;
        tick(60_000);
      }
    } finally {
      t.config.rateLimit = false;
    }
    expect(status).toBe(429);
    const rows = await t.db
      .select({ id: activityEvents.id })
      .from(activityEvents)
      .where(eq(activityEvents.studentId, hoarder.id));
    expect(rows.length).toBeLessThan(30_000);
    tick(24 * 3600_000);
  }, 300_000);
});
