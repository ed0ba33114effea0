import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exercises, exerciseTestCases } from "@/server/db/schema.ts";
import { BODY_LIMITS, bodyLimitFor, INPUT_MESSAGES } from "@/server/http/input-hygiene.ts";
import { EXERCISE_LIMITS, IMPORT_LIMITS, IMPORT_MESSAGES } from "@/shared/api/exercise-file.ts";
import type { AdminExercise, ImportResult } from "@/shared/api/exercises.ts";
import { createCategory, createExercise } from "../../../../tests/factories/exercises.ts";
import { createAdmin, createTeacher, type TestUser } from "../../../../tests/factories/users.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { importFailedToSave } from "./import.service.ts";

let t: TestApp;
let admin: TestUser;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  categoryId = (await createCategory(t, { name: "Variables & Operators" })).id;
});
afterAll(() => t.close());

const json = async <T>(res: Response) => (await res.json()) as T;
const importFile = (body: unknown, who = admin) =>
  t.request("POST", "/api/admin/import", { cookie: who.cookie, body });
const adminExercises = async () =>
  json<AdminExercise[]>(await t.request("GET", "/api/admin/exercises", { cookie: admin.cookie }));
const good = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  description: `About ${title}`,
  category_id: categoryId,
  ...extra,
});

describe("import", () => {
  it("imports 3 good exercises and reports the one missing its category with the spec's message", async () => {
    const res = await importFile({
      exercises: [
        good("Good one"),
        good("Good two"),
        { title: "No category", description: "Where does it go?" },
        good("Good three"),
      ],
    });
    expect(res.status).toBe(200);
    expect(await json<ImportResult>(res)).toEqual({
      imported: 3,
      failed: 1,
      errors: [
        { title: "No category", message: 'Exercise "No category" is missing required fields: category.' },
      ],
    });
  });

  it("refuses a file without an exercises array with the spec's message", async () => {
    for (const body of [{ exercise: [] }, [], { exercises: "no" }, "text"]) {
      const res = await importFile(body);
      expect(res.status).toBe(400);
      expect((await json<{ error: { message: string } }>(res)).error.message).toBe(IMPORT_MESSAGES.badFormat);
    }
  });

  it("names every exercise with missing or unknown required fields, and the fields", async () => {
    const unknownId = crypto.randomUUID();
    const body = await json<ImportResult>(
      await importFile({
        exercises: [
          { description: "No title", category_id: categoryId },
          { title: "No description", category_id: categoryId },
          { title: "Blank description", description: "  ", category_id: categoryId },
          { title: "Unknown id", description: "d", category_id: unknownId },
          { title: "Unknown name", description: "d", category: "Nowhere" },
          "not an object",
        ],
      }),
    );
    expect(body.imported).toBe(0);
    expect(body.errors.map((e) => e.message)).toEqual([
      'Exercise "" is missing required fields: title.',
      'Exercise "No description" is missing required fields: description.',
      'Exercise "Blank description" is missing required fields: description.',
      IMPORT_MESSAGES.unknownCategory("Unknown id", unknownId),
      'Exercise "Unknown name": there is no category "Nowhere". Use the name of one of the library\'s categories.',
      'Exercise "" is missing required fields: title, description, category.',
    ]);
  });

  it("fills the spec's defaults, takes a category name, keeps only complete test cases and non-blank hints and inputs", async () => {
    const body = await json<ImportResult>(
      await importFile({
        exercises: [
          { title: "Defaults", description: "Only the required fields", category: "variables & operators" },
          good("Filled", {
            difficulty: "hard",
            starter_code: "# go",
            solution: "print(1)",
            hints: ["one", "", "  "],
            estimated_time: "10 minutes",
            testCases: [
              { description: "Lines", inputs: ["a", "", "b"], expected_output: "ab" },
              { description: "String", input: "x\ny", expected_output: "xy" },
              { description: "No expected output", input: "1", expected_output: " " },
              { description: "", input: "1", expected_output: "1" },
            ],
          }),
        ],
      }),
    );
    expect(body).toEqual({ imported: 2, failed: 0, errors: [] });
    const all = await adminExercises();
    const defaults = all.find((e) => e.title === "Defaults")!;
    expect(defaults).toMatchObject({
      difficulty: "easy",
      language: "python",
      starterCode: "",
      hints: [],
      estimatedTime: "",
      solution: null,
      testCases: [],
      category: { id: categoryId },
    });
    const filled = all.find((e) => e.title === "Filled")!;
    expect(filled).toMatchObject({
      difficulty: "hard",
      starterCode: "# go",
      hints: ["one"],
      estimatedTime: "10 minutes",
    });
    expect(filled.testCases.map((c) => [c.description, c.input, c.inputs])).toEqual([
      ["Lines", "a\nb", ["a", "b"]],
      ["String", "x\ny", []],
    ]);
  });

  it("continues display_order after the number of existing exercises", async () => {
    const [{ n }] = await t.db.select({ n: count() }).from(exercises);
    await importFile({ exercises: [good("Order A"), good("Order B")] });
    const all = await adminExercises();
    expect(all.find((e) => e.title === "Order A")?.displayOrder).toBe(n);
    expect(all.find((e) => e.title === "Order B")?.displayOrder).toBe(n + 1);
  });

  it("writes each exercise whole or not at all", async () => {
    // A database failure on one test case (a trigger stands in for any) must not leave that
    // exercise half-written, nor stop the others.
    await t.db.execute(sql`
      CREATE FUNCTION refuse_boom() RETURNS trigger AS $$
      BEGIN
        IF NEW.expected_output = 'BOOM' THEN RAISE EXCEPTION 'refused'; END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`);
    await t.db.execute(
      sql`CREATE TRIGGER refuse_boom BEFORE INSERT ON exercise_test_cases FOR EACH ROW EXECUTE FUNCTION refuse_boom()`,
    );
    try {
      const tc = (expected: string) => [
        { description: "ok", input: "", expected_output: "fine" },
        { description: "maybe", input: "", expected_output: expected },
      ];
      const body = await json<ImportResult>(
        await importFile({
          exercises: [
            good("Whole 1", { testCases: tc("fine") }),
            good("Half", { testCases: tc("BOOM") }),
            good("Whole 2", { testCases: tc("fine") }),
          ],
        }),
      );
      expect(body).toEqual({
        imported: 2,
        failed: 1,
        errors: [{ title: "Half", message: importFailedToSave("Half") }],
      });
      expect(await t.db.select().from(exercises).where(eq(exercises.title, "Half"))).toEqual([]);
      const [whole] = await t.db.select().from(exercises).where(eq(exercises.title, "Whole 2"));
      const cases = await t.db
        .select()
        .from(exerciseTestCases)
        .where(eq(exerciseTestCases.exerciseId, whole.id));
      expect(cases.length).toBe(2);
    } finally {
      await t.db.execute(sql`DROP TRIGGER refuse_boom ON exercise_test_cases`);
      await t.db.execute(sql`DROP FUNCTION refuse_boom()`);
    }
  });

  it("imports 2,000 exercises in under 10 s", { timeout: 60_000 }, async () => {
    const file = {
      exercises: Array.from({ length: 2000 }, (_, i) =>
        good(`Bulk ${i}`, {
          // About the size of a bank exercise's description and worked example.
          description: `Exercise ${i}: ${"Read the numbers, then print what the task asks for. ".repeat(8)}`,
          difficulty: (["easy", "medium", "hard"] as const)[i % 3],
          starter_code: "# Your code here\n",
          solution: `print(${i})`,
          hints: ["Think about it", "Then print"],
          estimated_time: "5 minutes",
          testCases: [
            { description: "First", input: "1", expected_output: `${i}` },
            { description: "Second", inputs: ["2", "3"], expected_output: `${i}` },
            { description: "Third", input: "", expected_output: `${i}` },
          ],
        }),
      ),
    };
    expect(JSON.stringify(file).length).toBeGreaterThan(BODY_LIMITS.default);
    const started = performance.now();
    const res = await importFile(file);
    const elapsed = performance.now() - started;
    expect(res.status).toBe(200);
    expect(await json<ImportResult>(res)).toEqual({ imported: 2000, failed: 0, errors: [] });
    expect(elapsed).toBeLessThan(10_000);
    const [{ n }] = await t.db
      .select({ n: count() })
      .from(exerciseTestCases)
      .innerJoin(exercises, eq(exercises.id, exerciseTestCases.exerciseId))
      .where(sql`${exercises.title} LIKE 'Bulk %'`);
    expect(n).toBe(6000);
  });
});

