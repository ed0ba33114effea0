// The admin dashboard: platform totals, the exercise categories and the premade exercises
// (every field, solution and test cases included), and Check — a solution graded by the server
// against the tests being edited. Writes go through the exercises feature's one write path.
import { asc, count, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import { isUuid } from "@/server/auth/access.ts";
import type { Db } from "@/server/db/client.ts";
import {
  assignments,
  classes,
  exerciseCategories,
  exercises,
  submissions,
  user,
} from "@/server/db/schema.ts";
import { badRequest, conflict, notFound } from "@/server/errors.ts";
import {
  categoryResolver,
  cleanHints,
  cleanSolution,
  cleanTestCases,
  type ExerciseRecord,
  isCategoryNameTaken,
  loadCategories,
  recordExerciseDrawings,
  type StoredTestCase,
  selectExercises,
  testCasesByExercise,
  toExerciseSummary,
  toExerciseTestCase,
  toGradeSummary,
  writeExercises,
} from "@/server/features/exercises/index.ts";
import { gradeOnServer } from "@/server/grading/grade-on-server.ts";
import type { GraderPool } from "@/server/python/index.ts";
import type { ExerciseDifficulty } from "@/shared/api/exercise-file.ts";
import {
  type AdminCategory,
  type AdminExercise,
  type AdminTestCaseInput,
  type CheckExerciseBody,
  type CheckExerciseResult,
  type CreateCategoryBody,
  type CreateExerciseBody,
  EXERCISE_MESSAGES,
  type UpdateCategoryBody,
  type UpdateExerciseBody,
} from "@/shared/api/exercises.ts";
import type { DrawingShape } from "@/shared/grading/drawing-shape.mjs";

type CategoryRow = typeof exerciseCategories.$inferSelect;

/** Platform totals for the admin dashboard, counted from the real tables. */
export async function getOverview(db: Db) {
  const roles = await db.select({ role: user.role, n: count() }).from(user).groupBy(user.role);
  const [[c], [a], [s], [e], [cat]] = await Promise.all([
    db.select({ n: count() }).from(classes),
    db.select({ n: count() }).from(assignments),
    db.select({ n: count() }).from(submissions).where(sql`${submissions.isFinal}`),
    db.select({ n: count() }).from(exercises),
    db.select({ n: count() }).from(exerciseCategories),
  ]);
  const users = { pending: 0, student: 0, teacher: 0, admin: 0 } as Record<string, number>;
  for (const r of roles) users[r.role] = r.n;
  return { users, classes: c.n, assignments: a.n, finalSubmissions: s.n, exercises: e.n, categories: cat.n };
}

// ── Categories ───────────────────────────────────────────────────────────────────────────────

const categoryNotFound = () => notFound(EXERCISE_MESSAGES.categoryNotFound);

const toCategory = (c: CategoryRow, exerciseCount: number): AdminCategory => ({
  id: c.id,
  name: c.name,
  description: c.description,
  displayOrder: c.displayOrder,
  exerciseCount,
});

async function exerciseCount(db: Db, categoryId: string) {
  const [{ n }] = await db.select({ n: count() }).from(exercises).where(eq(exercises.categoryId, categoryId));
  return n;
}

export async function listCategories(db: Db): Promise<AdminCategory[]> {
  const rows = await db
    .select({ category: exerciseCategories, n: count(exercises.id) })
    .from(exerciseCategories)
    .leftJoin(exercises, eq(exercises.categoryId, exerciseCategories.id))
    .groupBy(exerciseCategories.id)
    .orderBy(asc(exerciseCategories.displayOrder), asc(exerciseCategories.name), asc(exerciseCategories.id));
  return rows.map((r) => toCategory(r.category, r.n));
}

const categoryNameTaken = (name: string) =>
  conflict(EXERCISE_MESSAGES.categoryNameTaken(name), "CATEGORY_NAME_TAKEN");

/** 409 when another category (not `exceptId`) already has that name, ignoring case and spaces. */
async function assertNameFree(db: Db, name: string, exceptId?: string) {
  const taken = categoryResolver(await loadCategories(db))(name);
  if (taken && taken.id !== exceptId) throw categoryNameTaken(taken.name);
}

/** Runs a category write; a name the database refuses as taken (a race with the check) is a 409. */
async function nameChecked<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isCategoryNameTaken(e)) throw categoryNameTaken(name);
    throw e;
  }
}

export async function createCategory(
  db: Db,
  body: z.output<typeof CreateCategoryBody>,
): Promise<AdminCategory> {
  await assertNameFree(db, body.name);
  const [row] = await nameChecked(body.name, () => db.insert(exerciseCategories).values(body).returning());
  return toCategory(row, 0);
}

