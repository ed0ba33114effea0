import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exerciseAttempts, exerciseSubmissions } from "@/server/db/schema.ts";
import { BODY_LIMITS, INPUT_MESSAGES } from "@/server/http/input-hygiene.ts";
import type { GraderPool } from "@/server/python/index.ts";
import {
  EXERCISE_MESSAGES,
  EXERCISE_SUMMARY_LENGTH,
  type ExerciseAttemptDetail,
  type ExerciseAttemptPage,
  type ExerciseDetail,
  type ExerciseList,
  type SaveAttemptResult,
} from "@/shared/api/exercises.ts";
import { createCategory, createExercise, DOUBLE_SOLUTION } from "../../../../tests/factories/exercises.ts";
import {
  createAdmin,
  createPending,
  createStudent,
  createTeacher,
  type TestUser,
} from "../../../../tests/factories/users.ts";
import { errorOf } from "../../../../tests/setup/error-body.ts";
import { startTestGrader } from "../../../../tests/setup/grader.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";

let t: TestApp;
let grader: GraderPool;
let student: TestUser;
let other: TestUser;
let teacher: TestUser;
let admin: TestUser;
let exerciseId: string;
let noSolutionId: string;
let noTestsId: string;

const WRONG = "n = int(input())\nprint(n + 2)"; // right for 2 only; both tests here fail or one passes

beforeAll(async () => {
  grader = await startTestGrader();
  t = await createTestApp({}, { grader });
  [student, other, teacher, admin] = await Promise.all([
    createStudent(t),
    createStudent(t),
    createTeacher(t),
    createAdmin(t),
  ]);
  const loops = await createCategory(t, { name: "Loops", displayOrder: 2 });
  const basics = await createCategory(t, { name: "Basics", displayOrder: 1 });
  await createCategory(t, { name: "Empty", displayOrder: 3 });
  exerciseId = await createExercise(t, basics.id, { title: "Double it", displayOrder: 0 });
  noSolutionId = await createExercise(t, basics.id, {
    title: "No solution",
    solution: null,
    displayOrder: 1,
  });
  noTestsId = await createExercise(t, loops.id, { title: "No tests", testCases: [] });
  await createExercise(t, loops.id, { title: "In Java", language: "java" });
});
afterAll(async () => {
  await t.close();
  await grader.close();
});

const json = async <T>(res: Response) => (await res.json()) as T;
const save = (who: TestUser, body: unknown, id = exerciseId) =>
  t.request("POST", `/api/exercises/${id}/attempts`, { cookie: who.cookie, body });
const detail = async (who: TestUser, id = exerciseId) =>
  json<ExerciseDetail>(await t.request("GET", `/api/exercises/${id}`, { cookie: who.cookie }));

