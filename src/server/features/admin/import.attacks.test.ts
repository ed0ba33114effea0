// Hostile review of the import's drawing tests (decision 077): a careless admin's file whose
// solutions never end. Each exercise's recording may take the grader up to a submission's budget
// (20 s); a file of 2,000 of them held a grader slot and the request for hours.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { GraderPool } from "@/server/python/index.ts";
import type { ImportResult } from "@/shared/api/exercises.ts";
import { createCategory } from "../../../../tests/factories/exercises.ts";
import { createAdmin, type TestUser } from "../../../../tests/factories/users.ts";
import { startTestGrader } from "../../../../tests/setup/grader.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { importDrawingBudget } from "./import.service.ts";

let t: TestApp;
let grader: GraderPool;
let admin: TestUser;
const budget = importDrawingBudget.ms;

beforeAll(async () => {
  grader = await startTestGrader();
  t = await createTestApp({}, { grader });
  admin = await createAdmin(t);
  await createCategory(t, { name: "Turtle Graphics" });
}, 120_000);
afterEach(() => {
  importDrawingBudget.ms = budget;
});
afterAll(async () => {
  await t.close();
  await grader.close();
});

const exercise = (title: string, solution: string, compareDrawing: boolean) => ({
  title,
  description: "Draw a line.",
  category: "Turtle Graphics",
  solution,
  testCases: [
    { description: "Line", inputs: ["5"], expected_output: "Done", compare_drawing: compareDrawing },
  ],
});
const LOOPS = "import turtle\nwhile True:\n    pass\n";
const DRAWS = 'import turtle\nturtle.forward(int(input()))\nprint("Done")\n';

describe("an import whose drawing tests' solutions never end", () => {
  it("stops recording drawings once the import's grader time is spent; the rest is named, not run", async () => {
    // Spent by the first looping solution (its time limit): the others are refused unrun.
    importDrawingBudget.ms = 1;
    const res = await t.request("POST", "/api/admin/import", {
      cookie: admin.cookie,
      body: {
        exercises: [
          exercise("Loop 1", LOOPS, true),
          exercise("Loop 2", LOOPS, true),
          exercise("Draws", DRAWS, true),
          exercise("Words only", LOOPS, false),
        ],
      },
    });
    expect(res.status).toBe(200);
    const result = (await res.json()) as ImportResult;
    expect(result).toMatchObject({ imported: 1, failed: 3 });
    expect(result.errors.map((e) => e.title)).toEqual(["Loop 1", "Loop 2", "Draws"]);
    expect(result.errors[0].message).toMatch(/stopped with an error: TimeoutError/);
    for (const e of result.errors.slice(1))
      expect(e.message).toBe(
        `Exercise "${e.title}": its drawing tests were not recorded: this import has used its time for recording drawings. Import it again in a smaller file.`,
      );
  }, 60_000);
});
