// The retention job (decision 062) against a seeded school, with the clock moved to 2040 so every
// row made at test time is years old and the recent ones are dated explicitly. Runs on PGlite, and
// on PostgreSQL in the suite's TEST_DATABASE_URL run, where a second pool plays a second instance.
import { count, eq, inArray, lt, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailer } from "@/server/auth/mail.ts";
import { type Database, openPostgres } from "@/server/db/client.ts";
import {
  accountSignIns,
  activityEvents,
  assignments,
  auditLog,
  classes,
  classMembers,
  codeComments,
  dataExports,
  helpRequests,
  mailOutbox,
  rateLimits,
  submissions,
  testCaseResults,
  user,
} from "@/server/db/schema.ts";
import { DEFAULT_RETENTION, MAIL_KEPT_DAYS } from "@/shared/api/retention.ts";
import {
  createAdmin,
  createStudent,
  createTeacher,
  type TestUser,
} from "../../../../tests/factories/users.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { monthsBefore, type RetentionJobDeps, RUN_LEASE, runRetention } from "./retention-job.ts";
import { DAILY_LEASE, dailyRetentionAttempt } from "./retention-schedule.ts";

const AS_OF = new Date("2040-11-25T12:00:00Z");
const LATER = new Date("2040-12-27T12:00:00Z"); // 32 days on: past the 30-day warning
const RECENT = new Date("2040-10-01T09:00:00Z"); // this school year
const LAST_SCHOOL_YEAR = new Date("2040-06-01T09:00:00Z");
// The audit log's default 24 months before AS_OF is 2038-11-25: entries either side of it, and one
// of this year that even the shortest period (12 months) keeps.
const AUDIT_PAST = new Date("2038-11-01T09:00:00Z");
const AUDIT_KEPT = new Date("2038-12-01T09:00:00Z");
const AUDIT_THIS_YEAR = new Date("2040-01-15T09:00:00Z");

let t: TestApp;
let deps: RetentionJobDeps;
let teacherOld: TestUser; // owns only the quiet class
let teacherLive: TestUser; // owns the class still in use
let inactive: TestUser;
let returning: TestUser;
let active: TestUser;
let admin: TestUser;
const ids: Record<string, string> = {};

let codeSeq = 0;
async function makeClass(owner: TestUser, name: string) {
  codeSeq += 1;
  const [row] = await t.db
    .insert(classes)
    .values({ name, ownerId: owner.id, joinCode: `RTN${String(codeSeq).padStart(5, "A")}`.slice(0, 8) })
    .returning();
  const [a] = await t.db
    .insert(assignments)
    .values({ classId: row.id, name: `${name} work` })
    .returning();
  return { classId: row.id, assignmentId: a.id };
}

async function submission(assignmentId: string, student: TestUser, at: Date) {
  const [s] = await t.db
    .insert(submissions)
    .values({ assignmentId, userId: student.id, code: "print('hi')", isFinal: true, submittedAt: at })
    .returning();
  await t.db.insert(testCaseResults).values({ submissionId: s.id, passed: true });
  return s.id;
}

async function event(assignmentId: string, student: TestUser, storedAt: Date) {
  const [e] = await t.db
    .insert(activityEvents)
    .values({
      assignmentId,
      studentId: student.id,
      sessionId: crypto.randomUUID(),
      batchSeq: 0,
      idx: 0,
      type: "run",
      payload: {},
      clientAt: 0,
      time: storedAt,
      storedAt,
    })
    .returning();
  return e.id;
}

async function help(classId: string, assignmentId: string, student: TestUser, at: Date) {
  const [h] = await t.db
    .insert(helpRequests)
    .values({ classId, assignmentId, studentId: student.id, status: "resolved", createdAt: at })
    .returning();
  return h.id;
}

