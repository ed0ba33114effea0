// The version of a bank exercise: a hash of everything a teacher or student sees of it. Stored
// per exercise (exercises.bank_hash) when the seeder writes it, and recomputed from the row at
// the next start: the same hash means nobody has edited the row since (decision 044).
import { createHash } from "node:crypto";
import { categoryKey, type ExerciseRecord } from "@/server/features/exercises/index.ts";
import { testCaseInput } from "@/shared/api/exercise-file.ts";

/**
 * The hash of an exercise's content. The category counts by name (as the resolver compares it),
 * not by id, so the hash is the bank's and the same in every database.
 */
export function contentHash(r: ExerciseRecord, categoryName: string): string {
  const canonical = JSON.stringify([
    r.title,
    r.description,
    r.difficulty,
    r.language,
    categoryKey(categoryName),
    r.starterCode,
    r.solution,
    r.hints,
    r.estimatedTime,
    r.displayOrder,
    // A drawing test (decision 077) adds its flag; other tests hash as they did before it existed,
    // so rows seeded earlier still hash to their bank_hash.
    (r.testCases ?? []).map((t) => [
      t.description,
      testCaseInput(t),
      t.inputs,
      t.expectedOutput,
      ...(t.compareDrawing ? [true] : []),
    ]),
  ]);
  return createHash("sha256").update(canonical).digest("hex");
}
