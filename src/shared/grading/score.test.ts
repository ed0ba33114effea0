import { describe, expect, it } from "vitest";
import { gradeFrom, scorePercent, summaryText } from "./score.ts";

describe("score", () => {
  it("is passed / total × 100", () => {
    expect(scorePercent(3, 4)).toBe(75);
    expect(scorePercent(4, 4)).toBe(100);
    expect(scorePercent(0, 3)).toBe(0);
    expect(scorePercent(1, 3)).toBeCloseTo(33.333, 2);
  });

  it("is 0 when there are no tests", () => {
    expect(scorePercent(0, 0)).toBe(0);
    expect(gradeFrom([])).toEqual({ passed: 0, total: 0, score: 0, results: [] });
  });

  it("reads 'Passed: x/y tests'", () => {
    expect(summaryText(2, 5)).toBe("Passed: 2/5 tests");
  });

  it("counts passed results", () => {
    const r = (passed: boolean) => ({ passed, output: "", error: null, timeMs: 1 });
    const g = gradeFrom([r(true), r(false), r(true), r(true)]);
    expect([g.passed, g.total, g.score]).toEqual([3, 4, 75]);
  });
});
