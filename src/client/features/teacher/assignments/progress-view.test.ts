import { describe, expect, it } from "vitest";
import type { TestCasePerformance } from "@/shared/api/assignments.ts";
import {
  challengingAreas,
  formatPercent,
  percentCompleted,
  progressAction,
  submissionNumber,
  topTestCases,
} from "./progress-view.ts";

const tc = (id: string, runs: number, failures: number): TestCasePerformance => ({
  testCaseId: id,
  position: Number(id.slice(1)),
  description: id,
  hidden: false,
  runs,
  failures,
  failureRate: runs ? (failures / runs) * 100 : null,
});

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

describe("insights panel", () => {
  const list = [
    tc("t0", 4, 1),
    tc("t1", 0, 0),
    tc("t2", 4, 3),
    tc("t3", 4, 0),
    tc("t4", 4, 2),
    tc("t5", 4, 1),
    tc("t6", 2, 2),
  ];
  it("lists the top 5 by failure rate, cases with no data last", () => {
    expect(topTestCases(list).map((t) => t.testCaseId)).toEqual(["t6", "t2", "t4", "t0", "t5"]);
    expect(topTestCases([tc("a1", 0, 0), tc("a2", 2, 0)]).map((t) => t.testCaseId)).toEqual(["a2", "a1"]);
  });
  it("challenging areas are the top 3 that have failures", () => {
    expect(challengingAreas(list).map((t) => t.testCaseId)).toEqual(["t6", "t2", "t4"]);
    expect(challengingAreas([tc("t3", 4, 0), tc("t1", 0, 0)])).toEqual([]);
  });
});
