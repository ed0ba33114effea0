import { describe, expect, it } from "vitest";
import {
  DIFFICULTY_SCORE_RULE,
  daysSince,
  difficultyBand,
  difficultyParts,
  difficultyScore,
  engagementStatus,
  failedHandInsText,
  fallingBehindRisk,
  insightsFailureTone,
  SCORE_BUCKETS,
  scoreBucket,
  strugglingRisk,
  workStatus,
} from "./insights.ts";

const area = { kind: "assignment", id: "a", name: "Loops", score: 40 } as const;

describe("struggling (spec 02 §9)", () => {
  it("needs an average below 60 and at least one struggling area; high below 50", () => {
    expect(strugglingRisk(null, [area])).toBeNull();
    expect(strugglingRisk(60, [area])).toBeNull();
    expect(strugglingRisk(59.9, [])).toBeNull();
    expect(strugglingRisk(59.9, [area])?.level).toBe("medium");
    expect(strugglingRisk(50, [area])?.level).toBe("medium");
    expect(strugglingRisk(49.9, [area])).toEqual({
      level: "high",
      reason: "Average score 49.9%. Struggling with: Loops: latest score 40%",
    });
  });
});

describe("falling behind (spec 02 §9)", () => {
  it("inactive more than 5 days, or completion below 40 %; high when inactive more than 10 days", () => {
    expect(fallingBehindRisk(5, true, 2, 4)).toBeNull();
    expect(fallingBehindRisk(6, true, 2, 4)).toEqual({ level: "medium", reason: "No activity for 6 days" });
    expect(fallingBehindRisk(10, true, 4, 4)?.level).toBe("medium");
    expect(fallingBehindRisk(11, true, 4, 4)?.level).toBe("high");
    expect(fallingBehindRisk(0, true, 2, 5)).toBeNull(); // exactly 40 %
    expect(fallingBehindRisk(0, true, 1, 3)).toEqual({
      level: "medium",
      reason: "Completed 1 of 3 assignments (33.3%)",
    });
    expect(fallingBehindRisk(0, true, 0, 0)).toBeNull(); // no assignments: no completion figure
    expect(fallingBehindRisk(12, false, 0, 2)?.reason).toBe(
      "No activity since joining the class 12 days ago. Completed 0 of 2 assignments (0%)",
    );
  });

  it("counts whole days", () => {
    const now = new Date("2026-03-16T12:00:00Z");
    expect(daysSince(new Date("2026-03-10T13:00:00Z"), now)).toBe(5);
    expect(daysSince(new Date("2026-03-10T11:00:00Z"), now)).toBe(6);
  });
});

describe("difficulty", () => {
  it("score = failure rate / 100 × 4 + min(attempts, 4) × 0.5; ≤ 2 easy, ≤ 4 medium, else hard", () => {
    expect(difficultyScore(null, 1)).toBeNull();
    expect(difficultyScore(50, 2)).toBe(3);
    expect(difficultyScore(100, 9)).toBe(6);
    expect(difficultyBand(null)).toBeNull();
    expect(difficultyBand(2)).toBe("easy");
    expect(difficultyBand(2.01)).toBe("medium");
    expect(difficultyBand(4)).toBe("medium");
    expect(difficultyBand(4.01)).toBe("hard");
  });
});

// Issue 19 #6: one hand-in at 66.7 % read as "100% failed · High" beside an unexplained "score 4".
describe("the assignment's failure rate and difficulty in words", () => {
  it("counts hand-ins that failed a test instead of a percentage of them", () => {
    expect(failedHandInsText(1, 1)).toBe("1 of 1 hand-in failed a test");
    expect(failedHandInsText(1, 3)).toBe("1 of 3 hand-ins failed a test");
    expect(failedHandInsText(0, 0)).toBeNull();
  });

  it("splits the score into the parts the rule adds up", () => {
    expect(difficultyParts(100, 0)).toBe("4 from failed hand-ins + 0 from tries before handing in");
    expect(difficultyParts(50, 9)).toBe("2 from failed hand-ins + 2 from tries before handing in");
    expect(difficultyParts((1 / 3) * 100, 5 / 3)).toBe(
      "1.3 from failed hand-ins + 0.8 from tries before handing in",
    );
    expect(difficultyParts(null, 1)).toBeNull();
    expect(DIFFICULTY_SCORE_RULE).toMatch(/0 to 6/);
  });
});

describe("engagement and colours", () => {
  it("≥ 70 high, ≥ 50 medium, else low; null without students", () => {
    expect(engagementStatus(null)).toBeNull();
    expect(engagementStatus(70)).toBe("high");
    expect(engagementStatus(69.9)).toBe("medium");
    expect(engagementStatus(50)).toBe("medium");
    expect(engagementStatus(49.9)).toBe("low");
  });

  it("insights test-case view: over 70 red, over 40 yellow, else green", () => {
    expect(insightsFailureTone(70.1)).toBe("red");
    expect(insightsFailureTone(70)).toBe("yellow");
    expect(insightsFailureTone(40)).toBe("green");
  });

  it("score buckets cover 0–100 with 100 in the last", () => {
    expect(SCORE_BUCKETS).toHaveLength(10);
    expect(scoreBucket(0)).toBe(0);
    expect(scoreBucket(89.9)).toBe(8);
    expect(scoreBucket(100)).toBe(9);
    expect(SCORE_BUCKETS[9].label).toBe("90–100");
  });

  it("work status", () => {
    expect(workStatus(true, true)).toBe("completed");
    expect(workStatus(false, true)).toBe("in_progress");
    expect(workStatus(false, false)).toBe("not_started");
  });
});
