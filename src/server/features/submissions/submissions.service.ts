// Submissions: Submit Code is graded here, by the server's grading pool, against every test case
// (hidden ones included) — whatever the browser claims is ignored. Run Tests attempts are kept
// with the browser's counts (clamped to the visible cases), marked unverified. Teachers grade
// final submissions. Program output is stored with NUL made visible (see visibleNul).
import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import { loadAssignmentFor, loadSubmissionFor, type SubmissionRow } from "@/server/auth/access.ts";
import type { Db } from "@/server/db/client.ts";
import { activityEvents, submissions, testCaseResults, testCases } from "@/server/db/schema.ts";
import { AppError, badRequest, conflict, forbidden } from "@/server/errors.ts";
import { gradeOnServer } from "@/server/grading/grade-on-server.ts";
import { visibleNul } from "@/server/grading/visible-nul.ts";
import type { GraderPool, GradingOwner } from "@/server/python/index.ts";
import type { SessionUser } from "@/server/types.ts";
import {
  ASSIGNMENT_MESSAGES,
  type CreateSubmissionBody,
  type GradeBody,
  type Submission,
  type SubmissionTestResult,
} from "@/shared/api/assignments.ts";
import { GRADE_RANGE_MESSAGE, isValidGrade, roundGrade } from "@/shared/domain/grade.ts";
import { MADE_AT_MESSAGES, madeAtProblem } from "@/shared/domain/offline-hand-in.ts";
import { scorePercent } from "@/shared/domain/progress.ts";
import { type DrawingShape, readDrawingShape } from "@/shared/grading/drawing-shape.mjs";
import type { DrawingVerdict } from "@/shared/grading/types.ts";
import { fullBudgetMs, keptOfHidden, releaseAt, waitUntil } from "./hidden-release.ts";

type CreateBody = z.output<typeof CreateSubmissionBody>;
type GradeInput = z.output<typeof GradeBody>;

/** Who is looking decides what a result may show: students never see inside a hidden case. */
type Viewer = "teacher" | "student";

/** The spec's text for a failed case, followed by the program's error line when it had one. */
export function failureMessage(error: string | null): string {
  return error ? `${ASSIGNMENT_MESSAGES.testCaseFailed}\n${error}` : ASSIGNMENT_MESSAGES.testCaseFailed;
}

/**
 * Submissions with their per-test results, in the order given; one query for all results. Also a
 * student's "Download my data" (features/account), so it shows exactly what their results page does.
 */
export async function withResults(db: Db, rows: SubmissionRow[], viewer: Viewer): Promise<Submission[]> {
  const ids = rows.map((r) => r.id);
  const results =
    ids.length === 0
      ? []
      : await db
          .select({
            submissionId: testCaseResults.submissionId,
            testCaseId: testCaseResults.testCaseId,
            passed: testCaseResults.passed,
            output: testCaseResults.output,
            plainOutput: testCaseResults.plainOutput,
            errorMessage: testCaseResults.errorMessage,
            executionTimeMs: testCaseResults.executionTimeMs,
            drawing: testCaseResults.drawing,
            position: testCases.position,
            description: testCases.description,
            hidden: testCases.hidden,
          })
          .from(testCaseResults)
          .leftJoin(testCases, eq(testCases.id, testCaseResults.testCaseId))
          .where(inArray(testCaseResults.submissionId, ids))
          .orderBy(asc(testCases.position), asc(testCaseResults.id));
  const bySubmission = new Map<string, SubmissionTestResult[]>();
  for (const r of results) {
    const list = bySubmission.get(r.submissionId) ?? [];
    if (list.length === 0) bySubmission.set(r.submissionId, list);
    list.push(toTestResult(r, list.length, viewer));
  }
  return rows.map((s) => toSubmission(s, bySubmission.get(s.id) ?? []));
}

type StoredResult = {
  testCaseId: string | null;
  passed: boolean;
  output: string | null;
  plainOutput: string | null;
  errorMessage: string | null;
  executionTimeMs: number | null;
  /** A drawing test's stored verdict (decision 064); null for other tests. */
  drawing: unknown;
  position: number | null;
  description: string | null;
  hidden: boolean | null;
};

