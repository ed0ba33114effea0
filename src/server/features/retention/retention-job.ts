// The retention job (decision 062): applies the policy in force once a day, on one instance at a
// time, and logs what it deleted. `now` is the policy's clock (a test, or `npm run retention --as-of`,
// moves it); the leases that keep two runs apart always use the real clock, so acting as if it were
// 2030 never leaves a lease that blocks the real 2026.
import { and, eq, inArray, isNotNull, lt, sql } from "drizzle-orm";
import type { Mailer } from "@/server/auth/mail.ts";
import { greeting, linkMail } from "@/server/auth/mail.ts";
import type { Db } from "@/server/db/client.ts";
import {
  accountSignIns,
  activityEvents,
  assignments,
  classes,
  codeComments,
  dataExports,
  helpRequests,
  mailOutbox,
  session,
  submissions,
  user,
} from "@/server/db/schema.ts";
import { deleteActivityBefore, retentionCutoff } from "@/server/features/activity/index.ts";
import { deleteAuditBefore, recordAudit } from "@/server/features/audit/index.ts";
import { acquireLease, releaseLease, renewLease } from "@/server/limits/limits.ts";
import {
  EXPIRED_SESSION_KEPT_DAYS,
  MAIL_KEPT_DAYS,
  type RetentionCounts,
  type RetentionPolicy,
} from "@/shared/api/retention.ts";
import { FORMER_STUDENT_ROLE } from "@/shared/domain/former-student.ts";
import { type RetentionDefaults, readPolicy } from "./retention-policy.ts";

const DAY = 24 * 3600 * 1000;
/** Held while a run works (renewed between steps): a crashed run frees it within this long. */
export const RUN_LEASE = "retention:run";
export const RUN_LEASE_MS = 10 * 60_000;

export type RetentionJobDeps = {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  defaults: RetentionDefaults;
  /** "Delete my account" (decision 060): erases accounts whose grace period is over. */
  purgeDueAccountDeletions?: (db: Db, now: Date) => Promise<number>;
  /**
   * Erases one account as "Delete my account" does (the grade book keeps "Former student"); it
   * refuses (erased: false) an account that owns classes.
   */
  eraseAccount?: (db: Db, userId: string, now: Date) => Promise<{ erased: boolean }>;
  /** The real clock, for leases; tests replace it. */
  clock?: () => Date;
};

export type RetentionRun =
  | { ran: false; reason: "another run is under way" }
  | { ran: true; asOf: string; policy: RetentionPolicy; counts: RetentionCounts };

/** Months back from `now`, on the calendar (24 months before 2028-02-29 is 2026-02-28). */
export function monthsBefore(now: Date, months: number): Date {
  const d = new Date(now);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/** A class's last activity: anything done in it by anyone (SQL over the class id `c`). */
const classLastActivity = (classId: ReturnType<typeof sql>) => sql`greatest(
  (select cl.created_at from classes cl where cl.id = ${classId}),
  (select max(a.updated_at) from assignments a where a.class_id = ${classId}),
  (select max(m.joined_at) from class_members m where m.class_id = ${classId}),
  (select max(greatest(s.submitted_at, s.graded_at)) from submissions s
     join assignments a on a.id = s.assignment_id where a.class_id = ${classId}),
  (select max(e.time) from activity_events e
     join assignments a on a.id = e.assignment_id where a.class_id = ${classId}),
  (select max(greatest(h.created_at, h.answered_at, h.resolved_at)) from help_requests h where h.class_id = ${classId}),
  (select max(k.updated_at) from code_comments k
     join assignments a on a.id = k.assignment_id where a.class_id = ${classId})
)`;

/** When an account last signed in: our record, any session still stored, or its creation. */
const lastSeen = sql`greatest(
  ${user.createdAt},
  (select s.last_sign_in_at from account_sign_ins s where s.user_id = ${user.id}),
  (select max(x.created_at) from session x where x.user_id = ${user.id})
)`;

/**
 * Accounts the inactivity rule may touch: not admins (the school must not lose its way in), not
 * the grade book's "Former student" stand-ins (no one signs in to them: they go with their last
 * hand-in), and not a teacher who owns a class active since `classCutoff`, the older of the
 * inactivity and class-work cut-offs: their classes' own period comes first, and a teacher erased
 * takes their classes along, so none may still hold work the policy keeps.
 */
const inactiveCandidate = (
  classCutoff: Date,
) => sql`${user.role} not in ('admin', ${FORMER_STUDENT_ROLE}) and not exists (
  select 1 from classes oc where oc.class_owner = ${user.id}
    and ${classLastActivity(sql`oc.id`)} >= ${classCutoff.toISOString()}::timestamptz)`;

/** The class-work cut-off: a class quiet since before it loses its students' work. */
function classWorkCutoff(policy: RetentionPolicy, now: Date): Date {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - policy.classWorkYears);
  return cutoff;
}

