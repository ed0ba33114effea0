// Builders for the exercise library: a category and an exercise with test cases, written through
// the same path as the admin's forms and the import.
import { exerciseCategories } from "../../src/server/db/schema.ts";
import { type ExerciseRecord, writeExercises } from "../../src/server/features/exercises/index.ts";
import type { TestApp } from "../setup/test-app.ts";

let counter = 0;

export async function createCategory(
  t: Pick<TestApp, "db">,
  overrides: { name?: string; description?: string; displayOrder?: number } = {},
) {
  counter += 1;
  const [row] = await t.db
    .insert(exerciseCategories)
    .values({
      name: overrides.name ?? `Category ${counter}`,
      description: overrides.description ?? "",
      displayOrder: overrides.displayOrder ?? counter,
    })
    .returning();
  return row;
}

/** Doubles a number read from input: "4" → "8". */
export const DOUBLE_SOLUTION = "n = int(input())\nprint(n * 2)";

export async function createExercise(
  t: Pick<TestApp, "db">,
  categoryId: string,
  overrides: Partial<ExerciseRecord> = {},
): Promise<string> {
  counter += 1;
  const record: ExerciseRecord = {
    title: `Exercise ${counter}`,
    description: "Read a number and print double it.",
    difficulty: "easy",
    language: "python",
    categoryId,
    starterCode: "# Your code here",
    solution: DOUBLE_SOLUTION,
    hints: ["Use int()", "Multiply by 2"],
    estimatedTime: "5 minutes",
    displayOrder: counter,
    testCases: [
      { description: "Doubles 4", input: "4", inputs: [], expectedOutput: "8" },
      { description: "Doubles 0", input: "", inputs: ["0"], expectedOutput: "0" },
    ],
    ...overrides,
  };
  const [id] = await t.db.transaction((tx) => writeExercises(tx, [{ record }]));
  return id;
}