/** A stored drawing verdict, checked; its drawing is kept only when it did not match. */
function readVerdict(x: unknown): SubmissionTestResult["drawing"] {
  if (typeof x !== "object" || x === null) return null;
  const { matches, summary, yours } = x as Record<string, unknown>;
  if (typeof matches !== "boolean" || typeof summary !== "string") return null;
  return { matches, summary, yours: readDrawingShape(yours) };
}

/** What is stored of a drawing test's verdict: the program's drawing only when it did not match. */
const storedVerdict = (v: DrawingVerdict | undefined) =>
  v ? { matches: v.matches, summary: v.summary, yours: v.matches ? null : v.yours } : null;

/** One stored result as `viewer` may see it; `index` stands in for a deleted case's position. */
function toTestResult(r: StoredResult, index: number, viewer: Viewer): SubmissionTestResult {
  // A case deleted since has lost its settings: treat it as hidden for students.
  const hidden = r.hidden ?? true;
  const secret = viewer === "student" && hidden;
  return {
    testCaseId: r.testCaseId,
    position: r.position ?? index,
    description: secret ? "" : (r.description ?? ""),
    hidden,
    passed: r.passed,
    // A student learns only whether a hidden case passed: the transcript echoes its input, an
    // error line can quote it, and a program can make its running time depend on it.
    output: secret ? null : r.output,
    plainOutput: secret ? null : r.plainOutput,
    errorMessage: secret ? null : r.errorMessage,
    executionTimeMs: secret ? null : r.executionTimeMs,
    // A hidden drawing test shows nothing of either drawing: pass/fail only (decision 064).
    drawing: secret ? null : readVerdict(r.drawing),
  };
}

function toSubmission(s: SubmissionRow, results: SubmissionTestResult[]): Submission {
  return {
    id: s.id,
    assignmentId: s.assignmentId,
    userId: s.userId,
    code: s.code,
    passedTests: s.passedTests,
    totalTests: s.totalTests,
    score: s.score,
    isFinal: s.isFinal,
    verified: s.verified,
    submittedAt: s.submittedAt.toISOString(),
    receivedAt: s.receivedAt?.toISOString() ?? null,
    teacherGrade: s.teacherGrade,
    teacherNotes: s.teacherNotes,
    gradedAt: s.gradedAt?.toISOString() ?? null,
    results,
  };
}

/**
 * A student: their own submissions to the assignment, newest first, Run Tests attempts included.
 * Its teacher: one student's submissions (`studentId`), or every final submission.
 */
export async function listSubmissions(
  db: Db,
  me: SessionUser,
  assignmentId: string,
  studentId: string | undefined,
): Promise<Submission[]> {
  const { as } = await loadAssignmentFor(db, me, assignmentId);
  const where =
    as === "member"
      ? and(eq(submissions.assignmentId, assignmentId), eq(submissions.userId, me.id))
      : studentId
        ? and(eq(submissions.assignmentId, assignmentId), eq(submissions.userId, studentId))
        : and(eq(submissions.assignmentId, assignmentId), eq(submissions.isFinal, true));
  const rows = await db
    .select()
    .from(submissions)
    .where(where)
    .orderBy(desc(submissions.submittedAt), desc(submissions.id));
  return withResults(db, rows, as === "owner" ? "teacher" : "student");
}

/**
 * The tests of one submission share an interpreter, so a program can remember a hidden case's
 * input and print it in a later visible case, whose output the student sees. Visible cases are
 * therefore graded first and hidden ones after them (results come back in the teacher's order): a
 * hidden input can then reach only other hidden cases, which show nothing but pass/fail.
 */
