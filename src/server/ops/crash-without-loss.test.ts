// Crash without loss (issue 13): 50 students press Submit Code at once and the server is killed
// (SIGKILL, with its grader processes) while their work is being checked. After a restart every
// submission answered 201 is there with all its results, none is half-stored, and the rest can
// simply be submitted again. The PGlite run crashes the embedded database's data directory (whose
// lock file the dead process leaves behind); the TEST_DATABASE_URL run crashes on PostgreSQL.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openPglite } from "@/server/db/client.ts";
import { submissions, testCaseResults } from "@/server/db/schema.ts";
import { CHECKING_LEASE_MS } from "@/server/grading/submit-limiter.ts";
import type { Submission } from "@/shared/api/assignments.ts";
import { type AppProcess, freePort, spawnApp, startApp } from "../../../tests/setup/app-process.ts";
import {
  createClassWithAssignment,
  ECHO_CASES,
  expectJson,
  inBatches,
  joinClass,
  type Person,
  seedPeople,
  signIn,
} from "../../../tests/setup/school-over-http.ts";
import { createPostgresTestDb } from "../../../tests/setup/test-db.ts";

const postgresUrl = process.env.TEST_DATABASE_URL;
const kind = postgresUrl ? "PostgreSQL" : "the embedded database (PGlite)";
const STUDENTS = 50;
const ECHO = "print(input())\n";
// The first wave's program sleeps a little in each case (no CPU): with interpreters reused,
// grading is fast enough that on a quick machine all 50 could be answered before the kill.
// 0.3 s × 3 cases on 2 graders leaves ~20 s of work queued when the third answer arrives.
const SLOW_ECHO = "import time\ntime.sleep(0.3)\nprint(input())\n";
/** How long after the crash a lease from before it may still refuse a student, on a loaded machine. */
const LEASE_SLACK_MS = 5_000;

type Outcome = { student: number; status: number | "no answer"; submission?: Submission };