async function comment(
  author: TestUser,
  student: TestUser,
  assignmentId: string,
  at: Date,
  on: { submissionId?: string; helpRequestId?: string },
) {
  const [c] = await t.db
    .insert(codeComments)
    .values({
      authorId: author.id,
      studentId: student.id,
      assignmentId,
      line: 1,
      code: "x",
      body: "ok",
      createdAt: at,
      updatedAt: at,
      ...on,
    })
    .returning();
  return c.id;
}

async function auditEntry(at: Date) {
  const [row] = await t.db
    .insert(auditLog)
    .values({ action: "data.export", targetType: "user", targetId: "someone", at })
    .returning();
  return String(row.id);
}
const auditExists = async (id: string) =>
  (
    await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.id, Number(id)))
  ).length === 1;
const auditBefore = async (cutoff: Date) =>
  (await t.db.select({ n: count() }).from(auditLog).where(lt(auditLog.at, cutoff)))[0].n;

async function exists(
  table: typeof submissions | typeof helpRequests | typeof codeComments | typeof mailOutbox,
  id: string,
) {
  const rows = await t.db.select({ id: table.id }).from(table).where(eq(table.id, id));
  return rows.length === 1;
}
async function eventExists(id: number) {
  return (await t.db.select().from(activityEvents).where(eq(activityEvents.id, id))).length === 1;
}
const mailsTo = async (who: TestUser) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, who.email));

beforeAll(async () => {
  t = await createTestApp();
  deps = {
    db: t.db,
    mailer: createMailer(t.db, t.config),
    publicUrl: t.config.publicUrl,
    defaults: t.config,
  };
  [teacherOld, teacherLive, inactive, returning, active, admin] = [
    await createTeacher(t),
    await createTeacher(t),
    await createStudent(t),
    await createStudent(t),
    await createStudent(t),
    await createAdmin(t),
  ];
  // Everyone signed in at test time (years before 2040), except one student who did last month.
  await t.db
    .update(accountSignIns)
    .set({ lastSignInAt: new Date("2040-11-01T08:00:00Z") })
    .where(eq(accountSignIns.userId, active.id));

  const old = await makeClass(teacherOld, "Quiet class");
  const live = await makeClass(teacherLive, "Live class");
  ids.oldClass = old.classId;
  ids.liveClass = live.classId;
  for (const s of [inactive, returning])
    await t.db.insert(classMembers).values({ classId: old.classId, userId: s.id });
  await t.db.insert(classMembers).values({ classId: live.classId, userId: active.id });

  // The quiet class: work from test time only.
  ids.oldSubmission = await submission(old.assignmentId, inactive, new Date("2030-03-01T10:00:00Z"));
  ids.oldGradingComment = await comment(
    teacherOld,
    inactive,
    old.assignmentId,
    new Date("2030-03-02T10:00:00Z"),
    {
      submissionId: ids.oldSubmission,
    },
  );
  ids.oldHelp = await help(old.classId, old.assignmentId, returning, new Date("2030-03-01T10:00:00Z"));
  ids.oldEvent = String(await event(old.assignmentId, inactive, new Date("2030-03-01T10:00:00Z")));

  // The live class: an old hand-in with its comment (kept: the class is in use), a recent one,
  // last school year's record and help (gone at 31 August), this year's (kept).
  ids.liveOldSubmission = await submission(live.assignmentId, active, new Date("2030-03-01T10:00:00Z"));
  ids.liveOldComment = await comment(
    teacherLive,
    active,
    live.assignmentId,
    new Date("2030-03-02T10:00:00Z"),
    {
      submissionId: ids.liveOldSubmission,
    },
  );
  ids.liveRecentSubmission = await submission(live.assignmentId, active, RECENT);
  ids.liveLastYearEvent = String(await event(live.assignmentId, active, LAST_SCHOOL_YEAR));
  ids.liveRecentEvent = String(await event(live.assignmentId, active, RECENT));
  ids.liveLastYearHelp = await help(live.classId, live.assignmentId, active, LAST_SCHOOL_YEAR);
  ids.liveLastYearHelpComment = await comment(teacherLive, active, live.assignmentId, LAST_SCHOOL_YEAR, {
    helpRequestId: ids.liveLastYearHelp,
  });
  ids.liveRecentHelp = await help(live.classId, live.assignmentId, active, RECENT);
  ids.liveRecentHelpComment = await comment(teacherLive, active, live.assignmentId, RECENT, {
    helpRequestId: ids.liveRecentHelp,
  });

  // Two "Download my data" files: one prepared 24 days ago, one yesterday.
  const zip = new Uint8Array([80, 75, 5, 6]);
  const [oldExport] = await t.db
    .insert(dataExports)
    .values({
      userId: active.id,
      status: "ready",
      createdAt: new Date("2040-11-01T10:00:00Z"),
      expiresAt: new Date("2040-11-08T10:00:00Z"),
      content: zip,
    })
    .returning();
  const [newExport] = await t.db
    .insert(dataExports)
    .values({
      userId: active.id,
      status: "ready",
      createdAt: new Date("2040-11-24T10:00:00Z"),
      expiresAt: new Date("2040-12-01T10:00:00Z"),
      content: zip,
    })
    .returning();
  ids.oldExport = oldExport.id;
  ids.newExport = newExport.id;

  ids.auditPast = await auditEntry(AUDIT_PAST);
  ids.auditKept = await auditEntry(AUDIT_KEPT);
  ids.auditThisYear = await auditEntry(AUDIT_THIS_YEAR);
});
afterAll(() => t.close());

