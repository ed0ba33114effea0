// The admin's exercise form: its state, the spec 02 §5 list rules (at least one row of hints and
// test cases; blank hints and input lines dropped; a test case saved only with a description and
// an expected output, a half-filled one an error at its field) and the request bodies.
import { blankTestCase, newRowKey, type TestCaseRow } from "@/client/components/test-cases/test-case-rows.ts";
import type { ResultSet } from "@/client/features/workspace/index.ts";
import {
  type AdminExercise,
  type AdminTestCaseInput,
  type CheckExerciseResult,
  CreateExerciseBody,
  EXERCISE_MESSAGES,
  type ExerciseDifficulty,
  type ExerciseLanguage,
} from "@/shared/api/exercises.ts";
import { isBlankTestCase } from "@/shared/domain/test-cases.ts";
import { closestOutput } from "@/shared/grading/diff.ts";

export type HintRow = { key: string; text: string };

export type ExerciseForm = {
  title: string;
  description: string;
  difficulty: ExerciseDifficulty;
  language: ExerciseLanguage;
  categoryId: string;
  starterCode: string;
  solution: string;
  hints: HintRow[];
  estimatedTime: string;
  /** `input` holds the input lines, one per line (the `inputs` list of the file format). */
  testCases: TestCaseRow[];
};

/** Errors shown at a test case's fields, by row key. */
export type TestCaseErrors = Record<string, { description?: string; expectedOutput?: string }>;

export type FormCheck<T> =
  | { ok: true; body: T }
  | { ok: false; message: string; field?: "title" | "categoryId"; testCaseErrors: TestCaseErrors };

export const blankHint = (): HintRow => ({ key: newRowKey(), text: "" });

export function emptyExerciseForm(categoryId = ""): ExerciseForm {
  return {
    title: "",
    description: "",
    difficulty: "easy",
    language: "python",
    categoryId,
    starterCode: "",
    solution: "",
    hints: [blankHint()],
    estimatedTime: "",
    testCases: [{ ...blankTestCase() }],
  };
}

export function formFromExercise(e: AdminExercise): ExerciseForm {
  return {
    title: e.title,
    description: e.description,
    difficulty: e.difficulty,
    language: e.language,
    categoryId: e.category.id,
    starterCode: e.starterCode,
    solution: e.solution ?? "",
    hints: e.hints.length ? e.hints.map((text) => ({ key: newRowKey(), text })) : [blankHint()],
    estimatedTime: e.estimatedTime,
    testCases: e.testCases.length
      ? e.testCases.map((t) => ({
          key: newRowKey(),
          id: t.id,
          description: t.description,
          input: t.inputs.length ? t.inputs.join("\n") : t.input,
          expectedOutput: t.expectedOutput,
          hidden: false,
          compareDrawing: t.compareDrawing,
        }))
      : [blankTestCase()],
  };
}

/** Title and category chosen: the spec's condition for 'Create exercise'. */
export const canCreateExercise = (f: Pick<ExerciseForm, "title" | "categoryId">) =>
  f.title.trim() !== "" && f.categoryId !== "";

// ── Lists: at least one row; blank entries dropped when sending ──────────────────────────────

export const canRemoveRow = (rows: unknown[]) => rows.length > 1;
export const removeRow = <R extends { key: string }>(rows: R[], key: string): R[] =>
  canRemoveRow(rows) ? rows.filter((r) => r.key !== key) : rows;

export const cleanHints = (hints: HintRow[]): string[] =>
  hints.map((h) => h.text.trim()).filter((t) => t !== "");

/** The input lines of a row, blank lines dropped (spec 02 §5). */
export const inputLines = (input: string): string[] => input.split(/\r?\n/).filter((l) => l.trim() !== "");

/**
 * Test cases to send: blank rows dropped; a row with only one of description and expected output
 * (or only input) is an error at the missing field, and nothing is sent.
 */
export function cleanTestCases(rows: TestCaseRow[]): {
  testCases: AdminTestCaseInput[];
  errors: TestCaseErrors;
} {
  const errors: TestCaseErrors = {};
  const testCases: AdminTestCaseInput[] = [];
  for (const row of rows) {
    if (isBlankTestCase(row)) continue;
    const description = row.description.trim();
    const expected = row.expectedOutput.trim();
    if (!description || !expected) {
      errors[row.key] = {
        ...(description ? {} : { description: EXERCISE_MESSAGES.halfTestCase }),
        ...(expected ? {} : { expectedOutput: EXERCISE_MESSAGES.halfTestCase }),
      };
      continue;
    }
    testCases.push({
      description,
      inputs: inputLines(row.input),
      expectedOutput: row.expectedOutput,
      compareDrawing: row.compareDrawing === true,
    });
  }
  return { testCases, errors };
}

export function toExerciseBody(form: ExerciseForm): FormCheck<CreateExerciseBody> {
  const { testCases, errors } = cleanTestCases(form.testCases);
  const body: CreateExerciseBody = {
    title: form.title.trim(),
    description: form.description,
    difficulty: form.difficulty,
    language: form.language,
    categoryId: form.categoryId,
    starterCode: form.starterCode,
    solution: form.solution.trim() ? form.solution : null,
    hints: cleanHints(form.hints),
    estimatedTime: form.estimatedTime.trim(),
    testCases,
  };
  if (!body.title)
    return { ok: false, message: EXERCISE_MESSAGES.titleRequired, field: "title", testCaseErrors: errors };
  if (!body.categoryId)
    return {
      ok: false,
      message: EXERCISE_MESSAGES.categoryRequired,
      field: "categoryId",
      testCaseErrors: errors,
    };
  if (Object.keys(errors).length)
    return { ok: false, message: EXERCISE_MESSAGES.halfTestCase, testCaseErrors: errors };
  const checked = CreateExerciseBody.safeParse(body);
  if (!checked.success)
    return {
      ok: false,
      message: checked.error.issues[0]?.message ?? "Please check the form.",
      testCaseErrors: {},
    };
  return { ok: true, body };
}

// ── Check ──────────────────────────────────────────────────────────────────────────────────────

export const CHECK_MESSAGES = {
  noSolution: "Write a solution first: Check runs it against the test cases.",
  noTests: "Add a test case with a description and an expected output first.",
  passes: "The solution passes all its tests.",
  fails: (failed: number, total: number) =>
    `The solution fails ${failed} of its ${total} ${total === 1 ? "test" : "tests"}: fix it or the tests before saving.`,
} as const;

/** The server's Check answer as the results view shows it, labelled by the tests that were sent. */
export function checkRows(tests: AdminTestCaseInput[], grade: CheckExerciseResult): ResultSet {
  const rows = grade.results.map((r, i) => {
    const tc = tests[i];
    return {
      key: `check-${i}`,
      label: tc?.description || `Test ${i + 1}`,
      hidden: false,
      passed: r.passed,
      output: closestOutput(tc?.expectedOutput ?? "", r),
      input: tc?.inputs?.join("\n") || null,
      expected: tc?.expectedOutput ?? "",
      error: r.error,
      timeMs: r.timeMs,
    };
  });
  return { source: "server", rows, passed: grade.passed, total: grade.total, unchecked: 0 };
}
