// A school goes through `npm run backup` and `npm run restore` and comes back row for row. On the
// embedded database the real commands run as processes: against a real server (the copy is asked
// of it, and holds what it committed a moment before), then against its stopped data directory.
// On PostgreSQL (the suite's second run) the pg_dump and pg_restore lines the commands print are
// run as printed.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataDirSecret } from "@/server/config.ts";
import { type Db, openPglite, openPostgres } from "@/server/db/client.ts";
import { LOCK_FILE, lockDataDir } from "@/server/db/lock.ts";
import type { GraderPool } from "@/server/python/index.ts";
import { DEMO_ACCOUNTS, saveDemoLogins } from "@/server/seed/demo.ts";
import {
  addMember,
  createAssignment,
  createClass,
  gradeSubmission,
  HELLO_CASE,
  recordRun,
  submitFinal,
} from "../../../tests/factories/classroom.ts";
import { createCategory, createExercise } from "../../../tests/factories/exercises.ts";
import { createStudent, createTeacher, type TestUser } from "../../../tests/factories/users.ts";
import { startApp } from "../../../tests/setup/app-process.ts";
import { startTestGrader } from "../../../tests/setup/grader.ts";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app.ts";
import { testDbKind } from "../../../tests/setup/test-db.ts";
import { NotABackupError, unpackBackup } from "./archive.ts";
import { ENDPOINT_FILE, NoBackupEndpointError, requestBackup, serveBackups } from "./endpoint.ts";
import { knownMigrations, restoreBackup } from "./restore.ts";
import { snapshotPglite } from "./snapshot.ts";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const run = promisify(execFile);

let grader: GraderPool;
let t: TestApp;
let teacher: TestUser;
let tmp: string;

/** teacher, class, students, an assignment with a hidden case, graded finals, a run, an exercise save */
async function buildSchool() {
  teacher = await createTeacher(t);
  const [amara, ben] = [await createStudent(t), await createStudent(t)];
  const cls = await createClass(t, teacher, { name: "10X Computer Science" });
  await addMember(t, cls, amara);
  await addMember(t, cls, ben);
  const hidden = { description: "Hidden hello", input: "", expectedOutput: "hello", hidden: true };
  const a = await createAssignment(t, teacher, cls.id, { testCases: [HELLO_CASE, hidden] });
  const pass = await submitFinal(t, amara, a.id, 'print("hello")');
  await submitFinal(t, ben, a.id, 'print("bye")');
  await recordRun(t, ben, a.id, 'print("hel")', { passed: 0, total: 1 });
  await gradeSubmission(t, teacher, pass.id, { grade: 92.5, notes: "Neat — try a function next." });
  const category = await createCategory(t);
  const exercise = await createExercise(t, category.id);
  const saved = await t.request("POST", `/api/exercises/${exercise}/attempts`, {
    cookie: amara.cookie,
    body: { code: "n = int(input())\nprint(n * 2)" },
  });
  expect(saved.status).toBe(201);
}

/** Every row of every table (ours and drizzle's migrations), in a stable order. */
async function everyRow(db: Db): Promise<Record<string, unknown[]>> {
  const tables = await db.execute<{ name: string; quoted: string }>(sql`
    SELECT table_schema || '.' || table_name AS name, format('%I.%I', table_schema, table_name) AS quoted
    FROM information_schema.tables
    WHERE table_schema IN ('public', 'drizzle') AND table_type = 'BASE TABLE' ORDER BY 1`);
  const all: Record<string, unknown[]> = {};
  for (const { name, quoted } of tables.rows)
    all[name] = (await db.execute(sql.raw(`SELECT * FROM ${quoted} AS r ORDER BY r::text`))).rows;
  return all;
}

/** The school is really there: a comparison of two empty databases proves nothing. */
function expectASchool(rows: Record<string, unknown[]>) {
  for (const table of ["user", "class_members", "test_case_results", "exercise_attempts", "session"])
    expect(rows[`public.${table}`]?.length, table).toBeGreaterThan(0);
  expect(rows["public.submissions"]).toContainEqual(
    expect.objectContaining({
      teacher_grade: 92.5,
      teacher_notes: "Neat — try a function next.",
      score: 100,
    }),
  );
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pyclass-backup-test-"));
  grader = await startTestGrader();
  t = await createTestApp({}, { grader });
  await buildSchool();
}, 120_000);

