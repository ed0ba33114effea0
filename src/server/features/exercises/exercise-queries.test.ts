// The browser list's summary of a description.
import { describe, expect, it } from "vitest";
import { EXERCISE_SUMMARY_LENGTH } from "@/shared/api/exercises.ts";
import { descriptionSummary } from "./exercise-queries.ts";

describe("descriptionSummary", () => {
  it("keeps a description that fits, whole", () => {
    const fits = "x".repeat(EXERCISE_SUMMARY_LENGTH);
    expect(descriptionSummary(fits)).toBe(fits);
    expect(descriptionSummary("")).toBe("");
  });

  it("cuts a longer one at a space near the end, with …, never over the length", () => {
    const words = "Print the total of the numbers you read. ".repeat(20);
    const summary = descriptionSummary(words);
    expect(summary.length).toBeLessThanOrEqual(EXERCISE_SUMMARY_LENGTH);
    expect(summary.length).toBeGreaterThan(EXERCISE_SUMMARY_LENGTH - 40);
    expect(summary.endsWith("…")).toBe(true);
    expect(words.startsWith(`${summary.slice(0, -1)} `)).toBe(true);
  });

  it("cuts a text without spaces at the length, and never through a character outside the BMP", () => {
    expect(descriptionSummary("y".repeat(500))).toBe(`${"y".repeat(EXERCISE_SUMMARY_LENGTH - 1)}…`);
    const emoji = "🐍".repeat(300); // two UTF-16 units each
    const summary = descriptionSummary(emoji);
    expect(summary.length).toBeLessThanOrEqual(EXERCISE_SUMMARY_LENGTH);
    expect(summary).toBe(`${"🐍".repeat((EXERCISE_SUMMARY_LENGTH - 2) / 2)}…`);
  });
});
