// The Import Exercises modal's rules: the file's size and outer shape checked in the browser (the
// server checks each exercise), and the spec 02 §8 texts composed from the server's answer.
import { IMPORT_LIMITS, IMPORT_MESSAGES, ImportFile } from "@/shared/api/exercise-file.ts";
import type { ImportResult } from "@/shared/api/exercises.ts";

export type ParsedFile = { ok: true; file: { exercises: unknown[] } } | { ok: false; message: string };

/** A file over the import's size limit is refused before it is read or sent (null: it fits). */
export const importFileTooLarge = (bytes: number): string | null =>
  bytes > IMPORT_LIMITS.fileBytes ? IMPORT_MESSAGES.fileTooLarge : null;

/** The file's text must parse as JSON with an `exercises` array, of at most IMPORT_LIMITS.exercises. */
export function parseImportFile(text: string): ParsedFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, message: IMPORT_MESSAGES.badFormat };
  }
  const checked = ImportFile.safeParse(json);
  if (checked.success) return { ok: true, file: json as { exercises: unknown[] } };
  // Too many exercises is the one refusal with its own message (tooManyExercises).
  const issue = checked.error.issues[0];
  return { ok: false, message: issue?.code === "custom" ? issue.message : IMPORT_MESSAGES.badFormat };
}

export type ImportOutcome = {
  tone: "success" | "warning" | "error";
  message: string;
  /** Per-exercise errors, by title, to list under the message. */
  errors: ImportResult["errors"];
};

/**
 * 'Successfully imported {n} exercise(s).' when all went in; 'Imported {n} of {total}; {m} were
 * skipped:' (a warning, the list follows) when some failed; 'Failed to import any exercises.
 * Errors: ...' when none went in.
 */
export function importOutcome(result: ImportResult): ImportOutcome {
  if (result.imported === 0 && result.failed > 0) {
    const list = result.errors.map((e) => e.message).join("; ");
    return { tone: "error", message: IMPORT_MESSAGES.noneImported(list), errors: result.errors };
  }
  if (result.failed > 0) {
    const message = IMPORT_MESSAGES.partial(result.imported, result.imported + result.failed);
    return { tone: "warning", message, errors: result.errors };
  }
  return { tone: "success", message: IMPORT_MESSAGES.success(result.imported), errors: result.errors };
}

/** A request that failed as a whole: 'Import failed: {message}'. */
export const importFailure = (message: string): ImportOutcome => ({
  tone: "error",
  message: IMPORT_MESSAGES.failed(message),
  errors: [],
});
