// The activity record of a library exercise (decision 072): stored like an assignment's, read back
// only by the student who made it (their history and their latest code), never by a teacher, an
// admin or another student; kept out of the live lesson; deleted by the same retention, erased
// with the account and in "Download my data".
import { eq, sql } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityEvents, exerciseAttempts, exercises } from "@/server/db/schema.ts";
import { eraseAccount, exportsSettled } from "@/server/features/account/index.ts";
import { acquireLease, releaseLease } from "@/server/limits/limits.ts";
import { type ActivityEvent, ExerciseHistory, LatestCode } from "@/shared/api/activity.ts";
import type { TeacherAssignmentDetail } from "@/shared/api/assignments.ts";
import type { ClassSummary } from "@/shared/api/classes.ts";
import { LiveSummary } from "@/shared/api/live.ts";
import { buildReplay } from "@/shared/domain/replay.ts";
import { addMember, createAssignment, createClass } from "../../../../tests/factories/classroom.ts";
import { createCategory, createExercise } from "../../../../tests/factories/exercises.ts";
import {
  createAdmin,
  createStudent,
  createTeacher,
  type TestUser,
} from "../../../../tests/factories/users.ts";
import { errorOf } from "../../../../tests/setup/error-body.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { deleteActivityBefore, retentionCutoff } from "./activity-retention.ts";

let t: TestApp;
let clock = new Date("2026-11-26T10:00:00Z");
let teacher: TestUser;
let admin: TestUser;
let ana: TestUser;
let ben: TestUser;
let cls: ClassSummary;
let work: TeacherAssignmentDetail;
let exerciseId: string;
let other: string;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  teacher = await createTeacher(t);
  admin = await createAdmin(t);
  ana = await createStudent(t, { name: "Ana Exercise" });
  ben = await createStudent(t, { name: "Ben Other" });
  cls = await createClass(t, teacher);
  await addMember(t, cls, ana);
  work = await createAssignment(t, teacher, cls.id, { name: "Class work" });
  const category = await createCategory(t);
  exerciseId = await createExercise(t, category.id, { starterCode: "# Your code here" });
  other = await createExercise(t, category.id);
});
afterAll(async () => {
  await exportsSettled();
  await t.close();
});

const tick = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const post = (who: TestUser, body: unknown) =>
  t.request("POST", "/api/activity", { cookie: who.cookie, body });
const batch = (events: ActivityEvent[], seq = 0, sessionId = crypto.randomUUID(), id = exerciseId) => ({
  exerciseId: id,
  sessionId,
  seq,
  events,
});
const get = (who: TestUser | null, path: string) => t.request("GET", path, who ? { cookie: who.cookie } : {});
const historyOf = async (who: TestUser, id = exerciseId) => {
  const res = await get(who, `/api/exercises/${id}/activity`);
  expect(res.status).toBe(200);
  return ExerciseHistory.parse(await res.json());
};
// "print(1)" typed over the starter code "# Your code here" (16 characters).
const typed: ActivityEvent = { type: "edit", at: 1500, changes: [[16, "print(1)"]], length: 8 };

