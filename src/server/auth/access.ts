// Who may touch which class, assignment and submission: a teacher only what sits in a class they
// own, a student only what sits in a class they belong to (and only their own submissions).
// Anything else is a 404, so ids of other people's work reveal nothing. Role guards run first.
import { and, eq } from "drizzle-orm";
import type { Db } from "@/server/db/client.ts";
import { assignments, classes, classMembers, submissions } from "@/server/db/schema.ts";
import { forbidden, notFound } from "@/server/errors.ts";
import type { SessionUser } from "@/server/types.ts";
import { ASSIGNMENT_MESSAGES } from "@/shared/api/assignments.ts";
import { CLASS_MESSAGES } from "@/shared/api/classes.ts";

export type ClassRow = typeof classes.$inferSelect;
export type AssignmentRow = typeof assignments.$inferSelect;
export type SubmissionRow = typeof submissions.$inferSelect;

/** How the caller reaches a class: as its owning teacher or as a member student. */
export type ClassRelation = "owner" | "member";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids come from the URL: a malformed one is simply not found (and never reaches the database). */
export function isUuid(id: string | undefined): id is string {
  return typeof id === "string" && UUID.test(id);
}

const classNotFound = () => notFound(CLASS_MESSAGES.classNotFound);
const assignmentNotFound = () => notFound(ASSIGNMENT_MESSAGES.notFound);
const submissionNotFound = () => notFound(ASSIGNMENT_MESSAGES.submissionNotFound);

function relationOf(user: SessionUser): ClassRelation {
  if (user.role === "teacher") return "owner";
  if (user.role === "student") return "member";
  throw forbidden();
}

/** The class, if the caller owns it (teacher) or belongs to it (student); else 404. */
export async function loadClassFor(db: Db, user: SessionUser, classId: string) {
  if (!isUuid(classId)) throw classNotFound();
  const as = relationOf(user);
  const [row] =
    as === "owner"
      ? await db
          .select({ cls: classes })
          .from(classes)
          .where(and(eq(classes.id, classId), eq(classes.ownerId, user.id)))
      : await db
          .select({ cls: classes })
          .from(classes)
          .innerJoin(
            classMembers,
            and(eq(classMembers.classId, classes.id), eq(classMembers.userId, user.id)),
          )
          .where(eq(classes.id, classId));
  if (!row) throw classNotFound();
  return { cls: row.cls, as };
}

/** The class, if the caller is the teacher who owns it; else 404. */
export async function assertOwnsClass(db: Db, user: SessionUser, classId: string): Promise<ClassRow> {
  if (user.role !== "teacher") throw forbidden();
  return (await loadClassFor(db, user, classId)).cls;
}

/** The assignment and its class, if the caller owns the class or belongs to it; else 404. */
export async function loadAssignmentFor(db: Db, user: SessionUser, assignmentId: string) {
  if (!isUuid(assignmentId)) throw assignmentNotFound();
  const as = relationOf(user);
  const base = db
    .select({
      assignment: assignments,
      cls: { id: classes.id, name: classes.name, ownerId: classes.ownerId },
    })
    .from(assignments)
    .innerJoin(classes, eq(classes.id, assignments.classId));
  const [row] =
    as === "owner"
      ? await base.where(and(eq(assignments.id, assignmentId), eq(classes.ownerId, user.id)))
      : await base
          .innerJoin(
            classMembers,
            and(eq(classMembers.classId, classes.id), eq(classMembers.userId, user.id)),
          )
          .where(eq(assignments.id, assignmentId));
  if (!row) throw assignmentNotFound();
  return { assignment: row.assignment, cls: { id: row.cls.id, name: row.cls.name }, as };
}

/** The assignment, if the caller is the teacher who owns its class; else 404. */
export async function assertOwnsAssignment(db: Db, user: SessionUser, assignmentId: string) {
  if (user.role !== "teacher") throw forbidden();
  return loadAssignmentFor(db, user, assignmentId);
}

/**
 * A submission, if the caller wrote it (student) or teaches the class it was made for; else 404.
 * A student keeps access to their own work after leaving the class.
 */
export async function loadSubmissionFor(db: Db, user: SessionUser, submissionId: string) {
  if (!isUuid(submissionId)) throw submissionNotFound();
  const as = relationOf(user);
  const [row] = await db
    .select({ submission: submissions, ownerId: classes.ownerId })
    .from(submissions)
    .innerJoin(assignments, eq(assignments.id, submissions.assignmentId))
    .innerJoin(classes, eq(classes.id, assignments.classId))
    .where(eq(submissions.id, submissionId));
  const allowed = row && (as === "owner" ? row.ownerId === user.id : row.submission.userId === user.id);
  if (!allowed) throw submissionNotFound();
  return { submission: row.submission, as };
}
