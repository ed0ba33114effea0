// A real server process with a teacher's live stream open stops on SIGTERM at once: the stream is
// ended before the drain (decision 053), instead of holding the shutdown for its 25 s grace. On
// PostgreSQL (the suite's TEST_DATABASE_URL run), where the instance also holds a LISTEN connection.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openPostgres } from "@/server/db/client.ts";
import { type AppProcess, startApp } from "../../../../tests/setup/app-process.ts";
import { createClassWithAssignment, seedPeople, signIn } from "../../../../tests/setup/school-over-http.ts";
import { createEmptyPostgresDb } from "../../../../tests/setup/test-db.ts";

const postgresUrl = process.env.TEST_DATABASE_URL;

if (postgresUrl) {
  describe("a live stream at shutdown", () => {
    let empty: Awaited<ReturnType<typeof createEmptyPostgresDb>>;
    let database: Database;
    let app: AppProcess;

    beforeAll(async () => {
      empty = await createEmptyPostgresDb(postgresUrl);
      app = await startApp({
        DATABASE_URL: empty.url,
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "pyclass-live-stop-")),
        GRADER_POOL_SIZE: "1",
      });
      database = await openPostgres(empty.url, 2);
    }, 180_000);

    afterAll(async () => {
      await app?.crash();
      await database?.close();
      await empty?.drop();
    }, 60_000);

    it("ends the stream and lets the server stop well within the grace period", async () => {
      const [teacher] = await seedPeople(database.db, 1, 0);
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
}
