// Exercise results in the workspace's one result shape (features/workspace ResultSet): every
// exercise test is visible, so the browser's and the server's grades line up case by case.

import { browserRows, type ResultSet } from "@/client/features/workspace/index.ts";
import type { StudentTestCase } from "@/shared/api/assignments.ts";
import type { ExerciseDifficulty, ExerciseTestCase, GradeSummary } from "@/shared/api/exercises.ts";
import type { BadgeTone } from "@/shared/domain/tones.ts";
import type { GradeResult } from "@/shared/grading/types.ts";

/** Exercise tests as the workspace's test rows (none is hidden: the door stays open for that). */
export const exerciseCases = (tests: ExerciseTestCase[]): StudentTestCase[] =>
  tests.map((t) => ({
    id: t.id,
    position: t.displayOrder,
    hidden: false,
    description: t.description,
    input: t.input,
    expectedOutput: t.expectedOutput,
  }));

/** What Run Tests hands the runner. */
export const runnableTests = (tests: ExerciseTestCase[]) =>
  tests.map((t) => ({ input: t.input, expectedOutput: t.expectedOutput }));

/** Run Tests in this browser. */
export const exerciseBrowserRows = (tests: ExerciseTestCase[], grade: GradeResult): ResultSet =>
  browserRows(exerciseCases(tests), grade);

/** Save's answer: the server's grade, same rows, marked as the server's. */
export const exerciseServerRows = (tests: ExerciseTestCase[], grade: GradeSummary): ResultSet => ({
  ...browserRows(exerciseCases(tests), grade),
  source: "server",
});

/** True when a browser run passed every test (at least one): the spec's auto-save moment. */
export const isFullPass = (grade: { passed: number; total: number }) =>
  grade.total > 0 && grade.passed === grade.total;

/** Spec 02: easy green, medium yellow, hard red — always with the word, never colour alone. */
export const DIFFICULTY_BADGE: Record<ExerciseDifficulty, { text: string; tone: BadgeTone }> = {
  easy: { text: "Easy", tone: "green" },
  medium: { text: "Medium", tone: "yellow" },
  hard: { text: "Hard", tone: "red" },
};