/** The inactivity rule's cut-off for a teacher's classes: the older of the two periods. */
const teacherClassCutoff = (policy: RetentionPolicy, now: Date) =>
  new Date(
    Math.min(
      monthsBefore(now, policy.inactiveAccountMonths).getTime(),
      classWorkCutoff(policy, now).getTime(),
    ),
  );

async function expireActivityAndHelp(db: Db, policy: RetentionPolicy, now: Date) {
  const cutoff = retentionCutoff(policy.activityDays ?? "school-year", now);
  const activityEventsDeleted = await deleteActivityBefore(db, cutoff);
  // Help requests are lesson-time traffic like the record: the same period, comments on them too.
  const expired = db
    .select({ id: helpRequests.id })
    .from(helpRequests)
    .where(lt(helpRequests.createdAt, cutoff));
  const comments = await db
    .delete(codeComments)
    .where(inArray(codeComments.helpRequestId, expired))
    .returning({ id: codeComments.id });
  const requests = await db
    .delete(helpRequests)
    .where(lt(helpRequests.createdAt, cutoff))
    .returning({ id: helpRequests.id });
  return { activityEventsDeleted, helpRequests: requests.length, helpComments: comments.length };
}

/** Classes quiet for `classWorkYears`: their students' work goes; the class and its assignments stay. */
async function expireClassWork(db: Db, policy: RetentionPolicy, now: Date) {
  const cutoff = classWorkCutoff(policy, now);
  const quiet = await db.execute<{ id: string }>(sql`
    select c.id from classes c
    where ${classLastActivity(sql`c.id`)} < ${cutoff.toISOString()}::timestamptz
      and (exists (select 1 from submissions s join assignments a on a.id = s.assignment_id where a.class_id = c.id)
        or exists (select 1 from help_requests h where h.class_id = c.id)
        or exists (select 1 from activity_events e join assignments a on a.id = e.assignment_id where a.class_id = c.id))`);
  const classIds = quiet.rows.map((r) => r.id);
  let submissionsDeleted = 0;
  let commentsDeleted = 0;
  let helpDeleted = 0;
  let eventsDeleted = 0;
  for (const classId of classIds) {
    const work = db.select({ id: assignments.id }).from(assignments).where(eq(assignments.classId, classId));
    await db.transaction(async (tx) => {
      commentsDeleted += (
        await tx
          .delete(codeComments)
          .where(inArray(codeComments.assignmentId, work))
          .returning({ id: codeComments.id })
      ).length;
      helpDeleted += (
        await tx
          .delete(helpRequests)
          .where(eq(helpRequests.classId, classId))
          .returning({ id: helpRequests.id })
      ).length;
      eventsDeleted += (
        await tx
          .delete(activityEvents)
          .where(inArray(activityEvents.assignmentId, work))
          .returning({ id: activityEvents.id })
      ).length;
      // Their test results go with them (foreign key, on delete cascade).
      submissionsDeleted += (
        await tx
          .delete(submissions)
          .where(inArray(submissions.assignmentId, work))
          .returning({ id: submissions.id })
      ).length;
    });
  }
  // A "Former student" stand-in whose last kept hand-in went has nothing left to stand in for.
  await db
    .delete(user)
    .where(
      and(
        eq(user.role, FORMER_STUDENT_ROLE),
        sql`not exists (select 1 from submissions s where s.user_id = ${user.id})`,
      ),
    );
  return { classesExpired: classIds.length, submissionsDeleted, commentsDeleted, helpDeleted, eventsDeleted };
}

