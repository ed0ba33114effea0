// The exercise library as a signed-in user sees it: the browser (categories, exercises, the
// caller's completion), the workspace (test cases, hints, starter code, Past Saved — never the
// solution), the solution for teachers, and Save: the server re-grades the saved code against
// every test and alone decides completion (DESIGN §1). Once completed, always completed.
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { isUuid } from "@/server/auth/access.ts";
import type { Db } from "@/server/db/client.ts";
import { exerciseAttempts, exerciseCategories, exerciseSubmissions, exercises } from "@/server/db/schema.ts";
import { AppError, notFound } from "@/server/errors.ts";
import { gradeOnServer } from "@/server/grading/grade-on-server.ts";
import type { GraderPool } from "@/server/python/index.ts";
import type { SessionUser } from "@/server/types.ts";
import { testCaseInput } from "@/shared/api/exercise-file.ts";
import {
  EXERCISE_MESSAGES,
  type ExerciseAttempt,
  type ExerciseAttemptDetail,
  type ExerciseAttemptPage,
  type ExerciseDetail,
  type ExerciseList,
  type ExerciseListCategory,
  type ExerciseListItem,
  type ExerciseProgress,
  type ExerciseSolution,
  type ExerciseTestCase,
  PAST_SAVED_PAGE,
  type SaveAttemptResult,
} from "@/shared/api/exercises.ts";
import { readDrawingShape } from "@/shared/grading/drawing-shape.mjs";
import { recordMissingDrawings } from "./exercise-drawings.ts";
import {
  descriptionSummary,
  type ExerciseSummaryRow,
  listDescription,
  selectExercises,
  type TestCaseRow,
  testCasesByExercise,
  toExerciseSummary,
} from "./exercise-queries.ts";
import { toGradeSummary, toSavedResults } from "./grade-summary.ts";

type AttemptRow = typeof exerciseAttempts.$inferSelect;
type SummaryRow = typeof exerciseSubmissions.$inferSelect;

/** The library the browser shows: Python only (the only language the workspace runs). */
export const LIBRARY_LANGUAGE = "python";
/** Past Saved keeps every row; the workspace loads them this many at a time, newest first. */
export const PAST_SAVED_LIMIT = PAST_SAVED_PAGE;
/** Beyond any real number of saves: a larger offset is a hostile request, not a page. */
const MAX_ATTEMPT_OFFSET = 1_000_000;

const exerciseNotFound = () => notFound(EXERCISE_MESSAGES.notFound);
const attemptNotFound = () => notFound(EXERCISE_MESSAGES.attemptNotFound);

function toListItem(r: ExerciseSummaryRow, isCompleted: boolean): ExerciseListItem {
  return { ...toExerciseSummary(r), isCompleted };
}

/** A drawing test's recorded drawing (decision 077); undefined for a test of output, or not recorded yet. */
const expectedDrawingOf = (t: TestCaseRow) =>
  t.compareDrawing ? (readDrawingShape(t.expectedDrawing) ?? undefined) : undefined;

/** A stored test case as the workspace runs it: `input` is what the grader feeds. */
export const toExerciseTestCase = (t: TestCaseRow): ExerciseTestCase => {
  const expectedDrawing = expectedDrawingOf(t);
  return {
    id: t.id,
    description: t.description,
    input: testCaseInput(t),
    expectedOutput: t.expectedOutput,
    displayOrder: t.displayOrder,
    ...(expectedDrawing ? { expectedDrawing } : {}),
  };
};

const toAttempt = (a: AttemptRow): ExerciseAttempt => ({
  id: a.id,
  submittedAt: a.submittedAt.toISOString(),
  score: a.score,
  passedTests: a.passedTests,
  totalTests: a.totalTests,
  isCompleted: a.isCompleted,
  verified: a.verified,
  code: a.code,
});

const toProgress = (s: SummaryRow | undefined): ExerciseProgress =>
  s
    ? {
        isCompleted: s.isCompleted,
        lastSavedAt: s.submittedAt.toISOString(),
        passedTests: s.passedTests,
        totalTests: s.totalTests,
        score: s.score,
        code: s.code,
      }
    : { isCompleted: false, lastSavedAt: null, passedTests: 0, totalTests: 0, score: 0, code: null };

/**
 * GET /api/exercises: every category in display order, its exercises (each description a summary:
 * descriptionSummary), the caller's completion.
 */
