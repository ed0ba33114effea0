// A real server process with a teacher's live stream open stops on SIGTERM at once: the stream is
// ended before the drain (decision 053), instead of holding the shutdown for its 25 s grace, and
// the LISTEN connection (PostgreSQL, the suite's TEST_DATABASE_URL run) or PGlite's listener closes.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openPglite, openPostgres } from "@/server/db/client.ts";
import { type AppProcess, startApp } from "../../../../tests/setup/app-process.ts";
import { createClassWithAssignment, seedPeople, signIn } from "../../../../tests/setup/school-over-http.ts";
import { createEmptyPostgresDb } from "../../../../tests/setup/test-db.ts";

const postgresUrl = process.env.TEST_DATABASE_URL;

describe(`a live stream at shutdown (${postgresUrl ? "PostgreSQL" : "embedded database"})`, () => {
  let empty: Awaited<ReturnType<typeof createEmptyPostgresDb>> | undefined;
  let app: AppProcess;
  let teacherEmail: string;

  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pyclass-live-stop-"));
    let database: Database;
    if (postgresUrl) {
      empty = await createEmptyPostgresDb(postgresUrl);
      app = await startApp({ DATABASE_URL: empty.url, DATA_DIR: dataDir, GRADER_POOL_SIZE: "1" });
      database = await openPostgres(empty.url, 2);
    } else {
      // The embedded database is one process's: seed it first, then start the server on it.
      database = await openPglite(path.join(dataDir, "db"));
    }
    [{ email: teacherEmail }] = await seedPeople(database.db, 1, 0);
    await database.close();
    if (!postgresUrl) app = await startApp({ DATA_DIR: dataDir, GRADER_POOL_SIZE: "1" });
  }, 180_000);

  afterAll(async () => {
    await app?.crash();
    await empty?.drop();
  }, 60_000);

  it("ends the stream and lets the server stop well within the grace period", async () => {
    const teacher = { email: teacherEmail };
    const cookie = await signIn(app, teacher.email);
    const { cls } = await createClassWithAssignment(app, cookie);
    const res = await app.request("GET", `/api/classes/${cls.id}/live/stream`, { cookie });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain("event: hello");

    const stopping = performance.now();
    const exited = app.stop();
    let ended = false;
    for (;;) {
      const next = await reader.read().catch(() => ({ done: true }));
      if (next.done) {
        ended = true;
        break;
      }
    }
    const { code } = await exited;
    const took = performance.now() - stopping;
    expect(ended).toBe(true);
    expect(code).toBe(0);
    // The grace period is 25 s; a stream holding the drain would take all of it.
    expect(took).toBeLessThan(10_000);
    expect(app.output()).toContain("PyClass stopped.");
  }, 60_000);
});
