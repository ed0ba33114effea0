// Drawing tests (decision 064): when a teacher saves a test case with "Compare the drawing", its
// model answer runs in the server's grader (sandboxed, fair-use like any grading) with the case's
// input, and the drawing it made is kept as the one programs must match. A model answer that
// fails, draws nothing, draws too much or prints something else than the expected output is
// refused with what went wrong (400 MODEL_ANSWER_FAILED); a blank expected output takes the
// model's own. An unchanged case keeps the drawing recorded before, so a save runs only what changed.
import type { z } from "zod";
import type { testCases } from "@/server/db/schema.ts";
import { badRequest } from "@/server/errors.ts";
import { gradeOnServer } from "@/server/grading/grade-on-server.ts";
import { modelDrawing } from "@/server/grading/model-drawing.ts";
import type { GraderPool, GradingOwner } from "@/server/python/index.ts";
import type { TestCaseInput } from "@/shared/api/assignments.ts";
import { matchExpected } from "@/shared/grading/compare.ts";
import { type DrawingShape, readDrawingShape } from "@/shared/grading/drawing-shape.mjs";

type CaseIn = z.output<typeof TestCaseInput>;
type TestCaseRow = typeof testCases.$inferSelect;

/** What a case stores about its drawing (and its expected output, which a model may fill in). */
export type SavedDrawing = {
  drawingModel: string | null;
  expectedDrawing: DrawingShape | null;
  expectedOutput: string;
};

const MODEL_GRADER_FAILED = "The model answer could not be run just now. Please try saving again.";

const refuse = (name: string, why: string) =>
  badRequest(`The model answer of test "${name}" ${why}`, "MODEL_ANSWER_FAILED");

/** Each case's drawing, in order: recorded now, kept from before, or none (a test of output). */
export async function recordDrawings(
  grader: GraderPool,
  owner: GradingOwner,
  cases: CaseIn[],
  before: ReadonlyMap<string, TestCaseRow> = new Map(),
): Promise<SavedDrawing[]> {
  const saved: SavedDrawing[] = [];
  /** One run per model answer and input within a save. */
  const runs = new Map<string, Promise<Awaited<ReturnType<typeof gradeOnServer>>>>();
  for (const [i, t] of cases.entries()) {
    const model = t.drawingModel;
    if (model === null) {
      saved.push({ drawingModel: null, expectedDrawing: null, expectedOutput: t.expectedOutput });
      continue;
    }
    const old = t.id ? before.get(t.id) : undefined;
    const kept = old ? readDrawingShape(old.expectedDrawing) : null;
    const sameOutput = !t.expectedOutput.trim() || t.expectedOutput === old?.expectedOutput;
    if (old && kept && old.drawingModel === model && old.input === t.input && sameOutput) {
      saved.push({ drawingModel: model, expectedDrawing: kept, expectedOutput: old.expectedOutput });
      continue;
    }
    const name = t.description.trim() || `Test ${i + 1}`;
    const key = `${model}\u0000${t.input}`;
    let run = runs.get(key);
    if (!run) {
      run = gradeOnServer(
        grader,
        model,
        [{ input: t.input, expectedOutput: "", recordDrawing: true }],
        MODEL_GRADER_FAILED,
        owner,
      );
      runs.set(key, run);
    }
    const result = (await run).results[0];
    const made = modelDrawing(result);
    if ("why" in made) throw refuse(name, made.why);
    const { drawing } = made;
    // What it printed, without prompts and echoed input (the pass rule accepts either form).
    const printed = (result.plainOutput ?? result.output).trimEnd();
    const expectedOutput = t.expectedOutput.trim() ? t.expectedOutput : printed;
    if (!matchExpected(expectedOutput, { transcript: result.output, output: printed, error: null }))
      throw refuse(
        name,
        "does not print this test's expected output. Change one of them, or leave the expected output empty to use the model's.",
      );
    saved.push({ drawingModel: model, expectedDrawing: drawing, expectedOutput });
  }
  return saved;
}
