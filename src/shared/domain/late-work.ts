// Late work, one rule for every view: a hand-in is late when its submitted_at is after the due
// date; an assignment is overdue for a student when the due date has passed and nothing is handed in.

type When = Date | string | number;
const time = (d: When) => new Date(d).getTime();

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How many milliseconds after the due date `submittedAt` was, or null when on time or undated. */
export function lateBy(dueDate: When | null, submittedAt: When): number | null {
  if (dueDate === null) return null;
  const late = time(submittedAt) - time(dueDate);
  return late > 0 ? late : null;
}

/** Due date passed (at `now`) and nothing handed in. */
export function isOverdue(dueDate: When | null, handedInAt: When | null, now: When = new Date()): boolean {
  return dueDate !== null && handedInAt === null && time(now) > time(dueDate);
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

/** "2 days late", "3 hours late", "1 minute late": the largest whole unit, rounded down (at least 1 minute). */
export function formatLateness(ms: number): string {
  if (ms >= DAY) return `${plural(Math.floor(ms / DAY), "day")} late`;
  if (ms >= HOUR) return `${plural(Math.floor(ms / HOUR), "hour")} late`;
  return `${plural(Math.max(1, Math.floor(ms / MINUTE)), "minute")} late`;
}

/** What a student is told about their own work's timing: nothing, Overdue, or Handed in late. */
export type LateWorkState = "overdue" | "late";
export const LATE_WORK_LABELS: Record<LateWorkState, string> = {
  overdue: "Overdue",
  late: "Handed in late",
};

/**
 * `handedInAt` is the student's newest final submission (the one their teacher grades, and the one
 * the teacher's progress table marks Late): after the due date → "late"; none and the due date
 * passed → "overdue"; otherwise nothing to say.
 */
export function lateWorkState(
  dueDate: When | null,
  handedInAt: When | null,
  now: When = new Date(),
): LateWorkState | null {
  if (handedInAt !== null) return lateBy(dueDate, handedInAt) === null ? null : "late";
  return isOverdue(dueDate, null, now) ? "overdue" : null;
}

/** The teacher's lists and dashboard: "2 handed in late", or nothing when none are. */
export function lateHandInsText(count: number): string | null {
  return count > 0 ? `${count} handed in late` : null;
}
