import { describe, expect, it } from "vitest";
import { INTERCHANGE_LIMITS, INTERCHANGE_MESSAGES } from "@/shared/api/interchange.ts";
import { importableNumbers, importLabel, readImportFile, testsSummary } from "./read-file.ts";

describe("import file rules", () => {
  it("refuses no file and a file over the limit before reading it", async () => {
    expect(await readImportFile(null)).toEqual({ ok: false, message: INTERCHANGE_MESSAGES.noFile });
    const big = new File([new Uint8Array(INTERCHANGE_LIMITS.fileBytes + 1)], "bank.xml");
    expect(await readImportFile(big)).toEqual({ ok: false, message: INTERCHANGE_MESSAGES.fileTooLarge });
    expect(await readImportFile(new File(["<quiz/>"], "bank.xml"))).toEqual({ ok: true, text: "<quiz/>" });
  });

  it("says what a question brings and ticks the importable ones", () => {
    expect(testsSummary([])).toBe("0 tests");
    expect(testsSummary([{ hidden: false }])).toBe("1 test");
    expect(testsSummary([{ hidden: false }, { hidden: true }, { hidden: true }])).toBe("3 tests, 2 hidden");
    expect(
      importableNumbers([
        { number: 1, importable: true },
        { number: 2, importable: false },
      ]),
    ).toEqual([1]);
    expect([importLabel(1), importLabel(2)]).toEqual(["Import 1 question", "Import 2 questions"]);
  });
});