export async function updateCategory(
  db: Db,
  id: string,
  body: z.output<typeof UpdateCategoryBody>,
): Promise<AdminCategory> {
  if (!isUuid(id)) throw categoryNotFound();
  if (body.name !== undefined) await assertNameFree(db, body.name, id);
  // An empty change (every field left out) answers with the category as it is: SQL has no empty SET.
  if (Object.values(body).every((v) => v === undefined)) {
    const [current] = await db.select().from(exerciseCategories).where(eq(exerciseCategories.id, id));
    if (!current) throw categoryNotFound();
    return toCategory(current, await exerciseCount(db, id));
  }
  const [row] = await nameChecked(body.name ?? "", () =>
    db.update(exerciseCategories).set(body).where(eq(exerciseCategories.id, id)).returning(),
  );
  if (!row) throw categoryNotFound();
  return toCategory(row, await exerciseCount(db, id));
}

/** Refused (409) while the category holds exercises: the spec disables the button then. */
export async function deleteCategory(db: Db, id: string): Promise<void> {
  if (!isUuid(id)) throw categoryNotFound();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: exerciseCategories.id })
      .from(exerciseCategories)
      .where(eq(exerciseCategories.id, id))
      .for("update");
    if (!row) throw categoryNotFound();
    const [{ n }] = await tx.select({ n: count() }).from(exercises).where(eq(exercises.categoryId, id));
    if (n > 0) throw conflict(EXERCISE_MESSAGES.categoryHasExercises, "CATEGORY_NOT_EMPTY");
    await tx.delete(exerciseCategories).where(eq(exerciseCategories.id, id));
  });
}

// ── Exercises ────────────────────────────────────────────────────────────────────────────────

const exerciseNotFound = () => notFound(EXERCISE_MESSAGES.notFound);

/**
 * The admin form's test cases: a row left wholly blank is dropped; a row with only one of
 * description and expected output is an error (the form shows it at the field first).
 */
function formTestCases(cases: z.output<typeof CheckExerciseBody>["testCases"]): StoredTestCase[] {
  const filled = (t: AdminTestCaseInput) =>
    [t.description, t.expectedOutput, t.input, ...(t.inputs ?? [])].some((s) => s?.trim());
  const kept = cases.filter(filled);
  if (kept.some((t) => !t.description?.trim() || !t.expectedOutput?.trim()))
    throw badRequest(EXERCISE_MESSAGES.halfTestCase, "VALIDATION");
  return cleanTestCases(kept);
}

async function assertCategory(db: Db, categoryId: string) {
  const [row] = await db
    .select({ id: exerciseCategories.id })
    .from(exerciseCategories)
    .where(eq(exerciseCategories.id, categoryId));
  if (!row) throw badRequest(EXERCISE_MESSAGES.categoryRequired, "VALIDATION");
}

/** Every exercise (or those with `ids`) with category, solution and test cases, in library order. */
async function loadAdminExercises(db: Db, ids?: string[]): Promise<AdminExercise[]> {
  const [rows, cases] = await Promise.all([
    selectExercises(
      db,
      {
        starterCode: exercises.starterCode,
        solution: exercises.solution,
        solutionCheck: exercises.solutionCheck,
        hints: exercises.hints,
        createdAt: exercises.createdAt,
        updatedAt: exercises.updatedAt,
      },
      ids ? inArray(exercises.id, ids) : undefined,
    ),
    testCasesByExercise(db, ids),
  ]);
  return rows.map(
    (e): AdminExercise => ({
      ...toExerciseSummary(e),
      starterCode: e.starterCode,
      solution: e.solution,
      solutionCheck: e.solutionCheck === "passed" || e.solutionCheck === "failed" ? e.solutionCheck : null,
      hints: e.hints,
      testCases: (cases.get(e.id) ?? []).map((t) => ({
        ...toExerciseTestCase(t),
        inputs: t.inputs,
        compareDrawing: t.compareDrawing,
      })),
      createdAt: e.createdAt.toISOString(),
      updatedAt: e.updatedAt.toISOString(),
    }),
  );
}

export const listAdminExercises = (db: Db) => loadAdminExercises(db);

async function loadOne(db: Db, id: string): Promise<AdminExercise> {
  const [one] = await loadAdminExercises(db, [id]);
  if (!one) throw exerciseNotFound();
  return one;
}

/** A test case as the grader takes it: a drawing test with the drawing it expects (decision 077). */
const toGradedCase = (t: {
  input: string;
  expectedOutput: string;
  expectedDrawing?: DrawingShape | null;
}) => ({
  input: t.input,
  expectedOutput: t.expectedOutput,
  ...(t.expectedDrawing ? { expectedDrawing: t.expectedDrawing } : {}),
});

/**
 * Grades the saved solution against the saved tests and stores the verdict, so the list can flag
 * an exercise whose model solution fails its own tests. Best effort: when the grader is busy or
 * fails, the verdict stays unknown (null) and the save itself still stands.
 */
