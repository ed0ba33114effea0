// A hostile review of `serveLiveStream` (decision 053), the one stream behind the teacher's live
// lesson (GET /api/classes/:id/live/stream) and the student's own (GET /api/me/live/stream): every
// way a stream ends gives its slot back (no user locked out, no instance filled up), the limits'
// 429s say whose limit it was, the heartbeat re-checks the session and the class without any
// ping, and a stream always follows the session the guard let in.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sessionCookieName } from "@/server/auth/auth.ts";
import { sessionToken } from "@/server/auth/stream-session.ts";
import { classes, session } from "@/server/db/schema.ts";
import { STREAM_MESSAGES } from "@/server/features/help/help.routes.ts";
import { userTopic } from "@/server/features/help/notify.ts";
import { announce, classTopic, liveBus } from "@/server/live/index.ts";
import { LIVE_HEARTBEAT_MS, LIVE_STREAMS_PER_TEACHER } from "@/shared/api/live.ts";
import { addMember, createClass } from "../../../../tests/factories/classroom.ts";
import { createStudent, createTeacher, type TestUser } from "../../../../tests/factories/users.ts";
import { errorOf } from "../../../../tests/setup/error-body.ts";
import { readEvents } from "../../../../tests/setup/sse-events.ts";
import { cookieFrom, createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { LIVE_MESSAGES } from "./live.service.ts";
import { LIVE_STREAMS_PER_INSTANCE, openStream, openStreamCount, type StreamSlot } from "./live-streams.ts";

let t: TestApp;
const clock = new Date("2026-11-25T10:00:00Z");

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  await liveBus(t.db).ready();
});
afterAll(() => t.close());

const teacherStream = (who: TestUser, classId: string, cookie = who.cookie) =>
  t.request("GET", `/api/classes/${classId}/live/stream`, { cookie });
const studentStream = (cookie: string) => t.request("GET", "/api/me/live/stream", { cookie });

/** Waits (at most 5 s) until the instance holds `n` streams; the count it ended on. */
async function settles(n: number): Promise<number> {
  const deadline = Date.now() + 5000;
  while (openStreamCount(t.db) !== n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  return openStreamCount(t.db);
}

const signOut = async (cookie: string) =>
  expect((await t.request("POST", "/api/auth/sign-out", { cookie, body: {} })).status).toBe(200);

/** Signs `who` in once more: a second session (another device) of the same account. */
async function secondSession(who: TestUser): Promise<string> {
  const res = await t.request("POST", "/api/auth/sign-in/email", {
    body: { email: who.email, password: who.password },
  });
  expect(res.status).toBe(200);
  return cookieFrom(res);
}

/** The value of the session cookie in `cookie` (`name=value`), for building hostile headers. */
const sessionValue = (cookie: string) => {
  const name = sessionCookieName(t.config);
  const pair = cookie.split("; ").find((p) => p.startsWith(`${name}=`));
  return pair!.slice(name.length + 1);
};

describe("every way a stream ends gives its slot back", () => {
  it("streams dropped before their hello was read (teacher's and student's) never lock the user out", async () => {
    const teacher = await createTeacher(t);
    const cls = await createClass(t, teacher);
    const student = await createStudent(t);
    const before = openStreamCount(t.db);
    // Twice the limit, each dropped unread: a leak of even one would refuse a later stream.
    for (let i = 0; i < LIVE_STREAMS_PER_TEACHER * 2; i++) {
      const mine = await teacherStream(teacher, cls.id);
      const theirs = await studentStream(student.cookie);
      expect([mine.status, theirs.status]).toEqual([200, 200]);
      await mine.body!.cancel();
      await theirs.body!.cancel();
    }
    expect(await settles(before)).toBe(before);

    const open: Response[] = [];
    for (let i = 0; i < LIVE_STREAMS_PER_TEACHER; i++) {
      open.push(await teacherStream(teacher, cls.id), await studentStream(student.cookie));
    }
    expect(open.map((r) => r.status)).toEqual(Array(LIVE_STREAMS_PER_TEACHER * 2).fill(200));
    for (const res of open) await res.body!.cancel();
    expect(await settles(before)).toBe(before);
  });

  it("a stream dropped while its ping is being checked, or signed out then, gives its slot back", async () => {
    const teacher = await createTeacher(t);
    const cls = await createClass(t, teacher);
    const before = openStreamCount(t.db);

    const dropped = await teacherStream(teacher, cls.id);
    expect((await readEvents(dropped, 1)).events).toEqual(["hello"]);
    await announce(t.db, classTopic(cls.id));
    // The ping is delivered after the debounce; drop the stream around then, while it is checked.
    await new Promise((r) => setTimeout(r, 480));
    await dropped.body!.cancel();

    const signedOut = await teacherStream(teacher, cls.id);
    expect((await readEvents(signedOut, 1)).events).toEqual(["hello"]);
    await announce(t.db, classTopic(cls.id));
    await signOut(teacher.cookie);
    expect((await readEvents(signedOut, 3)).done).toBe(true);
    expect(await settles(before)).toBe(before);
  });

  it("a storm of pings neither ends a stream nor keeps it past sign-out", async () => {
    const teacher = await createTeacher(t);
    const cls = await createClass(t, teacher);
    const student = await createStudent(t);
    await addMember(t, cls, student);
    const before = openStreamCount(t.db);
    const mine = await teacherStream(teacher, cls.id);
    const theirs = await studentStream(student.cookie);
    expect((await readEvents(mine, 1)).events).toEqual(["hello"]);
    expect((await readEvents(theirs, 1)).events).toEqual(["hello"]);

    await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        announce(t.db, i % 2 ? classTopic(cls.id) : userTopic(student.id)),
      ),
    );
    const teacherHeard = await readEvents(mine, 1);
    const studentHeard = await readEvents(theirs, 1);
    expect([teacherHeard.events, teacherHeard.done]).toEqual([["changed"], false]);
    expect([studentHeard.events, studentHeard.done]).toEqual([["changed"], false]);

    for (const who of [teacher, student]) {
      await signOut(who.cookie);
    }
    // Whatever the storm left queued may still arrive; then both end.
    expect((await readEvents(mine, 100)).done).toBe(true);
    expect((await readEvents(theirs, 100)).done).toBe(true);
    expect(await settles(before)).toBe(before);
  });
});

