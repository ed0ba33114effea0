// The real Hono app on a fresh database, driven in-process through app.request().
import { desc, eq } from "drizzle-orm";
import { createApp } from "../../src/server/app.ts";
import { type Config, loadConfig } from "../../src/server/config.ts";
import type { Database } from "../../src/server/db/client.ts";
import { mailOutbox } from "../../src/server/db/schema.ts";
import type { GraderPool } from "../../src/server/python/index.ts";
import { createTestDb } from "./test-db.ts";

export const TEST_ORIGIN = "http://localhost:3000";

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * `grader`: a pool shared by the test file (start it once in beforeAll, close it in afterAll).
 * Without one the app gets its own pool, which starts only if a test submits final work.
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: { grader?: GraderPool; now?: () => Date } = {},
) {
  const database: Database = await createTestDb();
  const config: Config = { ...loadConfig({ NODE_ENV: "test", PORT: "3000" }), ...overrides };
  const { app, auth, grader } = createApp({
    db: database.db,
    config,
    grader: options.grader,
    now: options.now,
  });

  /** A JSON request as the browser would send it (same Origin), optionally with a session cookie. */
  async function request(
    method: string,
    path: string,
    opts: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { Origin: TEST_ORIGIN, ...opts.headers };
    if (opts.cookie) headers.Cookie = opts.cookie;
    if (opts.body !== undefined) headers["Content-Type"] = "application/json";
    return app.request(`http://localhost:3000${path}`, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      redirect: "manual",
    });
  }

  async function lastMail(to: string) {
    const [mail] = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, to.toLowerCase()))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    return mail;
  }

  async function close() {
    if (!options.grader) await grader.close();
    await database.close();
  }

  return { app, auth, db: database.db, config, request, lastMail, close };
}

/** The cookie header a browser would send back after this response set its cookies. */
export function cookieFrom(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}
