// The teacher dashboard's four figures and recent assignments, counted from real rows.
import { and, count, desc, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import type { TeacherDashboardWithInsights } from "../../../shared/api/insights.ts";
import type { SessionUser } from "../../auth/guards.ts";
import type { Db } from "../../db/client.ts";
import { assignments, classes, classMembers, submissions } from "../../db/schema.ts";
import { dashboardInsights } from "../insights/index.ts";
import { latestFinals } from "../submissions/index.ts";

export async function getTeacherDashboard(
  db: Db,
  me: SessionUser,
  now = new Date(),
): Promise<TeacherDashboardWithInsights> {
  const owned = eq(classes.ownerId, me.id);
  const ownedAssignments = db
    .select({ id: assignments.id })
    .from(assignments)
    .innerJoin(classes, eq(classes.id, assignments.classId))
    .where(owned);
  const latest = latestFinals(db, inArray(submissions.assignmentId, ownedAssignments)).as("latest");
  const [[classCount], fromInsights, [active], [pending], recent] = await Promise.all([
    db.select({ n: count() }).from(classes).where(owned),
    // Total Students and the insights card: the insights' own computation (one source of truth).
    dashboardInsights(db, me, now),
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
    totalStudents: fromInsights.totalStudents,
    classes: classCount.n,
    pendingReviews: pending.n,
    recentAssignments: recent.map((a) => ({ ...a, dueDate: a.dueDate?.toISOString() ?? null })),
    insights: fromInsights.insights,
  };
}
