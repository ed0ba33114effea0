// Drawing tests on library exercises over the API (decision 077): an admin's "Compare the drawing"
// records the solution's drawing on save (refused with the reason when the solution draws nothing
// or there is none; a malformed flag is a 400, a drawing can never be sent in), the import and the
// bank's seeding record it too, and Save passes a drawing test only when the output AND the
// drawing match, showing the student's drawing when it did not.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exercises, exerciseTestCases } from "@/server/db/schema.ts";
import type { GraderPool } from "@/server/python/index.ts";
import { createGraderPool } from "@/server/python/index.ts";
import { describeSeed, seedExerciseBank } from "@/server/seed/exercise-bank.ts";
import type {
  AdminExercise,
  ExerciseAttemptDetail,
  ExerciseDetail,
  ImportResult,
  SaveAttemptResult,
} from "@/shared/api/exercises.ts";
import { createCategory, createExercise } from "../../../../tests/factories/exercises.ts";
import { createAdmin, createStudent, type TestUser } from "../../../../tests/factories/users.ts";
import { errorOf } from "../../../../tests/setup/error-body.ts";
import { startTestGrader } from "../../../../tests/setup/grader.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";

let t: TestApp;
let grader: GraderPool;
let admin: TestUser;
let student: TestUser;
let categoryId: string;

/** A star of `size` (read from input) turning `angle`, printing the same words whatever it draws. */
const star = (angle: number) =>
  `import turtle\nsize = int(input("Size? "))\nfor i in range(5):\n    turtle.forward(size)\n    turtle.right(${angle})\nprint("A star")\n`;
const SOLUTION = star(144);
const PRINTS_ONLY = 'size = int(input("Size? "))\nprint("A star")\n';

const drawingTest = (input: string, compareDrawing = true) => ({
  description: `Star of ${input}`,
  inputs: [input],
  expectedOutput: "A star",
  compareDrawing,
});

const json = async <T>(res: Response) => (await res.json()) as T;
const createAsAdmin = (body: Record<string, unknown>) =>
  t.request("POST", "/api/admin/exercises", {
    cookie: admin.cookie,
    body: { title: "Star", categoryId, solution: SOLUTION, ...body },
  });
const save = (id: string, code: string) =>
  t.request("POST", `/api/exercises/${id}/attempts`, { cookie: student.cookie, body: { code } });

beforeAll(async () => {
  grader = await startTestGrader();
  t = await createTestApp({}, { grader });
  [admin, student] = await Promise.all([createAdmin(t), createStudent(t)]);
  categoryId = (await createCategory(t, { name: "Turtle Graphics" })).id;
}, 120_000);
afterAll(async () => {
  await t.close();
  await grader.close();
});

/** A bank file of one star exercise with two drawing tests, as content/exercises holds them. */
const bankFile = (id: string, title: string) => ({
  name: `${id}.json`,
  data: {
    category: { name: "Turtle Graphics", description: "Turtle.", display_order: 1 },
    exercises: [
      {
        id,
        title,
        description: "Draw a star.",
        category: "Turtle Graphics",
        difficulty: "easy",
        language: "python",
        starter_code: "import turtle\n",
        solution: SOLUTION,
        hints: ["Five sides.", "Turn 144."],
        estimated_time: "5 minutes",
        testCases: [
          { description: "Star of 100", input: "100", expected_output: "A star", compare_drawing: true },
          { description: "Star of 60", input: "60", expected_output: "A star", compare_drawing: true },
          { description: "Star of 30", input: "30", expected_output: "A star" },
        ],
        topics: ["iteration-definite"],
      },
    ],
  },
});

