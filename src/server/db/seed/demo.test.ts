// The demo school: its logins work, and its submissions were graded by the real grader.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGrader } from "../../../../tests/setup/grader.ts";
import { cookieFrom, createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import type { GraderPool } from "../../python/index.ts";
import { DEMO_JOIN_CODE, DEMO_LOGINS, hasDemoData, isEmpty, seedDemo } from "./demo.ts";

let t: TestApp;
let grader: GraderPool;
beforeAll(async () => {
  grader = await startTestGrader();
  t = await createTestApp({}, { grader });
  expect(await isEmpty(t.db)).toBe(true);
  await seedDemo(t.db, t.auth, grader);
}, 120_000);
afterAll(async () => {
  await t.close();
  await grader.close();
});

async function signIn(email: string, password: string) {
  const res = await t.request("POST", "/api/auth/sign-in/email", { body: { email, password } });
  expect(res.status, email).toBe(200);
  return cookieFrom(res);
}

describe("demo school", () => {
  it("has every printed login working with its role", async () => {
    expect(await hasDemoData(t.db)).toBe(true);
    for (const login of DEMO_LOGINS) {
      const cookie = await signIn(login.email, login.password);
      const me = await (await t.request("GET", "/api/me", { cookie })).json();
      expect(me.role).toBe(login.role);
    }
  });

  it("shows the teacher real, server-graded work", async () => {
    const cookie = await signIn("teacher@pyclass.test", "Teacher123!");
    const dashboard = await (await t.request("GET", "/api/teacher/dashboard", { cookie })).json();
    expect(dashboard).toMatchObject({
      classes: 1,
      totalStudents: 3,
      activeAssignments: 2,
      pendingReviews: 2,
    });
    const list = (await (await t.request("GET", "/api/assignments", { cookie })).json()) as {
      id: string;
      name: string;
    }[];
    const evens = list.find((a) => a.name === "Even or Odd")!;
    const progress = await (
      await t.request("GET", `/api/assignments/${evens.id}/progress`, { cookie })
    ).json();
    expect(progress.challengingAreas[0]).toMatchObject({
      description: "Zero is even",
      failures: 1,
      failureRate: 100,
    });
    const greeting = list.find((a) => a.name === "Greeting Program")!;
    const rows = (
      await (await t.request("GET", `/api/assignments/${greeting.id}/progress`, { cookie })).json()
    ).students;
    const status = Object.fromEntries(
      rows.map((r: { student: { name: string }; status: string }) => [r.student.name, r.status]),
    );
    expect(status).toEqual({
      "Amara Okafor": "graded",
      "Ben Carter": "awaiting_grade",
      "Chloe Singh": "not_viewed",
    });
  });

  it("lets a student see their grade, and the class code is the printed one", async () => {
    const cookie = await signIn("amara@pyclass.test", "Student123!");
    const classes = await (await t.request("GET", "/api/classes", { cookie })).json();
    expect(classes[0].joinCode).toBe(DEMO_JOIN_CODE);
    const list = (await (await t.request("GET", "/api/assignments", { cookie })).json()) as {
      name: string;
      teacherGrade: number | null;
    }[];
    expect(list.find((a) => a.name === "Greeting Program")?.teacherGrade).toBe(92);
  });
});
