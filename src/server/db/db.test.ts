// The same migrations on both databases: the suite runs on PGlite, and again on PostgreSQL in CI.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, testDbKind } from "../../../tests/setup/test-db.ts";
import type { Database } from "./client.ts";
import { classes, user } from "./schema.ts";

let database: Database;
beforeAll(async () => {
  database = await createTestDb();
});
afterAll(() => database.close());

describe(`database (${testDbKind})`, () => {
  it("is the engine this run asked for", async () => {
    const { rows } = (await database.db.execute(sql`select version() as v`)) as unknown as {
      rows: { v: string }[];
    };
    expect(rows[0].v).toMatch(/PostgreSQL/);
    expect(database.kind).toBe(testDbKind);
  });

  it("enforces unique join codes", async () => {
    await database.db.insert(user).values({ id: "t1", name: "T", email: "t1@example.com" });
    await database.db.insert(classes).values({ name: "A", joinCode: "ABCDEFGH", ownerId: "t1" });
    await expect(
      database.db.insert(classes).values({ name: "B", joinCode: "ABCDEFGH", ownerId: "t1" }),
    ).rejects.toThrow();
  });

  it("gives new users the pending role", async () => {
    const [row] = await database.db
      .insert(user)
      .values({ id: "p1", name: "P", email: "p1@example.com" })
      .returning();
    expect(row.role).toBe("pending");
  });
});
