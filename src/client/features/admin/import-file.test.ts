import { describe, expect, it } from "vitest";
import { IMPORT_LIMITS, IMPORT_MESSAGES } from "@/shared/api/exercise-file.ts";
import { importFailure, importFileTooLarge, importOutcome, parseImportFile } from "./import-file.ts";

describe("import file", () => {
  it("needs JSON with an exercises array", () => {
    const bad = { ok: false, message: 'Invalid file format. Expected an object with an "exercises" array.' };
    expect(parseImportFile("not json")).toEqual(bad);
    expect(parseImportFile("[]")).toEqual(bad);
    expect(parseImportFile('{"exercises": {}}')).toEqual(bad);
    expect(parseImportFile('{"exercises": [{"title": "x"}]}')).toEqual({
      ok: true,
      file: { exercises: [{ title: "x" }] },
    });
  });

  it("refuses, before sending, a file of more than 2,000 exercises or over 12 MB, saying so", () => {
    const many = JSON.stringify({ exercises: Array(IMPORT_LIMITS.exercises + 1).fill({}) });
    expect(parseImportFile(many)).toEqual({
      ok: false,
      message: "A file can hold at most 2,000 exercises; this one has 2,001. Split it into smaller files.",
    });
    expect(importFileTooLarge(IMPORT_LIMITS.fileBytes)).toBeNull();
    expect(importFileTooLarge(IMPORT_LIMITS.fileBytes + 1)).toBe(
      "The file is too large (at most 12 MB). Split it into smaller files.",
    );
    expect(IMPORT_MESSAGES.fileTooLarge).toBe(importFileTooLarge(IMPORT_LIMITS.fileBytes + 1));
  });

  it("composes the success, partial (a warning naming how many of how many), none and failure texts", () => {
    expect(importOutcome({ imported: 3, failed: 0, errors: [] }).message).toBe(
      "Successfully imported 3 exercise(s).",
    );
    const missing = { title: "Lost", message: IMPORT_MESSAGES.missingFields("Lost", ["description"]) };
    const partial = importOutcome({ imported: 3, failed: 1, errors: [missing] });
    expect(partial).toEqual({
      tone: "warning",
      message: "Imported 3 of 4; 1 was skipped:",
      errors: [missing],
    });
    expect(importOutcome({ imported: 1, failed: 2, errors: [missing, missing] }).message).toBe(
      "Imported 1 of 3; 2 were skipped:",
    );
    const none = importOutcome({
      imported: 0,
      failed: 2,
      errors: [missing, { title: "B", message: "Bad B." }],
    });
    expect(none.tone).toBe("error");
    expect(none.message).toBe(
      'Failed to import any exercises. Errors: Exercise "Lost" is missing required fields: description.; Bad B.',
    );
    expect(importFailure("Network down").message).toBe("Import failed: Network down");
  });
});
