import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { announce, classTopic, liveBus } from "@/server/live/index.ts";
import type { ActivityEvent } from "@/shared/api/activity.ts";
import type { TeacherAssignmentDetail } from "@/shared/api/assignments.ts";
import type { ClassSummary } from "@/shared/api/classes.ts";
import { LIVE_STREAMS_PER_TEACHER, LiveStudentView, LiveSummary } from "@/shared/api/live.ts";
import { buildReplay } from "@/shared/domain/replay.ts";
import { addMember, createAssignment, createClass } from "../../../../tests/factories/classroom.ts";
import {
  createAdmin,
  createStudent,
  createTeacher,
  type TestUser,
} from "../../../../tests/factories/users.ts";
import { readEvents } from "../../../../tests/setup/sse-events.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { openStreamCount } from "./live-streams.ts";

let t: TestApp;
let clock = new Date("2026-11-25T10:00:00Z");
let teacher: TestUser;
let otherTeacher: TestUser;
let admin: TestUser;
let ida: TestUser; // opens the work and does nothing more
let fay: TestUser; // keeps hitting the same error
let wes: TestUser; // working, tests improving
let al: TestUser; // nothing this lesson
let cls: ClassSummary;
let a: TeacherAssignmentDetail;
let b: TeacherAssignmentDetail;

const at = (hhmm: string) => {
  clock = new Date(`2026-11-25T${hhmm}:00Z`);
};
const post = async (who: TestUser, events: ActivityEvent[], assignmentId = a.id) => {
  const res = await t.request("POST", "/api/activity", {
    cookie: who.cookie,
    body: { assignmentId, sessionId: sessions.get(who.id + assignmentId), seq: seq.next(), events },
  });
  expect(res.status).toBe(201);
};
const sessions = new Map<string, string>();
const seq = { n: 0, next: () => seq.n++ };
const summary = async (query = "", who = teacher) => {
  const res = await t.request("GET", `/api/classes/${cls.id}/live${query}`, { cookie: who.cookie });
  expect(res.status).toBe(200);
  return LiveSummary.parse(await res.json());
};
const failRun = (at: number): ActivityEvent[] => [
  { type: "tests", at, passed: 0, total: 3 },
  { type: "error", at: at + 1, errorType: "NameError", line: 2 },
];

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  teacher = await createTeacher(t);
  otherTeacher = await createTeacher(t);
  admin = await createAdmin(t);
  ida = await createStudent(t, { name: "Ida Idle" });
  fay = await createStudent(t, { name: "Fay Failing" });
  wes = await createStudent(t, { name: "Wes Working" });
  al = await createStudent(t, { name: "Al Away" });
  cls = await createClass(t, teacher);
  for (const s of [ida, fay, wes, al]) await addMember(t, cls, s);
  a = await createAssignment(t, teacher, cls.id, { name: "Cinema tickets", starterCode: "# start" });
  b = await createAssignment(t, teacher, cls.id, { name: "Times tables" });
  for (const s of [ida, fay, wes, al]) for (const w of [a, b]) sessions.set(s.id + w.id, crypto.randomUUID());

  at("10:00");
  await post(ida, [{ type: "open", at: 0, code: "# start" }]);
  await post(wes, [{ type: "open", at: 0, code: "# start" }]);
  at("10:05");
  await post(wes, [{ type: "tests", at: 1000, passed: 0, total: 3 }]);
  at("10:06");
  await post(fay, [{ type: "open", at: 0, code: "# start" }]);
  for (const [i, minute] of ["10:08", "10:09", "10:10"].entries()) {
    at(minute);
    await post(fay, [
      { type: "edit", at: 60_000 * i, changes: [[i === 0 ? 7 : 18, `# startprint(nme${i})`]], length: 18 },
      ...failRun(60_000 * i + 10),
    ]);
  }
  at("10:11");
  await post(wes, [
    { type: "edit", at: 2000, changes: [[7, "print(1)"]], length: 8 },
    { type: "tests", at: 3000, passed: 1, total: 3 },
  ]);
});
afterAll(() => t.close());

