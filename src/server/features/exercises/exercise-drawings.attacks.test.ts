// Hostile review of drawing tests on library exercises (decision 077): a student who wants an
// exercise completed without drawing it.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exerciseAttempts, exerciseTestCases } from "@/server/db/schema.ts";
import type { GraderPool } from "@/server/python/index.ts";
import type { SaveAttemptResult } from "@/shared/api/exercises.ts";
import { createCategory, createExercise } from "../../../../tests/factories/exercises.ts";
import { createStudent, type TestUser } from "../../../../tests/factories/users.ts";
import { errorOf } from "../../../../tests/setup/error-body.ts";
import { startTestGrader } from "../../../../tests/setup/grader.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";

let t: TestApp;
let grader: GraderPool;
let student: TestUser;
let categoryId: string;

const PRINTS_ONLY = 'size = int(input("Size? "))\nprint("A star")\n';

beforeAll(async () => {
  grader = await startTestGrader();
  t = await createTestApp({}, { grader });
  student = await createStudent(t);
  categoryId = (await createCategory(t, { name: "Turtle Graphics" })).id;
}, 120_000);
afterAll(async () => {
  await t.close();
  await grader.close();
});

const save = (id: string, code: string) =>
  t.request("POST", `/api/exercises/${id}/attempts`, { cookie: student.cookie, body: { code } });

describe("a drawing test whose drawing is not recorded", () => {
  it("is never passed on the printed words alone when it cannot be recorded at Save", async () => {
    // A drawing test left unrecorded (the grader was down when the bank was seeded) whose drawing
    // cannot be recorded at this Save either (here: the solution, as stored, draws nothing; the
    // same path as a grader busy at that moment). Save used to grade the words alone: a program
    // that only prints completed the exercise.
    const id = await createExercise(t, categoryId, {
      solution: PRINTS_ONLY,
      testCases: [
        { description: "Star", input: "100", inputs: [], expectedOutput: "A star", compareDrawing: true },
      ],
    });
    const res = await save(id, PRINTS_ONLY);
    expect(res.status).toBe(503);
    expect((await errorOf(res)).code).toBe("GRADER_FAILED");
    const attempts = await t.db.select().from(exerciseAttempts).where(eq(exerciseAttempts.exerciseId, id));
    expect(attempts).toHaveLength(0);
    const [tc] = await t.db.select().from(exerciseTestCases).where(eq(exerciseTestCases.exerciseId, id));
    expect(tc.expectedDrawing).toBeNull();
  });

  it("a drawing sent with the Save is refused, never compared", async () => {
    const id = await createExercise(t, categoryId, {
      solution: 'import turtle\nsize = int(input("Size? "))\nturtle.forward(size)\nprint("A star")\n',
      testCases: [
        { description: "Line", input: "100", inputs: [], expectedOutput: "A star", compareDrawing: true },
      ],
    });
    const forged = { segments: [[0, 0, 100, 0, "#000000", 1]], fills: [], corner: null };
    const res = await t.request("POST", `/api/exercises/${id}/attempts`, {
      cookie: student.cookie,
      body: { code: PRINTS_ONLY, drawing: forged, grade: { passed: 1, total: 1 } },
    });
    expect(res.status).toBe(201);
    const graded = (await res.json()) as SaveAttemptResult;
    expect(graded.grade.results[0]).toMatchObject({ passed: false, drawing: { matches: false } });
    expect(graded.progress.isCompleted).toBe(false);
  });
});
