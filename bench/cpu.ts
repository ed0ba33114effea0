// CPU time per request for the API benches. On 2 shared cores the latency of a run depends on what
// else the machine does; the CPU each request costs the server process and its PostgreSQL
// backends barely does, so the benches print both.
import fs from "node:fs";
import { sql } from "drizzle-orm";
import type { Db } from "../src/server/db/client.ts";

/** CPU nanoseconds so far of each backend of this database (same machine only; null when unreadable). */
async function postgresCpu(db: Db): Promise<Map<number, number> | null> {
  if (!process.env.TEST_DATABASE_URL) return null; // PGlite runs inside the server process
  const { rows } = (await db.execute(
    // Every connection of the pool, this one too: it may be the one the requests ran on.
    sql`select pid from pg_stat_activity where datname = current_database()`,
  )) as unknown as { rows: { pid: number }[] };
  const byPid = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      // schedstat's first field: nanoseconds this process has run on a CPU.
      byPid.set(pid, Number(fs.readFileSync(`/proc/${pid}/schedstat`, "utf8").split(" ")[0]));
    } catch {
      return null; // another machine, or no /proc
    }
  }
  return byPid;
}

export type CpuPerRequest = { server: number; postgres: number | null };

/** Starts counting; the returned function gives the CPU per request of the `n` requests since. */
export async function startCpuCount(db: Db): Promise<(n: number) => Promise<CpuPerRequest>> {
  const server = process.cpuUsage();
  const before = await postgresCpu(db);
  return async (n) => {
    const used = process.cpuUsage(server);
    const after = await postgresCpu(db);
    // The pool opens and closes connections: a backend born since counts whole, one gone since
    // was idle (its last work was before the start).
    let ns = 0;
    for (const [pid, total] of after ?? []) ns += total - (before?.get(pid) ?? 0);
    return {
      server: (used.user + used.system) / 1000 / Math.max(n, 1),
      postgres: before === null || after === null ? null : ns / 1e6 / Math.max(n, 1),
    };
  };
}

export const formatCpu = (c: CpuPerRequest) =>
  `CPU/request: server ${c.server.toFixed(2)} ms${c.postgres === null ? "" : ` + PostgreSQL ${c.postgres.toFixed(2)} ms`}`;
