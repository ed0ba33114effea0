// The one write path for an exercise and its test cases, shared by the admin's forms, the JSON
// import and the bank's seeding: the spec 02 §5 rules (blank hints and inputs dropped, a test case
// kept only with a description AND an expected output) applied in one place, and batched so a
// 2,000-exercise import is a handful of statements.
import { inArray, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client.ts";
import { exercises, exerciseTestCases } from "@/server/db/schema.ts";
import type { ExerciseDifficulty } from "@/shared/api/exercise-file.ts";
import type { DrawingShape } from "@/shared/grading/drawing-shape.mjs";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

/** A test case as any writer hands it over; `inputs` (lines) wins over `input` when it has any. */
export type TestCaseDraft = {
  description?: string;
  input?: string;
  inputs?: string[];
  expectedOutput?: string;
  /** A drawing test (decision 077): the solution's drawing for this input must be matched too. */
  compareDrawing?: boolean;
};

export type StoredTestCase = {
  description: string;
  input: string;
  inputs: string[];
  expectedOutput: string;
  compareDrawing?: boolean;
  /** The solution's drawing (exercise-drawings.ts); null: not a drawing test, or not recorded yet. */
  expectedDrawing?: DrawingShape | null;
};

/** An exercise ready to store. `testCases` undefined on an update keeps the stored ones. */
export type ExerciseRecord = {
  title: string;
  description: string;
  difficulty: ExerciseDifficulty;
  language: string;
  categoryId: string;
  starterCode: string;
  solution: string | null;
  hints: string[];
  estimatedTime: string;
  displayOrder: number;
  testCases?: StoredTestCase[];
};

const blank = (s: string | undefined) => !s || s.trim() === "";

/** Blank hints are dropped (spec 02 §5). */
export const cleanHints = (hints: string[]) => hints.filter((h) => !blank(h));

/**
 * Spec 02 §5: blank input lines are dropped and a test case is saved only when both its
 * description and its expected output are non-blank. `inputs` are kept as lines; `input` is the
 * string the grader feeds (the non-blank lines joined, else the `input` given).
 */
export function cleanTestCases(cases: TestCaseDraft[]): StoredTestCase[] {
  return cases
    .filter((t) => !blank(t.description) && !blank(t.expectedOutput))
    .map((t) => {
      const inputs = (t.inputs ?? []).filter((line) => !blank(line));
      return {
        description: t.description!,
        inputs,
        input: inputs.length > 0 ? inputs.join("\n") : (t.input ?? ""),
        expectedOutput: t.expectedOutput!,
        compareDrawing: t.compareDrawing === true,
      };
    });
}

/** A solution of nothing but whitespace is no solution. */
export const cleanSolution = (s: string | null | undefined) => (blank(s ?? undefined) ? null : s!);

// PostgreSQL takes at most 65,535 parameters per statement: rows are written in chunks.
const EXERCISE_CHUNK = 500;
const TEST_CASE_CHUNK = 1_000;

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function columns(r: ExerciseRecord) {
  return {
    title: r.title,
    description: r.description,
    difficulty: r.difficulty,
    language: r.language,
    categoryId: r.categoryId,
    starterCode: r.starterCode,
    solution: r.solution,
    hints: r.hints,
    estimatedTime: r.estimatedTime,
    displayOrder: r.displayOrder,
  };
}

/** The bank exercise a row is written from: its id and version (the seeder's; decision 044). */
export type BankVersion = { id: string; hash: string };

const bankColumns = (bank: BankVersion | undefined) =>
  bank ? { bankId: bank.id, bankHash: bank.hash, bankSkippedHash: null } : {};

/**
 * Writes exercises with their test cases: a row with `id` updates that exercise (its test cases
 * replaced when `testCases` is given; students' attempts and summaries are untouched), a row
 * without inserts a new one. Call it inside a transaction so the batch is whole or nothing.
 * Returns the ids in the order given.
 */
export async function writeExercises(
  tx: DbOrTx,
  rows: { id?: string; record: ExerciseRecord; bank?: BankVersion }[],
) {
  const ids: string[] = new Array(rows.length);
  const now = new Date();

  const fresh = rows.map((row, i) => ({ row, i })).filter(({ row }) => !row.id);
  for (const part of chunks(fresh, EXERCISE_CHUNK)) {
    const inserted = await tx
      .insert(exercises)
      .values(part.map(({ row }) => ({ ...columns(row.record), ...bankColumns(row.bank) })))
      .returning({ id: exercises.id });
    // INSERT … RETURNING gives the rows back in the order of VALUES.
    part.forEach(({ i }, k) => {
      ids[i] = inserted[k].id;
    });
  }
  for (const [i, row] of rows.entries()) {
    if (!row.id) continue;
    ids[i] = row.id;
    await tx
      .update(exercises)
      .set({ ...columns(row.record), ...bankColumns(row.bank), updatedAt: now })
      .where(sql`${exercises.id} = ${row.id}`);
  }

  const replaced = rows.flatMap((row, i) => (row.id && row.record.testCases ? [ids[i]] : []));
  for (const part of chunks(replaced, EXERCISE_CHUNK))
    await tx.delete(exerciseTestCases).where(inArray(exerciseTestCases.exerciseId, part));

  const cases = rows.flatMap((row, i) =>
    (row.record.testCases ?? []).map((t, position) => ({
      exerciseId: ids[i],
      description: t.description,
      input: t.input,
      inputs: t.inputs,
      expectedOutput: t.expectedOutput,
      compareDrawing: t.compareDrawing === true,
      expectedDrawing: t.compareDrawing ? (t.expectedDrawing ?? null) : null,
      displayOrder: position,
    })),
  );
  for (const part of chunks(cases, TEST_CASE_CHUNK)) await tx.insert(exerciseTestCases).values(part);
  return ids;
}
