// npm run load [-- --scale 0.2] [--url http://host:port] [--addresses N] [--window 60]
// A whole school against one instance on PostgreSQL (issue 13): 500 students sign in within a
// minute, open their assignment lists and a workspace, 300 of them press Submit Code within the
// next minute (real Python, graded by the server), while 20 teachers page through progress
// tables. Prints errors by status and route, p50/p99 per route, grading latency and each goal
// beside its figure. A benchmark: it prints and never fails on a number.
//
//   --scale x      the school times x (0.2: 100 students, 60 submissions, 4 teachers); same minute
//   --url u        target a running instance instead of starting one; DATABASE_URL must name its
//                  database (the school is seeded there)
//   --addresses n  students come from n client addresses (X-Forwarded-For; the started instance
//                  trusts loopback). Default 1: a school behind one NAT address
//   --window s     the sign-in minute and the submission minute, in seconds
// Without DATABASE_URL a throwaway PostgreSQL cluster is started (and removed afterwards).
import { parseArgs } from "node:util";
import { and, count, eq, inArray } from "drizzle-orm";
import { startThrowawayPostgres } from "../../scripts/throwaway-postgres.mjs";
import { openPostgres } from "../../src/server/db/client.ts";
import { submissions } from "../../src/server/db/schema.ts";
import { type Instance, serverTimes, startInstance } from "./instance.ts";
import { cores, instanceCpuMs, loadAverage, passwordCheckCost } from "./machine.ts";
import { formatReport } from "./report.ts";
import { SIGN_IN } from "./samples.ts";
import { schoolSize, seedSchool } from "./school.ts";
import { simulate } from "./simulate.ts";

const { values: args } = parseArgs({
  options: {
    scale: { type: "string", default: "1" },
    url: { type: "string" },
    addresses: { type: "string", default: "1" },
    window: { type: "string", default: "60" },
  },
});
const scale = Number(args.scale);
const addresses = Math.max(1, Math.floor(Number(args.addresses)));
const windowMs = Number(args.window) * 1000;
if (!(scale > 0) || !(windowMs > 0)) throw new Error("--scale and --window take positive numbers");
if (args.url && !process.env.DATABASE_URL)
  throw new Error("--url needs DATABASE_URL: the school is seeded into that instance's database");

const say = (line = "") => console.log(line);
const throwaway = process.env.DATABASE_URL ? null : await startThrowawayPostgres();
const databaseUrl = process.env.DATABASE_URL ?? throwaway?.url;
if (!databaseUrl) throw new Error("no PostgreSQL: install its server (initdb, pg_ctl) or set DATABASE_URL");

let instance: Instance | null = null;
const database = await openPostgres(databaseUrl, 4);
try {
  const size = schoolSize(scale);
  const submitters = Math.min(size.students, Math.round(300 * scale));
  say(
    `npm run load — ${size.students} students in ${size.teachers} class${size.teachers === 1 ? "" : "es"}, ${submitters} of them submit; ${size.teachers} teacher${size.teachers === 1 ? "" : "s"}; window ${windowMs / 1000} s; ${addresses === 1 ? "one client address (a school behind NAT)" : `${addresses} client addresses`}`,
  );
  const seeding = performance.now();
  const school = await seedSchool(database.db, size);
  say(`Seeded the school in ${((performance.now() - seeding) / 1000).toFixed(1)} s.`);

  instance = args.url ? null : await startInstance(databaseUrl, addresses > 1);
  const url = args.url?.replace(/\/$/, "") ?? instance!.url;
  say(
    `Instance: ${url} on ${throwaway ? "a throwaway PostgreSQL cluster" : "DATABASE_URL"}${instance ? `, NODE_ENV=production (rate limits on), request log in ${instance.logFile}` : ""}`,
  );
  if (args.url && addresses > 1)
    say("  (X-Forwarded-For counts only if that instance trusts this machine: TRUST_PROXY)");

  const password = await passwordCheckCost();
  const loadBefore = loadAverage();
  const cpuBefore = instance ? instanceCpuMs(instance.pid) : null;
  say(`Machine: ${cores()} cores, load average ${loadBefore} (1 / 5 / 15 min) before the run. Running…`);

  const generatorCpu = process.cpuUsage();
  const result = await simulate({ url, school, submitters, windowMs, addresses });
  const generator = process.cpuUsage(generatorCpu);

  const cpuAfter = instance ? instanceCpuMs(instance.pid) : null;
  const assignmentIds = school.classes.flatMap((c) => c.assignments.map((a) => a.id));
  const [{ storedFinals }] = await database.db
    .select({ storedFinals: count() })
    .from(submissions)
    .where(and(inArray(submissions.assignmentId, assignmentIds), eq(submissions.isFinal, true)));
  say(
    `Done in ${(result.elapsedMs / 1000).toFixed(0)} s; load average ${loadAverage()} at the end; ${result.teacherPagesViewed} progress tables viewed.`,
  );
  say();
  const report = formatReport(result, {
    serverMs: instance ? serverTimes(instance.logFile) : undefined,
    storedFinals,
  });
  for (const line of report) say(line);

  say();
  say(
    `Password check (Better Auth's scrypt, node:crypto): ${password.cpuMs.toFixed(0)} ms CPU, ${password.wallMs.toFixed(0)} ms wall each, measured here before the run;`,
  );
  const signIns = result.samples.all.filter((s) => s.route === SIGN_IN).length;
  const hashing = (signIns * password.cpuMs) / 1000;
  say(
    `  the run's ${signIns} sign-in attempts ≈ ${hashing.toFixed(1)} s of CPU on the instance's libuv threads.`,
  );
  if (cpuBefore && cpuAfter) {
    const seconds = result.elapsedMs / 1000;
    const server = (cpuAfter.server - cpuBefore.server) / 1000;
    const graders = (cpuAfter.graders - cpuBefore.graders) / 1000;
    const requests = result.samples.all.length - signIns;
    say(
      `Instance CPU during the run: server process ${server.toFixed(1)} s (≈ ${hashing.toFixed(1)} s of it password checks, ≈ ${(((server - hashing) * 1000) / Math.max(1, requests)).toFixed(1)} ms per other request), grader processes ${graders.toFixed(1)} s (${((graders * 1000) / Math.max(1, storedFinals)).toFixed(0)} ms per stored submission) — ${((server + graders) / seconds).toFixed(2)} of ${cores()} cores on average over ${seconds.toFixed(0)} s.`,
    );
  }
  say(`Load generator (this process): ${((generator.user + generator.system) / 1e6).toFixed(1)} s of CPU.`);
} finally {
  await instance?.stop();
  await database.close();
  throwaway?.stop();
}
