// Per-student status on an assignment, and how grades, scores and rates are shown.
import type { BadgeTone } from "./tones.ts";

export const PROGRESS_STATUSES = [
  "not_viewed",
  "in_progress",
  "submitted",
  "awaiting_grade",
  "graded",
] as const;
export type ProgressStatus = (typeof PROGRESS_STATUSES)[number];

export const PROGRESS_LABELS: Record<ProgressStatus, string> = {
  not_viewed: "Not Viewed",
  in_progress: "In Progress",
  submitted: "Submitted",
  awaiting_grade: "Awaiting Grade",
  graded: "Graded",
};

export const PROGRESS_TONES: Record<ProgressStatus, BadgeTone> = {
  not_viewed: "slate",
  in_progress: "purple",
  submitted: "blue",
  awaiting_grade: "yellow",
  graded: "green",
};

/** What each label means, for the legend beside the teacher's progress table. */
export const PROGRESS_MEANINGS: Record<ProgressStatus, string> = {
  not_viewed: "Has not opened the assignment: no visit, no test run, nothing handed in.",
  in_progress: "Opened it or ran tests, but nothing handed in yet.",
  awaiting_grade: "Handed in and waiting for your grade.",
  submitted: "Handed in again after you graded earlier work. Grade the new hand-in.",
  graded: "You have graded the newest hand-in.",
};

type FinalSubmission = { teacherGrade: number | null; submittedAt: Date | string };

/**
 * `finals` are a student's final submissions, newest first; `viewed` is whether the student has
 * opened the assignment or run its tests (decision 029, amended by issue 19). No final → In Progress
 * when viewed, else Not Viewed; the newest
 * graded → Graded; the newest ungraded → Awaiting Grade, unless an older one was graded, in
 * which case the student resubmitted after grading → Submitted (the teacher should look again).
 */
export function progressStatus(finals: FinalSubmission[], viewed: boolean): ProgressStatus {
  const [latest, ...older] = finals;
  if (!latest) return viewed ? "in_progress" : "not_viewed";
  if (latest.teacherGrade !== null) return "graded";
  return older.some((s) => s.teacherGrade !== null) ? "submitted" : "awaiting_grade";
}

/** Test-run activity, shown apart from the status: "3 test runs, not handed in". */
export function testRunActivity(testRuns: number, handedIn: boolean): string | null {
  if (testRuns === 0) return null;
  const runs = `${testRuns} test run${testRuns === 1 ? "" : "s"}`;
  return handedIn ? runs : `${runs}, not handed in`;
}

// One definition of the score rule, shared with the grader.
export { scorePercent } from "../grading/score.ts";

// How a grade is shown lives with the grade rule.
export { formatGrade } from "./grade.ts";

/** Test result colouring: 100% green, at least 75% yellow, otherwise red. */
export function scoreTone(percent: number): BadgeTone {
  if (percent >= 100) return "green";
  if (percent >= 75) return "yellow";
  return "red";
}

/** Failure-rate colours on the assignment page: over 50 red, over 25 yellow, else green. */
export function failureRateTone(rate: number): BadgeTone {
  if (rate > 50) return "red";
  if (rate > 25) return "yellow";
  return "green";
}

export const DESCRIPTION_CARD_LIMIT = 80;

/** Cards show descriptions cut at 80 characters. */
export function truncate(text: string, limit = DESCRIPTION_CARD_LIMIT): string {
  return text.length > limit ? `${text.slice(0, limit).trimEnd()}...` : text;
}