describe("an admin's drawing test", () => {
  let id: string;

  it("records the solution's drawing on save; the workspace gets it, never the solution", async () => {
    const res = await createAsAdmin({ testCases: [drawingTest("100"), drawingTest("50", false)] });
    expect(res.status).toBe(201);
    const created = await json<AdminExercise>(res);
    id = created.id;
    expect(created.solutionCheck).toBe("passed");
    expect(created.testCases.map((c) => c.compareDrawing)).toEqual([true, false]);
    expect(created.testCases[0].expectedDrawing?.segments).toHaveLength(5);
    expect(created.testCases[1].expectedDrawing).toBeUndefined();

    const detail = await json<ExerciseDetail>(
      await t.request("GET", `/api/exercises/${id}`, { cookie: student.cookie }),
    );
    expect(detail.testCases[0].expectedDrawing?.corner).toBe(-144);
    expect(detail.testCases[1]).not.toHaveProperty("expectedDrawing");
    expect(JSON.stringify(detail)).not.toContain("range(5)");
  });

  it("Save passes a drawing test only when the drawing matches too, and shows the student's drawing", async () => {
    const printsOnly = await json<SaveAttemptResult>(await save(id, PRINTS_ONLY));
    expect(printsOnly.grade.results.map((r) => r.passed)).toEqual([false, true]);
    expect(printsOnly.grade.results[0].drawing).toMatchObject({ matches: false, yours: { segments: [] } });
    expect(printsOnly.grade.results[0].drawing?.summary).toMatch(/^Expected 5 lines, yours has 0 lines/);
    expect(printsOnly.grade.results[1]).not.toHaveProperty("drawing");
    expect(printsOnly.progress.isCompleted).toBe(false);

    const wrongAngle = await json<SaveAttemptResult>(await save(id, star(72)));
    expect(wrongAngle.grade.passed).toBe(1);
    expect(wrongAngle.grade.results[0].drawing?.summary).toContain(
      "yours turns right 72° at its corners, the expected drawing right 144°",
    );
    expect(wrongAngle.grade.results[0].drawing?.yours?.segments).toHaveLength(5);

    const right = await json<SaveAttemptResult>(await save(id, star(144)));
    expect(right.grade.passed).toBe(2);
    expect(right.grade.results[0].drawing).toMatchObject({ matches: true, yours: null });
    expect(right.progress.isCompleted).toBe(true);

    // Past Saved keeps the verdict in words, not the pictures.
    const past = await json<ExerciseAttemptDetail>(
      await t.request("GET", `/api/exercises/${id}/attempts/${wrongAngle.attempt.id}`, {
        cookie: student.cookie,
      }),
    );
    expect(past.results?.[0].drawing).toEqual({
      matches: false,
      summary: wrongAngle.grade.results[0].drawing?.summary,
    });
  });

  it("a new solution records the drawing again, even when the test cases are not sent", async () => {
    const res = await t.request("PATCH", `/api/admin/exercises/${id}`, {
      cookie: admin.cookie,
      body: { solution: star(72) },
    });
    expect(res.status).toBe(200);
    const updated = await json<AdminExercise>(res);
    expect(updated.testCases[0].expectedDrawing?.corner).toBe(-72);
    expect(updated.testCases.map((c) => c.compareDrawing)).toEqual([true, false]);
    const graded = await json<SaveAttemptResult>(await save(id, star(72)));
    expect(graded.grade.passed).toBe(2);
  });

  it("is refused with the reason when the solution draws nothing, there is none, or it stops", async () => {
    const before = await t.db.select({ id: exercises.id }).from(exercises);
    for (const [body, reason] of [
      [{ solution: PRINTS_ONLY }, /run with the input of test "Star of 100", draws nothing/],
      [{ solution: null }, /Test "Star of 100" compares the drawing, so the exercise needs a solution/],
      [{ solution: "import turtle\nturtle.forward(1)\n1/0" }, /stopped with an error: ZeroDivisionError/],
    ] as const) {
      const res = await createAsAdmin({ ...body, testCases: [drawingTest("100")] });
      expect(res.status).toBe(400);
      const error = await errorOf(res);
      expect(error.code).toBe("SOLUTION_DRAWING_FAILED");
      expect(error.message).toMatch(reason);
    }
    expect(await t.db.select({ id: exercises.id }).from(exercises)).toHaveLength(before.length);
    // Removing the solution of an exercise with drawing tests is refused too; nothing changes.
    const res = await t.request("PATCH", `/api/admin/exercises/${id}`, {
      cookie: admin.cookie,
      body: { solution: "" },
    });
    expect(res.status).toBe(400);
    const [row] = await t.db.select().from(exercises).where(eq(exercises.id, id));
    expect(row.solution).toBe(star(72));
  });

  it("a malformed flag is a 400, and a drawing sent by hand is never kept", async () => {
    for (const compareDrawing of ["yes", 1, null, { x: 1 }]) {
      const res = await createAsAdmin({ testCases: [{ ...drawingTest("100"), compareDrawing }] });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).code).toBe("VALIDATION");
    }
    const forged = {
      segments: [[0, 0, 1, 1, "#000000", 1]],
      fills: [],
      corner: null,
      width: 640,
      height: 480,
    };
    const res = await createAsAdmin({
      testCases: [{ ...drawingTest("100", false), expectedDrawing: forged }],
    });
    expect(res.status).toBe(201);
    const created = await json<AdminExercise>(res);
    const [tc] = await t.db
      .select()
      .from(exerciseTestCases)
      .where(eq(exerciseTestCases.exerciseId, created.id));
    expect(tc).toMatchObject({ compareDrawing: false, expectedDrawing: null });
  });

  it("Check refuses a drawing test whose solution draws nothing, as saving would", async () => {
    const res = await t.request("POST", "/api/admin/exercises/check", {
      cookie: admin.cookie,
      body: { solution: PRINTS_ONLY, testCases: [drawingTest("100")] },
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe("SOLUTION_DRAWING_FAILED");
  });
});

