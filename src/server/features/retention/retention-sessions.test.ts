// The retention job's expired-session step (decision 071's note of 2026-11-26): a session that
// expired without a sign-out more than EXPIRED_SESSION_KEPT_DAYS ago is deleted; live ones, and
// ones inside that margin, stay, for every user. Sessions are aged by the real clock (the job's
// `clock`), never the policy's: a run "as of" 2040 signs nobody out. Runs on PGlite, and on
// PostgreSQL in the suite's TEST_DATABASE_URL run.
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailer } from "@/server/auth/mail.ts";
import { accountSignIns, session, user } from "@/server/db/schema.ts";
import { EXPIRED_SESSION_KEPT_DAYS } from "@/shared/api/retention.ts";
import { createStudent, createTeacher, type TestUser } from "../../../../tests/factories/users.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { describeCounts, type RetentionJobDeps, runRetention } from "./retention-job.ts";

const HOUR = 3600 * 1000;
const GRACE = EXPIRED_SESSION_KEPT_DAYS * 24 * HOUR;

let t: TestApp;
let deps: RetentionJobDeps;
/** The real clock the run sees, fixed so the margin's edges are exact. */
let realNow: Date;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
const ids: Record<string, string> = {};

/** A session row as Better Auth stores one, ending `expiresAt`. */
async function storedSession(who: TestUser, createdAt: Date, expiresAt: Date) {
  const id = crypto.randomUUID();
  await t.db.insert(session).values({
    id,
    token: crypto.randomUUID(),
    userId: who.id,
    createdAt,
    updatedAt: createdAt,
    expiresAt,
    ipAddress: "203.0.113.7",
    userAgent: "Mozilla/5.0 (school laptop)",
  });
  return id;
}
const ago = (ms: number) => new Date(realNow.getTime() - ms);
const sessionIds = async (who: TestUser) =>
  (await t.db.select({ id: session.id }).from(session).where(eq(session.userId, who.id))).map((r) => r.id);
const signedInAs = async (who: TestUser) => {
  const res = await t.request("GET", "/api/auth/get-session", { cookie: who.cookie });
  return ((await res.json()) as { user?: { id: string } } | null)?.user?.id ?? null;
};

beforeAll(async () => {
  t = await createTestApp();
  // Each has the live session of their sign-in (the factory signs in); their cookie uses it.
  [alice, bob, carol] = [await createStudent(t), await createStudent(t), await createTeacher(t)];
  realNow = new Date(Date.now() + HOUR);
  deps = {
    db: t.db,
    mailer: createMailer(t.db, t.config),
    publicUrl: t.config.publicUrl,
    defaults: t.config,
    clock: () => realNow,
  };
  // Alice: one that ended three weeks ago, one just past the margin, one just inside it.
  ids.aliceOld = await storedSession(alice, ago(28 * 24 * HOUR), ago(21 * 24 * HOUR));
  ids.alicePastMargin = await storedSession(alice, ago(8 * 24 * HOUR), ago(GRACE + HOUR));
  ids.aliceInMargin = await storedSession(alice, ago(8 * 24 * HOUR), ago(GRACE - HOUR));
  // Bob: an expired one too, and a second live one (another computer) that ends in an hour.
  ids.bobOld = await storedSession(bob, ago(10 * 24 * HOUR), ago(3 * 24 * HOUR));
  ids.bobOtherLive = await storedSession(bob, ago(6 * 24 * HOUR), new Date(realNow.getTime() + HOUR));
  // Carol, with an account from 2025, signed in last on 1 March 2026 (an expired session), before
  // the sign-in record existed: the record has no row for her.
  await t.db
    .update(user)
    .set({ createdAt: new Date("2025-09-01T08:00:00Z") })
    .where(eq(user.id, carol.id));
  await t.db.delete(accountSignIns).where(eq(accountSignIns.userId, carol.id));
  await t.db.delete(session).where(eq(session.userId, carol.id));
  ids.carolOld = await storedSession(
    carol,
    new Date("2026-03-01T08:00:00Z"),
    new Date("2026-03-08T08:00:00Z"),
  );
});
afterAll(() => t.close());

describe("expired sessions", () => {
  it("are deleted a day after they ended, for every user; live ones and those inside the day stay", async () => {
    const aliceLive = (await sessionIds(alice)).filter((id) => !Object.values(ids).includes(id));
    const bobLive = (await sessionIds(bob)).filter((id) => !Object.values(ids).includes(id));
    expect(aliceLive).toHaveLength(1);
    expect(bobLive).toHaveLength(1);

    // "As of" 2040, when by the policy's clock every session here has long ended.
    const run = await runRetention(deps, new Date("2040-11-25T12:00:00Z"), "test");
    if (!run.ran) throw new Error("the run did not take its lease");
    expect(run.counts.sessionsDeleted).toBe(4);
    expect(describeCounts(run.counts)).toContain("4 expired sign-in sessions");

    expect((await sessionIds(alice)).sort()).toEqual([...aliceLive, ids.aliceInMargin].sort());
    expect((await sessionIds(bob)).sort()).toEqual([...bobLive, ids.bobOtherLive].sort());
    expect(await sessionIds(carol)).toEqual([]);
    const gone = await t.db
      .select()
      .from(session)
      .where(inArray(session.id, [ids.aliceOld, ids.alicePastMargin, ids.bobOld, ids.carolOld]));
    expect(gone).toEqual([]);
    // The live ones still sign in.
    expect(await signedInAs(alice)).toBe(alice.id);
    expect(await signedInAs(bob)).toBe(bob.id);
  });

  it("keeps the start of the newest one as the last sign-in, so no account looks longer unused", async () => {
    // (The run as of 2040 also warned her for not signing in since: that leaves the date alone.)
    const [carolRecord] = await t.db.select().from(accountSignIns).where(eq(accountSignIns.userId, carol.id));
    expect(carolRecord.lastSignInAt.toISOString()).toBe("2026-03-01T08:00:00.000Z");
    // Alice's record (her sign-in at test time) is newer than any session deleted: unchanged.
    const [aliceRecord] = await t.db.select().from(accountSignIns).where(eq(accountSignIns.userId, alice.id));
    expect(aliceRecord.lastSignInAt.getTime()).toBeGreaterThan(ago(2 * HOUR).getTime());
  });

  it("the one inside the margin goes on the first run after it, and a second run finds nothing", async () => {
    realNow = new Date(realNow.getTime() + 2 * HOUR);
    const run = await runRetention(deps, new Date(), "test");
    if (!run.ran) throw new Error("the run did not take its lease");
    expect(run.counts.sessionsDeleted).toBe(1);
    expect(await t.db.select().from(session).where(eq(session.id, ids.aliceInMargin))).toEqual([]);
    const again = await runRetention(deps, new Date(), "test");
    if (!again.ran) throw new Error("the run did not take its lease");
    expect(again.counts.sessionsDeleted).toBe(0);
    expect(await signedInAs(alice)).toBe(alice.id);
    expect(await signedInAs(bob)).toBe(bob.id);
  });
});