describe("GET /api/classes/:id/live: who needs the teacher now", () => {
  it("orders stuck students first (by idle time), then the rest by idle time, and says why", async () => {
    at("10:12");
    const s = await summary(`?assignmentId=${a.id}`);
    expect(s.className).toBe(cls.name);
    expect(s.assignments.map((x) => x.name)).toEqual(["Cinema tickets", "Times tables"]);
    expect(s.tiles.map((x) => [x.name, x.state])).toEqual([
      ["Ida Idle", "stuck"],
      ["Fay Failing", "stuck"],
      ["Wes Working", "working"],
      ["Al Away", "away"],
    ]);
    const [idle, failing, working, away] = s.tiles;
    expect(idle.reasons).toEqual(["No change for 12 min"]);
    expect(idle).toMatchObject({ online: false, idleMinutes: 12, lastRun: null, testsNow: null });
    expect(failing.reasons).toEqual(["Same error 3 times in a row: NameError"]);
    expect(failing).toMatchObject({
      online: true,
      idleMinutes: 2,
      repeatedError: "NameError",
      testsNow: { passed: 0, total: 3 },
      testsAtStart: { passed: 0, total: 3 },
      open: { assignmentId: a.id, name: "Cinema tickets" },
    });
    expect(failing.lastRun).toMatchObject({
      tests: { passed: 0, total: 3 },
      error: { type: "NameError", line: 2 },
    });
    expect(working).toMatchObject({
      reasons: [],
      testsAtStart: { passed: 0, total: 3 },
      testsNow: { passed: 1, total: 3 },
      idleMinutes: 1,
    });
    expect(away).toMatchObject({ lastEventAt: null, idleMinutes: null, open: null, reasons: [] });
  });

  it("says 'the same error for N min' once a failure has lasted 5 minutes", async () => {
    at("10:15");
    const s = await summary(`?assignmentId=${a.id}`);
    const failing = s.tiles.find((x) => x.studentId === fay.id)!;
    expect(failing.reasons).toEqual([
      "Same error 3 times in a row: NameError",
      "Same error for 7 min: NameError",
    ]);
  });

  it("'any open work' follows what each student has open; one assignment shows only its own", async () => {
    at("10:16");
    await post(wes, [{ type: "open", at: 0, code: "" }], b.id);
    const any = await summary();
    expect(any.assignmentId).toBeNull();
    const wesAny = any.tiles.find((x) => x.studentId === wes.id)!;
    expect(wesAny.open).toEqual({ assignmentId: b.id, name: "Times tables" });
    expect(wesAny.testsNow).toBeNull();
    const onA = await summary(`?assignmentId=${a.id}`);
    expect(onA.tiles.find((x) => x.studentId === wes.id)!.testsNow).toEqual({ passed: 1, total: 3 });
  });

  it("a hand-in after the last change is 'Handed in', not stuck", async () => {
    at("10:17");
    await post(ida, [{ type: "submit", at: 5000 }]);
    const s = await summary(`?assignmentId=${a.id}`);
    expect(s.tiles.find((x) => x.studentId === ida.id)).toMatchObject({ state: "done", reasons: [] });
  });

  it("a raised hand (an open help request) comes first and says how long ago", async () => {
    await t.db.execute(sql`insert into help_requests (class_id, assignment_id, student_id, status, created_at)
      values (${cls.id}::uuid, ${a.id}::uuid, ${al.id}, 'open', '2026-11-25T10:14:00Z'),
             (${cls.id}::uuid, ${a.id}::uuid, ${wes.id}, 'answered', '2026-11-25T10:10:00Z')`);
    await announce(t.db, classTopic(cls.id)); // as the help routes do after a request changes
    const s = await summary(`?assignmentId=${a.id}`);
    expect(s.tiles[0]).toMatchObject({
      name: "Al Away",
      state: "hand",
      reasons: ["Hand raised 3 min ago"],
      handRaisedAt: "2026-11-25T10:14:00.000Z",
    });
    expect(s.tiles.find((x) => x.studentId === wes.id)!.handRaisedAt).toBeNull();
  });

  it("forgets the lesson after 90 minutes", async () => {
    at("12:00");
    const s = await summary(`?assignmentId=${a.id}`);
    expect(s.tiles.filter((x) => x.lastEventAt !== null)).toEqual([]);
    at("10:17");
  });

  it("refuses students, admins, other teachers and the signed-out; a foreign assignment is 404", async () => {
    const path = `/api/classes/${cls.id}/live`;
    expect((await t.request("GET", path)).status).toBe(401);
    expect((await t.request("GET", path, { cookie: fay.cookie })).status).toBe(403);
    expect((await t.request("GET", path, { cookie: admin.cookie })).status).toBe(403);
    expect((await t.request("GET", path, { cookie: otherTeacher.cookie })).status).toBe(404);
    const theirs = await createClass(t, otherTeacher);
    const elsewhere = await createAssignment(t, otherTeacher, theirs.id);
    expect(
      (await t.request("GET", `${path}?assignmentId=${elsewhere.id}`, { cookie: teacher.cookie })).status,
    ).toBe(404);
    expect((await t.request("GET", `${path}?assignmentId=nope`, { cookie: teacher.cookie })).status).toBe(
      404,
    );
    expect(
      (await t.request("GET", `${path}/students/${fay.id}`, { cookie: otherTeacher.cookie })).status,
    ).toBe(404);
    expect((await t.request("GET", `${path}/stream`, { cookie: otherTeacher.cookie })).status).toBe(404);
    expect((await t.request("GET", `${path}/stream`, { cookie: fay.cookie })).status).toBe(403);
    expect((await t.request("GET", `${path}/stream`)).status).toBe(401);
  });
});