async function warnInactiveAccounts(deps: RetentionJobDeps, policy: RetentionPolicy, now: Date) {
  const { db } = deps;
  const since = monthsBefore(now, policy.inactiveAccountMonths);
  const due = await db
    .select({ id: user.id, name: user.name, email: user.email, lastSeen: sql<string>`${lastSeen}` })
    .from(user)
    .leftJoin(accountSignIns, eq(accountSignIns.userId, user.id))
    .where(
      and(
        sql`${lastSeen} < ${since.toISOString()}::timestamptz`,
        sql`(${accountSignIns.inactivityWarnedAt} is null or ${accountSignIns.inactivityWarnedAt} < ${lastSeen})`,
        inactiveCandidate(teacherClassCutoff(policy, now)),
      ),
    );
  const deleteOn = new Date(now.getTime() + policy.inactiveGraceDays * DAY);
  for (const u of due) {
    await db
      .insert(accountSignIns)
      .values({ userId: u.id, lastSignInAt: new Date(u.lastSeen), inactivityWarnedAt: now })
      .onConflictDoUpdate({ target: accountSignIns.userId, set: { inactivityWarnedAt: now } });
    await deps.mailer.send(
      linkMail(
        u.email,
        "Your PyClass account will be deleted unless you sign in",
        greeting(u.name),
        `Nobody has signed in to your PyClass account for ${policy.inactiveAccountMonths} months, so we will delete it and your work on ${deleteOn.toISOString().slice(0, 10)}. To keep it, just sign in before then.`,
        "Sign in to keep my account",
        `${deps.publicUrl}/auth`,
      ),
    );
  }
  return due.length;
}

async function deleteWarnedAccounts(deps: RetentionJobDeps, policy: RetentionPolicy, now: Date) {
  const { db } = deps;
  const warnedBefore = new Date(now.getTime() - policy.inactiveGraceDays * DAY);
  const due = await db
    .select({ id: user.id })
    .from(user)
    .innerJoin(accountSignIns, eq(accountSignIns.userId, user.id))
    .where(
      and(
        isNotNull(accountSignIns.inactivityWarnedAt),
        lt(accountSignIns.inactivityWarnedAt, warnedBefore),
        // No sign-in since the warning (a sign-in also clears it: auth.ts).
        sql`${lastSeen} < ${accountSignIns.inactivityWarnedAt}`,
        inactiveCandidate(teacherClassCutoff(policy, now)),
      ),
    );
  let deleted = 0;
  for (const { id } of due) {
    // A quiet teacher's classes go with them (their work already expired by the class-work
    // step); "Delete my account"'s erasure refuses an owner, which counted them deleted each day
    // while nothing was.
    const classesDeleted = (
      await db.delete(classes).where(eq(classes.ownerId, id)).returning({ id: classes.id })
    ).length;
    if (deps.eraseAccount) {
      if (!(await deps.eraseAccount(db, id, now)).erased) continue;
    } else await db.delete(user).where(eq(user.id, id));
    deleted++;
    await recordAudit(db, {
      action: "account.inactive.delete",
      targetType: "user",
      targetId: id,
      details: {
        inactiveMonths: policy.inactiveAccountMonths,
        graceDays: policy.inactiveGraceDays,
        ...(classesDeleted > 0 ? { classesDeleted } : {}),
      },
      at: now,
    });
  }
  return deleted;
}

/** "Download my data" files older than the period lose their bytes (the row says it expired). */
async function expireExports(db: Db, policy: RetentionPolicy, now: Date) {
  const cutoff = new Date(now.getTime() - policy.exportDays * DAY);
  const rows = await db
    .update(dataExports)
    .set({ content: null })
    .where(
      and(
        isNotNull(dataExports.content),
        sql`(${dataExports.createdAt} < ${cutoff.toISOString()}::timestamptz or ${dataExports.expiresAt} <= ${now.toISOString()}::timestamptz)`,
      ),
    )
    .returning({ id: dataExports.id });
  return rows.length;
}

/**
 * Audit log entries past the policy's period (decision 071), counted on the calendar like the
 * inactivity period. This run's own entry is written after, so it always stays.
 */
function expireAuditLog(db: Db, policy: RetentionPolicy, now: Date) {
  return deleteAuditBefore(db, monthsBefore(now, policy.auditLogMonths));
}

/**
 * Outbox copies older than MAIL_KEPT_DAYS. They are dated by the database's real clock when
 * sent, so they are aged by the real clock too (`realNow`), not the policy's: a run "as of" a
 * later date (a test, `--as-of`) does not delete the warnings it has just sent.
 */
async function expireMail(db: Db, realNow: Date) {
  const cutoff = new Date(realNow.getTime() - MAIL_KEPT_DAYS * DAY);
  const rows = await db
    .delete(mailOutbox)
    .where(lt(mailOutbox.createdAt, cutoff))
    .returning({ id: mailOutbox.id });
  return rows.length;
}

