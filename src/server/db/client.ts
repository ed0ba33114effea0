// Opens the database: embedded PGlite (a directory, or in memory for tests) or PostgreSQL
// through DATABASE_URL. Both get the same migrations and the same Drizzle schema.
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { privateDir, privateTree } from "./data-dir.ts";
import * as schema from "./schema.ts";

export type Db = NodePgDatabase<typeof schema>;
export type DbKind = "pglite" | "postgres";
export type Database = { db: Db; kind: DbKind; close: () => Promise<void> };

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/**
 * `dataDir` undefined means an in-memory PGlite (tests). On disk, the folder is kept 0700 and its
 * files 0600 at every open and close (PGlite makes the files it creates 0666: see data-dir.ts).
 */
export async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) privateDir(dataDir);
  const client = new PGlite(dataDir);
  await client.waitReady;
  // Both drivers expose the same query builder; typing them as one keeps services driver-agnostic.
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  if (dataDir) privateTree(dataDir);
  const close = async () => {
    await client.close();
    if (dataDir) privateTree(dataDir);
  };
  return { db, kind: "pglite", close };
}

export async function openPostgres(url: string, max = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection the server drops (restart, failover, admin kill) is reported on the pool;
  // without a listener Node treats it as unhandled and the whole app exits. The pool reconnects.
  pool.on("error", (err) => console.error(`PostgreSQL: an idle connection was lost (${err.message})`));
  const db = drizzlePg(pool, { schema });
  await migrateAlone(url, () => migratePg(db, { migrationsFolder }));
  return { db, kind: "postgres", close: () => pool.end() };
}

/** Any constant of our own: the key of the advisory lock PyClass migrates under. */
const MIGRATION_LOCK = 7_302_114_001;

/**
 * Instances started together (a deploy, a load balancer's pool) would each apply the same
 * migrations at once, and all but one fail at start-up ("relation already exists"). Holding a
 * session advisory lock while migrating makes them take turns: the later ones find nothing left
 * to do. The lock lives and dies with its connection, so a crash mid-migration blocks no one.
 */
async function migrateAlone(url: string, migrate: () => Promise<void>): Promise<void> {
  // A connection of its own, outside the pool: a pool of one must stay free for the migrations.
  const holder = new pg.Client({ connectionString: url });
  // A lost connection only ends the lock early; the migration's own queries report real trouble.
  holder.on("error", () => {});
  await holder.connect();
  try {
    await holder.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migrate();
  } finally {
    await holder.end(); // ends the session, and with it the lock
  }
}

export { schema };
