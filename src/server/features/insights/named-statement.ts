// A fixed SQL statement run as a named prepared statement on PostgreSQL. The insights overview is
// one statement with a dozen joins: planning it costs about as much as running it (≈3 ms), and a
// named statement is parsed once per connection and, after PostgreSQL's first five runs, reuses
// its plan. Drizzle prepares only query-builder queries, so this drives the driver directly.
// PGlite (one in-process connection) runs the same text with the same parameters.
import { fillPlaceholders, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import type { Db } from "@/server/db/client.ts";

type Client = { query(text: string, values: unknown[]): Promise<{ rows: unknown[] }> };

/**
 * `statement` may hold `sql.placeholder(name)`s and fixed values; its text is made once, so every
 * run sends the same text and only the placeholders' values change.
 */
export function namedStatement<Row, Values extends Record<string, unknown>>(name: string, statement: SQL) {
  const { sql: text, params } = new PgDialect().sqlToQuery(statement);
  return async (db: Db, values: Values): Promise<Row[]> => {
    const client = (db as unknown as { $client: unknown }).$client;
    const args = fillPlaceholders(params, values);
    const result =
      client instanceof pg.Pool
        ? await client.query({ name, text, values: args })
        : await (client as Client).query(text, args);
    return result.rows as Row[];
  };
}
