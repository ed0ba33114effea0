// A drawing test's verdict (decision 064), one rule for the server grader and the browser's Run
// Tests: a test with an expected drawing passes only when the printed output matched (the pass
// rule, compare.ts) AND the drawing matches; a program that drew nothing drew an empty drawing.
import { compareDrawings, type DrawingShape, emptyDrawing } from "./drawing-shape.mjs";
import type { TestCase, TestResult } from "./types.ts";

/** Whether this test needs the run's drawing at all. */
export const wantsDrawing = (test: TestCase) =>
  test.expectedDrawing !== undefined || test.recordDrawing === true;

/** `result` with the drawing's verdict joined in; unchanged for a test of printed output only. */
export function withDrawing(test: TestCase, result: TestResult, drawing: DrawingShape | null): TestResult {
  if (!wantsDrawing(test)) return result;
  const yours = drawing ?? emptyDrawing();
  if (!test.expectedDrawing) return { ...result, drawing: { matches: true, summary: "", yours } };
  const { matches, summary } = compareDrawings(test.expectedDrawing, yours);
  return { ...result, passed: result.passed && matches, drawing: { matches, summary, yours } };
}