describe("POST /api/activity for a library exercise", () => {
  it("stores the student's batch, and only they read it back as their history", async () => {
    const session = crypto.randomUUID();
    const events: ActivityEvent[] = [
      { type: "open", at: 0, code: "# Your code here" },
      typed,
      { type: "run", at: 2000 },
      { type: "error", at: 2100, errorType: "NameError", line: 1 },
      { type: "tests", at: 2500, passed: 1, total: 2 },
      { type: "paste", at: 2600, from: 0, chars: 3, lines: 1 },
      { type: "submit", at: 2700 },
      { type: "here", at: 2800 },
    ];
    const res = await post(ana, batch(events, 0, session));
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ stored: events.length });

    const h = await historyOf(ana);
    expect(h.exerciseId).toBe(exerciseId);
    expect(h.starterCode).toBe("# Your code here");
    // `here` only says the page was open: a history leaves it out, as the teacher's does.
    expect(h.events.map((e) => e.event)).toEqual(events.slice(0, -1));
    // Placed by the arrival (the last event, `here`, at the server's clock), never the browser's clock.
    expect(h.events.at(-1)!.time).toBe(new Date(clock.getTime() - 100).toISOString());
    expect(
      buildReplay({ ...h, assignmentId: "", studentId: "", studentName: "", submissions: [] }).codeAt(1),
    ).toBe("print(1)");
    // Stored against the exercise, never an assignment.
    const rows = await t.db.select().from(activityEvents).where(eq(activityEvents.sessionId, session));
    expect(rows.every((r) => r.exerciseId === exerciseId && r.assignmentId === null)).toBe(true);
  });

  it("stores a retried batch once", async () => {
    const body = batch([{ type: "run", at: 10 }], 0);
    expect((await post(ben, body)).status).toBe(201);
    const again = await post(ben, body);
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual({ stored: 0 });
    expect((await historyOf(ben)).events).toHaveLength(1);
  });

  it("refuses an exercise that does not exist (404), a bad id or both kinds of work (400), a teacher or admin (403)", async () => {
    const run: ActivityEvent[] = [{ type: "run", at: 1 }];
    expect((await post(ana, batch(run, 0, undefined, crypto.randomUUID()))).status).toBe(404);
    for (const body of [
      { ...batch(run), exerciseId: "not-a-uuid" },
      { ...batch(run), assignmentId: work.id },
      { sessionId: crypto.randomUUID(), seq: 0, events: run },
      { ...batch(run), exerciseId: null },
    ]) {
      const res = await post(ana, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await post(teacher, batch(run))).status).toBe(403);
    expect((await post(admin, batch(run))).status).toBe(403);
    expect((await t.request("POST", "/api/activity", { body: batch(run) })).status).toBe(401);
  });

  it("refuses events once the exercise is deleted, and its events go with it", async () => {
    const doomed = await createExercise(t, (await createCategory(t)).id);
    expect((await post(ana, batch([{ type: "run", at: 1 }], 0, undefined, doomed))).status).toBe(201);
    await t.db.delete(exercises).where(eq(exercises.id, doomed));
    expect((await post(ana, batch([{ type: "run", at: 1 }], 1, undefined, doomed))).status).toBe(404);
    const left = await t.db.select().from(activityEvents).where(eq(activityEvents.exerciseId, doomed));
    expect(left).toHaveLength(0);
  });

  it("the database holds exactly one kind of work per event", async () => {
    const insert = (assignmentId: string | null, exercise: string | null) =>
      t.db.execute(sql`insert into activity_events
        (assignment_id, exercise_id, student_id, session_id, batch_seq, idx, type, payload, client_at, time)
        values (${assignmentId}::uuid, ${exercise}::uuid, ${ana.id}, ${crypto.randomUUID()}::uuid, 0, 0, 'run', '{}', 0, now())`);
    await expect(insert(null, null)).rejects.toThrow();
    await expect(insert(work.id, exerciseId)).rejects.toThrow();
  });
});

