// Class transfers (decision 061): the owner offers a class to another teacher account by e-mail;
// the recipient accepts (the class, its assignments, students and work become theirs) or declines;
// the sender may cancel. Until an acceptance nothing about the class changes.
import { and, desc, eq, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { assertOwnsClass, isUuid } from "@/server/auth/access.ts";
import { greeting, linkMail, type Mailer } from "@/server/auth/mail.ts";
import type { Db } from "@/server/db/client.ts";
import { classes, classMembers, classTransfers, user } from "@/server/db/schema.ts";
import { badRequest, conflict, notFound, tooManyRequests } from "@/server/errors.ts";
import { recordAudit } from "@/server/features/audit/index.ts";
import { hit } from "@/server/limits/limits.ts";
import { announce, classTopic } from "@/server/live/index.ts";
import type { SessionUser } from "@/server/types.ts";
import {
  type ClassTransfer,
  TRANSFER_MESSAGES,
  TRANSFER_OFFERS_PER_DAY,
  transferOfferSubject,
} from "@/shared/api/transfers.ts";

const sender = alias(user, "sender");
const recipient = alias(user, "recipient");

const transferNotFound = () => notFound(TRANSFER_MESSAGES.notFound);

function selectTransfers(db: Db) {
  return db
    .select({
      id: classTransfers.id,
      classId: classTransfers.classId,
      className: classes.name,
      studentCount: sql<number>`(select count(*)::int from ${classMembers} where ${classMembers.classId} = ${classes.id})`,
      from: { name: sender.name, email: sender.email },
      to: { name: recipient.name, email: recipient.email },
      status: classTransfers.status,
      createdAt: classTransfers.createdAt,
      toUserId: classTransfers.toUserId,
    })
    .from(classTransfers)
    .innerJoin(classes, eq(classes.id, classTransfers.classId))
    .innerJoin(sender, eq(sender.id, classTransfers.fromUserId))
    .innerJoin(recipient, eq(recipient.id, classTransfers.toUserId));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectTransfers>["execute"]>>[number];
const toTransfer = ({ toUserId: _, ...r }: Row): ClassTransfer => ({
  ...r,
  status: r.status as ClassTransfer["status"],
  createdAt: r.createdAt.toISOString(),
});

async function readTransfer(db: Db, id: string): Promise<ClassTransfer> {
  const [row] = await selectTransfers(db).where(eq(classTransfers.id, id));
  if (!row) throw transferNotFound();
  return toTransfer(row);
}

/** The owner offers their class to the teacher account that uses `email`. */
export type OfferDeps = { db: Db; mailer: Mailer; publicUrl: string; rateLimit: boolean };

const OFFERS_A_DAY = { max: TRANSFER_OFFERS_PER_DAY, windowMs: 24 * 3600_000 };

/** Counts one offer against `key`; over the day's allowance, a 429 with `message`. */
async function countOffer(deps: OfferDeps, key: string, message: string) {
  if (!deps.rateLimit) return;
  const counted = await hit(deps.db, key, OFFERS_A_DAY);
  if (!counted.allowed) throw tooManyRequests("TOO_MANY_REQUESTS", message, counted.retryAfterMs);
}

/**
 * The owner offers their class to the teacher account that uses `email`. Every attempt counts
 * against the sender's day (a refused address too: no trying addresses in bulk), every offer made
 * against the recipient's (no flooding one inbox from many accounts).
 */
export async function offerTransfer(
  deps: OfferDeps,
  me: SessionUser,
  classId: string,
  email: string,
): Promise<ClassTransfer> {
  const { db, mailer, publicUrl } = deps;
  const cls = await assertOwnsClass(db, me, classId);
  await countOffer(deps, `transfer-offer:from:${me.id}`, TRANSFER_MESSAGES.tooManyOffers);
  const [to] = await db
    .select({ id: user.id, name: user.name, email: user.email, role: user.role })
    .from(user)
    .where(eq(user.email, email));
  if (to?.role !== "teacher") throw badRequest(TRANSFER_MESSAGES.noSuchTeacher);
  if (to.id === me.id) throw badRequest(TRANSFER_MESSAGES.notYourself);
  await countOffer(deps, `transfer-offer:to:${to.id}`, TRANSFER_MESSAGES.recipientBusy);
  const inserted = await db
    .insert(classTransfers)
    .values({ classId: cls.id, fromUserId: me.id, toUserId: to.id })
    .onConflictDoNothing()
    .returning({ id: classTransfers.id });
  if (inserted.length === 0) throw conflict(TRANSFER_MESSAGES.alreadyOffered);
  const id = inserted[0].id;
  await recordAudit(db, {
    actorId: me.id,
    action: "class.transfer.offer",
    targetType: "class",
    targetId: cls.id,
    details: { transferId: id, className: cls.name, fromUserId: me.id, toUserId: to.id },
  });
  await mailer.send(
    linkMail(
      to.email,
      transferOfferSubject(me.name, cls.name),
      greeting(to.name),
      `${me.name} would like you to take over the class "${cls.name}": its students, assignments and their work. Nothing changes until you accept. You can accept or decline on your dashboard.`,
      "See the offer",
      `${publicUrl}/teacher/dashboard`,
    ),
  );
  return readTransfer(db, id);
}

/** Pending offers to me and from me, newest first. */
export async function listPendingTransfers(db: Db, me: SessionUser) {
  const rows = await selectTransfers(db)
    .where(
      and(
        eq(classTransfers.status, "pending"),
        or(eq(classTransfers.toUserId, me.id), eq(classTransfers.fromUserId, me.id)),
      ),
    )
    .orderBy(desc(classTransfers.createdAt));
  return {
    incoming: rows.filter((r) => r.toUserId === me.id).map(toTransfer),
    outgoing: rows.filter((r) => r.toUserId !== me.id).map(toTransfer),
  };
}

type Answer = "accept" | "decline" | "cancel";
const NEXT_STATUS = { accept: "accepted", decline: "declined", cancel: "cancelled" } as const;

/**
 * The recipient accepts or declines, the sender cancels. One statement under a row lock decides
 * (two answers at once: the first wins, the second is told the offer was answered). Accepting
 * moves the class only while the sender still owns it.
 */
export async function answerTransfer(
  db: Db,
  me: SessionUser,
  id: string,
  answer: Answer,
): Promise<ClassTransfer> {
  if (!isUuid(id)) throw transferNotFound();
  const classId = await db.transaction(async (tx) => {
    const [offer] = await tx.select().from(classTransfers).where(eq(classTransfers.id, id)).for("update");
    const party = answer === "cancel" ? offer?.fromUserId : offer?.toUserId;
    // Someone else's offer is not found, whoever they are.
    if (!offer || party !== me.id) throw transferNotFound();
    if (offer.status !== "pending") throw conflict(TRANSFER_MESSAGES.notPending);
    const [cls] = await tx.select().from(classes).where(eq(classes.id, offer.classId)).for("update");
    if (answer === "accept") {
      if (cls.ownerId !== offer.fromUserId) {
        await tx
          .update(classTransfers)
          .set({ status: "cancelled", respondedAt: new Date() })
          .where(eq(classTransfers.id, id));
        throw conflict(TRANSFER_MESSAGES.ownerChanged);
      }
      await tx.update(classes).set({ ownerId: me.id }).where(eq(classes.id, cls.id));
    }
    await tx
      .update(classTransfers)
      .set({ status: NEXT_STATUS[answer], respondedAt: new Date() })
      .where(eq(classTransfers.id, id));
    await recordAudit(tx, {
      actorId: me.id,
      action: `class.transfer.${answer}`,
      targetType: "class",
      targetId: cls.id,
      details: {
        transferId: id,
        className: cls.name,
        fromUserId: offer.fromUserId,
        toUserId: offer.toUserId,
      },
    });
    return cls.id;
  });
  // The former owner's live lesson page re-checks the class and closes.
  if (answer === "accept") await announce(db, classTopic(classId)).catch(() => {});
  return readTransfer(db, id);
}