describe("the limits", () => {
  it(`a student holds ${LIVE_STREAMS_PER_TEACHER} streams at once; the next is a 429 in the student's words`, async () => {
    const student = await createStudent(t);
    const before = openStreamCount(t.db);
    const open: Response[] = [];
    for (let i = 0; i < LIVE_STREAMS_PER_TEACHER; i++) open.push(await studentStream(student.cookie));
    expect(open.map((r) => r.status)).toEqual(Array(LIVE_STREAMS_PER_TEACHER).fill(200));

    const refused = await studentStream(student.cookie);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("30");
    expect(await errorOf(refused)).toEqual({ code: "TOO_MANY_REQUESTS", message: STREAM_MESSAGES.tooMany });
    // Another student is not held to this one's limit.
    const other = await studentStream((await createStudent(t)).cookie);
    expect(other.status).toBe(200);
    await other.body!.cancel();

    await open[0].body!.cancel();
    expect(await settles(before + LIVE_STREAMS_PER_TEACHER - 1)).toBe(before + LIVE_STREAMS_PER_TEACHER - 1);
    const again = await studentStream(student.cookie);
    expect(again.status).toBe(200);
    for (const res of [...open.slice(1), again]) await res.body!.cancel();
    expect(await settles(before)).toBe(before);
  });

  it(`past ${LIVE_STREAMS_PER_INSTANCE} on the instance both streams are 429 "busy", and open again once one ends`, async () => {
    const teacher = await createTeacher(t);
    const cls = await createClass(t, teacher);
    const student = await createStudent(t);
    const before = openStreamCount(t.db);
    const held: StreamSlot[] = [];
    for (let i = before; i < LIVE_STREAMS_PER_INSTANCE; i++) {
      const slot = openStream(t.db, `someone-${i}`, () => {});
      if (typeof slot === "string") throw new Error(`no slot ${i}: ${slot}`);
      held.push(slot);
    }
    try {
      const mine = await teacherStream(teacher, cls.id);
      expect(mine.status).toBe(429);
      expect(mine.headers.get("retry-after")).toBe("60");
      expect(await errorOf(mine)).toEqual({ code: "TOO_MANY_REQUESTS", message: LIVE_MESSAGES.busy });
      const theirs = await studentStream(student.cookie);
      expect(theirs.status).toBe(429);
      expect(await errorOf(theirs)).toEqual({ code: "TOO_MANY_REQUESTS", message: STREAM_MESSAGES.busy });
      // Refused streams took nothing.
      expect(openStreamCount(t.db)).toBe(LIVE_STREAMS_PER_INSTANCE);

      held.pop()!.release();
      const now = await studentStream(student.cookie);
      expect(now.status).toBe(200);
      expect((await teacherStream(teacher, cls.id)).status).toBe(429);
      await now.body!.cancel();
    } finally {
      for (const slot of held) slot.release();
    }
    expect(await settles(before)).toBe(before);
  });
});

