// The one category-name resolver, and the database's unique index it relies on (decision 044),
// on the engine of this run (PGlite, or PostgreSQL through TEST_DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/server/db/client.ts";
import { exerciseCategories } from "@/server/db/schema.ts";
import { createTestDb } from "../../../../tests/setup/test-db.ts";
import { categoryResolver, isCategoryNameTaken, loadCategories } from "./category-names.ts";

let database: Database;
beforeAll(async () => {
  database = await createTestDb();
});
afterAll(() => database.close());

describe("category names", () => {
  it("resolves a name ignoring case and surrounding blanks, the first row winning", () => {
    const resolve = categoryResolver([
      { id: "a", name: "Loops" },
      { id: "b", name: "loops" },
      { id: "c", name: "Strings" },
    ]);
    expect(resolve("  LOOPS\t")?.id).toBe("a");
    expect(resolve("strings")?.id).toBe("c");
    expect(resolve("Lists")).toBeUndefined();
  });

  it("is unique in the database, and the refusal is recognised as a taken name", async () => {
    const { db } = database;
    await db.insert(exerciseCategories).values({ name: "Loops" });
    const refused = await db
      .insert(exerciseCategories)
      .values({ name: " loops " })
      .then(() => null)
      .catch((e: unknown) => e);
    expect(refused).not.toBeNull();
    expect(isCategoryNameTaken(refused)).toBe(true);
    expect(isCategoryNameTaken(new Error("something else"))).toBe(false);
    expect((await loadCategories(db)).map((c) => c.name)).toEqual(["Loops"]);
  });
});