afterAll(async () => {
  await t?.close();
  await grader?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

function cli(script: "backup" | "restore", args: string[], env: Record<string, string>) {
  const { DATABASE_URL: _, ...inherited } = process.env;
  return run(process.execPath, ["--import", "tsx", `src/server/cli/${script}.ts`, ...args], {
    cwd: root,
    env: { ...inherited, NODE_ENV: "test", ...env },
  });
}

if (testDbKind === "pglite") {
  describe("npm run backup / npm run restore on the embedded database", () => {
    it("round-trips a school while the server runs and after it stopped", async () => {
      const original = await everyRow(t.db);
      expectASchool(original);

      // The school's data directory: its database, signing secret and demo logins.
      const school = path.join(tmp, "school");
      const seed = path.join(tmp, "seed");
      dataDirSecret(seed);
      saveDemoLogins(
        seed,
        DEMO_ACCOUNTS.map((a) => ({ ...a, password: "Pass-word-1" })),
      );
      const client = (t.db as unknown as { $client: PGlite }).$client;
      fs.writeFileSync(path.join(tmp, "seed.tar.gz"), await snapshotPglite(client, seed));
      await cli("restore", [path.join(tmp, "seed.tar.gz")], { DATA_DIR: school });

      const server = await startServer(school);
      let running: string;
      try {
        // A write through the running server, then the copy: it must be in it.
        const res = await server.request("POST", "/api/classes", {
          cookie: teacher.cookie,
          body: { name: "Made while running", description: "" },
        });
        expect(res.status).toBe(201); // the restored session still signs the teacher in
        running = path.join(tmp, "running.tar.gz");
        const { stdout } = await cli("backup", [running], { DATA_DIR: school });
        expect(stdout).toContain(`Backed up the PyClass server running on ${school}`);
      } finally {
        await server.stop();
      }
      // Its endpoint file went with it: the next backup opens the directory itself.
      expect(fs.existsSync(path.join(school, ENDPOINT_FILE))).toBe(false);
      const stopped = path.join(tmp, "stopped.tar.gz");
      const { stdout } = await cli("backup", [stopped], { DATA_DIR: school });
      expect(stdout).toContain("(no server was running)");
      expect(fs.statSync(stopped).mode & 0o777).toBe(0o600);

      const fromRunning = path.join(tmp, "from-running");
      await cli("restore", [running], { DATA_DIR: fromRunning });
      const fromStopped = path.join(tmp, "from-stopped");
      await restoreBackup(await unpackBackup(fs.readFileSync(stopped), stopped), fromStopped);

      const restored = await rowsOf(fromRunning);
      const { "public.classes": classes, ...rest } = restored;
      const { "public.classes": originalClasses, ...originalRest } = original;
      expect(rest).toEqual(originalRest);
      expect(classes).toEqual(
        expect.arrayContaining([...originalClasses, expect.objectContaining({ name: "Made while running" })]),
      );
      expect(classes).toHaveLength(originalClasses.length + 1);
      expect(await rowsOf(fromStopped)).toEqual(restored);
      for (const file of ["auth-secret", "demo-logins.json"]) {
        expect(fs.readFileSync(path.join(fromRunning, file), "utf8")).toBe(
          fs.readFileSync(path.join(seed, file), "utf8"),
        );
        expect(fs.statSync(path.join(fromRunning, file)).mode & 0o777).toBe(0o600);
      }
    }, 180_000);

    it("the server's backup port answers only its token, and only while it holds the lock", async () => {
      const dir = path.join(tmp, "endpoint");
      const release = lockDataDir(dir);
      const server = await serveBackups({ db: t.db, kind: "pglite", close: async () => {} }, dir);
      try {
        const endpoint = JSON.parse(fs.readFileSync(path.join(dir, ENDPOINT_FILE), "utf8"));
        expect(fs.statSync(path.join(dir, ENDPOINT_FILE)).mode & 0o777).toBe(0o600);
        expect(server?.address()).toMatchObject({ address: "127.0.0.1" });
        const url = `http://127.0.0.1:${endpoint.port}/backup`;
        const wrong = await fetch(url, { method: "POST", headers: { Authorization: "Bearer guess" } });
        expect(wrong.status).toBe(401);
        expect((await fetch(url, { headers: { Authorization: `Bearer ${endpoint.token}` } })).status).toBe(
          404,
        );
        const backup = await unpackBackup(await requestBackup(dir), "the answer");
        expect(backup.manifest.migrations).toBeGreaterThan(0);
        // A file left by a crashed server: the token must not go to whoever holds the lock now.
        fs.writeFileSync(path.join(dir, LOCK_FILE), "1");
        await expect(requestBackup(dir)).rejects.toThrow(NoBackupEndpointError);
      } finally {
        server?.close();
        release();
      }
    });

    it("refuses a data directory that is not empty, and a file that is not a backup", async () => {
      const client = (t.db as unknown as { $client: PGlite }).$client;
      const file = path.join(tmp, "refuse.tar.gz");
      fs.writeFileSync(file, await snapshotPglite(client, undefined));
      const busy = path.join(tmp, "busy");
      fs.mkdirSync(busy);
      fs.writeFileSync(path.join(busy, "notes.txt"), "the school's own file");
      const refused = await cli("restore", [file], { DATA_DIR: busy }).catch((e) => e);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`${busy} is not empty (it holds notes.txt)`);
      expect(fs.readdirSync(busy)).toEqual(["notes.txt"]);

      await expect(unpackBackup(Buffer.from("not a backup"), "x.tar.gz")).rejects.toThrow(NotABackupError);
      const notOurs = await cli("restore", [path.join(root, "package.json")], {
        DATA_DIR: path.join(tmp, "never-made"),
      }).catch((e) => e);
      expect(notOurs.code).toBe(1);
      expect(notOurs.stderr).toContain("is not a PyClass backup");
      expect(fs.existsSync(path.join(tmp, "never-made"))).toBe(false);

      // A backup from a newer PyClass (one migration more than this code knows) is refused.
      const backup = await unpackBackup(fs.readFileSync(file), file);
      const newer = { ...backup, manifest: { ...backup.manifest, migrations: knownMigrations() + 1 } };
      const target = path.join(tmp, "rolled-back");
      await expect(restoreBackup(newer, target)).rejects.toThrow(
        `its database has ${knownMigrations() + 1} migrations; this PyClass knows ${knownMigrations()}`,
      );
      expect(fs.existsSync(target)).toBe(false);
    }, 60_000);
  });
} else {
  describe("npm run backup / npm run restore on PostgreSQL", () => {
    it("round-trips a school through the pg_dump and pg_restore lines they print", async () => {
      const original = await everyRow(t.db);
      expectASchool(original);
      const [{ name }] = (await t.db.execute<{ name: string }>(sql`SELECT current_database() AS name`)).rows;
      const source = withDatabase(name);
      const target = withDatabase(`${name}_restored`);
      const dump = path.join(tmp, "school.dump");

      const backup = await cli("backup", [dump], { DATABASE_URL: source });
      await runPrinted(backup.stdout, "pg_dump ", source);
      await admin(`CREATE DATABASE ${name}_restored`);
      try {
        const restore = await cli("restore", [dump], { DATABASE_URL: target });
        await runPrinted(restore.stdout, "pg_restore ", target);
        const restored = await openPostgres(target, 1);
        try {
          expect(await everyRow(restored.db)).toEqual(original);
        } finally {
          await restored.close();
        }
      } finally {
        await admin(`DROP DATABASE IF EXISTS ${name}_restored WITH (FORCE)`);
      }
    }, 120_000);
  });
}

async function rowsOf(dataDir: string) {
  const database = await openPglite(path.join(dataDir, "db"));
  try {
    return await everyRow(database.db);
  } finally {
    await database.close();
  }
}

function withDatabase(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Runs the line of `stdout` that starts with `command` in a shell, DATABASE_URL set as told. */
async function runPrinted(stdout: string, command: string, databaseUrl: string) {
  const line = stdout.split("\n").find((l) => l.startsWith(command));
  expect(line, stdout).toBeDefined();
  await run("sh", ["-c", line as string], { env: { ...process.env, DATABASE_URL: databaseUrl } });
}

/** A real server (as `npm start` runs it) on `dataDir`, once it offers backups. */
async function startServer(dataDir: string) {
  const server = await startApp({ DATA_DIR: dataDir });
  const deadline = Date.now() + 30_000;
  while (!fs.existsSync(path.join(dataDir, ENDPOINT_FILE))) {
    if (Date.now() > deadline) {
      await server.crash();
      throw new Error(`the server offers no backups:\n${server.output()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return server;
}
