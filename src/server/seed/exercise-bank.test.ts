// Seeding the bank with small fixture files (the real bank is still being written).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  exerciseAttempts,
  exerciseCategories,
  exerciseSubmissions,
  exercises,
  exerciseTestCases,
} from "@/server/db/schema.ts";
import { writeExercises } from "@/server/features/exercises/index.ts";
import type { GraderPool } from "@/server/python/index.ts";
import { createAdmin, createStudent } from "../../../tests/factories/users.ts";
import { startTestGrader } from "../../../tests/setup/grader.ts";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app.ts";
import { type BankSource, describeSeed, readBankFiles, seedExerciseBank } from "./exercise-bank.ts";

let t: TestApp;
// The admin's edits go through the real admin API, which grades the solution on save.
let grader: GraderPool;

beforeAll(async () => {
  grader = await startTestGrader();
  t = await createTestApp({}, { grader });
});
afterAll(async () => {
  await t.close();
  await grader.close();
});

/** A bank exercise; its id is made from the title unless given (a rename keeps the id). */
function exercise(title: string, expected = "8", id = title.toLowerCase().replace(/[^a-z0-9]+/g, "-")) {
  return {
    id,
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
      exercises: { inserted: 2, updated: 0, unchanged: 0, kept: 0 },
      skipped: [],
      newer: [],
      drawings: { recorded: 0, failed: [] },
    });
    const second = await seedExerciseBank(t.db, files);
    expect(second.categories).toEqual({ inserted: 0, updated: 0 });
    expect(second.exercises).toEqual({ inserted: 0, updated: 0, unchanged: 2, kept: 0 });
    expect((await t.db.select().from(exerciseCategories)).length).toBe(1);
    expect((await t.db.select().from(exercises)).length).toBe(2);
    expect((await t.db.select().from(exerciseTestCases)).length).toBe(6);
    const [double] = await t.db.select().from(exercises).where(eq(exercises.title, "Double"));
    expect(double).toMatchObject({
      solution: "n = int(input())\nprint(n * 2)",
      displayOrder: 0,
      difficulty: "easy",
      bankId: "double",
    });
    expect(double.bankHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("updates a changed exercise (test cases replaced) and keeps students' attempts", async () => {
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
    expect(report.exercises).toEqual({ inserted: 0, updated: 1, unchanged: 1, kept: 0 });
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

describe("bank identity (decision 044)", () => {
  const strings = (exs: ReturnType<typeof exercise>[]) => ({
    name: "strings.json",
    data: {
      category: { name: "Strings", description: "Text.", display_order: 7 },
      exercises: exs.map((e) => ({ ...e, category: "Strings" })),
    },
  });
  const rowsOf = (bankId: string) => t.db.select().from(exercises).where(eq(exercises.bankId, bankId));

  it("finds a category named with other case and spaces instead of adding a second one", async () => {
    const [existing] = await t.db
      .insert(exerciseCategories)
      .values({ name: "strings", description: "Text.", displayOrder: 7 })
      .returning();
    const report = await seedExerciseBank(t.db, [strings([exercise("Shout", "8", "shout")])]);
    expect(report.categories).toEqual({ inserted: 0, updated: 0 });
    const [shout] = await rowsOf("shout");
    expect(shout.categoryId).toBe(existing.id);
  });

  it("updates the same row when the bank renames an exercise's title", async () => {
    const [before] = await rowsOf("shout");
    const report = await seedExerciseBank(t.db, [strings([exercise("Shout It Out", "8", "shout")])]);
    expect(report.exercises).toEqual({ inserted: 0, updated: 1, unchanged: 0, kept: 0 });
    const after = await rowsOf("shout");
    expect(after.map((r) => [r.id, r.title])).toEqual([[before.id, "Shout It Out"]]);
    expect(await t.db.select().from(exercises).where(eq(exercises.title, "Shout"))).toEqual([]);
  });

  it("keeps an admin's edit, and reports a newer bank version once", async () => {
    const admin = await createAdmin(t);
    const [row] = await rowsOf("shout");
    const res = await t.request("PATCH", `/api/admin/exercises/${row.id}`, {
      cookie: admin.cookie,
      body: { description: "The admin's own words." },
    });
    expect(res.status).toBe(200);

    // The bank unchanged: the admin's version stays, nothing to report.
    const same = await seedExerciseBank(t.db, [strings([exercise("Shout It Out", "8", "shout")])]);
    expect(same.exercises).toEqual({ inserted: 0, updated: 0, unchanged: 0, kept: 1 });
    expect(same.newer).toEqual([]);

    // A newer bank version: still the admin's, and said once, not at every start.
    const v2 = [strings([exercise("Shout It Out", "8\n", "shout")])];
    const first = await seedExerciseBank(t.db, v2);
    expect(first.exercises).toEqual({ inserted: 0, updated: 0, unchanged: 0, kept: 1 });
    expect(first.newer).toEqual(["Shout It Out"]);
    expect(describeSeed(first)).toContain('newer version: "Shout It Out"');
    const again = await seedExerciseBank(t.db, v2);
    expect(again.newer).toEqual([]);
    expect(describeSeed(again)).not.toContain("newer version");
    const [kept] = await rowsOf("shout");
    expect(kept.description).toBe("The admin's own words.");
    const cases = await t.db.select().from(exerciseTestCases).where(eq(exerciseTestCases.exerciseId, row.id));
    expect(cases.map((c) => c.expectedOutput).sort()).toEqual(["-6", "0", "8"]);

    // Yet another bank version is news again.
    const v3 = await seedExerciseBank(t.db, [strings([exercise("Shout It Out", "8 ", "shout")])]);
    expect(v3.newer).toEqual(["Shout It Out"]);
  });

  it("adopts rows from before bank ids by title: the seeder's are updated, an admin's kept", async () => {
    const [category] = await t.db
      .select()
      .from(exerciseCategories)
      .where(eq(exerciseCategories.name, "strings"));
    const old = (title: string) => {
      const e = exercise(title, "old");
      return {
        title,
        description: e.description,
        difficulty: "easy" as const,
        language: "python",
        categoryId: category.id,
        starterCode: e.starter_code,
        solution: e.solution,
        hints: e.hints,
        estimatedTime: e.estimated_time,
        displayOrder: 0,
        testCases: [{ description: "Doubles 4", input: "4", inputs: [], expectedOutput: "old" }],
      };
    };
    const [seeded, edited] = await writeExercises(t.db, [
      { record: old("Legacy seeded") },
      { record: old("Legacy edited") },
    ]);
    // The admin's forms record a solution check on every save; the old seeder never did.
    await t.db.update(exercises).set({ solutionCheck: "failed" }).where(eq(exercises.id, edited));

    const report = await seedExerciseBank(t.db, [
      strings([
        exercise("Shout It Out", "8 ", "shout"),
        exercise("Legacy seeded", "8", "legacy-seeded"),
        exercise("Legacy edited", "8", "legacy-edited"),
      ]),
    ]);
    expect(report.exercises).toMatchObject({ inserted: 0, updated: 1, kept: 2 });
    expect(report.newer).toEqual(["Legacy edited"]);
    const [a] = await rowsOf("legacy-seeded");
    const [b] = await rowsOf("legacy-edited");
    expect([a.id, b.id]).toEqual([seeded, edited]);
    const casesOf = async (id: string) =>
      (await t.db.select().from(exerciseTestCases).where(eq(exerciseTestCases.exerciseId, id))).length;
    expect(await casesOf(seeded)).toBe(3);
    expect(await casesOf(edited)).toBe(1);
  });
});
