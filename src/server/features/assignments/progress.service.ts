// The teacher's progress view of one assignment: each class member's status, newest final
// submission and attempts, the class's average, and the test cases ranked by failure rate.
import { and, asc, count, desc, eq, exists, inArray, sql } from "drizzle-orm";
import { assertOwnsAssignment } from "@/server/auth/access.ts";
import type { Db } from "@/server/db/client.ts";
import { activityEvents, classMembers, submissions, user } from "@/server/db/schema.ts";
import { caseResults } from "@/server/features/insights/index.ts";
import type { SessionUser } from "@/server/types.ts";
import type {
  AssignmentProgress,
  StudentProgressRow,
  TestCasePerformance,
} from "@/shared/api/assignments.ts";
import { shownEmail } from "@/shared/domain/former-student.ts";
import { lateBy } from "@/shared/domain/late-work.ts";
import { sortByName } from "@/shared/domain/names.ts";
import { progressStatus } from "@/shared/domain/progress.ts";
import { casesOf } from "./assignments.service.ts";

type ProgressRowWithNotes = StudentProgressRow & { notes: string | null; score: number | null };

/**
 * Everything the teacher's views of one assignment read: a row per class member, then one per
 * student who left but had worked on it (marked `leftClass`; not in the counts), with the notes
 * and score the grade sheet adds) and the progress summary with the ranked test cases.
 */
export async function loadProgress(db: Db, me: SessionUser, id: string) {
  const { assignment, cls } = await assertOwnsAssignment(db, me, id);
  const [students, allFinals, attempts, cases, results, openedIds] = await Promise.all([
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
      .select({
        userId: submissions.userId,
        n: count(),
        testRuns: sql<number>`count(*) filter (where not ${submissions.isFinal})`.mapWith(Number),
      })
      .from(submissions)
      .where(eq(submissions.assignmentId, id))
      .groupBy(submissions.userId),
    casesOf(db, id),
    // Per test case: how the current members' newest final submissions did on it (the same
    // query as the insights' Assignment Details).
    caseResults(db, id, cls.id),
    // Members who opened the workspace: one index probe each (activity_events_history_idx), which
    // stops at the first `open` event, the first a visit sends.
    db
      .select({ userId: classMembers.userId })
      .from(classMembers)
      .where(
        and(
          eq(classMembers.classId, cls.id),
          exists(
            db
              .select({ one: sql`1` })
              .from(activityEvents)
              .where(
                and(
                  eq(activityEvents.assignmentId, id),
                  eq(activityEvents.studentId, classMembers.userId),
                  eq(activityEvents.type, "open"),
                ),
              ),
          ),
        ),
      )
      .then((r) => new Set(r.map((m) => m.userId))),
  ]);

  // Node 20 has no Map.groupBy. Each student's finals stay newest first, as queried.
  const finalsByStudent = new Map<string, typeof allFinals>();
  for (const f of allFinals) {
    const list = finalsByStudent.get(f.userId);
    if (list) list.push(f);
    else finalsByStudent.set(f.userId, [f]);
  }
  const attemptsByStudent = new Map(attempts.map((a) => [a.userId, a]));
  // Students who left (or were removed) keep their rows after the members, marked as such.
  const memberIds = new Set(students.map((s) => s.id));
  const leftIds = attempts.map((a) => a.userId).filter((uid) => !memberIds.has(uid));
  const leftStudents =
    leftIds.length === 0
      ? []
      : await db
          .select({ id: user.id, name: user.name, email: user.email })
          .from(user)
          .where(inArray(user.id, leftIds))
          .then(sortByName);
  const people = [
    ...students.map((s) => ({ s, leftClass: false })),
    ...leftStudents.map((s) => ({ s, leftClass: true })),
  ];
  const rows: ProgressRowWithNotes[] = people.map(({ s, leftClass }) => {
    const own = finalsByStudent.get(s.id) ?? [];
    const newest = own[0];
    // Viewed: opened the workspace, or ran or handed in anything (a run counts even if the
    // activity record has since been pruned).
    const status = progressStatus(own, openedIds.has(s.id) || (attemptsByStudent.get(s.id)?.n ?? 0) > 0);
    return {
      // A deleted student's grade line (decision 060) shows "Former student" and no address.
      student: { ...s, email: shownEmail(s.email) },
      status,
      submittedAt: newest ? newest.submittedAt.toISOString() : null,
      grade: newest?.teacherGrade ?? null,
      submissionId: newest?.id ?? null,
      passedTests: newest?.passedTests ?? null,
      totalTests: newest?.totalTests ?? null,
      attempts: attemptsByStudent.get(s.id)?.n ?? 0,
      testRuns: attemptsByStudent.get(s.id)?.testRuns ?? 0,
      lateByMs: newest ? lateBy(assignment.dueDate, newest.submittedAt) : null,
      previousGrade:
        status === "submitted" ? (own.find((f) => f.teacherGrade !== null)?.teacherGrade ?? null) : null,
      leftClass,
      notes: newest?.teacherNotes ?? null,
      score: newest?.score ?? null,
    };
  });

  const members = rows.filter((r) => !r.leftClass);
  const scores = members.flatMap((r) => (r.score === null ? [] : [r.score]));
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
    totalStudents: members.length,
    submittedCount: members.filter((r) => r.submissionId !== null).length,
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