describe("the retention job", () => {
  it("deletes exactly what the default policy says, and warns inactive accounts", async () => {
    // The entry of 2038-11-01, and any written at test time (years before 2040).
    const auditPast = await auditBefore(monthsBefore(AS_OF, 24));
    expect(auditPast).toBeGreaterThanOrEqual(1);
    // Copies of e-mails, aged by the real clock (they are dated by it): one sent 31 days ago, one 29.
    const [oldMail, recentMail] = await t.db
      .insert(mailOutbox)
      .values(
        [31, 29].map((days) => ({
          to: `kept-${days}@example.com`,
          subject: "Reset your password",
          text: "Hello",
          html: "<p>Hello</p>",
          createdAt: new Date(Date.now() - days * 24 * 3600 * 1000),
        })),
      )
      .returning({ id: mailOutbox.id });
    const mailPast = (
      await t.db
        .select({ n: count() })
        .from(mailOutbox)
        .where(lt(mailOutbox.createdAt, new Date(Date.now() - MAIL_KEPT_DAYS * 24 * 3600 * 1000)))
    )[0].n;
    const run = await runRetention(deps, AS_OF, "test");
    if (!run.ran) throw new Error("the run did not take its lease");
    expect(run.counts).toEqual({
      // The quiet class's event and last school year's one in the live class.
      activityEvents: 2,
      // The quiet class's request and last school year's in the live class.
      helpRequests: 2,
      classesExpired: 1,
      submissions: 1,
      // The quiet class's grading comment and the comment on last year's help request.
      codeComments: 2,
      accountsWarned: 3,
      accountsDeleted: 0,
      accountDeletionsCompleted: 0,
      exportsDeleted: 1,
      auditEntries: auditPast,
      mailsDeleted: mailPast,
      // Every session here is live by the real clock, though long past by 2040's
      // (retention-sessions.test.ts tests the step).
      sessionsDeleted: 0,
    });
    expect(await exists(mailOutbox, oldMail.id)).toBe(false);
    expect(await exists(mailOutbox, recentMail.id)).toBe(true);

    expect(await exists(submissions, ids.oldSubmission)).toBe(false);
    expect(
      await t.db.select().from(testCaseResults).where(eq(testCaseResults.submissionId, ids.oldSubmission)),
    ).toEqual([]);
    expect(await exists(codeComments, ids.oldGradingComment)).toBe(false);
    expect(await exists(helpRequests, ids.oldHelp)).toBe(false);
    expect(await eventExists(Number(ids.oldEvent))).toBe(false);
    // The quiet class and its assignment stay (the teacher's own material), its members too.
    expect(await t.db.select().from(classes).where(eq(classes.id, ids.oldClass))).toHaveLength(1);
    expect(await t.db.select().from(assignments).where(eq(assignments.classId, ids.oldClass))).toHaveLength(
      1,
    );

    expect(await exists(submissions, ids.liveOldSubmission)).toBe(true);
    expect(await exists(codeComments, ids.liveOldComment)).toBe(true);
    expect(await exists(submissions, ids.liveRecentSubmission)).toBe(true);
    expect(await eventExists(Number(ids.liveLastYearEvent))).toBe(false);
    expect(await eventExists(Number(ids.liveRecentEvent))).toBe(true);
    expect(await exists(helpRequests, ids.liveLastYearHelp)).toBe(false);
    expect(await exists(codeComments, ids.liveLastYearHelpComment)).toBe(false);
    expect(await exists(helpRequests, ids.liveRecentHelp)).toBe(true);
    expect(await exists(codeComments, ids.liveRecentHelpComment)).toBe(true);

    const exports = await t.db
      .select()
      .from(dataExports)
      .where(inArray(dataExports.id, [ids.oldExport, ids.newExport]));
    expect(
      Object.fromEntries(exports.map((e) => [e.id === ids.oldExport ? "old" : "new", e.content !== null])),
    ).toEqual({
      old: false,
      new: true,
    });

    // Warned: the two students and the teacher whose only class is quiet. Not the teacher whose
    // class is in use, not the admin, not the student who signed in last month.
    for (const who of [inactive, returning, teacherOld]) {
      const [mail] = await mailsTo(who);
      expect(mail.subject).toBe("Your PyClass account will be deleted unless you sign in");
      expect(mail.text).toContain("on 2040-12-25");
    }
    for (const who of [teacherLive, admin, active]) expect(await mailsTo(who)).toEqual([]);

    // The audit log keeps 24 months by default (decision 071).
    expect(await auditExists(ids.auditPast)).toBe(false);
    expect(await auditExists(ids.auditKept)).toBe(true);
    expect(await auditExists(ids.auditThisYear)).toBe(true);

    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, "retention.run"));
    expect(entry.actorId).toBeNull();
    expect(entry.details).toMatchObject({
      asOf: AS_OF.toISOString(),
      trigger: "test",
      submissions: 1,
      accountsWarned: 3,
    });
  });

  it("a second run the same day finds nothing more and warns no one twice", async () => {
    const run = await runRetention(deps, AS_OF, "test");
    if (!run.ran) throw new Error("the run did not take its lease");
    const nothing = Object.fromEntries(Object.keys(run.counts).map((k) => [k, 0]));
    // But the first run's own entry: written on the real clock, it is years older than 2040.
    expect(run.counts).toEqual({ ...nothing, auditEntries: 1 });
    expect(await mailsTo(inactive)).toHaveLength(1);
  });

  it("30 days after the warning deletes the accounts that did not sign in", async () => {
    // `returning` signs in after the warning (as auth.ts's session hook records it).
    await t.db
      .update(accountSignIns)
      .set({ lastSignInAt: new Date("2040-12-01T08:00:00Z"), inactivityWarnedAt: null })
      .where(eq(accountSignIns.userId, returning.id));
    const run = await runRetention(deps, LATER, "test");
    if (!run.ran) throw new Error("the run did not take its lease");
    expect(run.counts.accountsDeleted).toBe(2);
    expect(run.counts.accountsWarned).toBe(0);
    const left = await t.db.select({ id: user.id }).from(user);
    const leftIds = left.map((u) => u.id);
    expect(leftIds).not.toContain(inactive.id);
    expect(leftIds).not.toContain(teacherOld.id);
    expect(leftIds).toEqual(expect.arrayContaining([returning.id, active.id, teacherLive.id, admin.id]));
    const deletions = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "account.inactive.delete"));
    expect(deletions.map((d) => d.targetId).sort()).toEqual([inactive.id, teacherOld.id].sort());
    // An entry names the account by id only: no name or e-mail survives in the log.
    expect(JSON.stringify(deletions)).not.toContain(inactive.email);
    expect(JSON.stringify(deletions)).not.toContain(inactive.name);
  });

  it("a sign-in clears a warning", async () => {
    await t.db
      .update(accountSignIns)
      .set({ inactivityWarnedAt: AS_OF })
      .where(eq(accountSignIns.userId, active.id));
    const res = await t.request("POST", "/api/auth/sign-in/email", {
      body: { email: active.email, password: active.password },
    });
    expect(res.status).toBe(200);
    const [row] = await t.db.select().from(accountSignIns).where(eq(accountSignIns.userId, active.id));
    expect(row.inactivityWarnedAt).toBeNull();
  });
});