export async function listExercises(db: Db, me: SessionUser): Promise<ExerciseList> {
  const [categories, rows, done] = await Promise.all([
    db
      .select()
      .from(exerciseCategories)
      .orderBy(
        asc(exerciseCategories.displayOrder),
        asc(exerciseCategories.name),
        asc(exerciseCategories.id),
      ),
    // Each description's start only: the list ships a summary, the workspace fetches it whole.
    selectExercises(db, listDescription, eq(exercises.language, LIBRARY_LANGUAGE)),
    db
      .select({ exerciseId: exerciseSubmissions.exerciseId })
      .from(exerciseSubmissions)
      .where(and(eq(exerciseSubmissions.userId, me.id), eq(exerciseSubmissions.isCompleted, true))),
  ]);
  const completed = new Set(done.map((d) => d.exerciseId));
  const byCategory = new Map<string, ExerciseListCategory>(
    categories.map((c) => [
      c.id,
      {
        id: c.id,
        name: c.name,
        description: c.description,
        displayOrder: c.displayOrder,
        exercises: [],
        completedCount: 0,
        totalCount: 0,
      },
    ]),
  );
  for (const r of rows) {
    const category = byCategory.get(r.categoryId)!;
    const isCompleted = completed.has(r.id);
    category.exercises.push(
      toListItem({ ...r, description: descriptionSummary(r.description) }, isCompleted),
    );
    category.totalCount += 1;
    if (isCompleted) category.completedCount += 1;
  }
  const list = [...byCategory.values()];
  return {
    categories: list,
    completedCount: list.reduce((n, c) => n + c.completedCount, 0),
    totalCount: list.reduce((n, c) => n + c.totalCount, 0),
  };
}

async function loadExercise(db: Db, id: string) {
  if (!isUuid(id)) throw exerciseNotFound();
  const [row] = await selectExercises(
    db,
    { starterCode: exercises.starterCode, hints: exercises.hints },
    eq(exercises.id, id),
  );
  if (!row) throw exerciseNotFound();
  return row;
}

const loadTestCases = async (db: Db, exerciseId: string) =>
  (await testCasesByExercise(db, [exerciseId])).get(exerciseId) ?? [];

async function loadSummary(db: Db, exerciseId: string, userId: string) {
  const [row] = await db
    .select()
    .from(exerciseSubmissions)
    .where(and(eq(exerciseSubmissions.exerciseId, exerciseId), eq(exerciseSubmissions.userId, userId)));
  return row;
}

/** GET /api/exercises/:id: the workspace's exercise (no solution), the caller's summary and Past Saved. */
export async function getExercise(db: Db, me: SessionUser, id: string): Promise<ExerciseDetail> {
  const row = await loadExercise(db, id);
  const [cases, summary, page] = await Promise.all([
    loadTestCases(db, id),
    loadSummary(db, id, me.id),
    attemptPage(db, id, me.id, 0),
  ]);
  const progress = toProgress(summary);
  return {
    ...toListItem(row, progress.isCompleted),
    starterCode: row.starterCode,
    hints: row.hints,
    testCases: cases.map(toExerciseTestCase),
    progress,
    attempts: page.attempts,
    attemptsTotal: page.total,
  };
}

/** The caller's saves of an exercise, newest first, from the `offset`-th on, and how many in all. */
async function attemptPage(db: Db, exerciseId: string, userId: string, offset: number) {
  const mine = and(eq(exerciseAttempts.exerciseId, exerciseId), eq(exerciseAttempts.userId, userId));
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(exerciseAttempts)
      .where(mine)
      .orderBy(desc(exerciseAttempts.submittedAt), desc(exerciseAttempts.id))
      .limit(PAST_SAVED_LIMIT)
      .offset(offset),
    db.select({ n: count() }).from(exerciseAttempts).where(mine),
  ]);
  return { attempts: rows.map(toAttempt), total: Number(n) };
}

/** GET /api/exercises/:id/attempts?offset=N: older Past Saved rows (the workspace shows the newest page). */
export async function listAttempts(
  db: Db,
  me: SessionUser,
  exerciseId: string,
  offsetParam: string | undefined,
): Promise<ExerciseAttemptPage> {
  const offset = offsetParam === undefined ? 0 : Number(offsetParam);
  if (!/^\d{1,7}$/.test(offsetParam ?? "0") || offset > MAX_ATTEMPT_OFFSET)
    throw new AppError("VALIDATION", 400, EXERCISE_MESSAGES.badOffset);
  await loadExercise(db, exerciseId); // 404 for an exercise the caller cannot open
  return attemptPage(db, exerciseId, me.id, offset);
}

