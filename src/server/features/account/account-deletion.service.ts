// "Delete my account" (decision 060): the password again, a link by e-mail, then a grace period
// (ACCOUNT_DELETION_GRACE_DAYS) in which signing in cancels it; the daily job erases the rest
// (account-erasure.ts). Confirming signs the account out everywhere.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { greeting, linkMail, type Mailer } from "@/server/auth/mail.ts";
import { passwordQueue, queuedPasswordHashing } from "@/server/auth/password-queue.ts";
import type { Db } from "@/server/db/client.ts";
import { account, accountDeletions, classes, user } from "@/server/db/schema.ts";
import { AppError, badRequest, notFound, tooManyRequests } from "@/server/errors.ts";
import { recordAudit } from "@/server/features/audit/index.ts";
import { hit } from "@/server/limits/limits.ts";
import type { SessionUser } from "@/server/types.ts";
import { ACCOUNT_MESSAGES, type DeletionConfirmed, type DeletionStatus } from "@/shared/api/account.ts";
import { signOutEverywhere } from "./sessions.ts";

const DAY = 24 * 3600 * 1000;
/** How long the e-mailed link works. */
export const DELETION_LINK_MS = DAY;
/** Password checks for a deletion: as Better Auth's verify-password, 10 a user in 15 minutes. */
const PASSWORD_CHECKS = { max: 10, windowMs: 15 * 60_000 };

export type DeletionDeps = {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  graceDays: number;
  rateLimit: boolean;
  now: () => Date;
};

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

const dateInWords = (d: Date) =>
  d.toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Europe/London",
  });

/** The classes a teacher still owns: their students' work would go with the account. */
export async function ownedClassNames(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ name: classes.name })
    .from(classes)
    .where(eq(classes.ownerId, userId))
    .orderBy(classes.name);
  return rows.map((r) => r.name);
}

async function refuseIfOwnsClasses(db: Db, userId: string) {
  const owned = await ownedClassNames(db, userId);
  if (owned.length > 0) throw new AppError("OWNS_CLASSES", 409, ACCOUNT_MESSAGES.ownsClasses(owned));
}

/** The password check, in this user's lane of the password queue (decision 054), never unbounded. */
async function checkPassword(deps: DeletionDeps, userId: string, password: string) {
  if (deps.rateLimit) {
    const counted = await hit(deps.db, `account-deletion:u:${userId}`, PASSWORD_CHECKS, deps.now());
    if (!counted.allowed)
      throw tooManyRequests(
        "TOO_MANY_REQUESTS",
        `Too many attempts. Please wait ${Math.ceil(counted.retryAfterMs / 1000)} seconds and try again.`,
        counted.retryAfterMs,
      );
  }
  const credential = await deps.db.query.account.findFirst({
    where: and(eq(account.userId, userId), eq(account.providerId, "credential")),
    columns: { password: true },
  });
  if (!credential?.password) throw badRequest(ACCOUNT_MESSAGES.noPassword, "WRONG_PASSWORD");
  const lane = passwordQueue.enter(`u:${userId}`, "known");
  if (!lane)
    throw new AppError("BUSY", 503, "PyClass is busy. Please try again in a few seconds.", {
      "Retry-After": "5",
    });
  const ok = await passwordQueue.within(lane, () =>
    queuedPasswordHashing.verify({ hash: credential.password as string, password }),
  );
  if (!ok) throw badRequest(ACCOUNT_MESSAGES.wrongPassword, "WRONG_PASSWORD");
}

export async function deletionStatus(db: Db, userId: string, graceDays: number): Promise<DeletionStatus> {
  const row = await db.query.accountDeletions.findFirst({ where: eq(accountDeletions.userId, userId) });
  // A scheduled row is only seen by a session opened before the link was (they all end with it).
  const status = row && row.status !== "scheduled" ? (row.status as "requested" | "cancelled") : "none";
  return {
    status,
    requestedAt: status === "none" ? null : (row?.requestedAt.toISOString() ?? null),
    linkExpiresAt: status === "requested" ? (row?.linkExpiresAt.toISOString() ?? null) : null,
    cancelledAt: status === "cancelled" ? (row?.cancelledAt?.toISOString() ?? null) : null,
    graceDays,
  };
}

