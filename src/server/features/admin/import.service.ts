// The admin's JSON import (spec 02 §3, §5, §8): every exercise checked first (title, description
// and a known category — by id, or by name as the bank's files write it, through the resolver the
// seeding uses too; every field within the admin form's limits, a refusal naming the field), the
// spec's defaults filled in, display_order continuing after the exercises already there. A file of
// more than IMPORT_LIMITS.exercises is refused whole. Then the good ones are
// written in batches of one transaction each; if a batch fails, its exercises are written again
// one transaction each, so every exercise is stored whole or not at all and the error names it.
// A test marked compare_drawing gets its solution's drawing recorded by the grader first; an
// exercise whose solution draws nothing for it is not imported, and the error says why (077).
import { count } from "drizzle-orm";
import { isUuid } from "@/server/auth/access.ts";
import type { Db } from "@/server/db/client.ts";
import { exercises } from "@/server/db/schema.ts";
import { AppError, badRequest } from "@/server/errors.ts";
import {
  categoryResolver,
  cleanHints,
  cleanSolution,
  cleanTestCases,
  type ExerciseRecord,
  loadCategories,
  recordExerciseDrawings,
  writeExercises,
} from "@/server/features/exercises/index.ts";
import type { GraderPool } from "@/server/python/index.ts";
import { IMPORT_MESSAGES, ImportExercise, ImportFile } from "@/shared/api/exercise-file.ts";
import type { ImportResult } from "@/shared/api/exercises.ts";

/** Exercises per transaction: a 2,000-exercise file is four batches. */
export const IMPORT_BATCH = 500;

const blank = (s: unknown) => typeof s !== "string" || s.trim() === "";

export const importFailedToSave = (title: string) => `Exercise "${title}" could not be saved.`;
export const importInvalidField = (title: string, field: string) =>
  `Exercise "${title}" has an invalid ${field}.`;

/** An exercise with drawing tests left out once the import has spent its time recording drawings. */
export const importDrawingTimeUp = (title: string) =>
  `Exercise "${title}": its drawing tests were not recorded: this import has used its time for recording drawings. Import it again in a smaller file.`;

/**
 * The grader time one import may spend recording its drawing tests (decision 077). A bank of a few
 * hundred GCSE turtle exercises takes seconds; a solution that never ends takes up to a submission's
 * budget (20 s), so a file of 2,000 of them held a grader slot and the request for hours. Tests lower it.
 */
export const importDrawingBudget = { ms: 120_000 };

type Checked = { title: string; record: ExerciseRecord };

/** A field as the file writes it: `testCases[2].expected_output`. */
const fieldPath = (path: PropertyKey[]) =>
  path.map((p, i) => (typeof p === "number" ? `[${p}]` : `${i > 0 ? "." : ""}${String(p)}`)).join("");

export async function importExercises(db: Db, grader: GraderPool, body: unknown): Promise<ImportResult> {
  const file = ImportFile.safeParse(body);
  if (!file.success) {
    // An `exercises` array of too many is the one refusal with its own message (tooManyExercises).
    const issue = file.error.issues[0];
    if (issue?.code === "custom") throw badRequest(issue.message, "INVALID_FILE");
    throw badRequest(IMPORT_MESSAGES.badFormat, "INVALID_FILE");
  }

  const categories = await loadCategories(db);
  const byId = new Set(categories.map((c) => c.id));
  const byName = categoryResolver(categories);
  const [{ n: existing }] = await db.select({ n: count() }).from(exercises);

  const errors: ImportResult["errors"] = [];
  const good: Checked[] = [];
  let drawingMs = 0;
  for (const item of file.data.exercises) {
    const raw = (item && typeof item === "object" ? item : {}) as Record<string, unknown>;
    const title = typeof raw.title === "string" ? raw.title.trim() : "";
    const missing = (fields: string[]) =>
      errors.push({ title, message: IMPORT_MESSAGES.missingFields(title, fields) });
    // Every required field that is absent or blank, named as the file writes it.
    const absent = [
      ...(blank(raw.title) ? ["title"] : []),
      ...(blank(raw.description) ? ["description"] : []),
      ...(blank(raw.category_id) && blank(raw.category) ? ["category"] : []),
    ];
    if (absent.length > 0) {
      missing(absent);
      continue;
    }
    const parsed = ImportExercise.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = String(issue?.path[0] ?? "field");
      if (issue?.code === "too_big") {
        errors.push({ title, message: IMPORT_MESSAGES.tooLong(title, fieldPath(issue.path), issue.message) });
      } else errors.push({ title, message: importInvalidField(title, field) });
      continue;
    }
    const e = parsed.data;
    const given = (blank(e.category_id) ? e.category : e.category_id) ?? "";
    const categoryId = blank(e.category_id)
      ? byName(given)?.id
      : isUuid(given) && byId.has(given)
        ? given
        : undefined;
    if (!categoryId) {
      errors.push({ title, message: IMPORT_MESSAGES.unknownCategory(title, given) });
      continue;
    }
    const solution = cleanSolution(e.solution);
    let testCases = cleanTestCases(
      e.testCases.map((t) => ({
        ...t,
        expectedOutput: t.expected_output,
        compareDrawing: t.compare_drawing,
      })),
    );
    if (testCases.some((t) => t.compareDrawing)) {
      if (drawingMs >= importDrawingBudget.ms) {
        errors.push({ title, message: importDrawingTimeUp(title) });
        continue;
      }
      const started = performance.now();
      try {
        testCases = await recordExerciseDrawings(grader, solution, testCases);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        errors.push({ title, message: `Exercise "${title}": ${err.message}` });
        continue;
      } finally {
        drawingMs += performance.now() - started;
      }
    }
    good.push({
      title,
      record: {
        title,
        description: e.description,
        difficulty: e.difficulty,
        language: e.language,
        categoryId,
        starterCode: e.starter_code,
        solution,
        hints: cleanHints(e.hints),
        estimatedTime: e.estimated_time,
        displayOrder: existing + good.length,
        testCases,
      },
    });
  }

  let imported = 0;
  for (let i = 0; i < good.length; i += IMPORT_BATCH) {
    const batch = good.slice(i, i + IMPORT_BATCH);
    try {
      await db.transaction((tx) => writeExercises(tx, batch));
      imported += batch.length;
    } catch {
      // Something in the batch could not be stored: find which, one transaction per exercise.
      for (const one of batch) {
        try {
          await db.transaction((tx) => writeExercises(tx, [one]));
          imported += 1;
        } catch (err) {
          console.error(
            `import: "${one.title}" could not be saved:`,
            err instanceof Error ? err.message : err,
          );
          errors.push({ title: one.title, message: importFailedToSave(one.title) });
        }
      }
    }
  }
  return { imported, failed: errors.length, errors };
}
