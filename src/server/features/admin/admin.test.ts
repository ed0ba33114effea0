import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exerciseAttempts, exerciseSubmissions, exerciseTestCases } from "@/server/db/schema.ts";
import type { GraderPool } from "@/server/python/index.ts";
import {
  type AdminCategory,
  type AdminExercise,
  type CheckExerciseResult,
  EXERCISE_MESSAGES,
} from "@/shared/api/exercises.ts";
import { createCategory, createExercise, DOUBLE_SOLUTION } from "../../../../tests/factories/exercises.ts";
import { createAdmin, createStudent, type TestUser } from "../../../../tests/factories/users.ts";
import { errorOf } from "../../../../tests/setup/error-body.ts";
import { startTestGrader } from "../../../../tests/setup/grader.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";

let t: TestApp;
let grader: GraderPool;
let admin: TestUser;

beforeAll(async () => {
  grader = await startTestGrader();
  t = await createTestApp({}, { grader });
  admin = await createAdmin(t);
});
afterAll(async () => {
  await t.close();
  await grader.close();
});

const json = async <T>(res: Response) => (await res.json()) as T;
const call = (method: string, path: string, body?: unknown) =>
  t.request(method, `/api/admin${path}`, { cookie: admin.cookie, body });

describe("categories", () => {
  it("adds, lists in display order, edits and deletes an empty category", async () => {
    const res = await call("POST", "/categories", {
      name: "  Iteration ",
      description: "Loops",
      displayOrder: 5,
    });
    expect(res.status).toBe(201);
    const created = await json<AdminCategory>(res);
    expect(created).toMatchObject({
      name: "Iteration",
      description: "Loops",
      displayOrder: 5,
      exerciseCount: 0,
    });
    await call("POST", "/categories", { name: "First", displayOrder: 1 });

    const list = await json<AdminCategory[]>(await call("GET", "/categories"));
    expect(list.map((c) => c.name)).toEqual(["First", "Iteration"]);

    const edited = await json<AdminCategory>(
      await call("PATCH", `/categories/${created.id}`, { name: "Loops" }),
    );
    expect(edited).toMatchObject({ name: "Loops", description: "Loops", displayOrder: 5 });
    // Nothing to change is not an error (it was a 500: SQL has no empty SET).
    const unchanged = await call("PATCH", `/categories/${created.id}`, {});
    expect(unchanged.status).toBe(200);
    expect(await json<AdminCategory>(unchanged)).toMatchObject({ name: "Loops", displayOrder: 5 });
    expect((await call("PATCH", "/categories/00000000-0000-4000-8000-000000000000", {})).status).toBe(404);

    expect((await call("DELETE", `/categories/${created.id}`)).status).toBe(204);
    expect((await call("DELETE", `/categories/${created.id}`)).status).toBe(404);
  });

  it("needs a name", async () => {
    const res = await call("POST", "/categories", { name: "  " });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(EXERCISE_MESSAGES.categoryNameRequired);
  });

  it("refuses (409) a name another category has, whatever its case and spaces", async () => {
    const res = await call("POST", "/categories", { name: "Recursion" });
    expect(res.status).toBe(201);
    const recursion = await json<AdminCategory>(res);
    const again = await call("POST", "/categories", { name: "  recursion " });
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toEqual({
      code: "CATEGORY_NAME_TAKEN",
      message: 'A category named "Recursion" already exists. Please choose a different name.',
    });

    const other = await json<AdminCategory>(await call("POST", "/categories", { name: "Sorting" }));
    const rename = await call("PATCH", `/categories/${other.id}`, { name: "RECURSION" });
    expect(rename.status).toBe(409);
    expect((await errorOf(rename)).code).toBe("CATEGORY_NAME_TAKEN");
    // Its own name in another case is no clash.
    const recased = await call("PATCH", `/categories/${recursion.id}`, { name: "recursion" });
    expect(recased.status).toBe(200);
    expect((await json<AdminCategory>(recased)).name).toBe("recursion");
  });

  it("answers 409, not 500, when two adds of one name race past the check", async () => {
    const [a, b] = await Promise.all([
      call("POST", "/categories", { name: "Racing" }),
      call("POST", "/categories", { name: "racing" }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const list = await json<AdminCategory[]>(await call("GET", "/categories"));
    expect(list.filter((c) => c.name.toLowerCase() === "racing")).toHaveLength(1);
  });

  it("refuses (409) to delete a category that has exercises", async () => {
    const cat = await createCategory(t);
    await createExercise(t, cat.id);
    const res = await call("DELETE", `/categories/${cat.id}`);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toEqual({
      code: "CATEGORY_NOT_EMPTY",
      message: EXERCISE_MESSAGES.categoryHasExercises,
    });
    const list = await json<AdminCategory[]>(await call("GET", "/categories"));
    expect(list.find((c) => c.id === cat.id)?.exerciseCount).toBe(1);
  });
});

describe("exercises", () => {
  it("creates one with defaults, dropping blank hints, inputs and wholly blank test cases", async () => {
    const cat = await createCategory(t);
    const res = await call("POST", "/exercises", {
      title: "Add two",
      categoryId: cat.id,
      hints: ["Use +", "  "],
      solution: "a = int(input())\nb = int(input())\nprint(a + b)",
      testCases: [
        { description: "Small", inputs: ["1", " ", "2"], expectedOutput: "3" },
        { description: " ", input: "", expectedOutput: "" },
      ],
    });
    expect(res.status).toBe(201);
    const e = await json<AdminExercise>(res);
    expect(e).toMatchObject({
      title: "Add two",
      description: "",
      difficulty: "easy",
      language: "python",
      starterCode: "",
      estimatedTime: "",
      hints: ["Use +"],
      category: { id: cat.id },
    });
    expect(e.testCases.map((c) => [c.description, c.input, c.inputs, c.expectedOutput])).toEqual([
      ["Small", "1\n2", ["1", "2"], "3"],
    ]);
    const all = await json<AdminExercise[]>(await call("GET", "/exercises"));
    expect(all.find((x) => x.id === e.id)?.solution).toContain("print(a + b)");
  });

  it("grades the solution on save and records whether it passes its own tests", async () => {
    const cat = await createCategory(t);
    const created = await json<AdminExercise>(
      await call("POST", "/exercises", {
        title: "Double it (broken)",
        categoryId: cat.id,
        solution: "print(int(input()) * 3)",
        testCases: [{ description: "4", input: "4", expectedOutput: "8" }],
      }),
    );
    expect(created.solutionCheck).toBe("failed");
    const listed = await json<AdminExercise[]>(await call("GET", "/exercises"));
    expect(listed.find((x) => x.id === created.id)?.solutionCheck).toBe("failed");
    const fixed = await json<AdminExercise>(
      await call("PATCH", `/exercises/${created.id}`, { solution: "print(int(input()) * 2)" }),
    );
    expect(fixed.solutionCheck).toBe("passed");
    const noSolution = await json<AdminExercise>(
      await call("POST", "/exercises", { title: "Unchecked", categoryId: cat.id }),
    );
    expect(noSolution.solutionCheck).toBeNull();
  });

  it("needs a title and a known category; a half-filled test case is an error", async () => {
    const cat = await createCategory(t);
    expect((await errorOf(await call("POST", "/exercises", { title: "", categoryId: cat.id }))).message).toBe(
      EXERCISE_MESSAGES.titleRequired,
    );
    for (const categoryId of [undefined, crypto.randomUUID()]) {
      const res = await call("POST", "/exercises", { title: "X", categoryId });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).message).toBe(EXERCISE_MESSAGES.categoryRequired);
    }
    const half = await call("POST", "/exercises", {
      title: "X",
      categoryId: cat.id,
      testCases: [{ description: "No expected output", input: "1" }],
    });
    expect(half.status).toBe(400);
    expect((await errorOf(half)).message).toBe(EXERCISE_MESSAGES.halfTestCase);
  });

  it("edits: replaces all test cases in one go, keeps students' attempts", async () => {
    const cat = await createCategory(t);
    const id = await createExercise(t, cat.id);
    const student = await createStudent(t);
    await t.request("POST", `/api/exercises/${id}/attempts`, {
      cookie: student.cookie,
      body: { code: DOUBLE_SOLUTION },
    });

    const res = await call("PATCH", `/exercises/${id}`, {
      title: "Double it again",
      difficulty: "hard",
      testCases: [{ description: "Doubles 10", input: "10", expectedOutput: "20" }],
    });
    expect(res.status).toBe(200);
    const e = await json<AdminExercise>(res);
    expect(e).toMatchObject({
      title: "Double it again",
      difficulty: "hard",
      hints: ["Use int()", "Multiply by 2"],
    });
    expect(e.testCases.map((c) => c.description)).toEqual(["Doubles 10"]);
    const cases = await t.db.select().from(exerciseTestCases).where(eq(exerciseTestCases.exerciseId, id));
    expect(cases.length).toBe(1);
    expect(
      (await t.db.select().from(exerciseAttempts).where(eq(exerciseAttempts.exerciseId, id))).length,
    ).toBe(1);

    // Without testCases the stored ones stay.
    const kept = await json<AdminExercise>(await call("PATCH", `/exercises/${id}`, { description: "New" }));
    expect(kept.testCases.map((c) => c.description)).toEqual(["Doubles 10"]);
  });

  it("a refused edit changes nothing, title included", async () => {
    const cat = await createCategory(t);
    const id = await createExercise(t, cat.id, { title: "Stays" });
    const res = await call("PATCH", `/exercises/${id}`, {
      title: "Changed",
      testCases: [{ description: "Half" }],
    });
    expect(res.status).toBe(400);
    const all = await json<AdminExercise[]>(await call("GET", "/exercises"));
    const e = all.find((x) => x.id === id)!;
    expect(e.title).toBe("Stays");
    expect(e.testCases.length).toBe(2);
  });

  it("deletes an exercise with its attempts and summaries", async () => {
    const cat = await createCategory(t);
    const id = await createExercise(t, cat.id);
    const student = await createStudent(t);
    await t.request("POST", `/api/exercises/${id}/attempts`, {
      cookie: student.cookie,
      body: { code: "print(1)" },
    });
    expect((await call("DELETE", `/exercises/${id}`)).status).toBe(204);
    expect((await call("DELETE", `/exercises/${id}`)).status).toBe(404);
    expect((await call("PATCH", `/exercises/${id}`, { title: "Gone" })).status).toBe(404);
    expect(
      await t.db.select().from(exerciseSubmissions).where(eq(exerciseSubmissions.exerciseId, id)),
    ).toEqual([]);
  });

  it("Check grades the solution against the tests with the server grader", async () => {
    const res = await call("POST", "/exercises/check", {
      solution: DOUBLE_SOLUTION,
      testCases: [
        { description: "4", input: "4", expectedOutput: "8" },
        { description: "wrong on purpose", input: "1", expectedOutput: "3" },
        { description: "", input: "", expectedOutput: "" },
      ],
    });
    expect(res.status).toBe(200);
    const body = await json<CheckExerciseResult>(res);
    expect(body).toMatchObject({ passed: 1, total: 2, score: 50 });
    expect(body.results.map((r) => r.passed)).toEqual([true, false]);
  });

  it("keeps the overview working", async () => {
    const res = await call("GET", "/overview");
    expect(res.status).toBe(200);
    expect((await res.json()).exercises).toBeGreaterThan(0);
  });
});