describe("the exercise browser", () => {
  it("lists categories in display order with their Python exercises and the caller's counts", async () => {
    const res = await t.request("GET", "/api/exercises", { cookie: teacher.cookie });
    expect(res.status).toBe(200);
    const list = await json<ExerciseList>(res);
    expect(list.categories.map((c) => c.name)).toEqual(["Basics", "Loops", "Empty"]);
    expect(list.categories[0].exercises.map((e) => e.title)).toEqual(["Double it", "No solution"]);
    expect(list.categories[1].exercises.map((e) => e.title)).toEqual(["No tests"]);
    expect(list.categories[2]).toMatchObject({ exercises: [], totalCount: 0, completedCount: 0 });
    const row = list.categories[0].exercises[0];
    expect(row).toMatchObject({
      id: exerciseId,
      difficulty: "easy",
      estimatedTime: "5 minutes",
      isCompleted: false,
      category: { name: "Basics" },
    });
    expect(row).not.toHaveProperty("solution");
    expect(list).toMatchObject({ totalCount: 3, completedCount: 0 });
  });

  it("shows the workspace's exercise with test cases, hints and starter code, never the solution", async () => {
    const res = await t.request("GET", `/api/exercises/${exerciseId}`, { cookie: student.cookie });
    expect(res.status).toBe(200);
    const body = await json<ExerciseDetail>(res);
    expect(JSON.stringify(body)).not.toContain("n * 2");
    expect(body).not.toHaveProperty("solution");
    expect(body.hints).toEqual(["Use int()", "Multiply by 2"]);
    expect(body.starterCode).toBe("# Your code here");
    // `inputs` lines become the grader's input string.
    expect(body.testCases.map((c) => [c.description, c.input, c.expectedOutput])).toEqual([
      ["Doubles 4", "4", "8"],
      ["Doubles 0", "0", "0"],
    ]);
    expect(body.progress).toEqual({
      isCompleted: false,
      lastSavedAt: null,
      passedTests: 0,
      totalTests: 0,
      score: 0,
      code: null,
    });
    expect(body.attempts).toEqual([]);
  });

  it("answers 404 Exercise not found for an unknown or malformed id", async () => {
    for (const id of [crypto.randomUUID(), "nope"]) {
      const res = await t.request("GET", `/api/exercises/${id}`, { cookie: student.cookie });
      expect(res.status).toBe(404);
      expect((await errorOf(res)).message).toBe(EXERCISE_MESSAGES.notFound);
    }
  });

  it("lists a short summary of each description; the exercise itself has it whole", async () => {
    const long = await createCategory(t, { name: "Long reads", displayOrder: 4 });
    const words = "Read the numbers, then print what the task asks for. ".repeat(300).trim();
    const longId = await createExercise(t, long.id, { title: "Long", description: words });
    const list = await json<ExerciseList>(
      await t.request("GET", "/api/exercises", { cookie: student.cookie }),
    );
    const all = list.categories.flatMap((c) => c.exercises);
    for (const e of all) expect(e.description.length).toBeLessThanOrEqual(EXERCISE_SUMMARY_LENGTH);
    const row = all.find((e) => e.id === longId)!;
    expect(row.description).toMatch(/^Read the numbers, then print .*…$/);
    expect(words.startsWith(row.description.slice(0, -1).trimEnd())).toBe(true);
    // A description that fits is shown as it is.
    expect(all.find((e) => e.id === exerciseId)!.description).toBe("Read a number and print double it.");
    expect((await detail(student, longId)).description).toBe(words);
  });

  it("refuses users without a role and anonymous callers", async () => {
    const pending = await createPending(t);
    expect((await t.request("GET", "/api/exercises", { cookie: pending.cookie })).status).toBe(403);
    expect((await t.request("GET", "/api/exercises")).status).toBe(401);
  });
});

describe("the solution: teachers and admins only", () => {
  it("gives teachers and admins the solution", async () => {
    for (const who of [teacher, admin]) {
      const res = await t.request("GET", `/api/exercises/${exerciseId}/solution`, { cookie: who.cookie });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ exerciseId, solution: DOUBLE_SOLUTION });
    }
  });

  it("refuses students with 403", async () => {
    const res = await t.request("GET", `/api/exercises/${exerciseId}/solution`, { cookie: student.cookie });
    expect(res.status).toBe(403);
  });

  it("answers 404 with the spec's text when there is none", async () => {
    const res = await t.request("GET", `/api/exercises/${noSolutionId}/solution`, { cookie: teacher.cookie });
    expect(res.status).toBe(404);
    expect(await errorOf(res)).toEqual({ code: "NO_SOLUTION", message: EXERCISE_MESSAGES.noSolution });
  });
});

