import { describe, expect, it } from "vitest";
import { formatPercent, percentCompleted, progressAction, submissionNumber } from "./progress-view.ts";

describe("progress summary", () => {
  it("percent completed rounds and survives an empty class", () => {
    expect(percentCompleted(1, 3)).toBe(33);
    expect(percentCompleted(2, 3)).toBe(67);
    expect(percentCompleted(0, 0)).toBe(0);
  });
  it("percentages keep at most one decimal", () => {
    expect(formatPercent(66.666)).toBe("66.7%");
    expect(formatPercent(50)).toBe("50%");
  });
  it("offers the row action by status", () => {
    expect(progressAction("graded")).toBe("View Submission");
    expect(progressAction("awaiting_grade")).toBe("Grade Submission");
    expect(progressAction("submitted")).toBe("Grade Submission");
    expect(progressAction("not_viewed")).toBeNull();
  });
  it("numbers newest-first submissions so the oldest is #1", () => {
    expect([0, 1, 2].map((i) => submissionNumber(i, 3))).toEqual([3, 2, 1]);
  });
});
