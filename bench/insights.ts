// npx tsx bench/insights.ts: GET /api/insights (issue 12's budget: p95 ≤ 100 ms at 20 concurrent
// teachers) on a school of 1,000 students, 40 classes (2 per teacher, 25 students each),
// 200 assignments and 50,000 submissions (2 finals with per-test results and 8 Run Tests attempts
// per student per assignment, over the last 5 weeks), plus sign-ins and exercise saves — over real
// HTTP, each of the 20 clients signed in as a different teacher.
// In-memory PGlite by default; TEST_DATABASE_URL=postgres://… runs it on PostgreSQL.
// A benchmark, not a test: it prints numbers and never fails on the budget.
// (`tsx bench/insights.ts --load <url> <seconds> <cookie>…` is the load generator, run as a
// child process so it does not share the server's event loop.)

import { spawn } from "node:child_process";
import os from "node:os";
import { serve } from "@hono/node-server";
import { sql } from "drizzle-orm";
import {
  assignments,
  classes,
  classMembers,
  exerciseAttempts,
  exerciseCategories,
  exerciseSubmissions,
  exercises,
  session,
  submissions,
  testCaseResults,
  testCases,
  user,
} from "../src/server/db/schema.ts";

const TEACHERS = 20;
const CLASSES_PER_TEACHER = 2;
const STUDENTS_PER_CLASS = 25;
const ASSIGNMENTS_PER_CLASS = 5;
const FINALS = 2;
const RUNS = 8;
const CONCURRENCY = 20;
const SECONDS = 10;
const DAY = 24 * 3600_000;

