// "Download my data" holds the service's own records about the user (decision 071, note of
// 2026-11-26): the sessions Better Auth keeps, never a token, and the audit-log entries that name
// the user, with other people by name only. Against the seeded school on PGlite.
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, session } from "@/server/db/schema.ts";
import { recordAudit } from "@/server/features/audit/index.ts";
import type { DataExport } from "@/shared/api/account.ts";
import { createClass } from "../../../../tests/factories/classroom.ts";
import { createTeacher, type TestUser } from "../../../../tests/factories/users.ts";
import { cookieFrom, type TestApp } from "../../../../tests/setup/test-app.ts";
import {
  closeApp,
  DAY,
  exportFor as exportOf,
  openExport,
  requestDeletion,
  type SeededSchool,
  START,
  seededApp,
  signIn,
} from "./account-test-setup.ts";

const clock = START;
let t: TestApp;
let school: SeededSchool;

beforeAll(async () => {
  ({ t, school } = await seededApp(() => clock));
}, 120_000);
afterAll(() => closeApp(t));

type Cookie = { cookie: string };
const exportFor = (who: Cookie) => exportOf(t, who);
const openZip = async (who: Cookie, e?: DataExport) => {
  const shown = e ?? (await exportFor(who));
  const { text, data } = await openExport(t, who, shown);
  return { data, whole: Object.values(text).join("\n"), exportId: shown.id };
};
const ids = (rows: { id: unknown }[]) => rows.map((r) => String(r.id)).sort();

/** Signs `who` in once more from a browser of its own: the session's cookie. */
async function signInFrom(who: TestUser, browser: string): Promise<string> {
  const res = await t.request("POST", "/api/auth/sign-in/email", {
    body: { email: who.email, password: who.password },
    headers: { "User-Agent": browser },
  });
  expect(res.status).toBe(200);
  return cookieFrom(res);
}

/**
 * The entries that name `userId` anywhere, read without the export's query (the test's own oracle),
 * less the two its export `exportId` wrote after it was built (prepared, downloaded).
 */
async function entriesNaming(userId: string, exportId: string) {
  const all = await t.db.select().from(auditLog);
  return all.filter(
    (r) =>
      (r.actorId === userId || r.targetId === userId || JSON.stringify(r.details).includes(userId)) &&
      r.details.exportId !== exportId,
  );
}

describe("Download my data: sessions", () => {
  it("lists where the student is signed in, with address and browser, and never a token", async () => {
    const [, me, other] = school.students;
    const phone = "PhoneBrowser/1.0 (Sam's phone)";
    const phoneCookie = await signInFrom(me, phone);
    await signInFrom(other, "OtherBrowser/9.9 ZOE-ONLY");
    // One of mine has ended without a sign-out: still stored, so in the file, and said to be over.
    await signInFrom(me, "OldTablet/2.0");
    await t.db
      .update(session)
      .set({ expiresAt: new Date(Math.min(Date.now(), clock.getTime()) - DAY) })
      .where(and(eq(session.userId, me.id), eq(session.userAgent, "OldTablet/2.0")));

    const { data, whole } = await openZip(me);
    const mine = await t.db
      .select()
      .from(session)
      .where(eq(session.userId, me.id))
      .orderBy(asc(session.createdAt));
    expect(mine.length).toBeGreaterThanOrEqual(3);
    expect(data.sessions.about).toContain("The secret code that keeps you signed in is not in this file");
    expect(data.about).toContain("nobody can use this file to sign in as you");
    expect(data.sessions.sessions).toEqual(
      mine.map((s) => ({
        startedAt: s.createdAt.toISOString(),
        lastRenewedAt: s.updatedAt.toISOString(),
        endsAt: s.expiresAt.toISOString(),
        ipAddress: s.ipAddress,
        browser: s.userAgent,
        stillSignedIn: s.expiresAt > clock,
      })),
    );
    const ended = data.sessions.sessions.filter((s: { stillSignedIn: boolean }) => !s.stillSignedIn);
    expect(ended.map((s: { browser: string }) => s.browser)).toEqual(["OldTablet/2.0"]);
    expect(data.sessions.sessions.map((s: { browser: string }) => s.browser)).toContain(phone);
    // Nothing that signs in: no token of mine (nor the signed cookie), no session id.
    for (const s of mine) {
      expect(whole).not.toContain(s.token);
      expect(whole).not.toContain(s.id);
    }
    expect(whole).not.toContain(decodeURIComponent(phoneCookie.split("=")[1].split(";")[0]));
    // Nobody else's sessions.
    const theirs = await t.db.select().from(session).where(eq(session.userId, other.id));
    expect(theirs.length).toBeGreaterThan(0);
    for (const s of theirs) expect(whole).not.toContain(s.token);
    expect(whole).not.toContain("ZOE-ONLY");
  });

  it("a hostile user cannot fetch that file, and their own holds none of it", async () => {
    const [, me, other] = school.students;
    const e = await exportFor(me);
    const stolen = await t.request("GET", e.downloadUrl as string, other);
    expect(stolen.status).toBe(404);
    const listed = await (await t.request("GET", "/api/me/exports", other)).json();
    expect(listed.exports.map((x: DataExport) => x.id)).not.toContain(e.id);
    const { whole } = await openZip(other);
    expect(whole).not.toContain("Sam's phone");
    expect(whole).not.toContain(e.id);
    expect(whole).not.toContain(me.id);
  });
});