describe("who reads a student's exercise record", () => {
  it("GET /api/exercises/:id/activity: the caller's own events only; teachers and admins 403, strangers 401", async () => {
    const mine = await historyOf(ana);
    const bens = await historyOf(ben);
    const anaSessions = new Set(mine.events.map((e) => e.sessionId));
    expect(bens.events.some((e) => anaSessions.has(e.sessionId))).toBe(false);
    expect(JSON.stringify(bens)).not.toContain(ana.id);
    expect((await historyOf(ben, other)).events).toEqual([]);
    for (const who of [teacher, admin]) {
      expect((await get(who, `/api/exercises/${exerciseId}/activity`)).status).toBe(403);
      expect((await get(who, `/api/exercises/${exerciseId}/activity/latest-code`)).status).toBe(403);
    }
    expect((await get(null, `/api/exercises/${exerciseId}/activity`)).status).toBe(401);
    // A student id in the address is not a way in: there is no such route.
    expect((await get(ben, `/api/exercises/${exerciseId}/students/${ana.id}/activity`)).status).toBe(404);
    expect((await get(ben, `/api/exercises/${exerciseId}/activity?studentId=${ana.id}`)).status).toBe(200);
    expect(
      await (await get(ben, `/api/exercises/${exerciseId}/activity?studentId=${ana.id}`)).json(),
    ).toEqual(await (await get(ben, `/api/exercises/${exerciseId}/activity`)).json());
  });

  it("answers 404 for an exercise that does not exist or a malformed id, never 500", async () => {
    for (const id of [crypto.randomUUID(), "x", "%00", "1' or '1'='1", "a".repeat(5000)]) {
      for (const path of [`/api/exercises/${id}/activity`, `/api/exercises/${id}/activity/latest-code`]) {
        const res = await get(ana, path);
        expect(res.status, path.slice(0, 80)).toBeGreaterThanOrEqual(400);
        expect(res.status, path.slice(0, 80)).toBeLessThan(500);
      }
    }
  });

  it("a student reads one history at a time (each can be megabytes in memory): the next waits with 429, others are not held up", async () => {
    // As if Ana's other window were still reading hers, on this instance or another.
    const owner = await acquireLease(t.db, `history-read:${ana.id}`, 60_000);
    expect(owner).not.toBeNull();
    const busy = await get(ana, `/api/exercises/${exerciseId}/activity`);
    expect(busy.status).toBe(429);
    expect(busy.headers.get("Retry-After")).toBe("2");
    expect((await errorOf(busy)).code).toBe("TOO_MANY_REQUESTS");
    expect((await get(ben, `/api/exercises/${exerciseId}/activity`)).status).toBe(200);
    await releaseLease(t.db, `history-read:${ana.id}`, owner!);
    expect((await get(ana, `/api/exercises/${exerciseId}/activity`)).status).toBe(200);
    // A read gives the lease back, even one refused for a missing exercise.
    expect((await get(ana, `/api/exercises/${crypto.randomUUID()}/activity`)).status).toBe(404);
    expect((await get(ana, `/api/exercises/${exerciseId}/activity`)).status).toBe(200);
  });

  it("the history carries the student's saves as its hand-ins, and nobody else's", async () => {
    // Saves are graded by the server (exercises.test.ts); here only whose they are matters.
    const save = (who: TestUser, code: string, at: string) =>
      t.db.insert(exerciseAttempts).values({ exerciseId, userId: who.id, code, submittedAt: new Date(at) });
    await save(ana, "print('ana 1')", "2026-11-26T10:00:01Z");
    await save(ben, "print('ben')", "2026-11-26T10:00:02Z");
    await save(ana, "print('ana 2')", "2026-11-26T10:00:03Z");
    expect((await historyOf(ana)).saves.map((s) => s.code)).toEqual(["print('ana 1')", "print('ana 2')"]);
    expect((await historyOf(ben)).saves.map((s) => s.code)).toEqual(["print('ben')"]);
  });
});

describe("GET /api/exercises/:id/activity/latest-code: carrying on from another computer", () => {
  it("gives the student's own latest code, leaving out the asking session; null when none", async () => {
    const elsewhere = crypto.randomUUID();
    tick(60_000);
    await post(ana, batch([{ type: "open", at: 0, code: "x = 1" }], 0, elsewhere, other));
    await post(
      ana,
      batch([{ type: "edit", at: 100, changes: [5, [0, "\nprint(x)"]], length: 14 }], 1, elsewhere, other),
    );
    const res = await get(ana, `/api/exercises/${other}/activity/latest-code`);
    const latest = LatestCode.parse(await res.json());
    expect(latest).toEqual({ code: "x = 1\nprint(x)", at: clock.toISOString() });
    const own = await get(ana, `/api/exercises/${other}/activity/latest-code?notSession=${elsewhere}`);
    expect(await own.json()).toBeNull();
    // Ben has never opened it: nothing, not Ana's code.
    expect(await (await get(ben, `/api/exercises/${other}/activity/latest-code`)).json()).toBeNull();
    expect((await get(ana, `/api/exercises/${other}/activity/latest-code?notSession=nope`)).status).toBe(400);
  });
});

