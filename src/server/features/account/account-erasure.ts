// Erasing an account (decision 060): what "Delete my account" does once the grace period is over,
// run by the daily retention job (one instance at a time) and `npm run retention` (features/retention).
// The account and everything it owns go; a teacher's grade book keeps one "Former student" line per
// hand-in that was the newest, with its grade and automatic score, and no name, e-mail or code.
import { randomUUID } from "node:crypto";
import { and, eq, inArray, lte, or, sql } from "drizzle-orm";
import { greeting } from "@/server/auth/mail.ts";
import type { Db } from "@/server/db/client.ts";
import {
  accountDeletions,
  mailOutbox,
  rateLimits,
  submissions,
  testCaseResults,
  user,
  verification,
} from "@/server/db/schema.ts";
import { recordAudit } from "@/server/features/audit/index.ts";
import { latestFinals } from "@/server/features/submissions/index.ts";
import { transferOfferSubjectPrefix } from "@/shared/api/transfers.ts";
import {
  FORMER_STUDENT_NAME,
  FORMER_STUDENT_ROLE,
  formerStudentEmail,
} from "@/shared/domain/former-student.ts";
import { ownedClassNames } from "./account-deletion.service.ts";

export type Erasure = { erased: boolean; keptGradeLines: number; reason?: "owns-classes" | "gone" };

/**
 * Erases one account now. Refused (nothing changes) while it owns classes: its students' work
 * would go with it. One transaction: a failure leaves the account as it was.
 */
export async function eraseAccount(db: Db, userId: string, now: Date): Promise<Erasure> {
  const me = await db.query.user.findFirst({
    where: eq(user.id, userId),
    columns: { email: true, name: true },
  });
  if (!me) return { erased: false, keptGradeLines: 0, reason: "gone" };
  if ((await ownedClassNames(db, userId)).length > 0)
    return { erased: false, keptGradeLines: 0, reason: "owns-classes" };
  const kept = await latestFinals(db, eq(submissions.userId, userId));
  await db.transaction(async (tx) => {
    if (kept.length > 0) {
      // The grade book's line: the newest hand-in of each assignment moves to a stand-in account
      // (role "former": it can never sign in, no password, no session) without code or notes.
      const standIn = randomUUID();
      await tx.insert(user).values({
        id: standIn,
        name: FORMER_STUDENT_NAME,
        email: formerStudentEmail(standIn),
        emailVerified: false,
        role: FORMER_STUDENT_ROLE,
        createdAt: now,
        updatedAt: now,
      });
      const ids = kept.map((k) => k.id);
      await tx.delete(testCaseResults).where(inArray(testCaseResults.submissionId, ids));
      await tx
        .update(submissions)
        .set({ userId: standIn, code: "", teacherNotes: null })
        .where(inArray(submissions.id, ids));
    }
    // What holds the address or the id outside the account's own rows: e-mails sent to it, links
    // and limit counters keyed on it.
    // Mail to the address, and mail greeting the account by name: sent to an address it used
    // before (changed since), it would keep the name and that address (a same-named account loses
    // its outbox copies too; they were delivered already).
    await tx
      .delete(mailOutbox)
      .where(
        or(
          eq(mailOutbox.to, me.email.toLowerCase()),
          sql`position(${greeting(me.name)} in ${mailOutbox.text}) = 1`,
        ),
      );
    // The one e-mail to someone else that names this account: a class offered to another teacher.
    await tx
      .delete(mailOutbox)
      .where(sql`position(${transferOfferSubjectPrefix(me.name)} in ${mailOutbox.subject}) = 1`);
    await tx
      .delete(verification)
      .where(
        or(eq(verification.value, userId), sql`position(${me.email} in ${verification.identifier}) > 0`),
      );
    await tx
      .delete(rateLimits)
      .where(
        or(
          sql`position(${me.email} in ${rateLimits.key}) > 0`,
          sql`position(${userId} in ${rateLimits.key}) > 0`,
        ),
      );
    // Sessions, password, memberships, every submission, save, attempt, activity event, help
    // request, comment, export and this deletion's own row go with the user (ON DELETE CASCADE);
    // grades and answers given by a teacher keep their row (ON DELETE SET NULL).
    await tx.delete(user).where(eq(user.id, userId));
  });
  return { erased: true, keptGradeLines: kept.length };
}

/**
 * The daily work: erases every account whose grace period ended by `now`, one at a time, each in
 * the audit log (who: the system). Returns how many were erased. One that owns classes again (a
 * class transferred to it meanwhile) is left scheduled and named in the log line.
 */
export async function purgeDueAccountDeletions(db: Db, now: Date): Promise<number> {
  const due = await db
    .select({ userId: accountDeletions.userId })
    .from(accountDeletions)
    .where(and(eq(accountDeletions.status, "scheduled"), lte(accountDeletions.dueAt, now)));
  let erased = 0;
  for (const { userId } of due) {
    const result = await eraseAccount(db, userId, now);
    if (result.reason === "owns-classes")
      console.error(
        `Account deletion: ${userId} owns classes again; left scheduled until they are transferred.`,
      );
    if (!result.erased) continue;
    erased++;
    await recordAudit(db, {
      action: "account.delete",
      targetType: "user",
      targetId: userId,
      details: { keptGradeLines: result.keptGradeLines },
      at: now,
    });
  }
  return erased;
}
