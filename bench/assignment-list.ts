// npx tsx bench/assignment-list.ts: the API budget of docs/budgets.md — GET /api/assignments with 100
// concurrent clients — on a realistic school (4 classes × 30 students × 8 assignments, 2 final
// submissions and 3 Run Tests attempts per student per assignment), over real HTTP.
// In-memory PGlite by default; TEST_DATABASE_URL=postgres://… runs it on PostgreSQL.
// A benchmark, not a test: it prints numbers and never fails on the budget.

import { spawn } from "node:child_process";
import os from "node:os";
import { serve } from "@hono/node-server";
import { sql } from "drizzle-orm";
import { assignments, classes, classMembers, submissions, testCases, user } from "../src/server/db/schema.ts";
import { teacherListUncoalesced } from "../src/server/features/assignments/assignments.service.ts";
import { createStudent, createTeacher } from "../tests/factories/users.ts";
import { createTestApp } from "../tests/setup/test-app.ts";
import { formatCpu, startCpuCount } from "./cpu.ts";

const CLASSES = 4;
const STUDENTS = 30;
const ASSIGNMENTS = 8;

const t = await createTestApp();
const teacher = await createTeacher(t);
const student = await createStudent(t);
const ids = Array.from({ length: CLASSES * STUDENTS }, (): string => crypto.randomUUID());
await t.db
  .insert(user)
  .values(ids.map((id, i) => ({ id, name: `Student ${i}`, email: `s${i}@bench.test`, role: "student" })));
for (let c = 0; c < CLASSES; c++) {
  const [cls] = await t.db
    .insert(classes)
    .values({ name: `Class ${c}`, joinCode: `BENCH00${c}`, ownerId: teacher.id })
    .returning();
  const members = ids.slice(c * STUDENTS, (c + 1) * STUDENTS).concat(c === 0 ? [student.id] : []);
  await t.db.insert(classMembers).values(members.map((userId) => ({ classId: cls.id, userId })));
  for (let a = 0; a < ASSIGNMENTS; a++) {
    const [row] = await t.db
      .insert(assignments)
      .values({ classId: cls.id, name: `Assignment ${a}` })
      .returning();
    await t.db
      .insert(testCases)
      .values([0, 1, 2].map((position) => ({ assignmentId: row.id, position, expectedOutput: "x" })));
    await t.db.insert(submissions).values(
      members.flatMap((userId) =>
        [0, 1, 2, 3, 4].map((k) => ({
          assignmentId: row.id,
          userId,
          code: "print('x')",
          isFinal: k < 2,
          verified: k < 2,
          passedTests: 1,
          totalTests: 3,
          score: 100 / 3,
        })),
      ),
    );
  }
}

type Result = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  non2xx: number;
};

/** autocannon in its own process, so the load generator does not share the server's event loop. */
function load(url: string, cookie: string, connections: number, seconds: number): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      "node_modules/.bin/autocannon",
      ["--json", "-c", String(connections), "-d", String(seconds), "-H", `cookie=${cookie}`, url],
      { stdio: ["ignore", "pipe", "ignore"] },
    );
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    child.on("error", reject);
    child.on("exit", () => {
      try {
        resolve(JSON.parse(out) as Result);
      } catch (e) {
        reject(e);
      }
    });
  });
}

// A live database is vacuumed and analysed by autovacuum; a freshly seeded one is not yet.
if (process.env.TEST_DATABASE_URL) await t.db.execute(sql`vacuum analyze`);

const server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" });
await new Promise((resolve) => server.once("listening", resolve));
const { port } = server.address() as { port: number };
const db = process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite";
console.log(`\nGET /api/assignments, 100 connections, 10 s, ${db}`);
for (const [who, cookie, path] of [
  ["baseline: GET /api/me (session only)", student.cookie, "/api/me"],
  ["student (8 assignments)", student.cookie, "/api/assignments"],
  ["teacher (32 assignments, 124 students)", teacher.cookie, "/api/assignments"],
] as const) {
  const url = `http://127.0.0.1:${port}${path}`;
  await load(url, cookie, 10, 2); // warm-up
  const counted = await startCpuCount(t.db);
  const r = await load(url, cookie, 100, 10);
  const cpu = await counted(r.requests.total);
  const failures = r.errors + r.non2xx; // errors include timeouts (10 s)
  console.log(
    `  ${who.padEnd(40)} ${String(Math.round(r.requests.average)).padStart(6)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  failures ${failures}  (budget p99 ≤ 50 ms)`,
  );
  console.log(`  ${"".padEnd(40)} ${formatCpu(cpu)}`);
}

// The same teacher's 100 connections share reads (decision 039), so the line above is mostly
// HTTP. What one read costs — what 100 different teachers at once would each pay — in-process,
// 100 reads in flight at a time for 5 s, no HTTP:
{
  const reads = 100;
  const until = performance.now() + 5000;
  const counted = await startCpuCount(t.db);
  let n = 0;
  await Promise.all(
    Array.from({ length: reads }, async () => {
      while (performance.now() < until) {
        await teacherListUncoalesced(t.db, teacher.id);
        n++;
      }
    }),
  );
  const cpu = await counted(n);
  console.log(
    `  ${"teacher list, each request its own read".padEnd(40)} ${String(Math.round(n / 5)).padStart(6)} reads/s (no HTTP)  ${formatCpu(cpu)}`,
  );
  console.log(
    `  load average ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(" / ")} on ${os.cpus().length} cores`,
  );
}
// Let requests still in flight when autocannon stopped finish before the database goes.
await new Promise((resolve) => server.close(resolve));
await new Promise((resolve) => setTimeout(resolve, 500));
await t.close();
