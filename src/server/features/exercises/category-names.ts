// A category is known by its name, ignoring case and surrounding blanks (decision 044): the
// database holds one per name (unique index on lower(btrim(name))), and the admin's forms, the
// JSON import and the bank's seeding all look a name up through this one resolver.
import { asc } from "drizzle-orm";
import { exerciseCategories } from "@/server/db/schema.ts";
import type { DbOrTx } from "./exercise-store.ts";

/** The name as it is compared: trimmed, lower case. */
export const categoryKey = (name: string) => name.trim().toLowerCase();

/** A lookup by name over `rows`; should two rows share a key, the first one given wins. */
export function categoryResolver<T extends { name: string }>(rows: T[]) {
  const byKey = new Map<string, T>();
  for (const row of rows) if (!byKey.has(categoryKey(row.name))) byKey.set(categoryKey(row.name), row);
  return (name: string): T | undefined => byKey.get(categoryKey(name));
}

/** Every category, oldest first (the order the resolver prefers). */
export const loadCategories = (db: DbOrTx) =>
  db.select().from(exerciseCategories).orderBy(asc(exerciseCategories.createdAt), asc(exerciseCategories.id));

/** The database refused a second category of that name (a write racing the resolver's check). */
export function isCategoryNameTaken(error: unknown): boolean {
  for (let e = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === "23505" && (constraint === undefined || constraint === "exercise_categories_name_key"))
      return true;
  }
  return false;
}
