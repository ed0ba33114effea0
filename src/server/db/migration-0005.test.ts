// Migration 0005 on a database that already holds categories sharing a name (case and spaces
// aside), as the admin's forms and the seeding allowed before decision 044: they are merged into
// the oldest one, their exercises kept, and a second such name is refused from then on.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { asc, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, migrationsFolder } from "./client.ts";
import * as schema from "./schema.ts";
import { exerciseCategories, exercises } from "./schema.ts";

let dir: string;
let client: PGlite;
let db: Db;

/** The migrations folder as it was before 0005 (its journal cut there too). */
function foldersUpTo0004(): string {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "pyclass-migrations-"));
  fs.mkdirSync(path.join(out, "meta"));
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"));
  journal.entries = journal.entries.filter((e: { idx: number }) => e.idx <= 4);
  fs.writeFileSync(path.join(out, "meta", "_journal.json"), JSON.stringify(journal));
  for (const e of journal.entries as { tag: string }[])
    fs.copyFileSync(path.join(migrationsFolder, `${e.tag}.sql`), path.join(out, `${e.tag}.sql`));
  return out;
}

beforeAll(async () => {
  dir = foldersUpTo0004();
  client = new PGlite();
  db = drizzle(client, { schema }) as unknown as Db;
  await migrate(db as never, { migrationsFolder: dir });
});
afterAll(async () => {
  await client.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("migration 0005: category names unique ignoring case and spaces", () => {
  it("merges categories sharing a name into the oldest, keeping every exercise", async () => {
    const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
    // Inserted through SQL: the schema of this code base already has the columns 0005 adds.
    const category = async (name: string, second: number) => {
      const { rows } = await client.query<{ id: string }>(
        "INSERT INTO exercise_categories (name, created_at) VALUES ($1, $2) RETURNING id",
        [name, at(second)],
      );
      return rows[0].id;
    };
    const exercise = (title: string, categoryId: string) =>
      client.query("INSERT INTO exercises (title, category_id) VALUES ($1, $2)", [title, categoryId]);
    const newer = await category(" loops", 2);
    const oldest = await category("Loops", 1);
    const newest = await category("LOOPS \t", 3);
    const other = await category("  Strings ", 4);
    await exercise("A", oldest);
    await exercise("B", newer);
    await exercise("C", newest);
    await exercise("D", other);

    await migrate(db as never, { migrationsFolder });

    const categories = await db.select().from(exerciseCategories).orderBy(asc(exerciseCategories.name));
    expect(categories.map((c) => [c.id, c.name])).toEqual([
      [oldest, "Loops"],
      [other, "Strings"],
    ]);
    const rows = await db.select().from(exercises).orderBy(asc(exercises.title));
    expect(rows.map((r) => [r.title, r.categoryId])).toEqual([
      ["A", oldest],
      ["B", oldest],
      ["C", oldest],
      ["D", other],
    ]);
    await expect(db.insert(exerciseCategories).values({ name: " strings" })).rejects.toThrow();
    await expect(
      db.execute(sql`SELECT bank_id, bank_hash, bank_skipped_hash FROM exercises`),
    ).resolves.toBeTruthy();
  });
});