async function gradeVisibleFirst(
  grader: GraderPool,
  code: string,
  cases: { input: string; expectedOutput: string; hidden: boolean; expectedDrawing?: DrawingShape }[],
  owner: GradingOwner,
) {
  const order = cases
    .map((_, i) => i)
    .sort((a, b) => Number(cases[a].hidden) - Number(cases[b].hidden) || a - b);
  const graded = await gradeOnServer(
    grader,
    code,
    order.map((i) => cases[i]),
    ASSIGNMENT_MESSAGES.graderFailed,
    owner,
  );
  const results = new Array<(typeof graded.results)[number]>(cases.length);
  order.forEach((caseIndex, k) => {
    results[caseIndex] = graded.results[k];
  });
  return { ...graded, results };
}

/** Submit Code (final) or a Run Tests attempt, by a student of the assignment's class. */
export async function createSubmission(
  db: Db,
  grader: GraderPool,
  me: SessionUser,
  assignmentId: string,
  body: CreateBody,
  /**
   * Submit Code's release (decision 052): config.hiddenReleaseMs and when the
   * request arrived (performance.now()). Left out only where no student waits (the demo seed).
   */
  release: { quantumMs: number; arrivedAt: number; sliceMs?: number } = {
    quantumMs: 0,
    arrivedAt: performance.now(),
  },
): Promise<Submission> {
  const { as, cls } = await loadAssignmentFor(db, me, assignmentId);
  if (as !== "member") throw forbidden();

  if (!body.final) {
    // The browser runs only the visible cases: it can't have passed more than there are.
    const [{ visible }] = await db
      .select({ visible: count() })
      .from(testCases)
      .where(and(eq(testCases.assignmentId, assignmentId), eq(testCases.hidden, false)));
    const total = Math.min(body.browserResult?.total ?? 0, visible);
    const passed = Math.min(body.browserResult?.passed ?? 0, total);
    const [row] = await db
      .insert(submissions)
      .values({
        assignmentId,
        userId: me.id,
        code: body.code,
        passedTests: passed,
        totalTests: total,
        score: scorePercent(passed, total),
        isFinal: false,
        verified: false,
      })
      .returning();
    return (await withResults(db, [row], "student"))[0];
  }

  // A hand-in made offline keeps the time it was made, if that time can be believed (decision 068).
  const made = body.madeAt ? await believedMadeAt(db, me.id, assignmentId, new Date(body.madeAt)) : null;

  const cases = await db
    .select({
      id: testCases.id,
      input: testCases.input,
      expectedOutput: testCases.expectedOutput,
      hidden: testCases.hidden,
      position: testCases.position,
      description: testCases.description,
      expectedDrawing: testCases.expectedDrawing,
    })
    .from(testCases)
    .where(eq(testCases.assignmentId, assignmentId))
    .orderBy(asc(testCases.position), asc(testCases.id));
  // A drawing test compares the drawing too (decision 064).
  const toGrade = cases.map(({ expectedDrawing, ...t }) => {
    const drawing = readDrawingShape(expectedDrawing);
    return drawing ? { ...t, expectedDrawing: drawing } : t;
  });
  // Grading takes a while; no transaction is held open meanwhile.
  // Counted from the request's arrival: everything before grading starts (checks, queries, the
  // wait for a slot) is rounded into the release too.
  const { quantumMs: hiddenReleaseMs, arrivedAt: calledAt } = release;
  const budgetMs = fullBudgetMs(cases.length, { sliceMs: release.sliceMs });
  let graded: Awaited<ReturnType<typeof gradeVisibleFirst>>;
  try {
    graded = await gradeVisibleFirst(grader, body.code, toGrade, { userId: me.id, classId: cls.id });
  } catch (e) {
    // A grader that failed part-way answers no sooner than a result would (a busy one ran nothing).
    if (!(e instanceof AppError && e.code === "GRADER_BUSY"))
      await waitUntil(
        releaseAt(
          calledAt,
          { startedAt: calledAt, finishedAt: performance.now() },
          hiddenReleaseMs,
          budgetMs,
        ),
      );
    throw e;
  }
  const results = cases.map((t, i) => {
    const r = graded.results[i];
    const keep = t.hidden ? keptOfHidden : <T>(text: T) => text;
    return {
      testCaseId: t.id,
      passed: r.passed,
      output: keep(visibleNul(r.output)),
      // Kept so the failure view diagnoses the program as the browser did (closestOutput).
      plainOutput: keep(
        r.plainOutput === undefined || r.plainOutput === r.output ? null : visibleNul(r.plainOutput),
      ),
      errorMessage: keep(r.passed ? null : visibleNul(failureMessage(r.error))),
      executionTimeMs: r.timeMs,
      drawing: storedVerdict(r.drawing),
    };
  });
  // The answer is ready; everything a student can see of it waits for its release time. Nothing
  // is stored before then, so no read path (their submissions, the assignment list's status,
  // a teacher's pages) can show it early. A grader without timing (a test's stand-in) counts from
  // the call.
  const timing = graded.timing ?? { startedAt: calledAt, finishedAt: performance.now() };
  await waitUntil(releaseAt(calledAt, timing, hiddenReleaseMs, budgetMs));
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(submissions)
      .values({
        assignmentId,
        userId: me.id,
        code: body.code,
        passedTests: graded.passed,
        totalTests: graded.total,
        score: graded.score,
        isFinal: true,
        verified: true,
        ...(made && { submittedAt: made.madeAt, receivedAt: made.receivedAt }),
      })
      .returning();
    if (results.length > 0)
      await tx.insert(testCaseResults).values(results.map((r) => ({ submissionId: inserted.id, ...r })));
    return inserted;
  });
  // Answered from memory in the teacher's order: reading the rows back would take longer the
  // more a hidden case printed.
  return toSubmission(
    row,
    results.map((r, i) => toTestResult({ ...r, ...cases[i] }, i, "student")),
  );
}

