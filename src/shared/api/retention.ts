// Contract of the retention policy (decision 062): what an admin sets, what the public "How long
// we keep data" page shows, and the bounds both sides hold it to.
import { z } from "zod";

/** Every period is whole units within these bounds; the admin form says so beside each field. */
export const RETENTION_BOUNDS = {
  activityDays: { min: 1, max: 3650 },
  classWorkYears: { min: 1, max: 10 },
  inactiveAccountMonths: { min: 6, max: 120 },
  inactiveGraceDays: { min: 7, max: 365 },
  exportDays: { min: 1, max: 30 },
  /**
   * At least a year, so the log always covers a whole school year and an admin cannot empty it of
   * recent entries by lowering the period; at most ten, past any school's record-keeping schedule.
   */
  auditLogMonths: { min: 12, max: 120 },
} as const;

const bounded = (key: keyof typeof RETENTION_BOUNDS, unit: string) => {
  const { min, max } = RETENTION_BOUNDS[key];
  const message = `Enter a whole number of ${unit} from ${min} to ${max}.`;
  return z.number({ message }).int(message).min(min, message).max(max, message);
};

export const RetentionPolicy = z.object({
  /** null: the activity record is kept until the end of the school year (31 August, UK). */
  activityDays: bounded("activityDays", "days").nullable(),
  /** A class's submissions, grades, comments and help requests: this many years after its last activity. */
  classWorkYears: bounded("classWorkYears", "years"),
  /** An account with no sign-in for this many months is warned by e-mail… */
  inactiveAccountMonths: bounded("inactiveAccountMonths", "months"),
  /** …and deleted this many days after the warning unless its owner signs in. */
  inactiveGraceDays: bounded("inactiveGraceDays", "days"),
  /** A "Download my data" file is deleted this many days after it was prepared. */
  exportDays: bounded("exportDays", "days"),
  /** An admin audit log entry (who exported, deleted, transferred…) is deleted this many months after it was written. */
  auditLogMonths: bounded("auditLogMonths", "months"),
});
export type RetentionPolicy = z.output<typeof RetentionPolicy>;

/** What the public page shows: the values in force, whether an admin set them, and since when. */
export const RetentionInForce = z.object({
  policy: RetentionPolicy,
  /** Where the values come from: an admin's choice, or the defaults (ACTIVITY_RETENTION for activity). */
  source: z.enum(["admin", "defaults"]),
  updatedAt: z.string().nullable(),
  /** The account-deletion grace period ("Delete my account"), set by the operator, not here. */
  accountDeletionGraceDays: z.number().int().nullable(),
});
export type RetentionInForce = z.output<typeof RetentionInForce>;

/** The safe defaults: the periods (activity until the end of the school year). */
export const DEFAULT_RETENTION: RetentionPolicy = {
  activityDays: null,
  classWorkYears: 2,
  inactiveAccountMonths: 24,
  inactiveGraceDays: 30,
  exportDays: 7,
  auditLogMonths: 24,
};

/** What one run of the retention job deleted and sent. */
export const RetentionCounts = z.object({
  activityEvents: z.number().int(),
  helpRequests: z.number().int(),
  classesExpired: z.number().int(),
  submissions: z.number().int(),
  codeComments: z.number().int(),
  accountsWarned: z.number().int(),
  accountsDeleted: z.number().int(),
  accountDeletionsCompleted: z.number().int(),
  exportsDeleted: z.number().int(),
  auditEntries: z.number().int(),
  /** Copies of e-mails sent more than MAIL_KEPT_DAYS ago (the outbox). */
  mailsDeleted: z.number().int(),
  /** Sign-in sessions that ended (expired) more than EXPIRED_SESSION_KEPT_DAYS ago without a sign-out. */
  sessionsDeleted: z.number().int(),
});
export type RetentionCounts = z.output<typeof RetentionCounts>;

/** The activity period in words, for the admin form and the public page. */
export function describeActivityPeriod(days: number | null): string {
  return days === null
    ? "until the end of the school year (31 August)"
    : `for ${days} day${days === 1 ? "" : "s"}`;
}

/** GET /api/schools/facts: what the school pack says about this server (no sign-in). */
export const ServerFacts = z.object({
  /** The SMTP provider's host when SMTP_URL is set (a sub-processor); null: mail stays in the outbox. */
  smtpHost: z.string().nullable(),
  /** Where the database is: the embedded one in DATA_DIR, or a PostgreSQL server. */
  database: z.enum(["embedded", "postgres"]),
});
export type ServerFacts = z.output<typeof ServerFacts>;

/**
 * How long a copy of a sent e-mail is kept in the outbox (a fixed period, not the admin's). The
 * copy exists so an operator can see that a message went (or why SMTP refused it) and, in
 * development, so the mailbox page can show it; it holds a name, an address and sometimes a
 * sign-in link, so it is kept no longer than a delivery problem takes to notice. Every link in it
 * has expired long before (the longest, a deletion's cancel window, is 14 days).
 */
export const MAIL_KEPT_DAYS = 30;

/**
 * How long a sign-in session is kept after it expired without a sign-out (a fixed period, not the
 * admin's). Once expired it signs no one in, but it holds an IP address and a browser, so the daily
 * job deletes it. The day is a margin for clocks: Better Auth dates the expiry by the clock of the
 * instance that renewed the session, and the job may run on another instance whose clock is ahead;
 * a day is far more than any skew, and costs at most a day's keeping of a row nobody can use.
 */
export const EXPIRED_SESSION_KEPT_DAYS = 1;
