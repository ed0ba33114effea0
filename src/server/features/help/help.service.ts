// Help requests ("I'm stuck", decision "Help requests and line comments"): a student raises a hand
// on an assignment of a class they belong to, with an optional question and the code they have
// open; the class's teacher sees the queue oldest first with the waiting time, answers with a
// message and/or line comments, and marks it resolved. One open request per student (a partial
// unique index holds it even against two tabs at once); withdrawing is the student's one click.
import { and, asc, desc, eq, inArray, isNotNull, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { assertOwnsClass, isUuid, loadAssignmentFor } from "@/server/auth/access.ts";
import type { Db } from "@/server/db/client.ts";
import { assignments, classes, codeComments, helpRequests, user } from "@/server/db/schema.ts";
import { AppError, notFound } from "@/server/errors.ts";
import { insertComments, readComments } from "@/server/features/comments/index.ts";
import type { SessionUser } from "@/server/types.ts";
import type { CodeComment } from "@/shared/api/comments.ts";
import {
  type AnswerHelpBody,
  HELP_MESSAGES,
  type HelpQueue,
  type HelpRequest,
  type HelpStatus,
  type RaiseHandBody,
} from "@/shared/api/help.ts";

type Row = typeof helpRequests.$inferSelect;

const helpNotFound = () => notFound(HELP_MESSAGES.notFound);
const MINUTE = 60_000;

function toRequest(
  r: Row,
  names: { assignmentName: string; studentName: string },
  comments: CodeComment[],
  now: Date,
): HelpRequest {
  const until = r.status === "open" ? now : (r.answeredAt ?? r.resolvedAt ?? now);
  return {
    id: r.id,
    classId: r.classId,
    assignmentId: r.assignmentId,
    assignmentName: names.assignmentName,
    studentId: r.studentId,
    studentName: names.studentName,
    question: r.question,
    code: r.code,
    status: r.status as HelpStatus,
    answer: r.answer,
    createdAt: r.createdAt.toISOString(),
    answeredAt: r.answeredAt?.toISOString() ?? null,
    resolvedAt: r.resolvedAt?.toISOString() ?? null,
    waitingMinutes: Math.max(0, Math.floor((until.getTime() - r.createdAt.getTime()) / MINUTE)),
    comments,
  };
}

/** Requests matching `where` with names and comments, in the order given. */
async function readRequests(db: Db, where: SQL | undefined, now: Date) {
  const rows = await db
    .select({ r: helpRequests, assignmentName: assignments.name, studentName: user.name })
    .from(helpRequests)
    .innerJoin(assignments, eq(assignments.id, helpRequests.assignmentId))
    .innerJoin(user, eq(user.id, helpRequests.studentId))
    .where(where)
    .orderBy(
      // The queue: open ones first, oldest first; then answered ones, most recently answered first.
      sql`case when ${helpRequests.status} = 'open' then 0 else 1 end`,
      asc(helpRequests.createdAt),
    );
  const ids = rows.map((x) => x.r.id);
  const comments = ids.length === 0 ? [] : await readComments(db, inArray(codeComments.helpRequestId, ids));
  return rows.map(({ r, assignmentName, studentName }) =>
    toRequest(
      r,
      { assignmentName, studentName },
      comments.filter((c) => c.helpRequestId === r.id),
      now,
    ),
  );
}

const isUniqueViolation = (e: unknown): boolean => {
  for (let x = e as { code?: string; cause?: unknown } | undefined; x; x = x.cause as typeof x)
    if (x.code === "23505") return true;
  return false;
};

/**
 * The student raises a hand on an assignment of their class. A request the teacher already answered
 * (on any assignment) is resolved by a new one: the student has moved on. 409 while one is open.
 */
export async function raiseHand(
  db: Db,
  me: SessionUser,
  assignmentId: string,
  body: z.output<typeof RaiseHandBody>,
  now: Date,
): Promise<{ request: HelpRequest; classId: string }> {
  const { assignment, cls } = await loadAssignmentFor(db, me, assignmentId);
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      await tx
        .update(helpRequests)
        .set({ status: "resolved", resolvedAt: now })
        .where(and(eq(helpRequests.studentId, me.id), eq(helpRequests.status, "answered")));
      const [row] = await tx
        .insert(helpRequests)
        .values({
          classId: cls.id,
          assignmentId: assignment.id,
          studentId: me.id,
          question: body.question,
          code: body.code,
          createdAt: now,
        })
        .returning({ id: helpRequests.id });
      return row!.id;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError("HELP_ALREADY_OPEN", 409, HELP_MESSAGES.alreadyOpen);
    throw e;
  }
  const [request] = await readRequests(db, eq(helpRequests.id, id), now);
  return { request: request!, classId: cls.id };
}