/** The claimed time of an offline hand-in checked against its work's first activity event, or
 * 400 MADE_AT_REFUSED. */
async function believedMadeAt(db: Db, userId: string, assignmentId: string, madeAt: Date) {
  const [first] = await db
    .select({ storedAt: activityEvents.storedAt })
    .from(activityEvents)
    .where(and(eq(activityEvents.assignmentId, assignmentId), eq(activityEvents.studentId, userId)))
    .orderBy(asc(activityEvents.id))
    .limit(1);
  const receivedAt = new Date();
  const problem = madeAtProblem(madeAt, { receivedAt, firstEventAt: first?.storedAt ?? null });
  if (problem) throw new AppError("MADE_AT_REFUSED", 400, MADE_AT_MESSAGES[problem]);
  return { madeAt, receivedAt };
}

export async function getSubmission(db: Db, me: SessionUser, id: string): Promise<Submission> {
  const { submission, as } = await loadSubmissionFor(db, me, id);
  return (await withResults(db, [submission], as === "owner" ? "teacher" : "student"))[0];
}

/** The class teacher grades a final submission (0–100, two decimals); a null grade clears it. */
export async function gradeSubmission(
  db: Db,
  me: SessionUser,
  id: string,
  body: GradeInput,
): Promise<Submission> {
  const { submission, as } = await loadSubmissionFor(db, me, id);
  if (as !== "owner") throw forbidden();
  if (!submission.isFinal) throw conflict(ASSIGNMENT_MESSAGES.onlyFinalGraded, "NOT_FINAL");
  // The schema checked the grade rule; checked again here for any caller that skips the route.
  const grade = body.grade === null ? null : roundGrade(body.grade);
  if (grade !== null && !isValidGrade(grade)) throw badRequest(GRADE_RANGE_MESSAGE, "VALIDATION");
  const notes = body.notes?.trim() ? body.notes : null;
  const [row] = await db
    .update(submissions)
    .set({
      teacherGrade: grade,
      teacherNotes: notes,
      gradedAt: grade === null ? null : new Date(),
      gradedBy: grade === null ? null : me.id,
    })
    .where(eq(submissions.id, id))
    .returning();
  return (await withResults(db, [row], "teacher"))[0];
}
