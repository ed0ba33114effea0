// Contracts of /api/exercises (the library: browser, workspace, Save, solution) and of the admin's
// /api/admin/categories, /api/admin/exercises, /api/admin/exercises/check and /api/admin/import.
// The import file itself is ./exercise-file.ts (ImportFile, ImportExercise, IMPORT_MESSAGES).
import { z } from "zod";
import { DrawingShape, DrawingVerdict } from "./assignments.ts";
import {
  atMost,
  EXERCISE_DIFFICULTIES,
  EXERCISE_LANGUAGES,
  EXERCISE_LIMITS as LIMITS,
} from "./exercise-file.ts";

export const EXERCISE_MESSAGES = {
  notFound: "Exercise not found",
  attemptNotFound: "Saved attempt not found.",
  badOffset: "offset must be a whole number of saves from 0.",
  /** Spec 01 §8: the solution fetch failed. */
  solutionUnavailable: "Solution not available, please contact your instructor",
  /** Spec 01 §8: the exercise has no solution. */
  noSolution: "No solution has been provided for this exercise yet. Please contact your instructor.",
  /** Spec 02 §5: submit is ignored when the code is blank (the Save button is disabled then). */
  blankCode: "Write some code before saving.",
  codeTooLong: "Your program is too long (100,000 characters at most).",
  graderFailed: "Your code could not be checked just now. Please try saving again.",
  categoryNameRequired: "Please enter a category name.",
  categoryNotFound: "Category not found.",
  /** Names are compared ignoring case and surrounding spaces (decision 044). */
  categoryNameTaken: (name: string) =>
    `A category named "${name}" already exists. Please choose a different name.`,
  categoryHasExercises:
    "This category still has exercises: delete or move them before deleting the category.",
  titleRequired: "Please enter an exercise title.",
  categoryRequired: "Please choose a category.",
  /** A test case with only one of description and expected output (a fully blank row is dropped). */
  halfTestCase: "A test case needs both a description and an expected output.",
  /** A drawing test's model is the exercise's solution (decision 077). */
  drawingNeedsSolution: (test: string) =>
    `Test "${test}" compares the drawing, so the exercise needs a solution that draws it with turtle.`,
  /** The solution, run with a drawing test's input, stopped, drew nothing or drew too much. */
  drawingRefused: (test: string, why: string) => `The solution, run with the input of test "${test}", ${why}`,
  /** Spec 02 §5 confirmations, for the admin's delete dialogs. */
  confirmDeleteCategory:
    "Are you sure you want to delete this category? This will also delete all exercises in this category.",
  confirmDeleteExercise: "Are you sure you want to delete this exercise?",
} as const;

export const MAX_CODE = LIMITS.code;
/** "Description is too long (at most 20,000 characters).": the form's refusal names the field. */
const tooLong = (field: string, n: number, unit: "characters" | "items" = "characters") =>
  `${field} is too long (${atMost(n, unit)}).`;
const text = (field: string, n: number) => z.string().max(n, tooLong(field, n));

/** What the browser's list shows of a description: this many characters at most (ending "…" when cut). */
export const EXERCISE_SUMMARY_LENGTH = 200;

// ── Responses: the library as a signed-in user sees it ─────────────────────────────────────

export const ExerciseDifficulty = z.enum(EXERCISE_DIFFICULTIES);
export type ExerciseDifficulty = z.output<typeof ExerciseDifficulty>;
export const ExerciseLanguage = z.enum(EXERCISE_LANGUAGES);
export type ExerciseLanguage = z.output<typeof ExerciseLanguage>;

export const ExerciseCategory = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  displayOrder: z.number().int(),
});
export type ExerciseCategory = z.output<typeof ExerciseCategory>;

/**
 * One row of the browser: never the solution, never the test cases. In GET /api/exercises the
 * description is a summary (EXERCISE_SUMMARY_LENGTH characters at most); the exercise's own
 * GET /api/exercises/:id has it whole.
 */
export const ExerciseListItem = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  difficulty: ExerciseDifficulty,
  language: ExerciseLanguage,
  /** Free text such as "30 minutes"; "" when none. */
  estimatedTime: z.string(),
  displayOrder: z.number().int(),
  category: ExerciseCategory.pick({ id: true, name: true, description: true }),
  /** The caller's own completion (the server's word: graded on Save). */
  isCompleted: z.boolean(),
});
export type ExerciseListItem = z.output<typeof ExerciseListItem>;

