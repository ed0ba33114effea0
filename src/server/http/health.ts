// GET /api/health for load balancers and monitors: the database answers `select 1` within a
// second, and the grader's queue. 200 when the database is ok, 503 when it is not. Unauthenticated,
// so it says nothing else: no versions, hosts, pids, error messages or counts of users.
import os from "node:os";
import { sql } from "drizzle-orm";
import type { Context } from "hono";
import type { Db } from "@/server/db/client.ts";
import type { GraderPool } from "@/server/python/index.ts";

export const HEALTH_DB_TIMEOUT_MS = 1000;

export type Health = {
  ok: boolean;
  database: "ok" | "fail";
  /** Jobs grading now, jobs waiting, and how many run at once. Asking never starts the grader. */
  grader: { running: number; queued: number; slots: number };
};

async function databaseOk(db: Db, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([db.execute(sql`select 1`).then(() => true as const), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export function healthRoute({
  db,
  grader,
  graderSlots = os.availableParallelism(),
  timeoutMs = HEALTH_DB_TIMEOUT_MS,
}: {
  db: Db;
  grader: GraderPool;
  /** The pool's size (GRADER_POOL_SIZE, else the CPU count, as createGraderPool chooses). */
  graderSlots?: number;
  timeoutMs?: number;
}) {
  return async (c: Context) => {
    const database = (await databaseOk(db, timeoutMs)) ? "ok" : "fail";
    const { running, queued } = grader.stats();
    const body: Health = {
      ok: database === "ok",
      database,
      grader: { running, queued, slots: Math.max(1, graderSlots) },
    };
    c.header("Cache-Control", "no-store");
    return c.json(body, body.ok ? 200 : 503);
  };
}
