import { describe, expect, it } from "vitest";
import { IMPORT_MESSAGES } from "@/shared/api/exercise-file.ts";
import { importFailure, importOutcome, parseImportFile } from "./import-file.ts";

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

  it("composes the spec's success, partial, none and failure texts", () => {
    expect(importOutcome({ imported: 3, failed: 0, errors: [] }).message).toBe(
      "Successfully imported 3 exercise(s).",
    );
    const missing = { title: "Lost", message: IMPORT_MESSAGES.missingFields("Lost") };
    const partial = importOutcome({ imported: 3, failed: 1, errors: [missing] });
    expect(partial).toEqual({
      tone: "success",
      message: "Successfully imported 3 exercise(s). 1 exercise(s) failed to import.",
      errors: [missing],
    });
    const none = importOutcome({
      imported: 0,
      failed: 2,
      errors: [missing, { title: "B", message: "Bad B." }],
    });
    expect(none.tone).toBe("error");
    expect(none.message).toBe(
      'Failed to import any exercises. Errors: Exercise "Lost" is missing required fields.; Bad B.',
    );
    expect(importFailure("Network down").message).toBe("Import failed: Network down");
  });
});