/** A category of the browser, in display order, with its exercises and the caller's counts. */
export const ExerciseListCategory = ExerciseCategory.extend({
  exercises: z.array(ExerciseListItem),
  completedCount: z.number().int(),
  totalCount: z.number().int(),
});
export type ExerciseListCategory = z.output<typeof ExerciseListCategory>;

/** GET /api/exercises. Categories without exercises are included (with empty lists). */
export const ExerciseList = z.object({
  categories: z.array(ExerciseListCategory),
  completedCount: z.number().int(),
  totalCount: z.number().int(),
});
export type ExerciseList = z.output<typeof ExerciseList>;

/** A test case as the workspace runs it: `input` is the lines the grader feeds (testCaseInput). */
export const ExerciseTestCase = z.object({
  id: z.string(),
  description: z.string(),
  input: z.string(),
  expectedOutput: z.string(),
  displayOrder: z.number().int(),
  /**
   * A drawing test (decision 077): the solution's drawing for this input, which a program must
   * draw as well as print the expected output. Absent for a test of printed output only.
   */
  expectedDrawing: DrawingShape.optional(),
});
export type ExerciseTestCase = z.output<typeof ExerciseTestCase>;

/** One Save: a Past Saved row. `code` is what Restore puts back in the editor. */
export const ExerciseAttempt = z.object({
  id: z.string(),
  submittedAt: z.string(),
  score: z.number(),
  passedTests: z.number().int(),
  totalTests: z.number().int(),
  isCompleted: z.boolean(),
  /** Graded by the server (always true for rows made by Save). */
  verified: z.boolean(),
  code: z.string(),
});
export type ExerciseAttempt = z.output<typeof ExerciseAttempt>;

/** The caller's summary row for one exercise (spec's exercise_submissions). */
export const ExerciseProgress = z.object({
  isCompleted: z.boolean(),
  /** null: never saved. */
  lastSavedAt: z.string().nullable(),
  passedTests: z.number().int(),
  totalTests: z.number().int(),
  score: z.number(),
  /** The last saved code, null when never saved. */
  code: z.string().nullable(),
});
export type ExerciseProgress = z.output<typeof ExerciseProgress>;

/** GET /api/exercises/:id — everything the workspace needs except the solution. */
export const ExerciseDetail = ExerciseListItem.extend({
  /** As stored: the client expands literal `\n` (expandStarterCode) when it shows it. */
  starterCode: z.string(),
  hints: z.array(z.string()),
  testCases: z.array(ExerciseTestCase),
  progress: ExerciseProgress,
  /** Past Saved, newest first: the newest PAST_SAVED_PAGE of them. */
  attempts: z.array(ExerciseAttempt),
  /** How many saves there are in all (older ones come from GET …/attempts?offset=). */
  attemptsTotal: z.number().int(),
});
export type ExerciseDetail = z.output<typeof ExerciseDetail>;

/** Past Saved rows per page (the workspace's first page and each "Show older saves"). */
export const PAST_SAVED_PAGE = 100;

/** GET /api/exercises/:id/attempts?offset=N: the caller's saves from the Nth newest on. */
export const ExerciseAttemptPage = z.object({
  attempts: z.array(ExerciseAttempt),
  total: z.number().int(),
});
export type ExerciseAttemptPage = z.output<typeof ExerciseAttemptPage>;

/** GET /api/exercises/:id/solution (teachers and admins; 404 noSolution when there is none). */
export const ExerciseSolution = z.object({ exerciseId: z.string(), solution: z.string() });
export type ExerciseSolution = z.output<typeof ExerciseSolution>;

/** One test's result from the server grader, in test-case order. */
export const GradedTest = z.object({
  passed: z.boolean(),
  /** What the console showed (transcript, ending with the error line if any). */
  output: z.string(),
  /** What the program printed without prompts and echoed input, when the grader gives it. */
  plainOutput: z.string().optional(),
  error: z.string().nullable(),
  timeMs: z.number(),
  /** A drawing test's verdict (decision 077); `yours` only when the drawing did not match. */
  drawing: DrawingVerdict.optional(),
});
export type GradedTest = z.output<typeof GradedTest>;

export const GradeSummary = z.object({
  passed: z.number().int(),
  total: z.number().int(),
  score: z.number(),
  results: z.array(GradedTest),
});
export type GradeSummary = z.output<typeof GradeSummary>;

