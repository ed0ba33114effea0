// The GCSE exercise bank (content/exercises/*.json, one category per file) upserted into the
// library at every start unless SEED_EXERCISES=false (decision 044). Categories are found by name
// through the one resolver (case and spaces aside); exercises by their bank `id`, kept in
// exercises.bank_id, so a title renamed in the bank updates the same row. Each row remembers the
// hash of the bank version it was written from (bank_hash): a newer bank version replaces the row
// only while the row still hashes to that, i.e. no admin has edited it since; an edited row is
// kept and the newer version reported once. Writes go through the import's write path; students'
// attempts and summaries are kept. Unchanged exercises are not touched, so a restart costs a few
// reads. A file that isn't a valid bank file (yet) is skipped and reported. Then, given the
// grader, each drawing test not yet recorded gets its solution's drawing (decision 077): a test
// the grader could not record now is recorded at the next start, or by the first Save that needs it.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client.ts";
import { exerciseCategories, exercises } from "@/server/db/schema.ts";
import {
  categoryResolver,
  cleanHints,
  cleanTestCases,
  type ExerciseRecord,
  loadCategories,
  recordMissingDrawings,
  selectExercises,
  type Tx,
  testCasesByExercise,
  writeExercises,
} from "@/server/features/exercises/index.ts";
import type { GraderPool } from "@/server/python/index.ts";
import { BankFile } from "@/shared/api/exercise-file.ts";
import { contentHash } from "./bank-version.ts";

export const BANK_DIR = fileURLToPath(new URL("../../../content/exercises", import.meta.url));

export type BankSource = { name: string; data: unknown };
export type SeedReport = {
  categories: { inserted: number; updated: number };
  /** kept: an admin edited them and the bank has a newer version (counted, like `newer`, once). */
  exercises: { inserted: number; updated: number; unchanged: number; kept: number };
  skipped: { name: string; reason: string }[];
  /** Titles of the exercises kept as an admin edited them although the bank has a newer version. */
  newer: string[];
  /** Drawing tests whose solution's drawing was recorded now, and exercises where it failed. */
  drawings: {
    recorded: number;
    failed: { title: string; reason: string }[];
    /** Still recording when the start stopped waiting for it (it goes on in the background). */
    stillRecording?: boolean;
  };
};

/**
 * How long a start waits for the bank's drawings before it listens anyway: a grader that is slow
 * or never gets ready must not keep the server from starting. Recording goes on meanwhile, and a
 * Save records a drawing still missing (or answers 503, never grades on the words alone).
 */
export const DRAWINGS_WAIT_MS = 60_000;

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

// Two instances starting together on one PostgreSQL must not both insert the bank.
const SEED_LOCK = sql`SELECT pg_advisory_xact_lock(hashtext('pyclass:seed-exercise-bank'))`;

/** The files that are valid bank files, each title and id new to the files before it. */
function validFiles(files: BankSource[], report: SeedReport): BankFile[] {
  const bank: BankFile[] = [];
  const seenTitles = new Set<string>();
  const seenIds = new Set<string>();
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
    const dup = parsed.data.exercises.find((e) => seenTitles.has(e.title) || seenIds.has(e.id));
    if (dup) {
      const what = seenIds.has(dup.id) ? `id "${dup.id}"` : `"${dup.title}"`;
      report.skipped.push({ name: f.name, reason: `${what} is already in another file` });
      continue;
    }
    for (const e of parsed.data.exercises) {
      seenTitles.add(e.title);
      seenIds.add(e.id);
    }
    bank.push(parsed.data);
  }
  return bank;
}

/** Each bank category's row id: found by name (the one resolver), else inserted. */
async function seedCategories(tx: Tx, bank: BankFile[], report: SeedReport) {
  const existing = categoryResolver(await loadCategories(tx));
  const ids = new Map<string, string>();
  for (const { category } of bank) {
    const found = existing(category.name);
    if (!found) {
      const [row] = await tx
        .insert(exerciseCategories)
        .values({
          name: category.name,
          description: category.description,
          displayOrder: category.display_order,
        })
        .returning();
      ids.set(category.name, row.id);
      report.categories.inserted += 1;
      continue;
    }
    ids.set(category.name, found.id);
    if (found.description !== category.description || found.displayOrder !== category.display_order) {
      await tx
        .update(exerciseCategories)
        .set({ description: category.description, displayOrder: category.display_order })
        .where(eq(exerciseCategories.id, found.id));
      report.categories.updated += 1;
    }
  }
  return ids;
}

/** Every stored exercise with the hash of its content (test cases included), oldest first. */
async function loadStored(tx: Tx) {
  const [rows, cases] = await Promise.all([
    selectExercises(tx, {
      starterCode: exercises.starterCode,
      solution: exercises.solution,
      solutionCheck: exercises.solutionCheck,
      hints: exercises.hints,
      bankId: exercises.bankId,
      bankHash: exercises.bankHash,
      bankSkippedHash: exercises.bankSkippedHash,
      createdAt: exercises.createdAt,
    }),
    testCasesByExercise(tx),
  ]);
  rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
  return rows.map((row) => {
    const record: ExerciseRecord = {
      ...row,
      difficulty: row.difficulty as ExerciseRecord["difficulty"],
      testCases: (cases.get(row.id) ?? []).map((t) => ({ ...t, expectedDrawing: null })),
    };
    return { row, hash: contentHash(record, row.categoryName) };
  });
}