/** Step 1: the password again (and no classes owned), then a link by e-mail. Nothing changes yet. */
export async function requestDeletion(
  deps: DeletionDeps,
  me: SessionUser,
  password: string,
): Promise<DeletionStatus> {
  const { db } = deps;
  await refuseIfOwnsClasses(db, me.id);
  await checkPassword(deps, me.id, password);
  const now = deps.now();
  const token = randomBytes(32).toString("base64url");
  const values = {
    status: "requested",
    tokenHash: hashToken(token),
    requestedAt: now,
    linkExpiresAt: new Date(now.getTime() + DELETION_LINK_MS),
    confirmedAt: null,
    dueAt: null,
    cancelledAt: null,
  };
  await db
    .insert(accountDeletions)
    .values({ userId: me.id, ...values })
    .onConflictDoUpdate({ target: accountDeletions.userId, set: values });
  await deps.mailer.send(
    linkMail(
      me.email,
      "Confirm: delete your PyClass account",
      greeting(me.name),
      `You asked to delete your PyClass account. Open the link within 24 hours to confirm. ` +
        `Your account is then deleted after ${deps.graceDays} days; if you sign in before then, nothing is deleted.`,
      "Confirm: delete my account",
      `${deps.publicUrl}/account/delete?token=${token}`,
    ),
  );
  return deletionStatus(db, me.id, deps.graceDays);
}

/**
 * Step 2, from the e-mailed link (no session needed: the token is the proof): the deletion is
 * scheduled after the grace period and every session of the account ends.
 */
export async function confirmDeletion(deps: DeletionDeps, token: string): Promise<DeletionConfirmed> {
  const { db } = deps;
  const now = deps.now();
  const row = await db.query.accountDeletions.findFirst({
    where: and(eq(accountDeletions.tokenHash, hashToken(token)), eq(accountDeletions.status, "requested")),
  });
  if (!row) throw notFound(ACCOUNT_MESSAGES.linkInvalid);
  if (row.linkExpiresAt <= now) throw new AppError("LINK_EXPIRED", 410, ACCOUNT_MESSAGES.linkExpired);
  await refuseIfOwnsClasses(db, row.userId);
  const dueAt = new Date(now.getTime() + deps.graceDays * DAY);
  const [scheduled] = await db
    .update(accountDeletions)
    .set({ status: "scheduled", tokenHash: null, confirmedAt: now, dueAt })
    .where(and(eq(accountDeletions.userId, row.userId), eq(accountDeletions.status, "requested")))
    .returning({ userId: accountDeletions.userId });
  if (!scheduled) throw notFound(ACCOUNT_MESSAGES.linkInvalid); // opened twice at once
  await signOutEverywhere(db, row.userId);
  await recordAudit(db, {
    actorId: row.userId,
    action: "account.delete.request",
    targetType: "user",
    targetId: row.userId,
    details: { dueAt: dueAt.toISOString(), graceDays: deps.graceDays },
    at: now,
  });
  const who = await db.query.user.findFirst({
    where: eq(user.id, row.userId),
    columns: { email: true, name: true },
  });
  if (who)
    await deps.mailer.send(
      linkMail(
        who.email,
        "Your PyClass account will be deleted",
        greeting(who.name),
        `Your PyClass account will be deleted on ${dateInWords(dueAt)}, with your work and history. ` +
          "You have been signed out everywhere. Changed your mind? Sign in before then and nothing is deleted.",
        "Sign in to keep my account",
        `${deps.publicUrl}/auth`,
      ),
    );
  return { dueAt: dueAt.toISOString() };
}

/**
 * Signing in during the grace period cancels the deletion (Better Auth's session hook calls this
 * on every new session); the row stays as "cancelled" until the user has read the notice.
 */
export async function cancelDeletionOnSignIn(deps: DeletionDeps, userId: string): Promise<boolean> {
  const { db } = deps;
  const now = deps.now();
  const [cancelled] = await db
    .update(accountDeletions)
    .set({ status: "cancelled", cancelledAt: now })
    .where(and(eq(accountDeletions.userId, userId), eq(accountDeletions.status, "scheduled")))
    .returning({ userId: accountDeletions.userId });
  if (!cancelled) return false;
  await recordAudit(db, {
    actorId: userId,
    action: "account.delete.cancel",
    targetType: "user",
    targetId: userId,
    at: now,
  });
  const who = await db.query.user.findFirst({
    where: eq(user.id, userId),
    columns: { email: true, name: true },
  });
  if (who)
    await deps.mailer.send(
      linkMail(
        who.email,
        "Your PyClass account will not be deleted",
        greeting(who.name),
        "You signed in, so we cancelled the deletion of your PyClass account. Everything is as it was. " +
          "If that was not you, change your password now.",
        "Open PyClass",
        `${deps.publicUrl}/dashboard`,
      ),
    );
  return true;
}

/** Withdraws a request whose link was not opened yet, or dismisses the "cancelled" notice. */
export async function clearDeletion(db: Db, userId: string): Promise<void> {
  await db
    .delete(accountDeletions)
    .where(
      and(eq(accountDeletions.userId, userId), inArray(accountDeletions.status, ["requested", "cancelled"])),
    );
}