/** Withdraws the student's open request on this assignment (one click); 404 when none is open. */
export async function withdraw(
  db: Db,
  me: SessionUser,
  assignmentId: string,
  now: Date,
): Promise<{ classId: string }> {
  if (!isUuid(assignmentId)) throw notFound(HELP_MESSAGES.nothingOpen);
  const [row] = await db
    .update(helpRequests)
    .set({ status: "withdrawn", resolvedAt: now })
    .where(
      and(
        eq(helpRequests.studentId, me.id),
        eq(helpRequests.assignmentId, assignmentId),
        eq(helpRequests.status, "open"),
      ),
    )
    .returning({ classId: helpRequests.classId });
  if (!row) throw notFound(HELP_MESSAGES.nothingOpen);
  return { classId: row.classId };
}

/**
 * The student's latest request on this assignment that is open or has an answer (answered, or
 * answered and then resolved), with the answer and its comments; withdrawn ones are gone.
 */
export async function myRequest(
  db: Db,
  me: SessionUser,
  assignmentId: string,
  now: Date,
): Promise<HelpRequest | null> {
  await loadAssignmentFor(db, me, assignmentId);
  const [latest] = await db
    .select({ id: helpRequests.id })
    .from(helpRequests)
    .where(
      and(
        eq(helpRequests.studentId, me.id),
        eq(helpRequests.assignmentId, assignmentId),
        // An answer stays readable after the teacher marks it resolved, until the next hand.
        or(
          inArray(helpRequests.status, ["open", "answered"]),
          and(eq(helpRequests.status, "resolved"), isNotNull(helpRequests.answeredAt)),
        ),
      ),
    )
    .orderBy(desc(helpRequests.createdAt))
    .limit(1);
  if (!latest) return null;
  const [request] = await readRequests(db, eq(helpRequests.id, latest.id), now);
  return request ?? null;
}

/** The class's queue for its teacher: open requests oldest first, then answered ones. */
export async function helpQueue(db: Db, me: SessionUser, classId: string, now: Date): Promise<HelpQueue> {
  await assertOwnsClass(db, me, classId);
  const requests = await readRequests(
    db,
    and(eq(helpRequests.classId, classId), inArray(helpRequests.status, ["open", "answered"])),
    now,
  );
  return { classId, requests };
}

/** The request, if `me` teaches its class; else 404 (another teacher's ids reveal nothing). */
async function requestForTeacher(db: Db, me: SessionUser, id: string): Promise<Row> {
  if (!isUuid(id)) throw helpNotFound();
  const [row] = await db
    .select({ r: helpRequests })
    .from(helpRequests)
    .innerJoin(classes, eq(classes.id, helpRequests.classId))
    .where(and(eq(helpRequests.id, id), eq(classes.ownerId, me.id)));
  if (!row) throw helpNotFound();
  return row.r;
}

const stillOpen = (r: Row) => r.status === "open" || r.status === "answered";

/** The teacher answers: a message and/or comments on lines of the attached code (again adds more). */
export async function answer(
  db: Db,
  me: SessionUser,
  id: string,
  body: z.output<typeof AnswerHelpBody>,
  now: Date,
): Promise<HelpRequest> {
  const r = await requestForTeacher(db, me, id);
  if (!stillOpen(r)) throw new AppError("CONFLICT", 409, HELP_MESSAGES.notOpen);
  await db.transaction(async (tx) => {
    await insertComments(
      tx,
      {
        authorId: me.id,
        studentId: r.studentId,
        assignmentId: r.assignmentId,
        helpRequestId: r.id,
        code: r.code,
      },
      body.comments,
      now,
    );
    await tx
      .update(helpRequests)
      .set({
        status: "answered",
        answeredAt: now,
        answeredBy: me.id,
        ...(body.message !== "" ? { answer: body.message } : {}),
      })
      .where(eq(helpRequests.id, r.id));
  });
  const [request] = await readRequests(db, eq(helpRequests.id, r.id), now);
  return request!;
}

/** The teacher marks the request resolved (answered or not: they helped at the desk). */
export async function resolve(db: Db, me: SessionUser, id: string, now: Date): Promise<HelpRequest> {
  const r = await requestForTeacher(db, me, id);
  if (!stillOpen(r)) throw new AppError("CONFLICT", 409, HELP_MESSAGES.notOpen);
  await db.update(helpRequests).set({ status: "resolved", resolvedAt: now }).where(eq(helpRequests.id, r.id));
  const [request] = await readRequests(db, eq(helpRequests.id, r.id), now);
  return request!;
}

/** Open requests of a class, oldest first (the live view's raised hands). */
export async function openHelpRequestsFor(
  db: Db,
  classId: string,
): Promise<{ id: string; studentId: string; assignmentId: string; createdAt: Date }[]> {
  if (!isUuid(classId)) return [];
  return db
    .select({
      id: helpRequests.id,
      studentId: helpRequests.studentId,
      assignmentId: helpRequests.assignmentId,
      createdAt: helpRequests.createdAt,
    })
    .from(helpRequests)
    .where(and(eq(helpRequests.classId, classId), eq(helpRequests.status, "open")))
    .orderBy(asc(helpRequests.createdAt));
}