/** The bank exercise as the record the write path stores. */
function toRecord(file: BankFile, position: number, categoryId: string): ExerciseRecord {
  const e = file.exercises[position];
  return {
    title: e.title,
    description: e.description,
    difficulty: e.difficulty,
    language: e.language,
    categoryId,
    starterCode: e.starter_code,
    solution: e.solution,
    hints: cleanHints(e.hints),
    estimatedTime: e.estimated_time,
    displayOrder: position,
    testCases: cleanTestCases(
      e.testCases.map((t) => ({
        ...t,
        expectedOutput: t.expected_output,
        compareDrawing: t.compare_drawing,
      })),
    ),
  };
}

/**
 * Upserts the bank (idempotent). `files`: readBankFiles() or fixtures. With `grader`, the drawing
 * tests still without a drawing are recorded after the bank is written (outside its transaction).
 */
export async function seedExerciseBank(
  db: Db,
  files: BankSource[],
  grader?: GraderPool,
  waitMs = DRAWINGS_WAIT_MS,
): Promise<SeedReport> {
  const report: SeedReport = {
    categories: { inserted: 0, updated: 0 },
    exercises: { inserted: 0, updated: 0, unchanged: 0, kept: 0 },
    skipped: [],
    newer: [],
    drawings: { recorded: 0, failed: [] },
  };
  const bank = validFiles(files, report);
  if (bank.length > 0) await writeBank(db, bank, report);
  if (grader) {
    const recording = recordMissingDrawings(db, grader);
    const waited = await Promise.race([
      recording,
      new Promise<null>((resolve) => setTimeout(resolve, waitMs, null).unref()),
    ]);
    if (waited) report.drawings = waited;
    else {
      report.drawings = { recorded: 0, failed: [], stillRecording: true };
      recording.catch((e) => console.error("✖ Recording the bank's drawings failed:", e));
    }
  }
  return report;
}

async function writeBank(db: Db, bank: BankFile[], report: SeedReport) {
  await db.transaction(async (tx) => {
    await tx.execute(SEED_LOCK);
    const categoryIds = await seedCategories(tx, bank, report);
    const stored = await loadStored(tx);
    const byBankId = new Map(stored.flatMap((s) => (s.row.bankId ? [[s.row.bankId, s] as const] : [])));
    // Rows seeded before bank ids existed (or imported) are adopted by title, the oldest first.
    const unclaimedByTitle = new Map<string, (typeof stored)[number]>();
    for (const s of stored)
      if (!s.row.bankId && !unclaimedByTitle.has(s.row.title)) unclaimedByTitle.set(s.row.title, s);

    const writes: { id?: string; record: ExerciseRecord; bank: { id: string; hash: string } }[] = [];
    const marks: { id: string; set: Partial<typeof exercises.$inferInsert> }[] = [];
    for (const file of bank) {
      for (const [position, e] of file.exercises.entries()) {
        const record = toRecord(file, position, categoryIds.get(file.category.name)!);
        const hash = contentHash(record, file.category.name);
        const current = byBankId.get(e.id) ?? unclaimedByTitle.get(e.title);
        if (!current) {
          writes.push({ record, bank: { id: e.id, hash } });
          report.exercises.inserted += 1;
          continue;
        }
        const row = current.row;
        const adopted = row.bankId === null;
        if (current.hash === hash) {
          report.exercises.unchanged += 1;
          if (row.bankId !== e.id || row.bankHash !== hash || row.bankSkippedHash !== null)
            marks.push({ id: row.id, set: { bankId: e.id, bankHash: hash, bankSkippedHash: null } });
          continue;
        }
        // Untouched since seeded: it still hashes to the version it was written from. A row from
        // before bank ids has no such hash; only the seeder (never the admin's forms, which record
        // a solution check) has written it when its solution_check is null.
        const untouched = adopted ? row.solutionCheck === null : current.hash === row.bankHash;
        if (untouched) {
          writes.push({ id: row.id, record, bank: { id: e.id, hash } });
          report.exercises.updated += 1;
          continue;
        }
        // An admin's version: kept. A bank version it hasn't been told about yet is reported once.
        report.exercises.kept += 1;
        const unreported = hash !== row.bankHash && hash !== row.bankSkippedHash;
        if (unreported) report.newer.push(row.title);
        if (unreported || adopted)
          marks.push({
            id: row.id,
            set: { bankId: e.id, bankSkippedHash: unreported ? hash : row.bankSkippedHash },
          });
      }
    }
    if (writes.length > 0) await writeExercises(tx, writes);
    for (const m of marks) await tx.update(exercises).set(m.set).where(eq(exercises.id, m.id));
  });
}

/** One line for the start-up log. */
export function describeSeed(r: SeedReport): string {
  const e = r.exercises;
  let line = `Exercise bank: ${e.inserted} added, ${e.updated} updated, ${e.unchanged} unchanged`;
  if (r.newer.length > 0)
    line += `; kept as an admin edited them, although the bank has a newer version: ${r.newer.map((t) => `"${t}"`).join(", ")}`;
  if (r.skipped.length > 0) line += `; skipped ${r.skipped.map((s) => `${s.name} (${s.reason})`).join(", ")}`;
  if (r.drawings.recorded > 0) line += `; ${r.drawings.recorded} drawing test(s) recorded`;
  if (r.drawings.stillRecording) line += "; drawing tests still being recorded in the background";
  if (r.drawings.failed.length > 0)
    line += `; drawing tests not recorded (tried again at the next start or Save): ${r.drawings.failed.map((f) => `"${f.title}" (${f.reason})`).join(", ")}`;
  return line;
}