describe("Download my data: audit-log entries", () => {
  it("holds every entry that names the student, and none about anyone else", async () => {
    // Mine: a deletion confirmed and cancelled by signing in again, sign out everywhere, an export
    // downloaded, and one the system wrote about my account.
    const confirm = async (who: TestUser) => {
      const token = await requestDeletion(t, who);
      const res = await t.request("POST", "/api/account/deletion/confirm", { body: { token } });
      expect(res.status).toBe(200);
    };
    await confirm(school.students[1]);
    const me = { ...school.students[1], cookie: await signIn(t, school.students[1]) };
    const other = school.students[2];
    const revoke = await t.request("POST", "/api/me/sessions/revoke", {
      cookie: me.cookie,
      body: { includeThisDevice: false },
    });
    expect(revoke.status).toBe(200);
    await openZip(me);
    await recordAudit(t.db, {
      action: "account.inactive.warn",
      targetType: "user",
      targetId: me.id,
      details: { inactiveMonths: 24 },
    });
    // Not mine: a classmate's deletion, and a retention run that names no one.
    await confirm(other);
    await recordAudit(t.db, {
      action: "retention.run",
      details: { trigger: "schedule", submissionsDeleted: 0 },
    });

    const { data, whole, exportId } = await openZip(me);
    const expected = await entriesNaming(me.id, exportId);
    const entries = data.auditLog.entries;
    expect(ids(entries)).toEqual(ids(expected));
    expect(data.auditLog.about).toContain("These are the entries that name you");
    expect(entries.map((x: { action: string }) => x.action)).toEqual(
      expect.arrayContaining([
        "account.delete.request",
        "account.delete.cancel",
        "sessions.revoke",
        "data.export",
        "data.export.download",
        "account.inactive.warn",
      ]),
    );
    const byMe = entries.filter((x: { action: string }) => x.action !== "account.inactive.warn");
    for (const x of byMe) expect(x).toMatchObject({ doneBy: "you", doneTo: "your account" });
    expect(entries.find((x: { action: string }) => x.action === "account.inactive.warn")).toEqual({
      id: expect.any(Number),
      at: expect.any(String),
      what: "Inactive account warned",
      action: "account.inactive.warn",
      doneBy: "PyClass",
      doneTo: "your account",
      details: { inactiveMonths: 24 },
    });
    // Nothing of anyone else's: their entries, ids, names or addresses.
    const everyone = await t.db.select().from(auditLog);
    const notMine = everyone.filter((r) => !expected.some((m) => m.id === r.id));
    expect(notMine.some((r) => r.actorId === other.id)).toBe(true);
    expect(notMine.some((r) => r.action === "retention.run")).toBe(true);
    const shown = new Set(entries.map((x: { id: number }) => x.id));
    for (const r of notMine) expect(shown.has(r.id)).toBe(false);
    for (const o of [school.students[0], other])
      for (const needle of [o.id, o.name, o.email]) expect(whole).not.toContain(needle);
  });

  it("names the other teacher of a transfer by name, never by id or address; a deleted one as such", async () => {
    const dan = await createTeacher(t, { name: "Mr Dan Teacher" });
    const eve = await createTeacher(t, { name: "Ms Eve Teacher" });
    const cls = await createClass(t, dan, { name: "9Z Computing" });
    const offered = await t.request("POST", `/api/classes/${cls.id}/transfer`, {
      cookie: dan.cookie,
      body: { email: eve.email },
    });
    expect(offered.status).toBe(201);
    const transferId = (await offered.json()).id as string;
    expect((await t.request("POST", `/api/transfers/${transferId}/decline`, eve)).status).toBe(200);
    // An offer from an account since deleted (the log keeps its id, no name).
    const goneId = "GONE-ACCOUNT-0123456789abcdef";
    await recordAudit(t.db, {
      actorId: goneId,
      action: "class.transfer.offer",
      targetType: "class",
      targetId: cls.id,
      details: { transferId: "t-gone", className: "8Q Computing", fromUserId: goneId, toUserId: dan.id },
    });

    const eves = await openZip(eve);
    expect(ids(eves.data.auditLog.entries)).toEqual(ids(await entriesNaming(eve.id, eves.exportId)));
    expect(
      eves.data.auditLog.entries.filter((x: { action: string }) => x.action.startsWith("class.transfer")),
    ).toEqual([
      {
        id: expect.any(Number),
        at: expect.any(String),
        what: "Class transfer offered",
        action: "class.transfer.offer",
        doneBy: "Mr Dan Teacher",
        doneTo: "a class",
        classId: cls.id,
        details: { transferId, className: "9Z Computing", from: "Mr Dan Teacher", to: "you" },
      },
      {
        id: expect.any(Number),
        at: expect.any(String),
        what: "Class transfer declined",
        action: "class.transfer.decline",
        doneBy: "you",
        doneTo: "a class",
        classId: cls.id,
        details: { transferId, className: "9Z Computing", from: "Mr Dan Teacher", to: "you" },
      },
    ]);
    for (const needle of [dan.id, dan.email, goneId, "8Q Computing"])
      expect(eves.whole).not.toContain(needle);

    const dans = await openZip(dan);
    expect(ids(dans.data.auditLog.entries)).toEqual(ids(await entriesNaming(dan.id, dans.exportId)));
    const fromGone = dans.data.auditLog.entries.find(
      (x: { details: { transferId?: string } }) => x.details.transferId === "t-gone",
    );
    expect(fromGone).toMatchObject({
      doneBy: "a deleted account",
      details: { from: "a deleted account", to: "you" },
    });
    const declined = dans.data.auditLog.entries.find(
      (x: { action: string }) => x.action === "class.transfer.decline",
    );
    expect(declined).toMatchObject({
      doneBy: "Ms Eve Teacher",
      details: { from: "you", to: "Ms Eve Teacher" },
    });
    for (const needle of [eve.id, eve.email, goneId]) expect(dans.whole).not.toContain(needle);
  });
});
