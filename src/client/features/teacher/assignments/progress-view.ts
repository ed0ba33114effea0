// How the assignment pages summarise progress: percentages, the row action and how submissions
// are numbered. (Which test cases the insights panel lists is the server's ranking.)
import type { ProgressStatus } from "@/shared/domain/progress.ts";

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

/** Submissions arrive newest first; the oldest is #1. */
export function submissionNumber(index: number, count: number): number {
  return count - index;
}
