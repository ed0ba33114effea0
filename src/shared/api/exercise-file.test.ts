// The import file holds each exercise to the admin form's limits: one table of limits, two schemas.
import { describe, expect, it } from "vitest";
import { EXERCISE_LIMITS, IMPORT_LIMITS, ImportExercise, ImportFile } from "./exercise-file.ts";
import { CreateCategoryBody, CreateExerciseBody } from "./exercises.ts";

const over = (n: number) => "x".repeat(n + 1);
const at = (n: number) => "x".repeat(n);
const categoryId = "8a4c7f1e-2b3d-4e5f-8a9b-0c1d2e3f4a5b";

describe("the import's limits are the admin form's", () => {
  const pairs: [string, number, Record<string, unknown>, Record<string, unknown>][] = [
    ["title", EXERCISE_LIMITS.title, { title: "" }, { title: "" }],
    ["description", EXERCISE_LIMITS.description, { description: "" }, { description: "" }],
    ["starter code", EXERCISE_LIMITS.code, { starter_code: "" }, { starterCode: "" }],
    ["solution", EXERCISE_LIMITS.code, { solution: "" }, { solution: "" }],
    ["estimated time", EXERCISE_LIMITS.estimatedTime, { estimated_time: "" }, { estimatedTime: "" }],
  ];
  for (const [name, limit, fileKey, formKey] of pairs) {
    it(`${name}: ${limit.toLocaleString("en-GB")} characters in both`, () => {
      const file = (s: string) => ({ title: "T", description: "D", ...fill(fileKey, s) });
      const form = (s: string) => ({ title: "T", categoryId, ...fill(formKey, s) });
      expect(ImportExercise.safeParse(file(at(limit))).success).toBe(true);
      expect(CreateExerciseBody.safeParse(form(at(limit))).success).toBe(true);
      expect(ImportExercise.safeParse(file(over(limit))).success).toBe(false);
      expect(CreateExerciseBody.safeParse(form(over(limit))).success).toBe(false);
    });
  }

  it("hints, test cases and inputs: the same counts and lengths", () => {
    const base = { title: "T", description: "D" };
    const formBase = { title: "T", categoryId };
    const hints = Array(EXERCISE_LIMITS.hints + 1).fill("h");
    expect(ImportExercise.safeParse({ ...base, hints }).success).toBe(false);
    expect(CreateExerciseBody.safeParse({ ...formBase, hints }).success).toBe(false);
    const longHint = [over(EXERCISE_LIMITS.hint)];
    expect(ImportExercise.safeParse({ ...base, hints: longHint }).success).toBe(false);
    expect(CreateExerciseBody.safeParse({ ...formBase, hints: longHint }).success).toBe(false);
    const fileCase = { description: "d", expected_output: "1" };
    const formCase = { description: "d", expectedOutput: "1" };
    const n = EXERCISE_LIMITS.testCases + 1;
    expect(ImportExercise.safeParse({ ...base, testCases: Array(n).fill(fileCase) }).success).toBe(false);
    expect(CreateExerciseBody.safeParse({ ...formBase, testCases: Array(n).fill(formCase) }).success).toBe(
      false,
    );
    const inputs = Array(EXERCISE_LIMITS.inputs + 1).fill("1");
    expect(ImportExercise.safeParse({ ...base, testCases: [{ ...fileCase, inputs }] }).success).toBe(false);
    expect(CreateExerciseBody.safeParse({ ...formBase, testCases: [{ ...formCase, inputs }] }).success).toBe(
      false,
    );
    const out = over(EXERCISE_LIMITS.testCaseText);
    expect(
      ImportExercise.safeParse({ ...base, testCases: [{ ...fileCase, expected_output: out }] }).success,
    ).toBe(false);
    expect(
      CreateExerciseBody.safeParse({ ...formBase, testCases: [{ ...formCase, expectedOutput: out }] })
        .success,
    ).toBe(false);
  });

  it("a category name: the category form's 200 characters", () => {
    expect(CreateCategoryBody.safeParse({ name: over(EXERCISE_LIMITS.categoryName) }).success).toBe(false);
    expect(
      ImportExercise.safeParse({ title: "T", description: "D", category: over(EXERCISE_LIMITS.categoryName) })
        .success,
    ).toBe(false);
  });

  it("a file holds at most 2,000 exercises, and 12 MB", () => {
    expect(ImportFile.safeParse({ exercises: Array(IMPORT_LIMITS.exercises).fill({}) }).success).toBe(true);
    const tooMany = ImportFile.safeParse({ exercises: Array(IMPORT_LIMITS.exercises + 1).fill({}) });
    expect(tooMany.success).toBe(false);
    expect(tooMany.error?.issues[0].message).toBe(
      "A file can hold at most 2,000 exercises; this one has 2,001. Split it into smaller files.",
    );
    expect(IMPORT_LIMITS.fileBytes).toBe(12 * 1024 * 1024);
  });
});

function fill(key: Record<string, unknown>, s: string): Record<string, unknown> {
  return Object.fromEntries(Object.keys(key).map((k) => [k, s]));
}
