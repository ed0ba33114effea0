// The exercise file: the admin import's format (spec 02 §3, §5) and the GCSE bank's files in
// content/exercises, which are the same format made stricter (a model solution, a category name,
// the GCSE points practised). One contract, read by the import, the seeder and the bank's check.
import { z } from "zod";
import { GCSE_POINT_IDS } from "../content/gcse-points.ts";

export const EXERCISE_DIFFICULTIES = ["easy", "medium", "hard"] as const;
export const EXERCISE_LANGUAGES = ["python", "javascript", "java", "cpp"] as const;
export type ExerciseDifficulty = (typeof EXERCISE_DIFFICULTIES)[number];

export const IMPORT_MESSAGES = {
  noFile: "Please select a file to import.",
  badFormat: 'Invalid file format. Expected an object with an "exercises" array.',
  missingFields: (title: string) => `Exercise "${title}" is missing required fields.`,
  importing: "Importing exercises...",
  success: (n: number) => `Successfully imported ${n} exercise(s).`,
  partial: (m: number) => ` ${m} exercise(s) failed to import.`,
  noneImported: (errors: string) => `Failed to import any exercises. Errors: ${errors}`,
  failed: (message: string) => `Import failed: ${message}`,
} as const;

/** A test case: input as one string of lines, or as a list of lines (`inputs`). */
export const ExerciseFileTestCase = z.object({
  description: z.string(),
  input: z.string().optional(),
  inputs: z.array(z.string()).optional(),
  expected_output: z.string(),
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
 * ignored, as a file written for another tool may carry some.
 */
export const ImportExercise = z.object({
  title: z.string(),
  description: z.string(),
  category_id: z.string().optional(),
  category: z.string().optional(),
  difficulty: z.enum(EXERCISE_DIFFICULTIES).default("easy"),
  language: z.enum(EXERCISE_LANGUAGES).default("python"),
  starter_code: z.string().default(""),
  solution: z.string().optional(),
  hints: z.array(z.string()).default([]),
  estimated_time: z.string().default(""),
  testCases: z.array(ExerciseFileTestCase).default([]),
  topics: z.array(z.string()).default([]),
});
export type ImportExercise = z.output<typeof ImportExercise>;

/** The file's outer shape: an object with an `exercises` array (items checked one by one). */
export const ImportFile = z.object({ exercises: z.array(z.unknown()) });

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
    description: nonBlank,
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
