// The server grader's verdict as the exercise API answers it (Save, the admin's Check) and as a
// saved attempt keeps it: only the fields the contract names, never the grader's internals. A NUL
// the program printed is shown and stored as ␀, as submissions do (PostgreSQL cannot hold U+0000).
import { visibleNul } from "@/server/grading/visible-nul.ts";
import type { GradedTest, GradeSummary, SavedTestResult } from "@/shared/api/exercises.ts";
import type { GradeResult, TestResult } from "@/shared/grading/types.ts";

export const toGradedTest = (r: TestResult): GradedTest => ({
  passed: r.passed,
  output: visibleNul(r.output),
  ...(r.plainOutput === undefined ? {} : { plainOutput: visibleNul(r.plainOutput) }),
  error: visibleNul(r.error),
  timeMs: r.timeMs,
  // A drawing test's verdict (decision 077): the program's drawing only when it did not match.
  ...(r.drawing
    ? {
        drawing: {
          matches: r.drawing.matches,
          summary: r.drawing.summary,
          yours: r.drawing.matches ? null : r.drawing.yours,
        },
      }
    : {}),
});

export const toGradeSummary = (grade: GradeResult): GradeSummary => ({
  passed: grade.passed,
  total: grade.total,
  score: grade.score,
  results: grade.results.map(toGradedTest),
});

/**
 * A saved attempt keeps this much of each output: a program printing in a loop may fill the
 * grader's 1 MB, and Past Saved keeps every save.
 */
export const SAVED_OUTPUT_LIMIT = 20_000;

const clipped = (text: string) =>
  text.length <= SAVED_OUTPUT_LIMIT
    ? text
    : `${text.slice(0, SAVED_OUTPUT_LIMIT)}\n… (${text.length - SAVED_OUTPUT_LIMIT} more characters not kept)`;

/** Each test as graded, beside the test itself as it was then (results are in test order). */
export function toSavedResults(
  tests: { description: string; input: string; expectedOutput: string }[],
  grade: GradeResult,
): SavedTestResult[] {
  return tests.map((t, i) => {
    const { drawing, ...r } = toGradedTest(
      grade.results[i] ?? { passed: false, output: "", error: null, timeMs: 0 },
    );
    return {
      description: t.description,
      input: t.input,
      expectedOutput: t.expectedOutput,
      ...r,
      output: clipped(r.output),
      ...(r.plainOutput === undefined ? {} : { plainOutput: clipped(r.plainOutput) }),
      // Past Saved keeps a drawing test's verdict in words; a drawing of each save is not kept.
      ...(drawing ? { drawing: { matches: drawing.matches, summary: drawing.summary } } : {}),
    };
  });
}