describe("Save: completion is the server's word", () => {
  it("ignores a body that claims completion and a score: a wrong program never completes", async () => {
    const res = await save(student, {
      code: WRONG,
      is_completed: true,
      isCompleted: true,
      score: 100,
      passed: 2,
      passedTests: 2,
      totalTests: 2,
    });
    expect(res.status).toBe(201);
    const body = await json<SaveAttemptResult>(res);
    expect(body.attempt).toMatchObject({ isCompleted: false, verified: true, passedTests: 0, totalTests: 2 });
    expect(body.progress).toMatchObject({ isCompleted: false, passedTests: 0, totalTests: 2, score: 0 });
    expect(body.grade.results.map((r) => r.passed)).toEqual([false, false]);
    const [row] = await t.db
      .select()
      .from(exerciseSubmissions)
      .where(eq(exerciseSubmissions.userId, student.id));
    expect(row.isCompleted).toBe(false);
  });

  it("completes a right program, and it stays completed after a later wrong save", async () => {
    const right = await json<SaveAttemptResult>(await save(student, { code: DOUBLE_SOLUTION }));
    expect(right.attempt).toMatchObject({ isCompleted: true, passedTests: 2, totalTests: 2, score: 100 });
    expect(right.progress.isCompleted).toBe(true);

    const later = await json<SaveAttemptResult>(await save(student, { code: WRONG }));
    expect(later.attempt.isCompleted).toBe(false);
    expect(later.progress).toMatchObject({ isCompleted: true, passedTests: 0, code: WRONG });

    const body = await detail(student);
    expect(body.isCompleted).toBe(true);
    expect(body.progress.isCompleted).toBe(true);
    expect(body.progress.lastSavedAt).toBe(later.attempt.submittedAt);
    // Past Saved: newest first, with the code for Restore.
    expect(body.attempts.map((a) => [a.code, a.isCompleted])).toEqual([
      [WRONG, false],
      [DOUBLE_SOLUTION, true],
      [WRONG, false],
    ]);

    const list = await json<ExerciseList>(
      await t.request("GET", "/api/exercises", { cookie: student.cookie }),
    );
    expect(list.categories[0]).toMatchObject({ completedCount: 1, totalCount: 2 });
    expect(list.categories[0].exercises[0].isCompleted).toBe(true);
  });

  it("keeps each student's work to themselves", async () => {
    const body = await detail(other);
    expect(body.isCompleted).toBe(false);
    expect(body.attempts).toEqual([]);
  });

  it("keeps each save's per-test results, the caller's own only (Past Saved's details)", async () => {
    const saved = await json<SaveAttemptResult>(await save(student, { code: WRONG }));
    const url = `/api/exercises/${exerciseId}/attempts/${saved.attempt.id}`;
    const res = await t.request("GET", url, { cookie: student.cookie });
    expect(res.status).toBe(200);
    const body = await json<ExerciseAttemptDetail>(res);
    expect(body.attempt).toEqual(saved.attempt);
    // The tests as they were, and what the server's grader saw: the transcript (input echoed)
    // and the program's own output, 4+2 and 0+2.
    expect(
      body.results?.map((r) => [r.description, r.input, r.expectedOutput, r.passed, r.output, r.plainOutput]),
    ).toEqual([
      ["Doubles 4", "4", "8", false, "4\n6\n", "6\n"],
      ["Doubles 0", "0", "0", false, "0\n2\n", "2\n"],
    ]);

    for (const [who, status] of [
      [other, 404],
      [teacher, 403],
    ] as const)
      expect((await t.request("GET", url, { cookie: who.cookie })).status).toBe(status);
    const elsewhere = `/api/exercises/${noTestsId}/attempts/${saved.attempt.id}`;
    expect((await t.request("GET", elsewhere, { cookie: student.cookie })).status).toBe(404);
    const malformed = await t.request("GET", `/api/exercises/${exerciseId}/attempts/nope`, {
      cookie: student.cookie,
    });
    expect(malformed.status).toBe(404);
    expect((await errorOf(malformed)).message).toBe(EXERCISE_MESSAGES.attemptNotFound);
  });

  it("never completes an exercise without tests", async () => {
    const res = await save(student, { code: 'print("hi")' }, noTestsId);
    expect(res.status).toBe(201);
    const body = await json<SaveAttemptResult>(res);
    expect(body.attempt).toMatchObject({ isCompleted: false, totalTests: 0 });
    expect(body.progress.isCompleted).toBe(false);
  });

  it("refuses blank code (400) and stores nothing", async () => {
    const before = await t.db.select().from(exerciseAttempts).where(eq(exerciseAttempts.userId, other.id));
    for (const body of [{ code: "   \n\t" }, { code: "" }, {}]) {
      const res = await save(other, body);
      expect(res.status).toBe(400);
      expect((await errorOf(res)).message).toBe(EXERCISE_MESSAGES.blankCode);
    }
    const after = await t.db.select().from(exerciseAttempts).where(eq(exerciseAttempts.userId, other.id));
    expect(after.length).toBe(before.length);
  });

  it("answers 404 for an unknown exercise", async () => {
    const res = await save(other, { code: "print(1)" }, crypto.randomUUID());
    expect(res.status).toBe(404);
  });

  it("is for students: teachers and admins get 403", async () => {
    for (const who of [teacher, admin]) expect((await save(who, { code: DOUBLE_SOLUTION })).status).toBe(403);
  });

  it("shares Submit Code's fair use: the 11th save in a minute is a 429", async () => {
    const busy = await createStudent(t);
    // An exercise without tests is graded instantly: only the counting is under test.
    for (let i = 0; i < 10; i++)
      expect((await save(busy, { code: `print(${i})` }, noTestsId)).status).toBe(201);
    const res = await save(busy, { code: "print(10)" }, noTestsId);
    expect(res.status).toBe(429);
    expect((await errorOf(res)).code).toBe("TOO_MANY_SUBMISSIONS");
    expect(res.headers.get("Retry-After")).toBeTruthy();
  });

  it("saves a program that prints chr(0): NUL is stored and shown as ␀ (U+2400), as submissions do", async () => {
    const saver = await createStudent(t);
    const code = 'print("Hello" + chr(0) + "Ada")\nraise ValueError("bad" + chr(0))';
    const res = await save(saver, { code });
    expect(res.status).toBe(201);
    const saved = await json<SaveAttemptResult>(res);
    expect(saved.grade.results[0].output).toContain("Hello\u2400Ada");
    expect(saved.grade.results[0].error).toContain("ValueError: bad\u2400");
    // The stored attempt reads back the same, with no NUL anywhere in it.
    const url = `/api/exercises/${exerciseId}/attempts/${saved.attempt.id}`;
    const text = await (await t.request("GET", url, { cookie: saver.cookie })).text();
    expect(text).not.toContain("\\u0000");
    const body = JSON.parse(text) as ExerciseAttemptDetail;
    expect(body.results?.[0].output).toContain("Hello\u2400Ada");
    expect(body.results?.[0].error).toContain("ValueError: bad\u2400");
    expect((await detail(saver)).progress.code).toBe(code);
  });

  it("refuses U+0000 and an oversized body on Save (input hygiene)", async () => {
    const nul = await save(other, { code: "print('a\u0000b')" });
    expect(nul.status).toBe(400);
    expect((await errorOf(nul)).message).toBe(INPUT_MESSAGES.nul);

    const big = await save(other, { code: "#".repeat(BODY_LIMITS.default + 10) });
    expect(big.status).toBe(413);
  });
});

