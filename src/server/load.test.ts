// `npm run load` in miniature, so the load tool cannot rot: its simulation core plays a school at
// scale 0.01 (5 students, 3 of whom submit, 1 teacher) with one-second windows against the real
// app on a real socket and the test database, with the real grader. It must see no error other
// than a deliberate 429, every submission graded, and every route the pages call.
import { afterAll, beforeAll, expect, it } from "vitest";
import { verdict } from "../../bench/load/report.ts";
import { SIGN_IN, SUBMIT } from "../../bench/load/samples.ts";
import { schoolSize, seedSchool } from "../../bench/load/school.ts";
import { simulate } from "../../bench/load/simulate.ts";
import { startTestGrader } from "../../tests/setup/grader.ts";
import { type ServedApp, serveApp } from "../../tests/setup/serve-app.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../tests/setup/test-app.ts";
import type { GraderPool } from "./python/index.ts";

let grader: GraderPool;
let t: TestApp;
let served: ServedApp;

beforeAll(async () => {
  grader = await startTestGrader();
  t = await createTestApp({}, { grader });
  served = await serveApp(t.app);
});

afterAll(async () => {
  await served?.close();
  await t?.close();
  await grader?.close();
});

it("a tiny school signs in, opens its work, submits real Python and is graded without an unexpected error", async () => {
  const size = schoolSize(0.01);
  expect(size).toEqual({ students: 5, teachers: 1, assignmentsPerClass: 3 });
  const school = await seedSchool(t.db, size);

  const result = await simulate({
    url: served.url,
    origin: TEST_ORIGIN,
    school,
    submitters: 3,
    windowMs: 1000,
    graceMs: 60_000,
  });

  const v = verdict(result);
  expect(v.unexpected).toEqual([]);
  expect(result.signedIn).toBe(5);
  expect(result.notSubmitted).toEqual([]);
  expect({ submitted: v.submitted, graded: v.graded, allGraded: v.allGraded }).toEqual({
    submitted: 3,
    graded: 3,
    allGraded: true,
  });
  expect(result.teacherPagesViewed).toBeGreaterThan(0);
  expect(result.samples.byRoute().map((r) => r.route)).toEqual(
    expect.arrayContaining([
      SIGN_IN,
      "GET /api/me",
      "GET /api/classes",
      "GET /api/assignments",
      "GET /api/assignments/:id",
      "GET /api/assignments/:id/submissions",
      "POST /api/assignments/:id/submissions (Run Tests)",
      SUBMIT,
      "GET /api/teacher/dashboard",
      "GET /api/assignments/:id/progress",
    ]),
  );
  expect(Number.isFinite(v.apiP99)).toBe(true);
}, 120_000);