describe("the audit log's period", () => {
  it("is the admin's: from the next run, 12 months deletes more, never this year's entries", async () => {
    const put = (auditLogMonths: number) =>
      t.request("PUT", "/api/admin/retention", {
        cookie: admin.cookie,
        body: { ...DEFAULT_RETENTION, auditLogMonths },
      });
    expect((await put(12)).status).toBe(200);
    try {
      const run = await runRetention(deps, AS_OF, "test");
      if (!run.ran) throw new Error("the run did not take its lease");
      expect(run.policy.auditLogMonths).toBe(12);
      expect(run.counts.auditEntries).toBeGreaterThanOrEqual(1);
      expect(await auditExists(ids.auditKept)).toBe(false);
      expect(await auditExists(ids.auditThisYear)).toBe(true);
      // Only this run's own entry, written after on the real clock, is older than 2039-11-25.
      const left = await t.db
        .select()
        .from(auditLog)
        .where(lt(auditLog.at, monthsBefore(AS_OF, 12)));
      expect(left.map((e) => e.action)).toEqual(["retention.run"]);
    } finally {
      expect((await put(DEFAULT_RETENTION.auditLogMonths)).status).toBe(200);
    }
  });
});

describe("one run at a time", () => {
  it("a run refuses while another holds the lease, and touches nothing", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const slow: RetentionJobDeps = {
      ...deps,
      purgeDueAccountDeletions: async () => {
        entered();
        await gate;
        return 0;
      },
    };
    const first = runRetention(slow, LATER, "test");
    await inside;
    const second = await runRetention(deps, LATER, "test");
    expect(second).toEqual({ ran: false, reason: "another run is under way" });
    release();
    expect((await first).ran).toBe(true);
    // Once it has finished, the next run goes ahead.
    expect((await runRetention(deps, LATER, "test")).ran).toBe(true);
  });

  it("acting as if it were 2040 leaves no lease that blocks today", async () => {
    const [lease] = await t.db.select().from(rateLimits).where(eq(rateLimits.key, RUN_LEASE));
    expect(lease).toBeUndefined();
  });

  it("the daily attempt runs once a day across instances", async () => {
    await t.db.delete(rateLimits).where(eq(rateLimits.key, DAILY_LEASE));
    let second: Database | null = null;
    const url = process.env.TEST_DATABASE_URL;
    if (url) {
      // A second instance: its own pool on the same database.
      const [{ name }] = (await t.db.execute(sql`select current_database() as name`)).rows as {
        name: string;
      }[];
      const u = new URL(url);
      u.pathname = `/${name}`;
      second = await openPostgres(u.toString(), 2);
    }
    try {
      const other: RetentionJobDeps = second ? { ...deps, db: second.db } : deps;
      const runs = await Promise.all([dailyRetentionAttempt(deps), dailyRetentionAttempt(other)]);
      expect(runs.filter(Boolean)).toHaveLength(1);
      expect(await dailyRetentionAttempt(other)).toBe(false);
      // Tomorrow (the real clock a day on), it runs again.
      const tomorrow = () => new Date(Date.now() + 24 * 3600 * 1000);
      expect(await dailyRetentionAttempt({ ...other, clock: tomorrow })).toBe(true);
    } finally {
      await second?.close();
    }
  });
});
