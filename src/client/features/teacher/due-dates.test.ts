import { describe, expect, it } from "vitest";
import { dueDateLabel, dueDateToIso, isoToDateInput } from "./due-dates.ts";

describe("due dates", () => {
  it("turns a picked day into the end of that local day and back", () => {
    const iso = dueDateToIso("2026-03-12");
    expect(iso).not.toBeNull();
    const due = new Date(iso!);
    expect([due.getFullYear(), due.getMonth(), due.getDate(), due.getHours()]).toEqual([2026, 2, 12, 23]);
    expect(isoToDateInput(iso)).toBe("2026-03-12");
  });
  it("treats an empty or malformed field as no due date", () => {
    expect(dueDateToIso("")).toBeNull();
    expect(dueDateToIso("12/03/2026")).toBeNull();
    expect(isoToDateInput(null)).toBe("");
    expect(isoToDateInput("not a date")).toBe("");
  });
  it("labels a missing due date with the spec's text", () => {
    expect(dueDateLabel(null)).toBe("No due date");
    expect(dueDateLabel(new Date(2026, 2, 12, 12).toISOString())).toBe("Due 12 Mar 2026");
  });
});
