// The teacher dashboard's four figures and recent assignments, counted from real rows.
import { and, count, countDistinct, desc, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import type { TeacherDashboard } from "../../../shared/api/assignments.ts";
import type { SessionUser } from "../../auth/guards.ts";
import type { Db } from "../../db/client.ts";
import { assignments, classes, classMembers, submissions } from "../../db/schema.ts";
import { latestFinals } from "../submissions/index.ts";

export async function getTeacherDashboard(db: Db, me: SessionUser): Promise<TeacherDashboard> {
  const owned = eq(classes.ownerId, me.id);
  const ownedAssignments = db
    .select({ id: assignments.id })
    .from(assignments)
    .innerJoin(classes, eq(classes.id, assignments.classId))
    .where(owned);
  const latest = latestFinals(db, inArray(submissions.assignmentId, ownedAssignments)).as("latest");
  const [[classCount], [students], [active], [pending], recent] = await Promise.all([
    db.select({ n: count() }).from(classes).where(owned),
    db
      .select({ n: countDistinct(classMembers.userId) })
      .from(classMembers)
      .innerJoin(classes, eq(classes.id, classMembers.classId))
      .where(owned),
    // Active: no due date, or due in the future.
    db
      .select({ n: count() })
      .from(assignments)
      .innerJoin(classes, eq(classes.id, assignments.classId))
      .where(and(owned, or(isNull(assignments.dueDate), gt(assignments.dueDate, sql`now()`)))),
    // Pending reviews: (student, assignment) pairs whose newest final submission has no grade,
    // counting only students still in the class.
    db
      .select({ n: count() })
      .from(latest)
      .innerJoin(assignments, eq(assignments.id, latest.assignmentId))
      .innerJoin(
        classMembers,
        and(eq(classMembers.classId, assignments.classId), eq(classMembers.userId, latest.userId)),
      )
      .where(isNull(latest.teacherGrade)),
    db
      .select({
        id: assignments.id,
        name: assignments.name,
        language: assignments.language,
        dueDate: assignments.dueDate,
        class: { id: classes.id, name: classes.name },
      })
      .from(assignments)
      .innerJoin(classes, eq(classes.id, assignments.classId))
      .where(owned)
      .orderBy(desc(assignments.createdAt), desc(assignments.id))
      .limit(3),
  ]);
  return {
    activeAssignments: active.n,
    totalStudents: students.n,
    classes: classCount.n,
    pendingReviews: pending.n,
    recentAssignments: recent.map((a) => ({ ...a, dueDate: a.dueDate?.toISOString() ?? null })),
  };
}