describe("the import's length limits: the admin form's, and a cap per file", () => {
  it("refuses each exercise with a field over the form's limit, naming the field and the limit", async () => {
    const tc = (extra: Record<string, unknown> = {}) => ({
      description: "t",
      expected_output: "1",
      ...extra,
    });
    const over = (n: number) => "x".repeat(n + 1);
    const cases: [string, Record<string, unknown>, string][] = [
      ["Long description", { description: over(EXERCISE_LIMITS.description) }, "description"],
      ["Long starter", { starter_code: over(EXERCISE_LIMITS.code) }, "starter_code"],
      ["Long solution", { solution: over(EXERCISE_LIMITS.code) }, "solution"],
      ["Long time", { estimated_time: over(EXERCISE_LIMITS.estimatedTime) }, "estimated_time"],
      ["Long hint", { hints: ["ok", over(EXERCISE_LIMITS.hint)] }, "hints[1]"],
      ["Many hints", { hints: Array(EXERCISE_LIMITS.hints + 1).fill("h") }, "hints"],
      ["Many tests", { testCases: Array(EXERCISE_LIMITS.testCases + 1).fill(tc()) }, "testCases"],
      [
        "Long output",
        { testCases: [tc(), tc({ expected_output: over(EXERCISE_LIMITS.testCaseText) })] },
        "testCases[1].expected_output",
      ],
      [
        "Long case",
        { testCases: [tc({ description: over(EXERCISE_LIMITS.testCaseDescription) })] },
        "testCases[0].description",
      ],
      [
        "Many inputs",
        { testCases: [tc({ inputs: Array(EXERCISE_LIMITS.inputs + 1).fill("1") })] },
        "testCases[0].inputs",
      ],
      ["Long category", { category_id: undefined, category: over(EXERCISE_LIMITS.categoryName) }, "category"],
    ];
    const res = await importFile({
      exercises: [...cases.map(([title, extra]) => good(title, extra)), good("Fits")],
    });
    expect(res.status).toBe(200);
    const body = await json<ImportResult>(res);
    expect(body.imported).toBe(1);
    expect(body.errors.map((e) => e.title)).toEqual(cases.map(([title]) => title));
    body.errors.forEach((e, i) => {
      const [title, , field] = cases[i];
      expect(e.message).toMatch(
        new RegExp(
          `^Exercise "${title}": ${field.replace(/[[\].]/g, "\\$&")} is too long \\(at most [\\d,]+ (characters|items)\\)\\.$`,
        ),
      );
    });
    expect(body.errors[0].message).toBe(
      'Exercise "Long description": description is too long (at most 20,000 characters).',
    );
  });

  it("refuses a title over the form's 200 characters, naming it (not as a missing field)", async () => {
    const title = "T".repeat(EXERCISE_LIMITS.title + 1);
    const body = await json<ImportResult>(await importFile({ exercises: [good(title)] }));
    expect(body.errors).toEqual([
      { title, message: `Exercise "${title}": title is too long (at most 200 characters).` },
    ]);
  });

  it("refuses a file of more than 2,000 exercises whole, saying how many it holds", async () => {
    const many = Array.from({ length: IMPORT_LIMITS.exercises + 1 }, (_, i) => good(`Many ${i}`));
    const res = await importFile({ exercises: many });
    expect(res.status).toBe(400);
    expect((await json<{ error: { message: string } }>(res)).error.message).toBe(
      IMPORT_MESSAGES.tooManyExercises(IMPORT_LIMITS.exercises + 1),
    );
    expect(IMPORT_MESSAGES.tooManyExercises(7000)).toBe(
      "A file can hold at most 2,000 exercises; this one has 7,000. Split it into smaller files.",
    );
    const [{ n }] = await t.db
      .select({ n: count() })
      .from(exercises)
      .where(sql`${exercises.title} LIKE 'Many %'`);
    expect(n).toBe(0);
  });

  it("caps the file's size at the admin's body limit (12 MB)", () => {
    expect(IMPORT_LIMITS.fileBytes).toBe(BODY_LIMITS.adminExercises);
  });
});

