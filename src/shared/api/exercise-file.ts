// The exercise file: the admin import's format (spec 02 §3, §5) and the GCSE bank's files in
// content/exercises, which are the same format made stricter (a model solution, a category name,
// the GCSE points practised). One contract, read by the import, the seeder and the bank's check.
import { z } from "zod";
import { GCSE_POINT_IDS } from "../content/gcse-points.ts";

export const EXERCISE_DIFFICULTIES = ["easy", "medium", "hard"] as const;
export const EXERCISE_LANGUAGES = ["python", "javascript", "java", "cpp"] as const;
export type ExerciseDifficulty = (typeof EXERCISE_DIFFICULTIES)[number];

/**
 * The admin form's limits (./exercises.ts builds the form's schema from them), which every
 * imported exercise is held to as well: lengths in characters, counts in items.
 */
export const EXERCISE_LIMITS = {
  title: 200,
  description: 20_000,
  /** Starter code and solution: a program's length (MAX_CODE). */
  code: 100_000,
  hints: 50,
  hint: 5_000,
  estimatedTime: 100,
  testCases: 50,
  testCaseDescription: 500,
  /** A test case's input, each of its input lines, and its expected output. */
  testCaseText: 100_000,
  inputs: 200,
  /** A category's name, as the category form takes it (the import may name one). */
  categoryName: 200,
  /** GCSE points practised (the bank's files): not in the form, bounded all the same. */
  topics: 50,
  topic: 100,
} as const;

/** A whole import file: a cap on its exercises, and on its size (the server's body limit for admins). */
export const IMPORT_LIMITS = { exercises: 2_000, fileBytes: 12 * 1024 * 1024 } as const;

const count = (n: number) => n.toLocaleString("en-GB");
/** "at most 20,000 characters": the limit as a message names it. */
export const atMost = (n: number, unit: "characters" | "items") => `at most ${count(n)} ${unit}`;
/** A string of at most `n` characters, and a list of at most `n` items, saying so when refused. */
export const text = (n: number) => z.string().max(n, atMost(n, "characters"));
export const list = <T extends z.ZodType>(item: T, n: number) => z.array(item).max(n, atMost(n, "items"));

export const IMPORT_MESSAGES = {
  noFile: "Please select a file to import.",
  badFormat: 'Invalid file format. Expected an object with an "exercises" array.',
  /** `fields` named as the file writes them: "title", "description", "category". */
  missingFields: (title: string, fields: readonly string[]) =>
    `Exercise "${title}" is missing required fields: ${fields.join(", ")}.`,
  /** A category named (or a category_id given) that no category of the library has. */
  unknownCategory: (title: string, given: string) =>
    `Exercise "${title}": there is no category "${given}". Use the name of one of the library's categories.`,
  /** Some exercises went in, some did not: the list of those skipped follows. */
  partial: (imported: number, total: number) =>
    `Imported ${imported} of ${total}; ${total - imported} ${total - imported === 1 ? "was" : "were"} skipped:`,
  /** `field` as the file writes it (`testCases[2].expected_output`), `limit` as atMost() says it. */
  tooLong: (title: string, field: string, limit: string) =>
    `Exercise "${title}": ${field} is too long (${limit}).`,
  fileTooLarge: `The file is too large (at most ${IMPORT_LIMITS.fileBytes / 1024 / 1024} MB). Split it into smaller files.`,
  tooManyExercises: (n: number) =>
    `A file can hold at most ${count(IMPORT_LIMITS.exercises)} exercises; this one has ${count(n)}. Split it into smaller files.`,
  importing: "Importing exercises...",
  success: (n: number) => `Successfully imported ${n} exercise(s).`,
  noneImported: (errors: string) => `Failed to import any exercises. Errors: ${errors}`,
  failed: (message: string) => `Import failed: ${message}`,
} as const;

/** A test case: input as one string of lines, or as a list of lines (`inputs`). */
export const ExerciseFileTestCase = z.object({
  description: text(EXERCISE_LIMITS.testCaseDescription),
  input: text(EXERCISE_LIMITS.testCaseText).optional(),
  inputs: list(text(EXERCISE_LIMITS.testCaseText), EXERCISE_LIMITS.inputs).optional(),
  expected_output: text(EXERCISE_LIMITS.testCaseText),
  /**
   * A drawing test (decision 077): the program must also draw what the exercise's solution draws
   * with this input. Never a drawing written by hand: the server records the solution's.
   */
  compare_drawing: z.boolean().optional(),
});
export type ExerciseFileTestCase = z.infer<typeof ExerciseFileTestCase>;