describe("Past Saved beyond the newest 100 (issue 19 item 14)", () => {
  it("gives the newest page with the total, then older pages by offset, the caller's own only", async () => {
    const saver = await createStudent(t);
    // 105 saves, one second apart (stored directly: Save's fair use would take minutes).
    const start = Date.parse("2026-11-01T09:00:00Z");
    await t.db.insert(exerciseAttempts).values(
      Array.from({ length: 105 }, (_, i) => ({
        exerciseId,
        userId: saver.id,
        code: `print(${i})`,
        submittedAt: new Date(start + i * 1000),
      })),
    );
    const first = await detail(saver);
    expect(first.attempts).toHaveLength(100);
    expect(first.attemptsTotal).toBe(105);
    expect(first.attempts[0].code).toBe("print(104)");

    const older = await t.request("GET", `/api/exercises/${exerciseId}/attempts?offset=100`, {
      cookie: saver.cookie,
    });
    expect(older.status).toBe(200);
    const page = await json<ExerciseAttemptPage>(older);
    expect(page.total).toBe(105);
    expect(page.attempts.map((a) => a.code)).toEqual([4, 3, 2, 1, 0].map((i) => `print(${i})`));

    // Someone else sees none of them, on either route.
    const theirs = await json<ExerciseAttemptPage>(
      await t.request("GET", `/api/exercises/${exerciseId}/attempts?offset=0`, { cookie: other.cookie }),
    );
    expect(theirs.attempts.every((a) => !a.code.startsWith("print("))).toBe(true);
    expect((await detail(other)).attemptsTotal).toBe(theirs.total);
  });

  it.each(["-1", "abc", "1e3", "1.5", "99999999", ""])("refuses offset=%j with 400", async (offset) => {
    const res = await t.request("GET", `/api/exercises/${exerciseId}/attempts?offset=${offset}`, {
      cookie: student.cookie,
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe("VALIDATION");
  });

  it("answers 404 for an unknown exercise and 403 for teachers", async () => {
    const unknown = `/api/exercises/${crypto.randomUUID()}/attempts`;
    expect((await t.request("GET", unknown, { cookie: student.cookie })).status).toBe(404);
    const mine = `/api/exercises/${exerciseId}/attempts`;
    expect((await t.request("GET", mine, { cookie: teacher.cookie })).status).toBe(403);
  });
});