describe("the heartbeat re-checks without any ping", () => {
  it("a session that expired ends both streams at the next heartbeat", async () => {
    const teacher = await createTeacher(t);
    const cls = await createClass(t, teacher);
    const student = await createStudent(t);
    const before = openStreamCount(t.db);
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      const mine = await teacherStream(teacher, cls.id);
      const theirs = await studentStream(student.cookie);
      expect((await readEvents(mine, 1)).events).toEqual(["hello"]);
      expect((await readEvents(theirs, 1)).events).toEqual(["hello"]);

      // Still signed in: a heartbeat keeps both open.
      vi.advanceTimersByTime(LIVE_HEARTBEAT_MS);
      expect((await readEvents(mine, 1, 600)).done).toBe(false);
      expect((await readEvents(theirs, 1, 600)).done).toBe(false);

      // Both sessions expire (no sign-out, so no `sessions` ping): the next heartbeat ends them.
      for (const who of [teacher, student]) {
        await t.db
          .update(session)
          .set({ expiresAt: new Date(clock.getTime() - 1000) })
          .where(eq(session.userId, who.id));
      }
      vi.advanceTimersByTime(LIVE_HEARTBEAT_MS);
      expect((await readEvents(mine, 1)).done).toBe(true);
      expect((await readEvents(theirs, 1)).done).toBe(true);
    } finally {
      vi.useRealTimers();
    }
    expect(await settles(before)).toBe(before);
  });

  it("a class that is no longer the teacher's ends their stream at the next heartbeat", async () => {
    const teacher = await createTeacher(t);
    const other = await createTeacher(t);
    const cls = await createClass(t, teacher);
    const before = openStreamCount(t.db);
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      const res = await teacherStream(teacher, cls.id);
      expect((await readEvents(res, 1)).events).toEqual(["hello"]);
      // Moved without any ping (a ping is lost at worst: the heartbeat catches up).
      await t.db.update(classes).set({ ownerId: other.id }).where(eq(classes.id, cls.id));
      vi.advanceTimersByTime(LIVE_HEARTBEAT_MS);
      expect((await readEvents(res, 1)).done).toBe(true);
    } finally {
      vi.useRealTimers();
    }
    expect(await settles(before)).toBe(before);
  });
});

describe("the class given away", () => {
  it("ends the old teacher's stream at the accept's ping, with nothing passed on; the new owner may open one", async () => {
    const owner = await createTeacher(t);
    const recipient = await createTeacher(t);
    const cls = await createClass(t, owner);
    const before = openStreamCount(t.db);
    const res = await teacherStream(owner, cls.id);
    expect((await readEvents(res, 1)).events).toEqual(["hello"]);

    const offer = await t.request("POST", `/api/classes/${cls.id}/transfer`, {
      cookie: owner.cookie,
      body: { email: recipient.email },
    });
    expect(offer.status).toBe(201);
    const { id } = (await offer.json()) as { id: string };
    expect(
      (await t.request("POST", `/api/transfers/${id}/accept`, { cookie: recipient.cookie })).status,
    ).toBe(200);
    const after = await readEvents(res, 1);
    expect(after).toEqual({ events: [], done: true });
    expect(await settles(before)).toBe(before);

    expect((await teacherStream(owner, cls.id)).status).toBe(404);
    const theirs = await teacherStream(recipient, cls.id);
    expect(theirs.status).toBe(200);
    await theirs.body!.cancel();
    expect(await settles(before)).toBe(before);
  });
});

describe("a stream follows the session the guard let in", () => {
  it("two session cookies of one account: signing out the first (the one the guard reads) ends the stream", async () => {
    const student = await createStudent(t);
    const second = await secondSession(student);
    const name = sessionCookieName(t.config);
    const cookie = `${name}=${sessionValue(student.cookie)}; ${name}=${sessionValue(second)}`;
    const res = await studentStream(cookie);
    expect((await readEvents(res, 1)).events).toEqual(["hello"]);
    expect(sessionToken(cookie, name)).toBe(sessionToken(student.cookie, name));

    await signOut(student.cookie);
    expect((await readEvents(res, 1)).done).toBe(true);
    // The other device is still signed in and may listen.
    const still = await studentStream(second);
    expect(still.status).toBe(200);
    await still.body!.cancel();
  });

  it("two students' cookies in one header: the stream is the first's alone, and ends at their sign-out", async () => {
    const ann = await createStudent(t);
    const ben = await createStudent(t);
    const name = sessionCookieName(t.config);
    const res = await studentStream(
      `${name}=${sessionValue(ann.cookie)}; ${name}=${sessionValue(ben.cookie)}`,
    );
    expect((await readEvents(res, 1)).events).toEqual(["hello"]);

    await announce(t.db, userTopic(ben.id));
    expect((await readEvents(res, 1, 1200)).events).toEqual([]);
    await announce(t.db, userTopic(ann.id));
    expect((await readEvents(res, 1)).events).toEqual(["changed"]);

    // Ben signing out leaves Ann's stream alone; Ann's sign-out ends it.
    await signOut(ben.cookie);
    expect((await readEvents(res, 1, 1200)).done).toBe(false);
    await signOut(ann.cookie);
    expect((await readEvents(res, 1)).done).toBe(true);
  });

  it("a session cookie that does not decode, before a good one, is refused on both streams (never a 500)", async () => {
    const teacher = await createTeacher(t);
    const cls = await createClass(t, teacher);
    const student = await createStudent(t);
    const name = sessionCookieName(t.config);
    const before = openStreamCount(t.db);
    for (const bad of ["%E0%A4%A", "%", "abc%zz.sig", '"unterminated']) {
      const mine = await teacherStream(teacher, cls.id, `${name}=${bad}; ${teacher.cookie}`);
      const theirs = await studentStream(`${name}=${bad}; ${student.cookie}`);
      expect([mine.status, theirs.status], bad).toEqual([401, 401]);
    }
    expect(openStreamCount(t.db)).toBe(before);
  });
});
