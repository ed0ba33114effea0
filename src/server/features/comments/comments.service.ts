// Line comments (decision "Help requests and line comments"): one home for a teacher's comment on a
// line of a student's code, whether written while grading a final submission or when answering a
// help request. The access rule, in one place: the class's teacher writes; the author edits and
// deletes their own; the student whose code it is reads; anybody else gets a 404.
import { and, asc, count, eq, inArray, type SQL } from "drizzle-orm";
import { assertOwnsAssignment, isUuid, loadAssignmentFor, loadSubmissionFor } from "@/server/auth/access.ts";
import type { Db } from "@/server/db/client.ts";
import { codeComments, user } from "@/server/db/schema.ts";
import { AppError, notFound } from "@/server/errors.ts";
import type { SessionUser } from "@/server/types.ts";
import { COMMENT_MESSAGES, type CodeComment, lineOf, type NewLineComment } from "@/shared/api/comments.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const commentNotFound = () => notFound(COMMENT_MESSAGES.notFound);

/** Comments matching `where`, in line order then oldest first, with the author's name. */
export async function readComments(db: Db | Tx, where: SQL | undefined): Promise<CodeComment[]> {
  const rows = await db
    .select({ c: codeComments, authorName: user.name })
    .from(codeComments)
    .innerJoin(user, eq(user.id, codeComments.authorId))
    .where(where)
    .orderBy(asc(codeComments.line), asc(codeComments.createdAt), asc(codeComments.id));
  return rows.map(({ c, authorName }) => toComment(c, authorName));
}

function toComment(c: typeof codeComments.$inferSelect, authorName: string): CodeComment {
  return {
    id: c.id,
    authorId: c.authorId,
    authorName,
    studentId: c.studentId,
    assignmentId: c.assignmentId,
    submissionId: c.submissionId,
    helpRequestId: c.helpRequestId,
    line: c.line,
    lineText: lineOf(c.code, c.line) ?? "",
    body: c.body,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

/** A 400 unless every comment's line is a line of `code`. */
export function assertLinesIn(code: string, comments: NewLineComment[]): void {
  for (const c of comments)
    if (lineOf(code, c.line) === null) throw new AppError("VALIDATION", 400, COMMENT_MESSAGES.lineOutside);
}

/** Writes comments on `code` (the caller has checked that `author` teaches the class). */
export async function insertComments(
  db: Db | Tx,
  where: {
    authorId: string;
    studentId: string;
    assignmentId: string;
    submissionId?: string | null;
    helpRequestId?: string | null;
    code: string;
  },
  comments: NewLineComment[],
  now: Date,
): Promise<string[]> {
  if (comments.length === 0) return [];
  assertLinesIn(where.code, comments);
  const rows = await db
    .insert(codeComments)
    .values(
      comments.map((c) => ({
        authorId: where.authorId,
        studentId: where.studentId,
        assignmentId: where.assignmentId,
        submissionId: where.submissionId ?? null,
        helpRequestId: where.helpRequestId ?? null,
        line: c.line,
        code: where.code,
        body: c.body,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: codeComments.id });
  return rows.map((r) => r.id);
}

/** Grading: the class's teacher comments on a line of a final submission. Returns the student's id too. */
export async function commentOnSubmission(
  db: Db,
  me: SessionUser,
  submissionId: string,
  comment: NewLineComment,
  now: Date,
): Promise<{ comment: CodeComment; studentId: string }> {
  const { submission, as } = await loadSubmissionFor(db, me, submissionId);
  if (as !== "owner") throw notFound(COMMENT_MESSAGES.notFound);
  if (!submission.isFinal) throw new AppError("NOT_FINAL", 400, COMMENT_MESSAGES.notFinal);
  const [id] = await insertComments(
    db,
    {
      authorId: me.id,
      studentId: submission.userId,
      assignmentId: submission.assignmentId,
      submissionId: submission.id,
      code: submission.code,
    },
    [comment],
    now,
  );
  const [stored] = await readComments(db, eq(codeComments.id, id!));
  return { comment: stored!, studentId: submission.userId };
}

/** A submission's comments: its class's teacher or the student who wrote it. */
export async function submissionComments(db: Db, me: SessionUser, submissionId: string) {
  await loadSubmissionFor(db, me, submissionId);
  return readComments(db, eq(codeComments.submissionId, submissionId));
}

/**
 * Every comment on one student's work on an assignment (hand-ins and help answers): the student
 * reads their own (even after leaving the class: the work stays theirs); the class's teacher names
 * the student. Anyone else: 404.
 */
export async function workComments(
  db: Db,
  me: SessionUser,
  assignmentId: string,
  studentId: string | undefined,
): Promise<CodeComment[]> {
  if (!isUuid(assignmentId)) throw commentNotFound();
  if (me.role === "student") {
    const own = await readComments(
      db,
      and(eq(codeComments.assignmentId, assignmentId), eq(codeComments.studentId, me.id)),
    );
    // None: a member sees an empty list, anyone else the same 404 as for the assignment.
    if (own.length === 0) await loadAssignmentFor(db, me, assignmentId);
    return own;
  }
  await assertOwnsAssignment(db, me, assignmentId);
  if (!studentId) throw new AppError("VALIDATION", 400, "Say whose work: ?studentId=.");
  return readComments(
    db,
    and(eq(codeComments.assignmentId, assignmentId), eq(codeComments.studentId, studentId)),
  );
}

/** The comment, if `me` wrote it (edit and delete are the author's alone); else 404. */
async function ownComment(db: Db, me: SessionUser, id: string) {
  if (!isUuid(id)) throw commentNotFound();
  const [row] = await db.select().from(codeComments).where(eq(codeComments.id, id));
  if (!row || row.authorId !== me.id) throw commentNotFound();
  return row;
}

export async function editComment(
  db: Db,
  me: SessionUser,
  id: string,
  body: string,
  now: Date,
): Promise<{ comment: CodeComment; studentId: string }> {
  const row = await ownComment(db, me, id);
  await db.update(codeComments).set({ body, updatedAt: now }).where(eq(codeComments.id, row.id));
  const [stored] = await readComments(db, eq(codeComments.id, row.id));
  return { comment: stored!, studentId: row.studentId };
}

export async function deleteComment(db: Db, me: SessionUser, id: string): Promise<{ studentId: string }> {
  const row = await ownComment(db, me, id);
  await db.delete(codeComments).where(eq(codeComments.id, row.id));
  return { studentId: row.studentId };
}

/** Comments per submission (the grade sheet's "Comments" column). */
export async function commentCounts(db: Db, submissionIds: string[]): Promise<Map<string, number>> {
  if (submissionIds.length === 0) return new Map();
  const rows = await db
    .select({ id: codeComments.submissionId, n: count() })
    .from(codeComments)
    .where(inArray(codeComments.submissionId, submissionIds))
    .groupBy(codeComments.submissionId);
  return new Map(rows.map((r) => [r.id!, Number(r.n)]));
}