describe("the live lesson never sees exercise work", () => {
  it("a class member working on a library exercise stays away, with nothing open, and their teacher's history of the class's work is empty", async () => {
    tick(60_000);
    await post(
      ana,
      batch([{ type: "open", at: 0, code: "" }, ...failRun(10), ...failRun(20), ...failRun(30)]),
    );
    const res = await get(teacher, `/api/classes/${cls.id}/live?assignmentId=${work.id}`);
    expect(res.status).toBe(200);
    const tile = LiveSummary.parse(await res.json()).tiles.find((x) => x.studentId === ana.id)!;
    expect(tile).toMatchObject({ online: false, lastEventAt: null, open: null, lastRun: null, reasons: [] });
    const replay = await get(teacher, `/api/assignments/${work.id}/students/${ana.id}/activity`);
    expect(replay.status).toBe(200);
    expect((await replay.json()).events).toEqual([]);
    const evidence = await get(teacher, `/api/assignments/${work.id}/activity/evidence`);
    expect(await evidence.json()).toEqual({});
  });
});
const failRun = (at: number): ActivityEvent[] => [
  { type: "tests", at, passed: 0, total: 2 },
  { type: "error", at: at + 1, errorType: "NameError", line: 2 },
];

describe("retention, Download my data and erasure include exercise events", () => {
  it("Download my data holds the student's exercise events", async () => {
    const mine = await t.db.select().from(activityEvents).where(eq(activityEvents.studentId, ana.id));
    expect(mine.some((r) => r.exerciseId !== null)).toBe(true);
    const started = await t.request("POST", "/api/me/exports", { cookie: ana.cookie, body: {} });
    expect(started.status).toBe(202);
    const { id } = (await started.json()) as { id: string };
    await exportsSettled();
    const list = await (await get(ana, "/api/me/exports")).json();
    const ready = list.exports.find((e: { id: string }) => e.id === id);
    const zip = await get(ana, ready.downloadUrl);
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    const data = JSON.parse(strFromU8(files["data.json"]));
    const exported = data.activityHistory.map((r: { id: unknown }) => String(r.id)).sort();
    expect(exported).toEqual(mine.map((r) => String(r.id)).sort());
    // An exercise's events say which exercise, by its id and its title.
    const [title] = await t.db
      .select({ title: exercises.title })
      .from(exercises)
      .where(eq(exercises.id, mine.find((r) => r.exerciseId)!.exerciseId!));
    const ofExercise = data.activityHistory.filter((r: { exerciseId: unknown }) => r.exerciseId !== null);
    expect(ofExercise.length).toBe(mine.filter((r) => r.exerciseId !== null).length);
    expect(ofExercise[0]).toMatchObject({ exercise: title.title, assignmentId: null });
  });

  it("erasing the account deletes them", async () => {
    expect(
      (await t.db.select().from(activityEvents).where(eq(activityEvents.studentId, ben.id))).length,
    ).toBeGreaterThan(0);
    await eraseAccount(t.db, ben.id, clock);
    expect(await t.db.select().from(activityEvents).where(eq(activityEvents.studentId, ben.id))).toEqual([]);
  });
  it("the retention delete takes exercise events by the same rule", async () => {
    const old = crypto.randomUUID();
    await post(ana, batch([{ type: "run", at: 1 }], 0, old));
    tick(2 * 24 * 3600_000);
    const fresh = crypto.randomUUID();
    await post(ana, batch([{ type: "run", at: 1 }], 0, fresh));
    const count = async (session: string) =>
      (await t.db.select().from(activityEvents).where(eq(activityEvents.sessionId, session))).length;
    expect(await count(old)).toBe(1);
    expect(await deleteActivityBefore(t.db, retentionCutoff(1, clock))).toBeGreaterThan(0);
    expect(await count(old)).toBe(0);
    expect(await count(fresh)).toBe(1);
    // The default: the school year's record goes once 31 August has passed.
    await deleteActivityBefore(t.db, retentionCutoff("school-year", new Date("2027-09-01T00:00:00Z")));
    expect(await count(fresh)).toBe(0);
  });
});