describe(`SIGKILL with ${STUDENTS} submissions in flight, on ${kind}`, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pyclass-crash-"));
  let database: Database | null = null;
  let env: Record<string, string>;
  let app: AppProcess;
  let people: Person[];
  let cookies: string[];
  let assignmentId: string;

  /** The database as the test reads it: PostgreSQL at any time, PGlite only while no server runs. */
  async function openDirectly(): Promise<Database> {
    return database ?? openPglite(path.join(dataDir, "db"));
  }

  beforeAll(async () => {
    let seedDb: Database;
    if (postgresUrl) {
      const pg = await createPostgresTestDb(postgresUrl);
      database = pg;
      seedDb = pg;
      env = { DATABASE_URL: pg.url, DATA_DIR: dataDir };
    } else {
      seedDb = await openPglite(path.join(dataDir, "db"));
      env = { DATA_DIR: dataDir };
    }
    people = await seedPeople(seedDb.db, 1, STUDENTS);
    if (!database) await seedDb.close();

    const t0 = performance.now();
    app = await startApp({ ...env, GRADER_POOL_SIZE: "2" });
    const t1 = performance.now();
    cookies = await inBatches(people, 10, (p) => signIn(app, p.email));
    const t2 = performance.now();
    const { cls, assignment } = await createClassWithAssignment(app, cookies[0]);
    assignmentId = assignment.id;
    await inBatches(cookies.slice(1), 10, (c) => joinClass(app, c, cls.joinCode));
    console.log(
      `crash setup on ${kind}: start ${(t1 - t0).toFixed(0)} ms, ${people.length} sign-ins ${(t2 - t1).toFixed(0)} ms, ` +
        `class and joins ${(performance.now() - t2).toFixed(0)} ms`,
    );
  }, 180_000);

  afterAll(async () => {
    await app?.crash();
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  const submit = (server: AppProcess, student: number, code = ECHO) =>
    server.request("POST", `/api/assignments/${assignmentId}/submissions`, {
      cookie: cookies[student],
      body: { code, final: true },
    });

  it("keeps every answered submission whole; the rest can be submitted again", async () => {
    // ── 50 at once; the kill comes as soon as a few have been answered ──
    const outcomes: Outcome[] = [];
    const students = Array.from({ length: STUDENTS }, (_, i) => i + 1);
    const inFlight = students.map(async (student) => {
      try {
        const res = await submit(app, student, SLOW_ECHO);
        const outcome: Outcome = { student, status: res.status };
        if (res.status === 201) outcome.submission = (await res.json()) as Submission;
        outcomes.push(outcome);
      } catch {
        outcomes.push({ student, status: "no answer" });
      }
    });
    const deadline = Date.now() + 120_000;
    while (outcomes.filter((o) => o.status === 201).length < 3 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    const deadPid = app.child.pid;
    const { signal } = await app.crash();
    const crashedAt = performance.now();
    expect(signal).toBe("SIGKILL");
    await Promise.all(inFlight);

    const answered = outcomes.filter((o) => o.status === 201);
    const unanswered = outcomes.filter((o) => o.status === "no answer").map((o) => o.student);
    console.log(
      `crash on ${kind}: ${answered.length} answered 201, ${unanswered.length} cut off, ` +
        `others: ${JSON.stringify(outcomes.filter((o) => o.status !== 201 && o.status !== "no answer"))}`,
    );
    expect(answered.length).toBeGreaterThanOrEqual(3);
    expect(unanswered.length).toBeGreaterThan(0);
    expect(answered.length + unanswered.length).toBe(STUDENTS);

    // ── Restart on the same data ──
    if (!postgresUrl) {
      // The dead process's lock is still there; the restart must see that its holder is gone.
      expect(fs.readFileSync(path.join(dataDir, "pyclass.lock"), "utf8")).toContain(String(deadPid));
    }
    app = await startApp({ ...env, GRADER_POOL_SIZE: "2" });
    const restartMs = performance.now() - crashedAt;
    if (!postgresUrl) {
      // The taken-over lock is a live one: another process on the directory is still refused.
      const rival = spawnApp(env, await freePort());
      expect((await rival.exited).code).toBe(1);
      expect(rival.output()).toContain(`in use by another PyClass process (pid ${app.child.pid})`);
    }

    // Every 201 is there, whole, as the student was told.
    for (const { submission } of answered) {
      const stored = await expectJson<Submission>(
        await app.request("GET", `/api/submissions/${submission!.id}`, { cookie: cookies[0] }),
        200,
        "teacher reads an answered submission",
      );
      expect(stored.results).toHaveLength(ECHO_CASES.length);
      expect(stored).toMatchObject({ passedTests: 3, totalTests: 3, score: 100, isFinal: true });
      expect(stored.code).toBe(submission!.code);
    }

    // Those cut off submit again (ten of them: grading all would only make the test slower). A
    // lease from before the crash may refuse them for its few seconds ("still being checked");
    // never longer.
    const refusedFor: number[] = [];
    const again = await Promise.all(
      unanswered.slice(0, 10).map(async (student) => {
        for (;;) {
          const res = await submit(app, student);
          if (res.status !== 429) return res.status;
          refusedFor.push(performance.now() - crashedAt);
          if (performance.now() - crashedAt > 60_000) return 429;
          await new Promise((r) => setTimeout(r, 250));
        }
      }),
    );
    const lastRefusal = refusedFor.length ? Math.max(...refusedFor) : 0;
    console.log(
      `crash on ${kind}: restart took ${restartMs.toFixed(0)} ms; ${refusedFor.length} refusals after it, ` +
        `the last ${lastRefusal.toFixed(0)} ms after the crash`,
    );
    expect(again.every((status) => status === 201)).toBe(true);
    // The lease's TTL from its last renewal (before the crash), plus polls and a restart's
    // stalls on a loaded machine.
    expect(lastRefusal).toBeLessThan(CHECKING_LEASE_MS + LEASE_SLACK_MS);

    // ── In the database: no submission without all its results, no score without results ──
    await app.stop();
    const db = await openDirectly();
    try {
      const counts = await db.db
        .select({ id: submissions.id, results: sql<number>`count(${testCaseResults.id})::int` })
        .from(submissions)
        .leftJoin(testCaseResults, eq(testCaseResults.submissionId, submissions.id))
        .where(and(eq(submissions.assignmentId, assignmentId), eq(submissions.isFinal, true)))
        .groupBy(submissions.id);
      expect(counts.filter((c) => c.results !== ECHO_CASES.length)).toEqual([]);
      const ids = new Set(counts.map((c) => c.id));
      for (const { submission } of answered) expect(ids.has(submission!.id)).toBe(true);
      // Nothing more than what was sent: the 50, and the ten sent again.
      expect(counts.length).toBeGreaterThanOrEqual(answered.length + again.length);
      expect(counts.length).toBeLessThanOrEqual(STUDENTS + again.length);
    } finally {
      if (!database) await db.close();
    }
  }, 240_000);
});
