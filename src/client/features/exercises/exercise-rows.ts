// Exercise results in the workspace's one result shape (features/workspace ResultSet): every
// exercise test is visible, so the browser's and the server's grades line up case by case. A
// drawing test (decision 077) carries the solution's drawing, so a failure shows Expected and Yours.

import { browserRows, type ResultSet } from "@/client/features/workspace/index.ts";
import type { StudentTestCase } from "@/shared/api/assignments.ts";
import type {
  ExerciseDifficulty,
  ExerciseTestCase,
  GradeSummary,
  SavedTestResult,
} from "@/shared/api/exercises.ts";
import type { BadgeTone } from "@/shared/domain/tones.ts";
import { scorePercent } from "@/shared/grading/score.ts";
import type { GradeResult, TestCase } from "@/shared/grading/types.ts";

/** Exercise tests as the workspace's test rows (none is hidden: the door stays open for that). */
export const exerciseCases = (tests: ExerciseTestCase[]): StudentTestCase[] =>
  tests.map((t) => ({
    id: t.id,
    position: t.displayOrder,
    hidden: false,
    description: t.description,
    input: t.input,
    expectedOutput: t.expectedOutput,
    ...(t.expectedDrawing ? { expectedDrawing: t.expectedDrawing } : {}),
  }));

/** What Run Tests hands the runner: a drawing test compares the drawing too, as Save does. */
export const runnableTests = (tests: ExerciseTestCase[]): TestCase[] =>
  tests.map((t) => ({
    input: t.input,
    expectedOutput: t.expectedOutput,
    ...(t.expectedDrawing ? { expectedDrawing: t.expectedDrawing } : {}),
  }));

/** Run Tests in this browser. */
export const exerciseBrowserRows = (tests: ExerciseTestCase[], grade: GradeResult): ResultSet =>
  browserRows(exerciseCases(tests), grade);

/** The server's verdicts as the result rows read them: a drawing that matched sends no picture. */
const withPictures = (grade: GradeSummary): GradeResult => ({
  ...grade,
  results: grade.results.map(({ drawing, ...r }) =>
    drawing?.yours ? { ...r, drawing: { ...drawing, yours: drawing.yours } } : r,
  ),
});

/** Save's answer: the server's grade, same rows, marked as the server's. */
export const exerciseServerRows = (tests: ExerciseTestCase[], grade: GradeSummary): ResultSet => ({
  ...browserRows(exerciseCases(tests), withPictures(grade)),
  source: "server",
});

/**
 * A Past Saved row's results: the tests as they were at that Save beside the server's grade, in
 * the same rows (failed ones open to expected versus your output).
 */
export function exerciseSavedRows(results: SavedTestResult[]): ResultSet {
  const tests = results.map((r, i) => ({
    id: `saved-${i}`,
    description: r.description,
    input: r.input,
    expectedOutput: r.expectedOutput,
    displayOrder: i,
  }));
  const passed = results.filter((r) => r.passed).length;
  // A drawing test's pictures are not kept with a save (decision 077): its row says pass or fail.
  return exerciseServerRows(tests, {
    passed,
    total: results.length,
    score: scorePercent(passed, results.length),
    results: results.map(({ drawing: _words, ...r }) => r),
  });
}

/** True when a browser run passed every test (at least one): the spec's auto-save moment. */
export const isFullPass = (grade: { passed: number; total: number }) =>
  grade.total > 0 && grade.passed === grade.total;

/** Spec 02: easy green, medium yellow, hard red — always with the word, never colour alone. */
export const DIFFICULTY_BADGE: Record<ExerciseDifficulty, { text: string; tone: BadgeTone }> = {
  easy: { text: "Easy", tone: "green" },
  medium: { text: "Medium", tone: "yellow" },
  hard: { text: "Hard", tone: "red" },
};

/**
 * Past Saved rows with saves in a row of the same code folded into one (the newest, with how many
 * times): pressing Save twice is not two pieces of work (issue 19 item 14). Newest first in, out.
 */
export function groupSameCode<T extends { code: string }>(attempts: T[]): { attempt: T; times: number }[] {
  const groups: { attempt: T; times: number }[] = [];
  for (const a of attempts) {
    const last = groups.at(-1);
    if (last && last.attempt.code === a.code) last.times++;
    else groups.push({ attempt: a, times: 1 });
  }
  return groups;
}