/**
 * Sign-in sessions that expired more than EXPIRED_SESSION_KEPT_DAYS ago (decision 071's note of
 * 2026-11-26). A session that ends without a sign-out is never sent again (its cookie expires with
 * it), so Better Auth never deletes it; its IP address and browser would stay for good. Aged by
 * the real clock (`realNow`), as Better Auth dates them: a run "as of" a later date does not sign
 * anyone out. The inactivity rule's last sign-in reads the newest session's start too, so that
 * start is first kept in `account_sign_ins` where it is newer: deleting a session never makes an
 * account look longer unused.
 */
async function expireSessions(db: Db, realNow: Date) {
  const cutoff = new Date(realNow.getTime() - EXPIRED_SESSION_KEPT_DAYS * DAY).toISOString();
  return db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into ${accountSignIns} (user_id, last_sign_in_at)
      select s.user_id, max(s.created_at) from ${session} s
      where s.expires_at < ${cutoff}::timestamptz group by s.user_id
      on conflict (user_id) do update set last_sign_in_at = excluded.last_sign_in_at
      where ${accountSignIns}.last_sign_in_at < excluded.last_sign_in_at`);
    const rows = await tx
      .delete(session)
      .where(lt(session.expiresAt, new Date(cutoff)))
      .returning({ id: session.id });
    return rows.length;
  });
}

/**
 * One run of the whole policy, if no other run holds the lease (then `ran` is false and nothing is
 * touched). Each step commits on its own, so a crash part-way leaves every finished step done and
 * the next run does the rest.
 */
export async function runRetention(
  deps: RetentionJobDeps,
  now: Date,
  trigger: "schedule" | "command line" | "test" = "schedule",
): Promise<RetentionRun> {
  const { db } = deps;
  const clock = deps.clock ?? (() => new Date());
  const owner = await acquireLease(db, RUN_LEASE, RUN_LEASE_MS, clock());
  if (owner === null) return { ran: false, reason: "another run is under way" };
  const renew = () => renewLease(db, RUN_LEASE, owner, RUN_LEASE_MS, clock());
  try {
    const { policy } = await readPolicy(db, deps.defaults);
    // First, so the warnings this run sends are never among the copies it deletes.
    const mailsDeleted = await expireMail(db, clock());
    // By the real clock too; it keeps each account's last sign-in for the inactivity steps below.
    const sessionsDeleted = await expireSessions(db, clock());
    const lesson = await expireActivityAndHelp(db, policy, now);
    await renew();
    const work = await expireClassWork(db, policy, now);
    await renew();
    const accountDeletionsCompleted = deps.purgeDueAccountDeletions
      ? await deps.purgeDueAccountDeletions(db, now)
      : 0;
    await renew();
    const accountsDeleted = await deleteWarnedAccounts(deps, policy, now);
    const accountsWarned = await warnInactiveAccounts(deps, policy, now);
    await renew();
    const exportsDeleted = await expireExports(db, policy, now);
    await renew();
    const auditEntries = await expireAuditLog(db, policy, now);
    const counts: RetentionCounts = {
      activityEvents: lesson.activityEventsDeleted + work.eventsDeleted,
      helpRequests: lesson.helpRequests + work.helpDeleted,
      classesExpired: work.classesExpired,
      submissions: work.submissionsDeleted,
      codeComments: lesson.helpComments + work.commentsDeleted,
      accountsWarned,
      accountsDeleted,
      accountDeletionsCompleted,
      exportsDeleted,
      auditEntries,
      mailsDeleted,
      sessionsDeleted,
    };
    await recordAudit(db, {
      action: "retention.run",
      details: { asOf: now.toISOString(), trigger, ...counts },
    });
    return { ran: true, asOf: now.toISOString(), policy, counts };
  } finally {
    await releaseLease(db, RUN_LEASE, owner).catch(() => {});
  }
}

/** The counts in one line for the server's log and the command's output. */
export function describeCounts(c: RetentionCounts): string {
  return [
    `${c.activityEvents} activity events`,
    `${c.helpRequests} help requests`,
    `${c.codeComments} code comments`,
    `${c.submissions} submissions from ${c.classesExpired} quiet classes`,
    `${c.accountsWarned} inactive accounts warned`,
    `${c.accountsDeleted} inactive accounts deleted`,
    `${c.accountDeletionsCompleted} requested account deletions completed`,
    `${c.exportsDeleted} expired data exports`,
    `${c.auditEntries} audit log entries`,
    `${c.mailsDeleted} copies of sent e-mails`,
    `${c.sessionsDeleted} expired sign-in sessions`,
  ].join(", ");
}
