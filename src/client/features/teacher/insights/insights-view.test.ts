import { describe, expect, it } from "vitest";
import {
  categoryRows,
  categorySummary,
  dailySubmissions,
  dailySummary,
  failureBand,
  leftStudentsNote,
  numberOrNoData,
  percentOrNoData,
  scoreSummary,
  triedExercises,
} from "./insights-view.ts";

describe("failure-rate bands on the insights view (spec 02 §9: > 70 red, > 40 yellow, else green)", () => {
  it("over 70 is red and says High", () => {
    expect(failureBand(70.1)).toEqual({ tone: "red", band: "High", text: "70.1% failed · High" });
    expect(failureBand(100).tone).toBe("red");
  });
  it("exactly 70 is not over 70: yellow", () => {
    expect(failureBand(70)).toEqual({ tone: "yellow", band: "Medium", text: "70% failed · Medium" });
  });
  it("over 40 is yellow; exactly 40 is green", () => {
    expect(failureBand(40.5).tone).toBe("yellow");
    expect(failureBand(40)).toEqual({ tone: "green", band: "Low", text: "40% failed · Low" });
    expect(failureBand(0).tone).toBe("green");
  });
  it("every band carries words, not only a colour", () => {
    for (const rate of [0, 41, 71]) expect(failureBand(rate).band).not.toBe("");
  });
  it("a case nobody ran says No data yet (never an estimate)", () => {
    expect(failureBand(null)).toEqual({ tone: "slate", band: "", text: "No data yet" });
  });
});

describe("figures without data", () => {
  it("say No data yet", () => {
    expect(percentOrNoData(null)).toBe("No data yet");
    expect(numberOrNoData(null)).toBe("No data yet");
  });
  it("otherwise show the number, one decimal at most", () => {
    expect(percentOrNoData(66.6667)).toBe("66.7%");
    expect(percentOrNoData(0)).toBe("0%");
    expect(numberOrNoData(1.25)).toBe("1.3");
  });
});

const perDay = {
  days: ["2026-11-21", "2026-11-22", "2026-11-23"],
  series: [
    { class: { id: "a", name: "10X" }, counts: [1, 0, 3] },
    { class: { id: "b", name: "11Y" }, counts: [2, 0, 0] },
  ],
};

describe("submissions per day", () => {
  it("one class's counts, labelled by day", () => {
    expect(dailySubmissions(perDay, "a").map((r) => [r.label, r.count])).toEqual([
      ["21 Nov", 1],
      ["22 Nov", 0],
      ["23 Nov", 3],
    ]);
  });
  it("All Classes adds the classes up", () => {
    expect(dailySubmissions(perDay, null).map((r) => r.count)).toEqual([3, 0, 3]);
  });
  it("says the total, the busiest day and the quiet days in words", () => {
    expect(dailySummary(dailySubmissions(perDay, null))).toBe(
      "6 submissions in the last 3 days; busiest day Sat 21 Nov with 3; 1 day with none.",
    );
    expect(dailySummary(dailySubmissions({ ...perDay, series: [] }, null))).toBe(
      "No submissions in the last 3 days.",
    );
  });
});

describe("score distribution and category completion in words", () => {
  it("names every band that has students", () => {
    const buckets = [
      { label: "0–9", from: 0, to: 9, count: 1 },
      { label: "90–100", from: 90, to: 100, count: 2 },
    ];
    expect(scoreSummary(buckets)).toBe("3 students' latest scores: 1 in 0–9, 2 in 90–100.");
    expect(scoreSummary([{ label: "50–59", from: 50, to: 59, count: 1 }])).toBe(
      "1 student's latest score: 1 in 50–59.",
    );
    expect(scoreSummary(buckets.map((b) => ({ ...b, count: 0 })))).toMatch(/No final submissions yet/);
  });

  it("an empty category charts as 0 but reads No data yet", () => {
    const rows = categoryRows([
      { category: { id: "1", name: "Loops" }, completed: 1, inProgress: 1, total: 3, completionRate: 33.333 },
      { category: { id: "2", name: "Empty" }, completed: 0, inProgress: 0, total: 0, completionRate: null },
    ]);
    expect(rows.map((r) => [r.name, r.percent, r.percentText])).toEqual([
      ["Loops", 33, "33.3%"],
      ["Empty", 0, "No data yet"],
    ]);
    expect(categorySummary(rows)).toBe("1 of 3 exercises completed; furthest in Loops (33.3%).");
  });

  it("lists the exercises tried and counts the rest", () => {
    const ex = (status: "completed" | "in_progress" | "not_started") => ({
      id: status,
      title: status,
      category: { id: "c", name: "C" },
      difficulty: "easy",
      status,
      score: null,
      attempts: 0,
      lastActivity: null,
    });
    const { tried, notStarted } = triedExercises([ex("completed"), ex("not_started"), ex("in_progress")]);
    expect(tried.map((e) => e.status)).toEqual(["completed", "in_progress"]);
    expect(notStarted).toBe(1);
  });
});

describe("the note beside the tiles about students who left (issue 19 #14)", () => {
  it("says nothing when nobody left, and counts one or more in plain words", () => {
    expect(leftStudentsNote(0)).toBeNull();
    expect(leftStudentsNote(1)).toBe(
      "These figures count the students in the class now: 1 student who has left is not counted. Their hand-ins stay on each assignment's page.",
    );
    expect(leftStudentsNote(3)).toContain("3 students who have left are not counted");
  });
});