/** One test of a saved attempt: the test as it was at Save (no exercise test is hidden) and the server's result. */
export const SavedTestResult = GradedTest.omit({ drawing: true }).extend({
  description: z.string(),
  input: z.string(),
  expectedOutput: z.string(),
  /** A drawing test's verdict in words; the pictures are shown only by the Save that made them. */
  drawing: z.object({ matches: z.boolean(), summary: z.string() }).optional(),
});
export type SavedTestResult = z.output<typeof SavedTestResult>;

/**
 * GET /api/exercises/:id/attempts/:attemptId: one of the caller's own Past Saved rows with its
 * per-test results (expected versus your output). `results` is null for saves made before
 * results were kept.
 */
export const ExerciseAttemptDetail = z.object({
  attempt: ExerciseAttempt,
  results: z.array(SavedTestResult).nullable(),
});
export type ExerciseAttemptDetail = z.output<typeof ExerciseAttemptDetail>;

// ── Save ───────────────────────────────────────────────────────────────────────────────────

/**
 * POST /api/exercises/:id/attempts. Only the code is read: anything else the body claims
 * (is_completed, score, passed…) is dropped, as the server grades the code itself.
 */
export const SaveAttemptBody = z.object({
  code: z
    .string({ message: EXERCISE_MESSAGES.blankCode })
    .max(MAX_CODE, EXERCISE_MESSAGES.codeTooLong)
    .refine((s) => s.trim() !== "", EXERCISE_MESSAGES.blankCode),
});
export type SaveAttemptBody = z.input<typeof SaveAttemptBody>;

/** 201 from Save: the new Past Saved row, the summary after it, and the server's per-test results. */
export const SaveAttemptResult = z.object({
  attempt: ExerciseAttempt,
  progress: ExerciseProgress,
  grade: GradeSummary,
});
export type SaveAttemptResult = z.output<typeof SaveAttemptResult>;

// ── Admin: categories ────────────────────────────────────────────────────────────────────────

export const CreateCategoryBody = z.object({
  name: z
    .string({ message: EXERCISE_MESSAGES.categoryNameRequired })
    .trim()
    .min(1, EXERCISE_MESSAGES.categoryNameRequired)
    .max(LIMITS.categoryName, tooLong("The category name", LIMITS.categoryName)),
  description: z.string().max(5_000).default(""),
  displayOrder: z.number().int().min(0).max(1_000_000).default(0),
});
export type CreateCategoryBody = z.input<typeof CreateCategoryBody>;

export const UpdateCategoryBody = z.object({
  name: z
    .string()
    .trim()
    .min(1, EXERCISE_MESSAGES.categoryNameRequired)
    .max(LIMITS.categoryName, tooLong("The category name", LIMITS.categoryName))
    .optional(),
  description: z.string().max(5_000).optional(),
  displayOrder: z.number().int().min(0).max(1_000_000).optional(),
});
export type UpdateCategoryBody = z.input<typeof UpdateCategoryBody>;

/** GET /api/admin/categories rows: the category and how many exercises it holds (delete needs 0). */
export const AdminCategory = ExerciseCategory.extend({ exerciseCount: z.number().int() });
export type AdminCategory = z.output<typeof AdminCategory>;

// ── Admin: exercises ─────────────────────────────────────────────────────────────────────────

/**
 * A test case in the admin form. Input as lines (`inputs`, blank ones dropped) or as one string
 * (`input`); a row with neither description nor expected output (nor input) is dropped; a row
 * with only one of description and expected output is refused (halfTestCase).
 */
export const AdminTestCaseInput = z.object({
  description: text("A test case's description", LIMITS.testCaseDescription).default(""),
  input: text("A test case's input", LIMITS.testCaseText).optional(),
  inputs: z
    .array(text("A test case's input line", LIMITS.testCaseText))
    .max(LIMITS.inputs, tooLong("A test case's input", LIMITS.inputs, "items"))
    .default([]),
  expectedOutput: text("A test case's expected output", LIMITS.testCaseText).default(""),
  /** "Compare the drawing": the solution's drawing for this input is recorded on save (decision 077). */
  compareDrawing: z.boolean().default(false),
});
export type AdminTestCaseInput = z.input<typeof AdminTestCaseInput>;

