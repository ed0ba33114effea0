// "The newest final submission is the one teachers see and grade" (docs/spec): one DISTINCT ON
// query per (assignment, student), reused by lists, progress, the dashboard and the exports.
import { and, desc, eq, type SQL } from "drizzle-orm";
import type { Db } from "@/server/db/client.ts";
import { submissions } from "@/server/db/schema.ts";

export function latestFinals(db: Db, where?: SQL) {
  return db
    .selectDistinctOn([submissions.assignmentId, submissions.userId], {
      id: submissions.id,
      assignmentId: submissions.assignmentId,
      userId: submissions.userId,
      submittedAt: submissions.submittedAt,
      passedTests: submissions.passedTests,
      totalTests: submissions.totalTests,
      score: submissions.score,
      teacherGrade: submissions.teacherGrade,
      teacherNotes: submissions.teacherNotes,
    })
    .from(submissions)
    .where(and(eq(submissions.isFinal, true), where))
    .orderBy(
      submissions.assignmentId,
      submissions.userId,
      desc(submissions.submittedAt),
      desc(submissions.id),
    );
}