describe("the import's body limit", () => {
  it("is 12 MB for an admin's import and exercise writes, 1 MB for anyone else", () => {
    expect(bodyLimitFor("POST", "/api/admin/import", "admin")).toBe(BODY_LIMITS.adminExercises);
    expect(bodyLimitFor("POST", "/api/admin/exercises", "admin")).toBe(BODY_LIMITS.adminExercises);
    expect(bodyLimitFor("PATCH", "/api/admin/exercises/abc", "admin")).toBe(BODY_LIMITS.adminExercises);
    expect(bodyLimitFor("POST", "/api/admin/exercises/check", "admin")).toBe(BODY_LIMITS.adminExercises);
    expect(bodyLimitFor("POST", "/api/admin/categories", "admin")).toBe(BODY_LIMITS.default);
    expect(bodyLimitFor("POST", "/api/admin/import", "teacher")).toBe(BODY_LIMITS.default);
    expect(bodyLimitFor("POST", "/api/admin/import", undefined)).toBe(BODY_LIMITS.default);
    expect(bodyLimitFor("POST", "/api/exercises/abc/attempts", "student")).toBe(BODY_LIMITS.default);
  });

  it("lets an admin's 2 MB file through and refuses one over 12 MB, and a teacher's 2 MB with 413", async () => {
    // Each exercise within the form's limits: the file grows by exercise count.
    const padded = (bytes: number) => ({
      exercises: Array.from({ length: Math.ceil(bytes / 50_000) }, (_, i) =>
        good(`Padded ${i}`, { starter_code: "#".repeat(50_000) }),
      ),
    });
    const fine = await importFile(padded(2 * 1024 * 1024));
    expect(fine.status).toBe(200);
    expect((await json<ImportResult>(fine)).failed).toBe(0);
    const huge = await importFile(padded(BODY_LIMITS.adminExercises + 10));
    expect(huge.status).toBe(413);
    const teacher = await createTeacher(t);
    const res = await importFile(padded(2 * 1024 * 1024), teacher);
    expect(res.status).toBe(413);
    expect((await json<{ error: { message: string } }>(res)).error.message).toBe(INPUT_MESSAGES.tooLarge(1));
  });

  it("refuses U+0000 in an imported file", async () => {
    const res = await importFile({ exercises: [good("Nul\u0000")] });
    expect(res.status).toBe(400);
    expect((await json<{ error: { message: string } }>(res)).error.message).toBe(INPUT_MESSAGES.nul);
  });

  it("is refused to everyone but admins (403)", async () => {
    await createExercise(t, categoryId);
    const teacher = await createTeacher(t);
    expect((await importFile({ exercises: [] }, teacher)).status).toBe(403);
  });
});