describe("the import and the bank record drawings too", () => {
  const fileExercise = (title: string, solution: string) => ({
    title,
    description: "Draw a star.",
    category: "Turtle Graphics",
    solution,
    testCases: [
      { description: "Star of 80", inputs: ["80"], expected_output: "A star", compare_drawing: true },
    ],
  });

  it("imports an exercise with its drawing recorded; one whose solution draws nothing is named", async () => {
    const res = await t.request("POST", "/api/admin/import", {
      cookie: admin.cookie,
      body: { exercises: [fileExercise("Imported star", SOLUTION), fileExercise("No drawing", PRINTS_ONLY)] },
    });
    expect(res.status).toBe(200);
    const result = await json<ImportResult>(res);
    expect(result).toMatchObject({ imported: 1, failed: 1 });
    expect(result.errors[0].message).toMatch(
      /^Exercise "No drawing": The solution, run with the input of test "Star of 80", draws nothing/,
    );
    const [row] = await t.db.select().from(exercises).where(eq(exercises.title, "Imported star"));
    const [tc] = await t.db.select().from(exerciseTestCases).where(eq(exerciseTestCases.exerciseId, row.id));
    expect(tc.compareDrawing).toBe(true);
    expect((tc.expectedDrawing as { segments: unknown[] }).segments).toHaveLength(5);
  });

  it("seeding records each drawing test's drawing; one left unrecorded is recorded by the next Save", async () => {
    const file = bankFile("bank-star", "Bank star");
    const report = await seedExerciseBank(t.db, [file], grader);
    expect(report.exercises.inserted).toBe(1);
    expect(report.drawings).toEqual({ recorded: 2, failed: [] });
    const [row] = await t.db.select().from(exercises).where(eq(exercises.bankId, "bank-star"));
    const cases = await t.db.select().from(exerciseTestCases).where(eq(exerciseTestCases.exerciseId, row.id));
    expect(cases.filter((c) => c.expectedDrawing !== null)).toHaveLength(2);
    // Seeded again: unchanged, nothing to record.
    expect((await seedExerciseBank(t.db, [file], grader)).drawings.recorded).toBe(0);

    // Written without the grader (as if it was down at start): the first Save records it.
    const id = await createExercise(t, categoryId, {
      solution: SOLUTION,
      testCases: [
        { description: "Star", input: "100", inputs: [], expectedOutput: "A star", compareDrawing: true },
      ],
    });
    const graded = await json<SaveAttemptResult>(await save(id, PRINTS_ONLY));
    expect(graded.grade.results[0]).toMatchObject({ passed: false, drawing: { matches: false } });
    const [tc] = await t.db.select().from(exerciseTestCases).where(eq(exerciseTestCases.exerciseId, id));
    expect((tc.expectedDrawing as { segments: unknown[] }).segments).toHaveLength(5);
  });

  it("a start waits for the drawings only so long: a grader that is busy (or never ready) does not hold it", async () => {
    // A real pool of one slot, held by a program that runs for 20 s (no slices to let others by).
    const busy = createGraderPool({ size: 1, sliceMs: 0 });
    await busy.ready();
    busy
      .grade("while True:\n    pass\n", [{ input: "", expectedOutput: "" }], { timeMs: 20_000 })
      .catch(() => {});
    const file = bankFile("bank-star-busy", "Star while busy");
    try {
      const report = await seedExerciseBank(t.db, [file], busy, 300);
      expect(report.skipped).toEqual([]);
      expect(report.exercises.inserted).toBe(1);
      expect(report.drawings).toEqual({ recorded: 0, failed: [], stillRecording: true });
      expect(describeSeed(report)).toContain("still being recorded in the background");
    } finally {
      await busy.close();
    }
  }, 60_000);
});

describe("the CodeRunner export of a drawing test", () => {
  it("says the drawing is not carried, and the file still imports with every test", async () => {
    const created = await json<AdminExercise>(
      await createAsAdmin({
        title: "Export star",
        testCases: [drawingTest("100"), drawingTest("50", false)],
      }),
    );
    const res = await t.request("GET", `/api/interchange/exercises/${created.id}/coderunner.xml`, {
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    const xml = await res.text();
    expect(xml).toContain(
      "<!-- Not carried: Test 1 also compared the turtle drawing in PyClass. CodeRunner cannot compare drawings, so here it checks the printed output only. -->",
    );
    const preview = await t.request("POST", "/api/interchange/coderunner/exercises/preview", {
      cookie: admin.cookie,
      body: { file: xml },
    });
    expect(preview.status).toBe(200);
    const body = (await preview.json()) as { questions: { draft: { testCases: unknown[] } }[] };
    expect(body.questions[0].draft.testCases).toHaveLength(2);
  });
});