/** GET /api/exercises/:id/solution (the route lets only teachers and admins in). */
export async function getSolution(db: Db, id: string): Promise<ExerciseSolution> {
  if (!isUuid(id)) throw exerciseNotFound();
  const [row] = await db.select({ solution: exercises.solution }).from(exercises).where(eq(exercises.id, id));
  if (!row) throw exerciseNotFound();
  if (!row.solution?.trim()) throw new AppError("NO_SOLUTION", 404, EXERCISE_MESSAGES.noSolution);
  return { exerciseId: id, solution: row.solution };
}

/**
 * Save: grades `code` against every test case on the server, stores the attempt (verified) and
 * upserts the caller's summary. Completed means at least one test and all of them passed; a
 * summary that was completed stays completed whatever a later save scores.
 */
export async function saveAttempt(
  db: Db,
  grader: GraderPool,
  me: SessionUser,
  id: string,
  code: string,
): Promise<SaveAttemptResult> {
  await loadExercise(db, id);
  let cases = await loadTestCases(db, id);
  // A drawing test the seeding could not record (the grader was down at start) is recorded now.
  if (cases.some((t) => t.compareDrawing && !expectedDrawingOf(t))) {
    await recordMissingDrawings(db, grader, [id], { userId: me.id });
    cases = await loadTestCases(db, id);
    // Still without its drawing (grader busy, a solution that cannot be recorded): graded on the
    // printed words alone, a program that only prints would pass it. Not graded at all instead.
    if (cases.some((t) => t.compareDrawing && !expectedDrawingOf(t)))
      throw new AppError("GRADER_FAILED", 503, EXERCISE_MESSAGES.graderFailed);
  }
  const tests = cases.map((t) => {
    const expectedDrawing = expectedDrawingOf(t);
    return {
      description: t.description,
      input: testCaseInput(t),
      expectedOutput: t.expectedOutput,
      // A drawing test passes only when the drawing matches too (decision 077).
      ...(expectedDrawing ? { expectedDrawing } : {}),
    };
  });
  // Grading takes a while; no transaction is held open meanwhile.
  const grade = await gradeOnServer(grader, code, tests, EXERCISE_MESSAGES.graderFailed, {
    userId: me.id,
  });
  const isCompleted = grade.total > 0 && grade.passed === grade.total;
  const submittedAt = new Date();
  const counts = { passedTests: grade.passed, totalTests: grade.total, score: grade.score };
  const { attempt, summary } = await db.transaction(async (tx) => {
    const [attempt] = await tx
      .insert(exerciseAttempts)
      .values({
        exerciseId: id,
        userId: me.id,
        code,
        ...counts,
        isCompleted,
        verified: true,
        submittedAt,
        results: toSavedResults(tests, grade),
      })
      .returning();
    const [summary] = await tx
      .insert(exerciseSubmissions)
      .values({ exerciseId: id, userId: me.id, code, ...counts, isCompleted, isSaved: true, submittedAt })
      .onConflictDoUpdate({
        target: [exerciseSubmissions.exerciseId, exerciseSubmissions.userId],
        set: {
          code,
          ...counts,
          isSaved: true,
          submittedAt,
          isCompleted: sql`${exerciseSubmissions.isCompleted} OR excluded.is_completed`,
        },
      })
      .returning();
    return { attempt, summary };
  });
  return { attempt: toAttempt(attempt), progress: toProgress(summary), grade: toGradeSummary(grade) };
}

/** GET /api/exercises/:id/attempts/:attemptId: one of the caller's own saves, with its results. */
export async function getAttempt(
  db: Db,
  me: SessionUser,
  exerciseId: string,
  attemptId: string,
): Promise<ExerciseAttemptDetail> {
  if (!isUuid(exerciseId) || !isUuid(attemptId)) throw attemptNotFound();
  const [row] = await db
    .select()
    .from(exerciseAttempts)
    .where(
      and(
        eq(exerciseAttempts.id, attemptId),
        eq(exerciseAttempts.exerciseId, exerciseId),
        eq(exerciseAttempts.userId, me.id),
      ),
    );
  if (!row) throw attemptNotFound();
  return { attempt: toAttempt(row), results: row.results };
}
