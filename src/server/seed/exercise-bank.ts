// The GCSE exercise bank (content/exercises/*.json, one category per file) upserted into the
// library at every start unless SEED_EXERCISES=false: categories matched by name, exercises by
// title. A changed exercise is rewritten (its test cases replaced) through the same write path as
// the admin's import; students' attempts and summaries are kept. Unchanged ones are not touched,
// so a restart costs two reads. A file that isn't a valid bank file (yet) is skipped and reported.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { asc, sql } from "drizzle-orm";
import { BankFile, testCaseInput } from "../../shared/api/exercise-file.ts";
import type { Db } from "../db/client.ts";
import { exerciseCategories, exercises, exerciseTestCases } from "../db/schema.ts";
import {
  cleanHints,
  cleanTestCases,
  type ExerciseRecord,
  writeExercises,
} from "../features/exercises/index.ts";

export const BANK_DIR = fileURLToPath(new URL("../../../content/exercises", import.meta.url));

export type BankSource = { name: string; data: unknown };
export type SeedReport = {
  categories: { inserted: number; updated: number };
  exercises: { inserted: number; updated: number; unchanged: number };
  skipped: { name: string; reason: string }[];
};

/** The bank's files, by file name; one that isn't JSON is passed on as such (and skipped). */
export function readBankFiles(dir = BANK_DIR): BankSource[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((name) => {
      const text = fs.readFileSync(path.join(dir, name), "utf8");
      try {
        return { name, data: JSON.parse(text) as unknown };
      } catch (e) {
        return { name, data: new Error(`not JSON (${e instanceof Error ? e.message : e})`) };
      }
    });
}

/** What decides whether a stored exercise differs from the bank's (ids and timestamps aside). */
function fingerprint(r: ExerciseRecord) {
  return JSON.stringify([
    r.title,
    r.description,
    r.difficulty,
    r.language,
    r.categoryId,
    r.starterCode,
    r.solution,
    r.hints,
    r.estimatedTime,
    r.displayOrder,
    (r.testCases ?? []).map((t) => [t.description, testCaseInput(t), t.inputs, t.expectedOutput]),
  ]);
}

// Two instances starting together on one PostgreSQL must not both insert the bank.
const SEED_LOCK = sql`SELECT pg_advisory_xact_lock(hashtext('pyclass:seed-exercise-bank'))`;

/** Upserts the bank (idempotent). `files`: readBankFiles() or fixtures. */
export async function seedExerciseBank(db: Db, files: BankSource[]): Promise<SeedReport> {
  const report: SeedReport = {
    categories: { inserted: 0, updated: 0 },
    exercises: { inserted: 0, updated: 0, unchanged: 0 },
    skipped: [],
  };
  const bank: BankFile[] = [];
  const seenTitles = new Set<string>();
  for (const f of files) {
    if (f.data instanceof Error) {
      report.skipped.push({ name: f.name, reason: f.data.message });
      continue;
    }
    const parsed = BankFile.safeParse(f.data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      report.skipped.push({ name: f.name, reason: `${issue?.path.join(".") || "file"}: ${issue?.message}` });
      continue;
    }
    const dup = parsed.data.exercises.find((e) => seenTitles.has(e.title));
    if (dup) {
      report.skipped.push({ name: f.name, reason: `"${dup.title}" is already in another file` });
      continue;
    }
    for (const e of parsed.data.exercises) seenTitles.add(e.title);
    bank.push(parsed.data);
  }
  if (bank.length === 0) return report;

  await db.transaction(async (tx) => {
    await tx.execute(SEED_LOCK);
    const categories = await tx.select().from(exerciseCategories).orderBy(asc(exerciseCategories.createdAt));
    const categoryByName = new Map<string, (typeof categories)[number]>();
    for (const c of categories) if (!categoryByName.has(c.name)) categoryByName.set(c.name, c);

    const categoryIds = new Map<string, string>();
    for (const { category } of bank) {
      const found = categoryByName.get(category.name);
      if (!found) {
        const [row] = await tx
          .insert(exerciseCategories)
          .values({
            name: category.name,
            description: category.description,
            displayOrder: category.display_order,
          })
          .returning();
        categoryIds.set(category.name, row.id);
        report.categories.inserted += 1;
      } else {
        categoryIds.set(category.name, found.id);
        if (found.description !== category.description || found.displayOrder !== category.display_order) {
          await tx
            .update(exerciseCategories)
            .set({ description: category.description, displayOrder: category.display_order })
            .where(sql`${exerciseCategories.id} = ${found.id}`);
          report.categories.updated += 1;
        }
      }
    }

    const stored = await tx.select().from(exercises).orderBy(asc(exercises.createdAt), asc(exercises.id));
    const storedCases = await tx
      .select()
      .from(exerciseTestCases)
      .orderBy(asc(exerciseTestCases.displayOrder), asc(exerciseTestCases.id));
    const casesOf = new Map<string, (typeof storedCases)[number][]>();
    for (const t of storedCases) {
      const list = casesOf.get(t.exerciseId) ?? [];
      if (list.length === 0) casesOf.set(t.exerciseId, list);
      list.push(t);
    }
    const byTitle = new Map<string, (typeof stored)[number]>();
    for (const e of stored) if (!byTitle.has(e.title)) byTitle.set(e.title, e);

    const writes: { id?: string; record: ExerciseRecord }[] = [];
    for (const file of bank) {
      for (const [position, e] of file.exercises.entries()) {
        const record: ExerciseRecord = {
          title: e.title,
          description: e.description,
          difficulty: e.difficulty,
          language: e.language,
          categoryId: categoryIds.get(file.category.name)!,
          starterCode: e.starter_code,
          solution: e.solution,
          hints: cleanHints(e.hints),
          estimatedTime: e.estimated_time,
          displayOrder: position,
          testCases: cleanTestCases(e.testCases.map((t) => ({ ...t, expectedOutput: t.expected_output }))),
        };
        const current = byTitle.get(e.title);
        if (!current) {
          writes.push({ record });
          report.exercises.inserted += 1;
          continue;
        }
        const now: ExerciseRecord = {
          ...current,
          difficulty: current.difficulty as ExerciseRecord["difficulty"],
          testCases: (casesOf.get(current.id) ?? []).map((t) => ({
            description: t.description,
            input: t.input,
            inputs: t.inputs,
            expectedOutput: t.expectedOutput,
          })),
        };
        if (fingerprint(now) === fingerprint(record)) report.exercises.unchanged += 1;
        else {
          writes.push({ id: current.id, record });
          report.exercises.updated += 1;
        }
      }
    }
    if (writes.length > 0) await writeExercises(tx, writes);
  });
  return report;
}

/** One line for the start-up log. */
export function describeSeed(r: SeedReport): string {
  const e = r.exercises;
  const line = `Exercise bank: ${e.inserted} added, ${e.updated} updated, ${e.unchanged} unchanged`;
  return r.skipped.length === 0
    ? line
    : `${line}; skipped ${r.skipped.map((s) => `${s.name} (${s.reason})`).join(", ")}`;
}
