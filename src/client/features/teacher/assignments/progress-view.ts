// How the assignment pages summarise progress: percentages, the row action, which test cases
// the insights panel lists, and how submissions are numbered.
import type { TestCasePerformance } from "@/shared/api/assignments.ts";
import type { ProgressStatus } from "@/shared/domain/progress.ts";

/** Spec 02 §9: the insights panel lists the top 5 test cases and the top 3 challenging areas. */
export const TOP_TEST_CASES = 5;
export const TOP_CHALLENGING_AREAS = 3;

export function percentCompleted(submitted: number, total: number): number {
  return total > 0 ? Math.round((submitted / total) * 100) : 0;
}

/** `82%`, `82.5%`: at most one decimal. */
export function formatPercent(value: number): string {
  return `${Number(value.toFixed(1))}%`;
}

export type ProgressAction = "View Submission" | "Grade Submission";

/** Graded rows offer a look; rows waiting for a grade offer grading; Not Viewed offers nothing. */
export function progressAction(status: ProgressStatus): ProgressAction | null {
  if (status === "graded") return "View Submission";
  if (status === "awaiting_grade" || status === "submitted") return "Grade Submission";
  return null;
}

/** Highest failure rate first; cases nobody has run yet (no rate) last; ties keep list order. */
function byFailureRate(a: TestCasePerformance, b: TestCasePerformance): number {
  return (b.failureRate ?? -1) - (a.failureRate ?? -1);
}

export function topTestCases(list: TestCasePerformance[], n = TOP_TEST_CASES): TestCasePerformance[] {
  return [...list].sort(byFailureRate).slice(0, n);
}

export function challengingAreas(
  list: TestCasePerformance[],
  n = TOP_CHALLENGING_AREAS,
): TestCasePerformance[] {
  return list
    .filter((t) => t.failures > 0)
    .sort(byFailureRate)
    .slice(0, n);
}

/** Submissions arrive newest first; the oldest is #1. */
export function submissionNumber(index: number, count: number): number {
  return count - index;
}
