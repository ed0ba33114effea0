// Seeding the bank with small fixture files (the real bank is still being written).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStudent } from "../../../tests/factories/users.ts";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app.ts";
import {
  exerciseAttempts,
  exerciseCategories,
  exerciseSubmissions,
  exercises,
  exerciseTestCases,
} from "../db/schema.ts";
import { type BankSource, readBankFiles, seedExerciseBank } from "./exercise-bank.ts";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function exercise(title: string, expected = "8") {
  return {
    title,
    description: "Read a number and print double it. Example: 4 → 8.",
    category: "Arithmetic",
    difficulty: "easy",
    language: "python",
    starter_code: "# Your code here",
    solution: "n = int(input())\nprint(n * 2)",
    hints: ["Use int() on the input.", "Multiply by 2."],
    estimated_time: "5 minutes",
    testCases: [
      { description: "Doubles 4", input: "4", expected_output: expected },
      { description: "Doubles 0", inputs: ["0"], expected_output: "0" },
      { description: "Doubles -3", input: "-3", expected_output: "-6" },
    ],
    topics: ["data-types-casting"],
  };
}

const arithmetic = (exs: ReturnType<typeof exercise>[], description = "Sums.") => ({
  name: "arithmetic.json",
  data: { category: { name: "Arithmetic", description, display_order: 3 }, exercises: exs },
});

describe("seedExerciseBank", () => {
  it("inserts categories and exercises, then is idempotent", async () => {
    const files: BankSource[] = [arithmetic([exercise("Double"), exercise("Double again")])];
    const first = await seedExerciseBank(t.db, files);
    expect(first).toEqual({
      categories: { inserted: 1, updated: 0 },
      exercises: { inserted: 2, updated: 0, unchanged: 0 },
      skipped: [],
    });
    const second = await seedExerciseBank(t.db, files);
    expect(second.categories).toEqual({ inserted: 0, updated: 0 });
    expect(second.exercises).toEqual({ inserted: 0, updated: 0, unchanged: 2 });
    expect((await t.db.select().from(exerciseCategories)).length).toBe(1);
    expect((await t.db.select().from(exercises)).length).toBe(2);
    expect((await t.db.select().from(exerciseTestCases)).length).toBe(6);
    const [double] = await t.db.select().from(exercises).where(eq(exercises.title, "Double"));
    expect(double).toMatchObject({
      solution: "n = int(input())\nprint(n * 2)",
      displayOrder: 0,
      difficulty: "easy",
    });
  });

  it("updates a changed exercise by title (test cases replaced) and keeps students' attempts", async () => {
    const student = await createStudent(t);
    const [double] = await t.db.select().from(exercises).where(eq(exercises.title, "Double"));
    // A student's saved work on it (the rows Save stores).
    await t.db
      .insert(exerciseAttempts)
      .values({ exerciseId: double.id, userId: student.id, code: "print(8)" });
    await t.db
      .insert(exerciseSubmissions)
      .values({ exerciseId: double.id, userId: student.id, code: "print(8)", isCompleted: true });

    const report = await seedExerciseBank(t.db, [
      arithmetic([exercise("Double", "8\n"), exercise("Double again")], "Sums and products."),
    ]);
    expect(report.categories).toEqual({ inserted: 0, updated: 1 });
    expect(report.exercises).toEqual({ inserted: 0, updated: 1, unchanged: 1 });
    const [after] = await t.db.select().from(exercises).where(eq(exercises.title, "Double"));
    expect(after.id).toBe(double.id);
    const cases = await t.db
      .select()
      .from(exerciseTestCases)
      .where(eq(exerciseTestCases.exerciseId, double.id))
      .orderBy(exerciseTestCases.displayOrder);
    expect(cases.map((c) => c.expectedOutput)).toEqual(["8\n", "0", "-6"]);
    expect(
      (await t.db.select().from(exerciseAttempts).where(eq(exerciseAttempts.exerciseId, double.id))).length,
    ).toBe(1);
    expect(
      (await t.db.select().from(exerciseSubmissions).where(eq(exerciseSubmissions.exerciseId, double.id)))
        .length,
    ).toBe(1);
    expect((await t.db.select().from(exerciseTestCases)).length).toBe(6);
  });

  it("skips a file that isn't a valid bank file yet, and seeds the others", async () => {
    const report = await seedExerciseBank(t.db, [
      { name: "half-written.json", data: new Error("not JSON (Unexpected end of JSON input)") },
      { name: "no-solution.json", data: { ...arithmetic([{ ...exercise("X"), solution: "" }]).data } },
      {
        name: "loops.json",
        data: {
          category: { name: "Loops", description: "Repeat.", display_order: 4 },
          exercises: [{ ...exercise("Loop double"), category: "Loops" }],
        },
      },
    ]);
    expect(report.skipped.map((s) => s.name)).toEqual(["half-written.json", "no-solution.json"]);
    expect(report.exercises.inserted).toBe(1);
    expect(report.categories.inserted).toBe(1);
  });

  it("reads *.json files from a folder, passing unreadable JSON on as an error", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bank-"));
    try {
      fs.writeFileSync(path.join(dir, "b.json"), JSON.stringify({ exercises: [] }));
      fs.writeFileSync(path.join(dir, "a.json"), "{ half");
      fs.writeFileSync(path.join(dir, "notes.md"), "ignored");
      const files = readBankFiles(dir);
      expect(files.map((f) => f.name)).toEqual(["a.json", "b.json"]);
      expect(files[0].data).toBeInstanceOf(Error);
      expect(files[1].data).toEqual({ exercises: [] });
      expect(readBankFiles(path.join(dir, "missing"))).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
