// The teacher's progress view of one assignment: each class member's status, newest final
// submission and attempts, the class's average, and the test cases ranked by failure rate.
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type {
  AssignmentProgress,
  StudentProgressRow,
  TestCasePerformance,
} from "../../../shared/api/assignments.ts";
import { sortByName } from "../../../shared/domain/names.ts";
import { progressStatus } from "../../../shared/domain/progress.ts";
import { assertOwnsAssignment } from "../../auth/access.ts";
import type { SessionUser } from "../../auth/guards.ts";
import type { Db } from "../../db/client.ts";
import { classMembers, submissions, testCaseResults, user } from "../../db/schema.ts";
import { latestFinals } from "../submissions/index.ts";
import { casesOf } from "./assignments.service.ts";

type ProgressRowWithNotes = StudentProgressRow & { notes: string | null; score: number | null };

/**
 * Everything the teacher's views of one assignment read: a row per class member (with the notes
 * and score the grade sheet adds) and the progress summary with the ranked test cases.
 */
export async function loadProgress(db: Db, me: SessionUser, id: string) {
  const { assignment, cls } = await assertOwnsAssignment(db, me, id);
  const latest = latestFinals(db, eq(submissions.assignmentId, id)).as("latest");
  const [students, allFinals, attempts, cases, results] = await Promise.all([
    db
      .select({ id: user.id, name: user.name, email: user.email })
      .from(classMembers)
      .innerJoin(user, eq(user.id, classMembers.userId))
      .where(eq(classMembers.classId, cls.id))
      .then(sortByName),
    db
      .select({
        id: submissions.id,
        userId: submissions.userId,
        submittedAt: submissions.submittedAt,
        teacherGrade: submissions.teacherGrade,
        teacherNotes: submissions.teacherNotes,
        passedTests: submissions.passedTests,
        totalTests: submissions.totalTests,
        score: submissions.score,
      })
      .from(submissions)
      .where(and(eq(submissions.assignmentId, id), eq(submissions.isFinal, true)))
      .orderBy(asc(submissions.userId), desc(submissions.submittedAt), desc(submissions.id)),
    db
      .select({ userId: submissions.userId, n: count() })
      .from(submissions)
      .where(eq(submissions.assignmentId, id))
      .groupBy(submissions.userId),
    casesOf(db, id),
    // Per test case: how the current members' newest final submissions did on it.
    db
      .select({
        testCaseId: testCaseResults.testCaseId,
        runs: count(),
        failures: sql<number>`count(*) filter (where not ${testCaseResults.passed})`.mapWith(Number),
      })
      .from(testCaseResults)
      .innerJoin(latest, eq(latest.id, testCaseResults.submissionId))
      .innerJoin(classMembers, and(eq(classMembers.classId, cls.id), eq(classMembers.userId, latest.userId)))
      .groupBy(testCaseResults.testCaseId),
  ]);

  // Node 20 has no Map.groupBy. Each student's finals stay newest first, as queried.
  const finalsByStudent = new Map<string, typeof allFinals>();
  for (const f of allFinals) {
    const list = finalsByStudent.get(f.userId);
    if (list) list.push(f);
    else finalsByStudent.set(f.userId, [f]);
  }
  const attemptsByStudent = new Map(attempts.map((a) => [a.userId, a.n]));
  const rows: ProgressRowWithNotes[] = students.map((s) => {
    const own = finalsByStudent.get(s.id) ?? [];
    const newest = own[0];
    return {
      student: s,
      status: progressStatus(own),
      submittedAt: newest ? newest.submittedAt.toISOString() : null,
      grade: newest?.teacherGrade ?? null,
      submissionId: newest?.id ?? null,
      passedTests: newest?.passedTests ?? null,
      totalTests: newest?.totalTests ?? null,
      attempts: attemptsByStudent.get(s.id) ?? 0,
      notes: newest?.teacherNotes ?? null,
      score: newest?.score ?? null,
    };
  });

  const scores = rows.flatMap((r) => (r.score === null ? [] : [r.score]));
  const byCase = new Map(results.map((r) => [r.testCaseId, r]));
  const performance: TestCasePerformance[] = cases.map((t) => {
    const r = byCase.get(t.id);
    const runs = r?.runs ?? 0;
    const failures = r?.failures ?? 0;
    return {
      testCaseId: t.id,
      position: t.position,
      description: t.description,
      hidden: t.hidden,
      runs,
      failures,
      failureRate: runs > 0 ? (failures / runs) * 100 : null,
    };
  });
  // Highest failure rate first; cases nobody has run yet last; ties in test order.
  const ranked = performance.toSorted(
    (a, b) => (b.failureRate ?? -1) - (a.failureRate ?? -1) || a.position - b.position,
  );
  const progress: AssignmentProgress = {
    totalStudents: rows.length,
    submittedCount: rows.filter((r) => r.submissionId !== null).length,
    avgPassRate: scores.length > 0 ? scores.reduce((a, b) => a + b, 0) / scores.length : null,
    students: rows.map(({ notes: _notes, score: _score, ...row }) => row),
    testCasePerformance: ranked.slice(0, 5),
    challengingAreas: ranked.filter((p) => p.failures > 0).slice(0, 3),
  };
  return { assignment, cls, rows, progress };
}

export async function getProgress(db: Db, me: SessionUser, id: string): Promise<AssignmentProgress> {
  return (await loadProgress(db, me, id)).progress;
}
