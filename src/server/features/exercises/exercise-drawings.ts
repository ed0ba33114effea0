// A library exercise's drawing tests (decision 077): the exercise's solution is the model. Its
// drawing for each such test's input is recorded by the server's grader whenever the exercise is
// written (the admin's forms, the import, the bank's seeding) and kept on the test case; a test
// whose drawing could not be recorded then (the grader down at start) is recorded when next needed.
import { and, eq, inArray, isNull } from "drizzle-orm";
import { exercises, exerciseTestCases } from "@/server/db/schema.ts";
import { AppError, badRequest } from "@/server/errors.ts";
import { gradeOnServer } from "@/server/grading/grade-on-server.ts";
import { modelDrawing } from "@/server/grading/model-drawing.ts";
import type { GraderPool, GradingOwner } from "@/server/python/index.ts";
import { EXERCISE_MESSAGES } from "@/shared/api/exercises.ts";
import { type DrawingShape, readDrawingShape } from "@/shared/grading/drawing-shape.mjs";
import type { DbOrTx, StoredTestCase } from "./exercise-store.ts";

const RECORD_FAILED = "The solution's drawing could not be recorded just now. Please try saving again.";

const refuse = (message: string) => badRequest(message, "SOLUTION_DRAWING_FAILED");

/**
 * `cases` with each drawing test's expected drawing: the solution run once per distinct input.
 * 400 SOLUTION_DRAWING_FAILED, naming the test, when there is no solution or it stops with an
 * error, draws nothing or draws too much with that input; 503 when the grader cannot run it.
 */
export async function recordExerciseDrawings(
  grader: GraderPool,
  solution: string | null,
  cases: StoredTestCase[],
  owner?: GradingOwner,
): Promise<StoredTestCase[]> {
  const drawingTests = cases.filter((t) => t.compareDrawing);
  if (drawingTests.length === 0) return cases;
  if (!solution?.trim()) throw refuse(EXERCISE_MESSAGES.drawingNeedsSolution(drawingTests[0].description));
  const inputs = [...new Set(drawingTests.map((t) => t.input))];
  const grade = await gradeOnServer(
    grader,
    solution,
    inputs.map((input) => ({ input, expectedOutput: "", recordDrawing: true })),
    RECORD_FAILED,
    owner,
  );
  const byInput = new Map<string, DrawingShape>();
  for (const [i, input] of inputs.entries()) {
    const made = modelDrawing(grade.results[i]);
    if ("why" in made) {
      const test = drawingTests.find((t) => t.input === input)!;
      throw refuse(EXERCISE_MESSAGES.drawingRefused(test.description, made.why));
    }
    byInput.set(input, made.drawing);
  }
  return cases.map((t) => ({ ...t, expectedDrawing: t.compareDrawing ? byInput.get(t.input)! : null }));
}

/**
 * Records the drawings still missing (of the exercises `ids`, or of every exercise): what the
 * bank's seeding could not record at start, or a Save finding one unrecorded. Best effort: an
 * exercise whose solution cannot be recorded keeps its tests as they are and is named in the answer.
 */
export async function recordMissingDrawings(
  db: DbOrTx,
  grader: GraderPool,
  ids?: string[],
  owner?: GradingOwner,
): Promise<{ recorded: number; failed: { title: string; reason: string }[] }> {
  const missing = await db
    .select({ exerciseId: exerciseTestCases.exerciseId })
    .from(exerciseTestCases)
    .where(
      and(
        eq(exerciseTestCases.compareDrawing, true),
        isNull(exerciseTestCases.expectedDrawing),
        ids ? inArray(exerciseTestCases.exerciseId, ids) : undefined,
      ),
    );
  const exerciseIds = [...new Set(missing.map((m) => m.exerciseId))];
  const answer = { recorded: 0, failed: [] as { title: string; reason: string }[] };
  for (const id of exerciseIds) {
    const [exercise] = await db
      .select({ title: exercises.title, solution: exercises.solution })
      .from(exercises)
      .where(eq(exercises.id, id));
    if (!exercise) continue;
    const rows = await db
      .select()
      .from(exerciseTestCases)
      .where(and(eq(exerciseTestCases.exerciseId, id), eq(exerciseTestCases.compareDrawing, true)));
    const unrecorded = rows.filter((r) => readDrawingShape(r.expectedDrawing) === null);
    try {
      const recorded = await recordExerciseDrawings(
        grader,
        exercise.solution,
        unrecorded.map((r) => ({ ...r, compareDrawing: true, expectedDrawing: null })),
        owner,
      );
      for (const [i, r] of unrecorded.entries())
        await db
          .update(exerciseTestCases)
          .set({ expectedDrawing: recorded[i].expectedDrawing })
          .where(eq(exerciseTestCases.id, r.id));
      answer.recorded += unrecorded.length;
    } catch (e) {
      answer.failed.push({ title: exercise.title, reason: e instanceof AppError ? e.message : String(e) });
    }
  }
  return answer;
}