/** The input lines the grader feeds a test case: `inputs` joined, else `input`, else none. */
export function testCaseInput(tc: Pick<ExerciseFileTestCase, "input" | "inputs">): string {
  const lines = tc.inputs?.filter((line) => line.trim() !== "");
  if (lines && lines.length > 0) return lines.join("\n");
  return tc.input ?? "";
}

/**
 * One exercise as the import reads it. Only title, description and a category (an id, or a name
 * as the bank writes it) are required; the spec's defaults fill the rest. Unknown fields are
 * ignored, as a file written for another tool may carry some. Every field is held to the admin
 * form's limits (EXERCISE_LIMITS).
 */
export const ImportExercise = z.object({
  title: text(EXERCISE_LIMITS.title),
  description: text(EXERCISE_LIMITS.description),
  category_id: text(EXERCISE_LIMITS.categoryName).optional(),
  category: text(EXERCISE_LIMITS.categoryName).optional(),
  difficulty: z.enum(EXERCISE_DIFFICULTIES).default("easy"),
  language: z.enum(EXERCISE_LANGUAGES).default("python"),
  starter_code: text(EXERCISE_LIMITS.code).default(""),
  solution: text(EXERCISE_LIMITS.code).optional(),
  hints: list(text(EXERCISE_LIMITS.hint), EXERCISE_LIMITS.hints).default([]),
  estimated_time: text(EXERCISE_LIMITS.estimatedTime).default(""),
  testCases: list(ExerciseFileTestCase, EXERCISE_LIMITS.testCases).default([]),
  topics: list(text(EXERCISE_LIMITS.topic), EXERCISE_LIMITS.topics).default([]),
});
export type ImportExercise = z.output<typeof ImportExercise>;

/**
 * The file's outer shape: an object with an `exercises` array (items checked one by one) of at
 * most IMPORT_LIMITS.exercises; its size is held to IMPORT_LIMITS.fileBytes by the server's body
 * limit and by the import dialog before it sends.
 */
export const ImportFile = z.object({
  exercises: z.array(z.unknown()).superRefine((items, ctx) => {
    if (items.length > IMPORT_LIMITS.exercises)
      ctx.addIssue({ code: "custom", message: IMPORT_MESSAGES.tooManyExercises(items.length) });
  }),
});

const nonBlank = z.string().refine((s) => s.trim() !== "", "must not be blank");

/** A bank test case: a description and an expected output, as the import requires to save it. */
export const BankTestCase = ExerciseFileTestCase.extend({
  description: nonBlank,
  expected_output: nonBlank,
}).strict();

/**
 * A bank exercise's identity, kept when its title or anything else changes: the seeder finds the
 * exercise's row by it (decision 044). Lower-case words joined by dashes, unique in the bank.
 */
export const BankExerciseId = z
  .string()
  .max(80, "at most 80 characters")
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "must be lower-case letters and digits joined by dashes");

/** One exercise of the GCSE bank: everything the import takes, all of it filled in, and an id. */
export const BankExercise = z
  .object({
    id: BankExerciseId,
    title: nonBlank.refine((s) => s.length <= 120, "at most 120 characters"),
    description: nonBlank.refine(
      (s) => s.length <= EXERCISE_LIMITS.description,
      atMost(EXERCISE_LIMITS.description, "characters"),
    ),
    category: nonBlank,
    difficulty: z.enum(EXERCISE_DIFFICULTIES),
    language: z.literal("python"),
    starter_code: z.string(),
    solution: nonBlank,
    hints: z.array(nonBlank).min(2),
    estimated_time: nonBlank,
    testCases: z.array(BankTestCase).min(3),
    topics: z.array(z.enum(GCSE_POINT_IDS)).min(1),
  })
  .strict();
export type BankExercise = z.infer<typeof BankExercise>;

/**
 * One file of content/exercises: a category and its exercises (each naming that category, each
 * with its own id; ids unique across files is checked by the seeder and exercises:check).
 */
export const BankFile = z
  .object({
    category: z.object({ name: nonBlank, description: nonBlank, display_order: z.number().int() }).strict(),
    exercises: z.array(BankExercise).min(1),
  })
  .strict()
  .superRefine((file, ctx) => {
    const ids = new Set<string>();
    file.exercises.forEach((e, i) => {
      if (e.category !== file.category.name)
        ctx.addIssue({
          code: "custom",
          path: ["exercises", i, "category"],
          message: `must be "${file.category.name}", the file's category`,
        });
      if (ids.has(e.id))
        ctx.addIssue({ code: "custom", path: ["exercises", i, "id"], message: `"${e.id}" is used twice` });
      ids.add(e.id);
    });
  });
export type BankFile = z.infer<typeof BankFile>;
