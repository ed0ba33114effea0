// A fresh, migrated database per test file: in-memory PGlite by default, or a new database on
// the PostgreSQL server named by TEST_DATABASE_URL (the CI and `npm test` Postgres suite).
import pg from "pg";
import { type Database, openPglite, openPostgres } from "../../src/server/db/client.ts";

export const testDbKind = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";

export async function createTestDb(): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return openPglite(undefined);
  return createPostgresTestDb(adminUrl);
}

/** A new, migrated database on the server of `adminUrl`, with its own `url` (for a server process). */
export async function createPostgresTestDb(adminUrl: string): Promise<Database & { url: string }> {
  const empty = await createEmptyPostgresDb(adminUrl);
  const database = await openPostgres(empty.url, 5);
  return {
    ...database,
    url: empty.url,
    close: async () => {
      await database.close();
      await empty.drop();
    },
  };
}

/** A new database with no tables yet (servers started on it migrate it); `drop()` removes it. */
export async function createEmptyPostgresDb(
  adminUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `pyclass_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const drop = new pg.Client({ connectionString: adminUrl });
      await drop.connect();
      // pool.end() resolves before its connections have closed; forcing the drop while they
      // close would kill them mid-goodbye. Give them a moment first.
      for (let i = 0; i < 40; i++) {
        const { rows } = await drop.query(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1",
          [name],
        );
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await drop.end();
    },
  };
}
