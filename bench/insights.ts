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
import http from "node:http";
import os from "node:os";
import { serve } from "@hono/node-server";
import { sql } from "drizzle-orm";
import { formatCpu, startCpuCount } from "./cpu.ts";

const CONCURRENCY = 20;
const SECONDS = 10;

if (process.argv[2] === "--load") {
  // ── load generator: one lane per teacher cookie, exact percentiles ──
  const [url, seconds, ...cookies] = process.argv.slice(3);
  const until = performance.now() + Number(seconds) * 1000;
  const latencies: number[] = [];
  let failures = 0;
  // node:http with a keep-alive agent, not fetch: on 2 shared cores the generator's own CPU is taken
  // from the server it measures, and fetch costs about twice as much per request.
  const agent = new http.Agent({ keepAlive: true, maxSockets: cookies.length });
  const get = (cookie: string) =>
    new Promise<number>((resolve) => {
      const req = http.get(url, { agent, headers: { cookie } }, (res) => {
        res.on("data", () => {});
        res.on("end", () => resolve(res.statusCode ?? 0));
      });
      req.on("error", () => resolve(0));
    });
  await Promise.all(
    cookies.map(async (cookie) => {
      while (performance.now() < until) {
        const started = performance.now();
        if ((await get(cookie)) !== 200) failures++;
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

const { seedSchool } = await import("./insights-school.ts");
const { createTestApp } = await import("../tests/setup/test-app.ts");

const t = await createTestApp();
const now = Date.now();
const school = await seedSchool(t, now);
const { teachers } = school;

// A live database is vacuumed and analysed by autovacuum; a freshly seeded one is not yet.
if (process.env.TEST_DATABASE_URL) await t.db.execute(sql`vacuum analyze`);

// The profile of one teacher's overview, one request at a time: the one statement that gathers
// the facts, the computation in Node, and the whole service call.
{
  const { overviewFacts } = await import("../src/server/features/insights/overview-facts.ts");
  const { computeOverview, chartStart } = await import(
    "../src/server/features/insights/insights.overview.ts"
  );
  const { getOverview } = await import("../src/server/features/insights/insights.service.ts");
  const me = { id: teachers[0].id, role: "teacher" } as Parameters<typeof getOverview>[1];
  const at = new Date();
  const scope = { teacherId: me.id, classIds: null, now: at, finalsSince: chartStart(at) };
  const facts = await overviewFacts(t.db, scope);
  console.log("\nOne teacher's overview (2 classes, 50 students, 10 assignments), one at a time:");
  for (const [name, f] of [
    ["the facts statement", () => overviewFacts(t.db, scope)],
    ["computation in Node", async () => computeOverview(facts, facts.selected, at)],
    ["whole overview", () => getOverview(t.db, me, undefined, at)],
  ] as const) {
    for (let i = 0; i < 10; i++) await f();
    const cpu = process.cpuUsage();
    const started = performance.now();
    for (let i = 0; i < 50; i++) await f();
    const used = process.cpuUsage(cpu);
    console.log(
      `  ${name.padEnd(22)} ${((performance.now() - started) / 50).toFixed(2)} ms (Node CPU ${((used.user + used.system) / 1000 / 50).toFixed(2)} ms)`,
    );
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
  `\nInsights: ${school.students} students, ${school.classes} classes, ${school.assignments} assignments, ${school.submissions} submissions; ${CONCURRENCY} teachers at once, ${SECONDS} s, ${db}`,
);
const cookies = teachers.slice(0, CONCURRENCY).map((x) => x.cookie);
// First every request reads the database (the tests' setting); then as a server runs by default,
// each teacher's facts reused for INSIGHTS_CACHE_SECONDS (3 s; decision 037).
const cached = 3;
for (const [what, path, clients, cacheSeconds] of [
  ["GET /api/insights, 1 teacher", "/api/insights", cookies.slice(0, 1), 0],
  [`GET /api/insights, ${CONCURRENCY} teachers`, "/api/insights", cookies, 0],
  [`GET /api/teacher/dashboard, ${CONCURRENCY} teachers`, "/api/teacher/dashboard", cookies, 0],
  [`GET /api/insights, kept ${cached} s`, "/api/insights", cookies, cached],
  [`GET /api/teacher/dashboard, kept ${cached} s`, "/api/teacher/dashboard", cookies, cached],
] as const) {
  t.config.insightsCacheSeconds = cacheSeconds; // the routes read the app's config at each request
  const url = `http://127.0.0.1:${port}${path}`;
  await load(url, 2, [...clients]); // warm-up
  const counted = await startCpuCount(t.db);
  const r = await load(url, SECONDS, [...clients]);
  const cpu = await counted(r.n);
  console.log(
    `  ${what.padEnd(40)} ${String(Math.round(r.n / r.seconds)).padStart(5)} req/s  p50 ${r.p50.toFixed(1)} ms  p95 ${r.p95.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  failures ${r.failures}  (budget p95 ≤ 100 ms at ${CONCURRENCY})`,
  );
  console.log(`  ${"".padEnd(40)} ${formatCpu(cpu)}`);
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
