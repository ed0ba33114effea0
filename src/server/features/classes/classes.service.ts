// Classes: a teacher's own classes, a student's joined classes, join codes, members and leaving.
// The class grade export is ./class-grade-sheet.ts.
import { and, count, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { assertOwnsClass, loadClassFor } from "@/server/auth/access.ts";
import type { Db } from "@/server/db/client.ts";
import { assignments, classes, classMembers, submissions, user, userPrivacy } from "@/server/db/schema.ts";
import { AppError, notFound } from "@/server/errors.ts";
import type { SessionUser } from "@/server/types.ts";
import {
  CLASS_MESSAGES,
  type ClassDeletionImpact,
  type ClassDetail,
  type ClassMember,
  type ClassSummary,
} from "@/shared/api/classes.ts";
import { generateJoinCode, parseJoinCode } from "@/shared/domain/join-code.ts";
import { sortByName } from "@/shared/domain/names.ts";

const teacher = alias(user, "teacher");

/**
 * A class as `viewerId` sees it. The teacher's e-mail address is shown to their students unless the
 * teacher chose otherwise (user_privacy, decision 061); the teacher always sees their own.
 */
const summaryFields = (viewerId: string) => ({
  id: classes.id,
  name: classes.name,
  description: classes.description,
  joinCode: classes.joinCode,
  createdAt: classes.createdAt,
  teacher: {
    id: teacher.id,
    name: teacher.name,
    email: sql<
      string | null
    >`case when ${teacher.id} = ${viewerId} or coalesce((select p.show_email_to_students
      from ${userPrivacy} p where p.user_id = ${teacher.id}), true) then ${teacher.email} end`,
  },
  // Aliased so a class_members table in the outer query can't be mistaken for this one.
  studentCount: sql<number>`(select count(*) from ${classMembers} counted
    where counted.class_id = ${classes.id})`.mapWith(Number),
});

type SummaryRow = {
  id: string;
  name: string;
  description: string;
  joinCode: string;
  createdAt: Date;
  teacher: ClassSummary["teacher"];
  studentCount: number;
};

const toSummary = (r: SummaryRow): ClassSummary => ({ ...r, createdAt: r.createdAt.toISOString() });

/** A teacher's own classes (newest first) or a student's joined classes (latest joined first). */
export async function listClasses(db: Db, me: SessionUser): Promise<ClassSummary[]> {
  const fields = summaryFields(me.id);
  const rows =
    me.role === "teacher"
      ? await db
          .select(fields)
          .from(classes)
          .innerJoin(teacher, eq(teacher.id, classes.ownerId))
          .where(eq(classes.ownerId, me.id))
          .orderBy(desc(classes.createdAt))
      : await db
          .select(fields)
          .from(classMembers)
          .innerJoin(classes, eq(classes.id, classMembers.classId))
          .innerJoin(teacher, eq(teacher.id, classes.ownerId))
          .where(eq(classMembers.userId, me.id))
          .orderBy(desc(classMembers.joinedAt));
  return rows.map(toSummary);
}

async function summaryOf(db: Db, classId: string, viewerId: string): Promise<ClassSummary> {
  const [row] = await db
    .select(summaryFields(viewerId))
    .from(classes)
    .innerJoin(teacher, eq(teacher.id, classes.ownerId))
    .where(eq(classes.id, classId));
  if (!row) throw notFound(CLASS_MESSAGES.classNotFound);
  return toSummary(row);
}

const JOIN_CODE_ATTEMPTS = 8;

/** A new class with a fresh join code; a collision with an existing code just draws again. */
export async function createClass(
  db: Db,
  me: SessionUser,
  body: { name: string; description: string },
): Promise<ClassSummary> {
  for (let attempt = 0; attempt < JOIN_CODE_ATTEMPTS; attempt++) {
    const [row] = await db
      .insert(classes)
      .values({
        name: body.name,
        description: body.description,
        joinCode: generateJoinCode(),
        ownerId: me.id,
      })
      .onConflictDoNothing({ target: classes.joinCode })
      .returning({ id: classes.id });
    if (row) return summaryOf(db, row.id, me.id);
  }
  // 32^8 ≈ 10^12 codes: reaching this means the random source is broken, not bad luck.
  throw new AppError("JOIN_CODE_EXHAUSTED", 500, "Could not create a unique class code. Please try again.");
}

/** Joins by code: the spec's messages for a wrong length, an unknown code and a second join. */
export async function joinClass(db: Db, me: SessionUser, rawCode: string): Promise<ClassSummary> {
  // The form caps input at 8; the server refuses a longer code rather than cutting it.
  const code = parseJoinCode(rawCode);
  if (code === null) throw new AppError("INVALID_CLASS_CODE", 400, CLASS_MESSAGES.invalidCode);
  const [cls] = await db.select({ id: classes.id }).from(classes).where(eq(classes.joinCode, code));
  if (!cls) throw new AppError("CLASS_NOT_FOUND", 404, CLASS_MESSAGES.notFound);
  const [joined] = await db
    .insert(classMembers)
    .values({ classId: cls.id, userId: me.id })
    .onConflictDoNothing()
    .returning({ id: classMembers.id });
  if (!joined) throw new AppError("ALREADY_MEMBER", 409, CLASS_MESSAGES.joinFailed);
  return summaryOf(db, cls.id, me.id);
}

/** Members by name; only the owning teacher sees their e-mail addresses. */
export async function listMembers(db: Db, me: SessionUser, classId: string): Promise<ClassMember[]> {
  const { as } = await loadClassFor(db, me, classId);
  const rows = await db
    .select({ id: user.id, name: user.name, email: user.email, joinedAt: classMembers.joinedAt })
    .from(classMembers)
    .innerJoin(user, eq(user.id, classMembers.userId))
    .where(eq(classMembers.classId, classId));
  return sortByName(rows).map((r) => ({
    id: r.id,
    name: r.name,
    email: as === "owner" ? r.email : null,
    joinedAt: r.joinedAt.toISOString(),
  }));
}

export async function getClassDetail(db: Db, me: SessionUser, classId: string): Promise<ClassDetail> {
  const members = await listMembers(db, me, classId);
  return { ...(await summaryOf(db, classId, me.id)), members };
}

/** A student leaves a class they belong to; their submissions stay for the teacher's records. */
export async function leaveClass(db: Db, me: SessionUser, classId: string): Promise<void> {
  await loadClassFor(db, me, classId);
  await db.delete(classMembers).where(and(eq(classMembers.classId, classId), eq(classMembers.userId, me.id)));
}

/** What deleting the class would delete: its assignments, their submissions, and who is in it. */
export async function classDeletionImpact(
  db: Db,
  me: SessionUser,
  classId: string,
): Promise<ClassDeletionImpact> {
  await assertOwnsClass(db, me, classId);
  const [[work], [handIns], [members]] = await Promise.all([
    db.select({ n: count() }).from(assignments).where(eq(assignments.classId, classId)),
    db
      .select({ n: count() })
      .from(submissions)
      .innerJoin(assignments, eq(assignments.id, submissions.assignmentId))
      .where(eq(assignments.classId, classId)),
    db.select({ n: count() }).from(classMembers).where(eq(classMembers.classId, classId)),
  ]);
  return { assignments: work.n, submissions: handIns.n, students: members.n };
}

/** The owning teacher deletes a class: its memberships, assignments and submissions go with it. */
export async function deleteClass(db: Db, me: SessionUser, classId: string): Promise<void> {
  await assertOwnsClass(db, me, classId);
  await db.delete(classes).where(and(eq(classes.id, classId), eq(classes.ownerId, me.id)));
}

/**
 * The owning teacher removes a student from the class. Like leaving: their submissions stay, and
 * the teacher's assignment pages list them marked "left the class".
 */
export async function removeMember(
  db: Db,
  me: SessionUser,
  classId: string,
  studentId: string,
): Promise<void> {
  await assertOwnsClass(db, me, classId);
  const removed = await db
    .delete(classMembers)
    .where(and(eq(classMembers.classId, classId), eq(classMembers.userId, studentId)))
    .returning({ id: classMembers.id });
  if (removed.length === 0) throw notFound(CLASS_MESSAGES.notAMember);
}
