// Fair use through the API, shared by every instance: two apps on one database stand for two
// instances behind a load balancer (on PostgreSQL when TEST_DATABASE_URL is set). The grader is
// a stand-in that finishes when the test says so, so "a submission in flight" is exact.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@/server/app.ts";
import { SUBMIT_LIMIT_MESSAGES } from "@/server/grading/submit-limiter.ts";
import type { GradeResult, GraderPool, TestCase } from "@/server/python/index.ts";
import type { Submission, TeacherAssignmentDetail } from "@/shared/api/assignments.ts";
import type { ClassSummary } from "@/shared/api/classes.ts";
import { addMember, createAssignment, createClass } from "../../../../tests/factories/classroom.ts";
import { createStudent, createTeacher, type TestUser } from "../../../../tests/factories/users.ts";
import { errorOf } from "../../../../tests/setup/error-body.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../../../tests/setup/test-app.ts";

/**
 * Passes every case. After `hold()`, a grading waits until `release()`; `started` resolves once
 * one is waiting (so the submission's lease is certainly taken).
 */
function standInGrader() {
  let gate: Promise<void> | null = null;
  let open = () => {};
  let entered = () => {};
  const pool: GraderPool = {
    async grade(_code: string, tests: TestCase[]): Promise<GradeResult> {
      entered();
      if (gate) await gate;
      return {
        passed: tests.length,
        total: tests.length,
        score: 100,
        results: tests.map((t) => ({ passed: true, output: t.expectedOutput, error: null, timeMs: 1 })),
      };
    },
    ready: async () => {},
    // Cast: the pool's stats shape is not what this test is about (and is being reworked).
    stats: () => ({ running: 0, queued: 0 }) as ReturnType<GraderPool["stats"]>,
    close: async () => {},
  };
  const grader = {
    pool,
    started: Promise.resolve(),
    hold() {
      gate = new Promise((resolve) => (open = resolve));
      grader.started = new Promise((resolve) => (entered = resolve));
    },
    release() {
      gate = null;
      open();
    },
  };
  return grader;
}

let t: TestApp; // instance A (and the factories)
let requestB: (path: string, who: TestUser, body: unknown) => Promise<Response>; // instance B
const graderA = standInGrader();
const graderB = standInGrader();
let teacher: TestUser;
let cls: ClassSummary;
let a: TeacherAssignmentDetail;

beforeAll(async () => {
  t = await createTestApp({}, { grader: graderA.pool });
  const b = createApp({ db: t.db, config: t.config, grader: graderB.pool }).app;
  requestB = async (path, who, body) =>
    b.request(`http://localhost:3000${path}`, {
      method: "POST",
      headers: { Origin: TEST_ORIGIN, Cookie: who.cookie, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  teacher = await createTeacher(t);
  cls = await createClass(t, teacher);
  a = await createAssignment(t, teacher, cls.id, {
    testCases: [
      { description: "One", input: "", expectedOutput: "1" },
      { description: "Two", input: "", expectedOutput: "2" },
      { description: "Secret", input: "", expectedOutput: "3", hidden: true },
    ],
  });
});
afterEach(() => {
  graderA.release();
  graderB.release();
});
afterAll(async () => {
  await t.close();
});

async function newStudent() {
  const s = await createStudent(t);
  await addMember(t, cls, s);
  return s;
}
const path = () => `/api/assignments/${a.id}/submissions`;
const postA = (who: TestUser, body: unknown) => t.request("POST", path(), { cookie: who.cookie, body });
const postB = (who: TestUser, body: unknown) => requestB(path(), who, body);

describe("fair use of the grader, across instances", () => {
  it("refuses on instance B a student whose submission is being checked on instance A", async () => {
    const ada = await newStudent();
    const classmate = await newStudent();
    graderA.hold();
    const inFlight = postA(ada, { code: "print(1)", final: true });
    await graderA.started; // A has taken the lease and is grading
    const refused = await postB(ada, { code: "print(2)", final: true });
    expect(refused.status).toBe(429);
    expect(await errorOf(refused)).toEqual({
      code: "SUBMISSION_IN_PROGRESS",
      message: SUBMIT_LIMIT_MESSAGES.busy,
    });
    // A classmate is not held up, on either instance.
    expect((await postB(classmate, { code: "print(3)", final: true })).status).toBe(201);
    graderA.release();
    expect((await inFlight).status).toBe(201);
    // Done on A: B takes the next one.
    expect((await postB(ada, { code: "print(4)", final: true })).status).toBe(201);
  });

  it("counts 10 a minute for a student whichever instance they reach", async () => {
    const ben = await newStudent();
    for (let i = 0; i < 10; i++) {
      const res = await (i % 2 ? postA : postB)(ben, { code: `print(${i})`, final: true });
      expect(res.status, `submission ${i + 1}`).toBe(201);
    }
    for (const post of [postA, postB]) {
      const res = await post(ben, { code: "print(11)", final: true });
      expect(res.status).toBe(429);
      expect(await errorOf(res)).toEqual({
        code: "TOO_MANY_SUBMISSIONS",
        message: SUBMIT_LIMIT_MESSAGES.tooMany,
      });
    }
  });
});

describe("Run Tests attempts", () => {
  it("clamp the browser's counts to the assignment's visible test cases", async () => {
    const cy = await newStudent();
    const claims = [
      [{ passed: 1_000_000, total: 1_000_000 }, 2, 2],
      [{ passed: 3, total: 3 }, 2, 2], // the hidden case never ran in the browser
      [{ passed: 1, total: 2 }, 1, 2],
      [{ passed: 0, total: 0 }, 0, 0],
    ] as const;
    for (const [browserResult, passed, total] of claims) {
      const res = await postA(cy, { code: "print(1)", final: false, browserResult });
      expect(res.status).toBe(201);
      expect(await res.json(), JSON.stringify(browserResult)).toMatchObject({
        passedTests: passed,
        totalTests: total,
        verified: false,
      });
    }
    // What the teacher is shown is the clamped count too.
    const seen = (await (
      await t.request("GET", `${path()}?studentId=${cy.id}`, { cookie: teacher.cookie })
    ).json()) as Submission[];
    expect(Math.max(...seen.map((s) => s.totalTests))).toBe(2);
  });

  it("are limited to 30 a minute per student, across instances; a classmate is not held up", async () => {
    const di = await newStudent();
    const classmate = await newStudent();
    const run = { code: "print(1)", final: false, browserResult: { passed: 1, total: 2 } };
    for (let i = 0; i < 30; i++) {
      const res = await (i % 2 ? postA : postB)(di, run);
      expect(res.status, `attempt ${i + 1}`).toBe(201);
    }
    const refused = await postA(di, run);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(await errorOf(refused)).toEqual({
      code: "TOO_MANY_RUNS",
      message: SUBMIT_LIMIT_MESSAGES.tooManyRuns,
    });
    expect((await postB(di, run)).status).toBe(429);
    expect((await postA(classmate, run)).status).toBe(201);
  });

  it("leave the server answering /api/health", async () => {
    expect((await t.request("GET", "/api/health")).status).toBe(200);
  });
});