if (process.argv[2] === "--load") {
  // ── load generator: one lane per teacher cookie, exact percentiles ──
  const [url, seconds, ...cookies] = process.argv.slice(3);
  const until = performance.now() + Number(seconds) * 1000;
  const latencies: number[] = [];
  let failures = 0;
  await Promise.all(
    cookies.map(async (cookie) => {
      while (performance.now() < until) {
        const started = performance.now();
        const res = await fetch(url, { headers: { cookie } }).catch(() => null);
        if (res?.status !== 200) failures++;
        await res?.arrayBuffer();
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  console.log(
    JSON.stringify({
      n: latencies.length,
      failures,
      p50: p(0.5),
      p95: p(0.95),
      p99: p(0.99),
      seconds: Number(seconds),
    }),
  );
  process.exit(0);
}

const { createTeacher } = await import("../tests/factories/users.ts");
const { createTestApp } = await import("../tests/setup/test-app.ts");

const t = await createTestApp();
const now = Date.now();
const at = (i: number) => new Date(now - ((i * 7919) % (35 * DAY)) - 60_000);

const teachers = [];
for (let i = 0; i < TEACHERS; i++) teachers.push(await createTeacher(t, { name: `Teacher ${i}` }));

// Exercise library: 4 categories × 5 exercises, with saves by every student.
const categoryIds: string[] = [];
for (let c = 0; c < 4; c++) {
  const [row] = await t.db
    .insert(exerciseCategories)
    .values({ name: `Category ${c}`, displayOrder: c })
    .returning();
  categoryIds.push(row.id);
}
const exerciseIds = (
  await t.db
    .insert(exercises)
    .values(
      Array.from({ length: 20 }, (_, i) => ({
        title: `Exercise ${i}`,
        categoryId: categoryIds[i % 4],
        displayOrder: i,
      })),
    )
    .returning({ id: exercises.id })
).map((r) => r.id);

let n = 0;
let submissionCount = 0;
for (const [ti, teacher] of teachers.entries()) {
  for (let c = 0; c < CLASSES_PER_TEACHER; c++) {
    const [cls] = await t.db
      .insert(classes)
      .values({
        name: `Class ${ti}-${c}`,
        joinCode: `B${String(ti * 10 + c).padStart(7, "0")}`,
        ownerId: teacher.id,
      })
      .returning();
    const students = Array.from({ length: STUDENTS_PER_CLASS }, () => crypto.randomUUID());
    await t.db.insert(user).values(
      students.map((id) => {
        n++;
        return { id, name: `Student ${n}`, email: `s${n}@bench.test`, role: "student" };
      }),
    );
    await t.db.insert(classMembers).values(students.map((userId) => ({ classId: cls.id, userId })));
    await t.db.insert(session).values(
      students.map((userId, i) => ({
        id: crypto.randomUUID(),
        token: crypto.randomUUID(),
        userId,
        expiresAt: new Date(now + 7 * DAY),
        createdAt: at(i * 13 + n),
      })),
    );
    await t.db.insert(exerciseAttempts).values(
      students.flatMap((userId, i) =>
        [0, 1, 2].map((k) => ({
          exerciseId: exerciseIds[(i + k) % exerciseIds.length],
          userId,
          code: "x",
          totalTests: 2,
          passedTests: k % 2,
          submittedAt: at(i * 31 + k),
        })),
      ),
    );
    await t.db.insert(exerciseSubmissions).values(
      students.flatMap((userId, i) =>
        [0, 1, 2].map((k) => ({
          exerciseId: exerciseIds[(i + k) % exerciseIds.length],
          userId,
          code: "x",
          totalTests: 2,
          passedTests: k % 2,
          isSaved: true,
          submittedAt: at(i * 31 + k),
        })),
      ),
    );
    for (let a = 0; a < ASSIGNMENTS_PER_CLASS; a++) {
      const [asg] = await t.db
        .insert(assignments)
        .values({ classId: cls.id, name: `Assignment ${ti}-${c}-${a}` })
        .returning();
      const cases = await t.db
        .insert(testCases)
        .values([0, 1, 2].map((position) => ({ assignmentId: asg.id, position, expectedOutput: "x" })))
        .returning({ id: testCases.id });
      const rows = students.flatMap((userId, i) =>
        Array.from({ length: FINALS + RUNS }, (_, k) => {
          const final = k >= RUNS;
          const passed = (i + k + a) % 4;
          return {
            assignmentId: asg.id,
            userId,
            code: "print('x')",
            isFinal: final,
            verified: final,
            passedTests: Math.min(passed, 3),
            totalTests: 3,
            score: (Math.min(passed, 3) / 3) * 100,
            submittedAt: new Date(at(i * 17 + a * 5).getTime() + k * 60_000),
          };
        }),
      );
      const inserted = await t.db
        .insert(submissions)
        .values(rows)
        .returning({ id: submissions.id, isFinal: submissions.isFinal, passed: submissions.passedTests });
      submissionCount += inserted.length;
      await t.db.insert(testCaseResults).values(
        inserted
          .filter((s) => s.isFinal)
          .flatMap((s) =>
            cases.map((tc, k) => ({
              submissionId: s.id,
              testCaseId: tc.id,
              passed: k < s.passed,
              output: k < s.passed ? "x" : `wrong ${k}`,
            })),
          ),
      );
    }
  }
}
const students = n;
const classCount = TEACHERS * CLASSES_PER_TEACHER;
const assignmentCount = classCount * ASSIGNMENTS_PER_CLASS;

// A live database is vacuumed and analysed by autovacuum; a freshly seeded one is not yet.
if (process.env.TEST_DATABASE_URL) await t.db.execute(sql`vacuum analyze`);

if (process.env.INSIGHTS_PROFILE) {
  // INSIGHTS_PROFILE=1: the mean time of each query of one teacher's overview, one at a time.
  const q = await import("../src/server/features/insights/insights.queries.ts");
  const teacherId = teachers[0].id;
  const cls = await q.ownedClasses(t.db, teacherId, null);
  const ids = cls.map((c) => c.id);
  const who = { classIds: ids };
  const nowD = new Date();
  const steps: [string, () => Promise<unknown>][] = [
    ["ownedClasses", () => q.ownedClasses(t.db, teacherId, null)],
    ["members", () => q.members(t.db, ids)],
    ["assignmentsOf", () => q.assignmentsOf(t.db, ids)],
    ["work", () => q.work(t.db, ids, nowD, { finalsSince: new Date(now - 28 * DAY) })],
    ["exerciseTotal", () => q.exerciseTotal(t.db)],
    ["activity", () => q.activity(t.db, who, nowD)],
    ["exercisesCompleted", () => q.exercisesCompleted(t.db, who)],
    ["categoryFailures", () => q.categoryFailures(t.db, who, nowD)],
  ];
  const { getOverview } = await import("../src/server/features/insights/insights.service.ts");
  const me = { id: teacherId, role: "teacher" } as Parameters<typeof getOverview>[1];
  steps.push(["whole overview", () => getOverview(t.db, me, undefined, nowD)]);
  for (const [name, f] of steps) {
    await f();
    const started = performance.now();
    for (let i = 0; i < 5; i++) await f();
    console.log(`  ${name.padEnd(20)} ${((performance.now() - started) / 5).toFixed(1)} ms`);
  }
}

const server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" });
await new Promise((resolve) => server.once("listening", resolve));
const { port } = server.address() as { port: number };

type Load = { n: number; failures: number; p50: number; p95: number; p99: number; seconds: number };
function load(url: string, seconds: number, cookies: string[]): Promise<Load> {
  return new Promise((resolve, reject) => {
    const child = spawn("npx", ["tsx", "bench/insights.ts", "--load", url, String(seconds), ...cookies], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    child.on("error", reject);
    child.on("exit", () => {
      try {
        resolve(JSON.parse(out.trim().split("\n").at(-1) ?? "") as Load);
      } catch (e) {
        reject(e);
      }
    });
  });
}

const db = process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite";
console.log(
  `\nInsights: ${students} students, ${classCount} classes, ${assignmentCount} assignments, ${submissionCount} submissions; ${CONCURRENCY} teachers at once, ${SECONDS} s, ${db}`,
);
const cookies = teachers.slice(0, CONCURRENCY).map((x) => x.cookie);
for (const [what, path, clients] of [
  ["GET /api/insights, 1 teacher", "/api/insights", cookies.slice(0, 1)],
  [`GET /api/insights, ${CONCURRENCY} teachers`, "/api/insights", cookies],
  [`GET /api/teacher/dashboard, ${CONCURRENCY} teachers`, "/api/teacher/dashboard", cookies],
] as const) {
  const url = `http://127.0.0.1:${port}${path}`;
  await load(url, 2, [...clients]); // warm-up
  const r = await load(url, SECONDS, [...clients]);
  console.log(
    `  ${what.padEnd(40)} ${String(Math.round(r.n / r.seconds)).padStart(5)} req/s  p50 ${r.p50.toFixed(1)} ms  p95 ${r.p95.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  failures ${r.failures}  (budget p95 ≤ 100 ms at ${CONCURRENCY})`,
  );
}
// The machine's load during the run: on shared cores the numbers above include others' work.
console.log(
  `  load average ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(" / ")} on ${os.cpus().length} cores`,
);
await new Promise((resolve) => server.close(resolve));
await new Promise((resolve) => setTimeout(resolve, 500));
await t.close();
