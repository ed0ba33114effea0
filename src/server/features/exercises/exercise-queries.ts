// The one query for exercises with their category, in library order, and the one loader of their
// test cases: the student's browser and workspace, the admin's list and the bank's seeding read
// through them, each adding only the columns it needs (the browser never loads solutions).
import { asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { exerciseCategories, exercises, exerciseTestCases } from "@/server/db/schema.ts";
import type { ExerciseDifficulty } from "@/shared/api/exercise-file.ts";
import { EXERCISE_SUMMARY_LENGTH, type ExerciseListItem } from "@/shared/api/exercises.ts";
import type { DbOrTx } from "./exercise-store.ts";

/** What every reader of an exercise gets: the list item's fields. */
const summaryColumns = {
  id: exercises.id,
  title: exercises.title,
  description: exercises.description,
  difficulty: exercises.difficulty,
  language: exercises.language,
  estimatedTime: exercises.estimatedTime,
  displayOrder: exercises.displayOrder,
  categoryId: exerciseCategories.id,
  categoryName: exerciseCategories.name,
  categoryDescription: exerciseCategories.description,
};

/**
 * The browser's list reads a description's first characters only, one more than the summary keeps
 * (so a cut shows): 7,000 exercises of 20,000 characters are not loaded to send 200 of each.
 */
export const listDescription = {
  description: sql<string>`left(${exercises.description}, ${EXERCISE_SUMMARY_LENGTH + 1})`,
};

/**
 * What the list shows of a description: all of it up to EXERCISE_SUMMARY_LENGTH characters,
 * else its start, cut at a space when one is near the end, with "…" (never over the length).
 */
export function descriptionSummary(text: string): string {
  if (text.length <= EXERCISE_SUMMARY_LENGTH) return text;
  let cut = text.slice(0, EXERCISE_SUMMARY_LENGTH - 1);
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1); // never half a character
  const space = cut.search(/\s\S*$/);
  if (space > EXERCISE_SUMMARY_LENGTH - 40) cut = cut.slice(0, space);
  return `${cut.trimEnd()}…`;
}

export type ExerciseSummaryRow = {
  id: string;
  title: string;
  description: string;
  difficulty: string;
  language: string;
  estimatedTime: string;
  displayOrder: number;
  categoryId: string;
  categoryName: string;
  categoryDescription: string;
};

/**
 * Exercises joined with their category, filtered by `where`, in library order (category display
 * order, then the exercise's, title, id), with the summary columns plus `extra` (which may replace
 * one: the browser's list reads only the start of each description, summaryColumnsForList).
 */
export function selectExercises<Extra extends Record<string, PgColumn | SQL>>(
  db: DbOrTx,
  extra: Extra,
  where?: SQL,
) {
  return db
    .select({ ...summaryColumns, ...extra })
    .from(exercises)
    .innerJoin(exerciseCategories, eq(exerciseCategories.id, exercises.categoryId))
    .where(where)
    .orderBy(
      asc(exerciseCategories.displayOrder),
      asc(exercises.displayOrder),
      asc(exercises.title),
      asc(exercises.id),
    );
}

/** The list item's fields of a row (the browser adds the caller's completion). */
export const toExerciseSummary = (r: ExerciseSummaryRow): Omit<ExerciseListItem, "isCompleted"> => ({
  id: r.id,
  title: r.title,
  description: r.description,
  difficulty: r.difficulty as ExerciseDifficulty,
  language: r.language as ExerciseListItem["language"],
  estimatedTime: r.estimatedTime,
  displayOrder: r.displayOrder,
  category: { id: r.categoryId, name: r.categoryName, description: r.categoryDescription },
});

export type TestCaseRow = typeof exerciseTestCases.$inferSelect;

/** The test cases of the exercises `ids` (every exercise's when omitted), each list in order. */
export async function testCasesByExercise(db: DbOrTx, ids?: string[]): Promise<Map<string, TestCaseRow[]>> {
  const rows = await db
    .select()
    .from(exerciseTestCases)
    .where(ids ? inArray(exerciseTestCases.exerciseId, ids) : undefined)
    .orderBy(asc(exerciseTestCases.displayOrder), asc(exerciseTestCases.id));
  const byExercise = new Map<string, TestCaseRow[]>();
  for (const t of rows) {
    const list = byExercise.get(t.exerciseId);
    if (list) list.push(t);
    else byExercise.set(t.exerciseId, [t]);
  }
  return byExercise;
}
