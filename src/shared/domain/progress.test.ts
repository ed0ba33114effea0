// The teacher's per-student status on an assignment (decision 029, amended for issue 19 #5).
import { describe, expect, it } from "vitest";
import {
  PROGRESS_LABELS,
  PROGRESS_MEANINGS,
  PROGRESS_STATUSES,
  progressStatus,
  testRunActivity,
} from "./progress.ts";

const final = (teacherGrade: number | null, submittedAt = "2026-11-20T10:00:00Z") => ({
  teacherGrade,
  submittedAt,
});

describe("progressStatus", () => {
  it("is Not Viewed only when the student has neither opened the work nor run a test", () => {
    expect(progressStatus([], false)).toBe("not_viewed");
  });

  it("is In Progress once the student opened the work or ran tests without handing in", () => {
    expect(progressStatus([], true)).toBe("in_progress");
    expect(PROGRESS_LABELS[progressStatus([], true)]).toBe("In Progress");
  });

  it("follows the newest hand-in once there is one, whatever else happened", () => {
    expect(progressStatus([final(null)], true)).toBe("awaiting_grade");
    expect(progressStatus([final(null)], false)).toBe("awaiting_grade");
    expect(progressStatus([final(80)], true)).toBe("graded");
    expect(progressStatus([final(null), final(70)], true)).toBe("submitted");
  });

  it("keeps the spec's four labels and explains every status", () => {
    expect(Object.values(PROGRESS_LABELS)).toEqual(
      expect.arrayContaining(["Not Viewed", "Submitted", "Awaiting Grade", "Graded"]),
    );
    for (const status of PROGRESS_STATUSES) expect(PROGRESS_MEANINGS[status].length).toBeGreaterThan(10);
  });
});

describe("testRunActivity", () => {
  it("counts test runs apart from the status", () => {
    expect(testRunActivity(0, false)).toBeNull();
    expect(testRunActivity(1, false)).toBe("1 test run, not handed in");
    expect(testRunActivity(3, true)).toBe("3 test runs");
  });
});
