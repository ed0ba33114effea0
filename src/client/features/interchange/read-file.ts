// The import dialogs' file rules: too large is refused before the file is read or sent (the
// server says the same with a 413), an empty choice is named.
import { INTERCHANGE_LIMITS, INTERCHANGE_MESSAGES } from "@/shared/api/interchange.ts";

export type ReadFile = { ok: true; text: string } | { ok: false; message: string };

export async function readImportFile(file: File | null | undefined): Promise<ReadFile> {
  if (!file) return { ok: false, message: INTERCHANGE_MESSAGES.noFile };
  if (file.size > INTERCHANGE_LIMITS.fileBytes)
    return { ok: false, message: INTERCHANGE_MESSAGES.fileTooLarge };
  return { ok: true, text: await file.text() };
}

/** "3 tests, 1 hidden": what a question brings, in words. */
export function testsSummary(tests: { hidden: boolean }[]): string {
  const hidden = tests.filter((t) => t.hidden).length;
  const all = `${tests.length} ${tests.length === 1 ? "test" : "tests"}`;
  return hidden > 0 ? `${all}, ${hidden} hidden` : all;
}

/** The questions a preview starts with ticked: every one that can be imported. */
export const importableNumbers = (questions: { number: number; importable: boolean }[]) =>
  questions.filter((q) => q.importable).map((q) => q.number);

/** The confirm button's words: "Import 1 question" / "Import 3 questions". */
export const importLabel = (n: number) => `Import ${n} ${n === 1 ? "question" : "questions"}`;