async function recordSolutionCheck(db: Db, grader: GraderPool, id: string): Promise<void> {
  const [one] = await loadAdminExercises(db, [id]);
  let verdict: "passed" | "failed" | null = null;
  if (one?.solution && one.testCases.length > 0) {
    try {
      const grade = await gradeOnServer(grader, one.solution, one.testCases.map(toGradedCase));
      verdict = grade.passed === grade.total ? "passed" : "failed";
    } catch {
      verdict = null;
    }
  }
  await db.update(exercises).set({ solutionCheck: verdict }).where(eq(exercises.id, id));
}

export async function createExercise(
  db: Db,
  grader: GraderPool,
  body: z.output<typeof CreateExerciseBody>,
): Promise<AdminExercise> {
  await assertCategory(db, body.categoryId);
  const solution = cleanSolution(body.solution);
  // Drawing tests: the solution's drawings, recorded before anything is written (decision 077).
  const testCases = await recordExerciseDrawings(grader, solution, formTestCases(body.testCases));
  const id = await db.transaction(async (tx) => {
    const displayOrder = body.displayOrder ?? (await tx.select({ n: count() }).from(exercises))[0].n;
    const record: ExerciseRecord = {
      ...body,
      solution,
      hints: cleanHints(body.hints),
      displayOrder,
      testCases,
    };
    return (await writeExercises(tx, [{ record }]))[0];
  });
  await recordSolutionCheck(db, grader, id);
  return loadOne(db, id);
}

/** PATCH: the fields given change; `testCases` given replaces all of them, in the same transaction. */
export async function updateExercise(
  db: Db,
  grader: GraderPool,
  id: string,
  body: z.output<typeof UpdateExerciseBody>,
): Promise<AdminExercise> {
  if (!isUuid(id)) throw exerciseNotFound();
  if (body.categoryId) await assertCategory(db, body.categoryId);
  const testCases = await redrawnTestCases(db, grader, id, body);
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(exercises).where(eq(exercises.id, id)).for("update");
    if (!current) throw exerciseNotFound();
    const record: ExerciseRecord = {
      title: body.title ?? current.title,
      description: body.description ?? current.description,
      difficulty: body.difficulty ?? (current.difficulty as ExerciseDifficulty),
      language: body.language ?? current.language,
      categoryId: body.categoryId ?? current.categoryId,
      starterCode: body.starterCode ?? current.starterCode,
      solution: body.solution === undefined ? current.solution : cleanSolution(body.solution),
      hints: body.hints ? cleanHints(body.hints) : current.hints,
      estimatedTime: body.estimatedTime ?? current.estimatedTime,
      displayOrder: body.displayOrder ?? current.displayOrder,
      testCases,
    };
    await writeExercises(tx, [{ id, record }]);
  });
  await recordSolutionCheck(db, grader, id);
  return loadOne(db, id);
}

/**
 * The test cases an update writes: those given, or (when only the solution changes) the stored
 * ones, each drawing test's drawing recorded again from the solution it will have (decision 077).
 * Undefined: the stored test cases stay as they are.
 */
async function redrawnTestCases(
  db: Db,
  grader: GraderPool,
  id: string,
  body: z.output<typeof UpdateExerciseBody>,
): Promise<StoredTestCase[] | undefined> {
  const given = body.testCases ? formTestCases(body.testCases) : undefined;
  if (!given && body.solution === undefined) return undefined;
  const [current] = await db
    .select({ solution: exercises.solution })
    .from(exercises)
    .where(eq(exercises.id, id));
  if (!current) throw exerciseNotFound();
  const solution = body.solution === undefined ? current.solution : cleanSolution(body.solution);
  const cases =
    given ??
    ((await testCasesByExercise(db, [id])).get(id) ?? []).map(
      (t): StoredTestCase => ({ ...t, expectedDrawing: null }),
    );
  if (!given && !cases.some((t) => t.compareDrawing)) return undefined;
  return recordExerciseDrawings(grader, solution, cases);
}

/** Deletes the exercise with its test cases, attempts and summaries (the spec's confirmation first). */
export async function deleteExercise(db: Db, id: string): Promise<void> {
  if (!isUuid(id)) throw exerciseNotFound();
  const deleted = await db.delete(exercises).where(eq(exercises.id, id)).returning({ id: exercises.id });
  if (deleted.length === 0) throw exerciseNotFound();
}

/** Check: the solution against the (unsaved) tests, by the server grader. */
export async function checkExercise(
  grader: GraderPool,
  body: z.output<typeof CheckExerciseBody>,
): Promise<CheckExerciseResult> {
  // A drawing test that cannot be recorded is refused here as Save would refuse it (decision 077).
  const cases = await recordExerciseDrawings(
    grader,
    cleanSolution(body.solution),
    formTestCases(body.testCases),
  );
  const grade = await gradeOnServer(grader, body.solution, cases.map(toGradedCase));
  return toGradeSummary(grade);
}
