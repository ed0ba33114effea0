// A model program's drawing, as a drawing test expects it (decisions 064, 077): the run recorded
// by the server's grader (`recordDrawing`), or the reason it cannot be expected — it stopped with
// an error, drew nothing, or drew more than a drawing test compares. One rule for a teacher's
// model answer (assignments) and a library exercise's solution.
import { type DrawingShape, MAX_SHAPES } from "@/shared/grading/drawing-shape.mjs";
import type { TestResult } from "@/shared/grading/types.ts";

export type ModelDrawing = { drawing: DrawingShape } | { why: string };

/** `result` is a run of the model with `recordDrawing: true`; `why` finishes a sentence about it. */
export function modelDrawing(result: TestResult): ModelDrawing {
  if (result.error) return { why: `stopped with an error: ${result.error.replace(/^Error: /, "")}` };
  const drawing = result.drawing?.yours;
  if (!drawing) return { why: "could not be run. Please try saving again." };
  if (drawing.tooBig)
    return {
      why: `draws too much to compare: at most ${MAX_SHAPES.toLocaleString("en-GB")} lines and filled shapes.`,
    };
  if (drawing.segments.length + drawing.fills.length === 0)
    return {
      why: "draws nothing: a drawing test needs a program that draws lines or filled shapes with turtle.",
    };
  return { drawing };
}
