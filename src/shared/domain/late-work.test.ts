import { describe, expect, it } from "vitest";
import {
  formatLateness,
  isOverdue,
  LATE_WORK_LABELS,
  lateBy,
  lateHandInsText,
  lateWorkState,
} from "./late-work.ts";

const due = "2026-03-10T17:00:00.000Z";
const now = new Date("2026-03-12T18:00:00.000Z"); // a fixed clock: 2 days and 1 hour after the due date

describe("late work", () => {
  it("is late only when handed in after the due date", () => {
    expect(lateBy(due, "2026-03-10T16:59:59.000Z")).toBeNull();
    expect(lateBy(due, due)).toBeNull();
    expect(lateBy(due, "2026-03-10T17:00:01.000Z")).toBe(1000);
    expect(lateBy(null, "2030-01-01T00:00:00.000Z")).toBeNull();
  });

  it("is overdue when the due date has passed and nothing is handed in", () => {
    expect(isOverdue(due, null, now)).toBe(true);
    expect(isOverdue(due, "2026-03-11T09:00:00.000Z", now)).toBe(false);
    expect(isOverdue(due, null, "2026-03-10T16:00:00.000Z")).toBe(false);
    expect(isOverdue(null, null, now)).toBe(false);
  });

  it("says how late in the largest whole unit, in plain words", () => {
    expect(formatLateness(lateBy(due, now) ?? 0)).toBe("2 days late");
    expect(formatLateness(24 * 3600_000)).toBe("1 day late");
    expect(formatLateness(3 * 3600_000 + 5)).toBe("3 hours late");
    expect(formatLateness(60_000)).toBe("1 minute late");
    expect(formatLateness(1000)).toBe("1 minute late");
    expect(formatLateness(150_000)).toBe("2 minutes late");
  });

  // Issue 19 #7: students saw neither; the teacher's lists and dashboard counted none.
  it("tells a student Overdue or Handed in late from the same rule as the teacher's table", () => {
    expect(lateWorkState(due, null, now)).toBe("overdue");
    expect(lateWorkState(due, null, "2026-03-10T16:00:00.000Z")).toBeNull();
    expect(lateWorkState(due, "2026-03-11T09:00:00.000Z", now)).toBe("late");
    expect(lateWorkState(due, "2026-03-10T16:00:00.000Z", now)).toBeNull();
    expect(lateWorkState(null, null, now)).toBeNull();
    expect(lateWorkState(null, "2026-03-11T09:00:00.000Z", now)).toBeNull();
    expect(LATE_WORK_LABELS.late).toBe("Handed in late");
    expect(LATE_WORK_LABELS.overdue).toBe("Overdue");
  });

  it("counts late hand-ins for the teacher in words", () => {
    expect(lateHandInsText(0)).toBeNull();
    expect(lateHandInsText(1)).toBe("1 handed in late");
    expect(lateHandInsText(3)).toBe("3 handed in late");
  });
});
