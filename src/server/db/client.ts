// Opens the database: embedded PGlite (a directory, or in memory for tests) or PostgreSQL
// through DATABASE_URL. Both get the same migrations and the same Drizzle schema.
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema.ts";

export type Db = NodePgDatabase<typeof schema>;
export type DbKind = "pglite" | "postgres";
export type Database = { db: Db; kind: DbKind; close: () => Promise<void> };

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** `dataDir` undefined means an in-memory PGlite (tests). */
export async function openPglite(dataDir: string | undefined): Promise<Database> {
  const client = new PGlite(dataDir);
  await client.waitReady;
  // Both drivers expose the same query builder; typing them as one keeps services driver-agnostic.
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return { db, kind: "pglite", close: () => client.close() };
}

export async function openPostgres(url: string, max = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection the server drops (restart, failover, admin kill) is reported on the pool;
  // without a listener Node treats it as unhandled and the whole app exits. The pool reconnects.
  pool.on("error", (err) => console.error(`PostgreSQL: an idle connection was lost (${err.message})`));
  const db = drizzlePg(pool, { schema });
  await migratePg(db, { migrationsFolder });
  return { db, kind: "postgres", close: () => pool.end() };
}

export { schema };