describe("look over the shoulder", () => {
  it("rebuilds the student's code now from their latest full copy, with the last run", async () => {
    const res = await t.request(
      "GET",
      `/api/classes/${cls.id}/live/students/${fay.id}?assignmentId=${a.id}`,
      {
        cookie: teacher.cookie,
      },
    );
    expect(res.status).toBe(200);
    const view = LiveStudentView.parse(await res.json());
    expect(view.tile.repeatedError).toBe("NameError");
    expect(view.history?.events[0].event.type).toBe("open");
    const replay = buildReplay(view.history!);
    expect(replay.codeAt(replay.steps.length - 1)).toBe("# startprint(nme2)");
    expect(view.history?.events.some((e) => e.event.type === "tests")).toBe(true);
  });

  it("is 404 for someone who is not in the class", async () => {
    const stranger = await createStudent(t);
    const res = await t.request("GET", `/api/classes/${cls.id}/live/students/${stranger.id}`, {
      cookie: teacher.cookie,
    });
    expect(res.status).toBe(404);
  });
});

describe("GET /api/classes/:id/live/stream", () => {
  it("says hello, then 'changed' when a student's activity is stored, and ends at sign-out", async () => {
    const me = await createTeacher(t);
    const mine = await createClass(t, me);
    await addMember(t, mine, wes);
    const work = await createAssignment(t, me, mine.id);
    const res = await t.request("GET", `/api/classes/${mine.id}/live/stream`, { cookie: me.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    expect((await readEvents(res, 1)).events).toEqual(["hello"]);
    await liveBus(t.db).ready();

    await t.request("POST", "/api/activity", {
      cookie: wes.cookie,
      body: {
        assignmentId: work.id,
        sessionId: crypto.randomUUID(),
        seq: 0,
        events: [{ type: "run", at: 0 }],
      },
    });
    expect((await readEvents(res, 1)).events).toEqual(["changed"]);

    expect((await t.request("POST", "/api/auth/sign-out", { cookie: me.cookie, body: {} })).status).toBe(200);
    const after = await readEvents(res, 1);
    expect(after.done).toBe(true);
  });

  it("ends when the class is deleted", async () => {
    const me = await createTeacher(t);
    const mine = await createClass(t, me);
    const res = await t.request("GET", `/api/classes/${mine.id}/live/stream`, { cookie: me.cookie });
    await readEvents(res, 1); // hello
    expect((await t.request("DELETE", `/api/classes/${mine.id}`, { cookie: me.cookie })).status).toBeLessThan(
      300,
    );
    await announce(t.db, classTopic(mine.id));
    expect((await readEvents(res, 1)).done).toBe(true);
  });

  it(`holds a teacher to ${LIVE_STREAMS_PER_TEACHER} streams at once`, async () => {
    const me = await createTeacher(t);
    const mine = await createClass(t, me);
    const before = openStreamCount(t.db);
    const open: Response[] = [];
    for (let i = 0; i < LIVE_STREAMS_PER_TEACHER; i++) {
      const res = await t.request("GET", `/api/classes/${mine.id}/live/stream`, { cookie: me.cookie });
      expect(res.status).toBe(200);
      open.push(res);
    }
    const refused = await t.request("GET", `/api/classes/${mine.id}/live/stream`, { cookie: me.cookie });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("TOO_MANY_REQUESTS");
    for (const res of open) await res.body!.cancel();
    await new Promise((r) => setTimeout(r, 50));
    expect(openStreamCount(t.db)).toBe(before);
    const again = await t.request("GET", `/api/classes/${mine.id}/live/stream`, { cookie: me.cookie });
    expect(again.status).toBe(200);
    await again.body!.cancel();
  });
});

describe("a student with the workspace open but not typing (issue 20: the `here` heartbeat)", () => {
  it("is online; idle minutes count from what they last did, and the replay never shows a `here`", async () => {
    const reader = await createStudent(t, { name: "Rae Reading" });
    const room = await createClass(t, teacher);
    await addMember(t, room, reader);
    const work = await createAssignment(t, teacher, room.id, { name: "Read first", starterCode: "# go" });
    sessions.set(reader.id + work.id, crypto.randomUUID());
    at("11:00");
    await post(reader, [{ type: "open", at: 0, code: "# go" }], work.id);
    // Four minutes of reading: the workspace says `here` each minute, nothing else.
    for (const minute of ["11:01", "11:02", "11:03", "11:04"]) {
      at(minute);
      await post(reader, [{ type: "here", at: 0 }], work.id);
    }
    at("11:04");
    const res = await t.request("GET", `/api/classes/${room.id}/live?assignmentId=${work.id}`, {
      cookie: teacher.cookie,
    });
    const [tile] = LiveSummary.parse(await res.json()).tiles;
    expect(tile).toMatchObject({ name: "Rae Reading", online: true, state: "working", idleMinutes: 4 });
    // Three minutes later without a `here` (the tab closed): offline, as before.
    at("11:07");
    const later = await t.request("GET", `/api/classes/${room.id}/live?assignmentId=${work.id}`, {
      cookie: teacher.cookie,
    });
    expect(LiveSummary.parse(await later.json()).tiles[0]).toMatchObject({ online: false });
    // The teacher's history holds no `here`.
    const history = await t.request("GET", `/api/assignments/${work.id}/students/${reader.id}/activity`, {
      cookie: teacher.cookie,
    });
    const events = ((await history.json()) as { events: { event: ActivityEvent }[] }).events;
    expect(events.map((e) => e.event.type)).toEqual(["open"]);
  });
});