const exerciseFields = {
  title: z
    .string({ message: EXERCISE_MESSAGES.titleRequired })
    .trim()
    .min(1, EXERCISE_MESSAGES.titleRequired)
    .max(LIMITS.title, tooLong("The title", LIMITS.title)),
  description: text("The description", LIMITS.description),
  difficulty: ExerciseDifficulty,
  language: ExerciseLanguage,
  categoryId: z
    .string({ message: EXERCISE_MESSAGES.categoryRequired })
    .uuid(EXERCISE_MESSAGES.categoryRequired),
  starterCode: text("The starter code", LIMITS.code),
  /** null or "" : no solution. */
  solution: text("The solution", LIMITS.code).nullable(),
  /** Blank hints are dropped. */
  hints: z
    .array(text("A hint", LIMITS.hint))
    .max(LIMITS.hints, `An exercise can have at most ${LIMITS.hints} hints.`),
  estimatedTime: text("The estimated time", LIMITS.estimatedTime),
  displayOrder: z.number().int().min(0).max(1_000_000),
  testCases: z
    .array(AdminTestCaseInput)
    .max(LIMITS.testCases, `An exercise can have at most ${LIMITS.testCases} test cases.`),
};

/** POST /api/admin/exercises. Title and category required; the rest has the import's defaults. */
export const CreateExerciseBody = z.object({
  ...exerciseFields,
  description: exerciseFields.description.default(""),
  difficulty: exerciseFields.difficulty.default("easy"),
  language: exerciseFields.language.default("python"),
  starterCode: exerciseFields.starterCode.default(""),
  solution: exerciseFields.solution.default(null),
  hints: exerciseFields.hints.default([]),
  estimatedTime: exerciseFields.estimatedTime.default(""),
  /** Default: after the last exercise of the library. */
  displayOrder: exerciseFields.displayOrder.optional(),
  testCases: exerciseFields.testCases.default([]),
});
export type CreateExerciseBody = z.input<typeof CreateExerciseBody>;

/** PATCH /api/admin/exercises/:id: the fields given change; `testCases` replaces every test case. */
export const UpdateExerciseBody = z.object({
  title: exerciseFields.title.optional(),
  description: exerciseFields.description.optional(),
  difficulty: exerciseFields.difficulty.optional(),
  language: exerciseFields.language.optional(),
  categoryId: exerciseFields.categoryId.optional(),
  starterCode: exerciseFields.starterCode.optional(),
  solution: exerciseFields.solution.optional(),
  hints: exerciseFields.hints.optional(),
  estimatedTime: exerciseFields.estimatedTime.optional(),
  displayOrder: exerciseFields.displayOrder.optional(),
  testCases: exerciseFields.testCases.optional(),
});
export type UpdateExerciseBody = z.input<typeof UpdateExerciseBody>;

/** A test case as the admin edits it: both input forms as stored, and whether it compares the drawing. */
export const AdminExerciseTestCase = ExerciseTestCase.extend({
  inputs: z.array(z.string()),
  compareDrawing: z.boolean(),
});
export type AdminExerciseTestCase = z.output<typeof AdminExerciseTestCase>;

/** GET /api/admin/exercises rows and the answer of POST/PATCH: every field, solution included. */
export const AdminExercise = ExerciseListItem.omit({ isCompleted: true }).extend({
  starterCode: z.string(),
  solution: z.string().nullable(),
  /** The server grader's verdict on the saved solution against the saved tests (null: not checked). */
  solutionCheck: z.enum(["passed", "failed"]).nullable(),
  hints: z.array(z.string()),
  testCases: z.array(AdminExerciseTestCase),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminExercise = z.output<typeof AdminExercise>;

/** POST /api/admin/exercises/check: the Check button — the solution against the tests, graded by the server. */
export const CheckExerciseBody = z.object({
  solution: z.string().max(MAX_CODE),
  testCases: exerciseFields.testCases,
});
export type CheckExerciseBody = z.input<typeof CheckExerciseBody>;
export const CheckExerciseResult = GradeSummary;
export type CheckExerciseResult = z.output<typeof CheckExerciseResult>;

// ── Admin: import ────────────────────────────────────────────────────────────────────────────

/**
 * POST /api/admin/import takes the file's JSON as the body (ImportFile in ./exercise-file.ts);
 * a body that isn't `{ exercises: [...] }` is a 400 with IMPORT_MESSAGES.badFormat.
 * Each exercise is written whole or not at all; `errors` lists the ones that were not.
 */
export const ImportResult = z.object({
  imported: z.number().int(),
  failed: z.number().int(),
  errors: z.array(z.object({ title: z.string(), message: z.string() })),
});
export type ImportResult = z.output<typeof ImportResult>;
