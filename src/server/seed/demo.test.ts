// The demo school: its logins work (from this computer only), its passwords are random and
// kept in the data directory, and its submissions were graded by the real grader.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GraderPool } from "@/server/python/index.ts";
import { startTestGrader } from "../../../tests/setup/grader.ts";
import { type ServedApp, serveApp } from "../../../tests/setup/serve-app.ts";
import { cookieFrom, createTestApp, type TestApp } from "../../../tests/setup/test-app.ts";
import {
  DEMO_JOIN_CODE,
  type DemoLogin,
  hasDemoData,
  isEmpty,
  loadDemoLogins,
  resetDemoPasswords,
  saveDemoLogins,
  seedDemo,
} from "./demo.ts";

let t: TestApp;
let grader: GraderPool;
let server: ServedApp;
let logins: DemoLogin[];
beforeAll(async () => {
  grader = await startTestGrader();
  t = await createTestApp({}, { grader });
  expect(await isEmpty(t.db)).toBe(true);
  logins = await seedDemo(t.db, t.auth, grader);
  // The demo logins answer only a browser on this computer: sign in over a loopback socket.
  server = await serveApp(t.app);
}, 120_000);
afterAll(async () => {
  await server.close();
  await t.close();
  await grader.close();
});

const passwordOf = (email: string) => logins.find((l) => l.email === email)!.password;

async function signIn(email: string, password = passwordOf(email)) {
  const res = await server.request("POST", "/api/auth/sign-in/email", { body: { email, password } });
  expect(res.status, email).toBe(200);
  return cookieFrom(res);
}

describe("demo school", () => {
  it("has every printed login working with its role", async () => {
    expect(await hasDemoData(t.db)).toBe(true);
    for (const login of logins) {
      const cookie = await signIn(login.email, login.password);
      const me = await (await t.request("GET", "/api/me", { cookie })).json();
      expect(me.role).toBe(login.role);
    }
  });

  it("shows the teacher real, server-graded work", async () => {
    const cookie = await signIn("teacher@pyclass.test");
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
    const cookie = await signIn("amara@pyclass.test");
    const classes = await (await t.request("GET", "/api/classes", { cookie })).json();
    expect(classes[0].joinCode).toBe(DEMO_JOIN_CODE);
    const list = (await (await t.request("GET", "/api/assignments", { cookie })).json()) as {
      name: string;
      teacherGrade: number | null;
    }[];
    expect(list.find((a) => a.name === "Greeting Program")?.teacherGrade).toBe(92);
  });
});

describe("demo passwords", () => {
  it("are generated at seeding, never the published constants, and differ from one another", () => {
    const published = ["Teacher123!", "Student123!", "Admin123!"];
    expect(logins).toHaveLength(5);
    for (const l of logins) {
      expect(published).not.toContain(l.password);
      expect(l.password).toMatch(/^[A-Za-z2-9]{4}-[A-Za-z2-9]{4}-[A-Za-z2-9]{4}$/);
    }
    expect(new Set(logins.map((l) => l.password)).size).toBe(5);
  });

  it("refuse a demo login from anywhere but this computer", async () => {
    const login = logins[0];
    const body = { email: login.email, password: login.password };
    // In-process (no socket), through a forwarding proxy, or under a foreign Host (a DNS-rebinding
    // page in this computer's browser): not this computer.
    const refused = [
      await t.request("POST", "/api/auth/sign-in/email", { body }),
      await server.request("POST", "/api/auth/sign-in/email", {
        body,
        headers: { "X-Forwarded-For": "10.0.0.5" },
      }),
    ];
    for (const [i, res] of refused.entries()) {
      expect(res.status, `case ${i}`).toBe(401);
      expect((await res.json()).message).toBe("Invalid email or password");
      expect(cookieFrom(res)).not.toContain("session_token=");
    }
    const rebound = await server.requestWithHost(
      "POST",
      "/api/auth/sign-in/email",
      "pyclass.evil.example",
      body,
    );
    expect(rebound.status).toBe(401);
    expect(rebound.setCookie.join()).not.toContain("session_token=");
  });

  it("are kept in the data directory (0600) and can be replaced", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pyclass-demo-"));
    try {
      saveDemoLogins(dir, logins);
      expect(fs.statSync(path.join(dir, "demo-logins.json")).mode & 0o777).toBe(0o600);
      expect(loadDemoLogins(dir)).toEqual(logins);
      expect(loadDemoLogins(path.join(dir, "missing"))).toBeNull();

      const before = passwordOf("ben@pyclass.test");
      const renewed = await resetDemoPasswords(t.db, t.auth);
      logins = renewed;
      expect(passwordOf("ben@pyclass.test")).not.toBe(before);
      const old = await server.request("POST", "/api/auth/sign-in/email", {
        body: { email: "ben@pyclass.test", password: before },
      });
      expect(old.status).toBe(401);
      await signIn("ben@pyclass.test");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
