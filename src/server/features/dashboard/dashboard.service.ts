// The teacher dashboard's four figures and recent assignments, counted from real rows: the same
// facts as the insights overview of every owned class (one statement for the whole dashboard).

import type { Db } from "@/server/db/client.ts";
import { dashboardFacts } from "@/server/features/insights/index.ts";
import type { SessionUser } from "@/server/types.ts";
import type { TeacherDashboardWithInsights } from "@/shared/api/insights.ts";
import { lateBy } from "@/shared/domain/late-work.ts";

export async function getTeacherDashboard(
  db: Db,
  me: SessionUser,
  now = new Date(),
  cacheSeconds = 0,
): Promise<TeacherDashboardWithInsights> {
  const { classes, assignments, finals, tiles } = await dashboardFacts(db, me, now, cacheSeconds);
  const classById = new Map(classes.map((c) => [c.id, c]));
  const { totalStudents, studentsAtRisk, overallEngagement, activeStudents } = tiles;
  return {
    // Active: no due date, or due in the future.
    activeAssignments: assignments.filter((a) => a.dueDate === null || a.dueDate > now.getTime()).length,
    // Total Students and the insights card: the insights' own tiles (one source of truth).
    totalStudents,
    classes: classes.length,
    // Pending reviews: (student, assignment) pairs whose newest final submission has no grade;
    // the final facts hold only students still in the class.
    pendingReviews: finals.filter((f) => f.grade === null).length,
    // Newest first (the facts' order).
    recentAssignments: assignments.slice(0, 3).map((a) => ({
      id: a.id,
      name: a.name,
      language: a.language,
      dueDate: a.dueDate === null ? null : new Date(a.dueDate).toISOString(),
      class: classById.get(a.classId) ?? { id: a.classId, name: "" },
      // The final facts are each current member's newest hand-in (as the progress table's Late).
      lateCount: finals.filter((f) => f.assignmentId === a.id && lateBy(a.dueDate, f.latestAt) !== null)
        .length,
    })),
    insights: { studentsAtRisk, overallEngagement, activeStudents },
  };
}
