// The server's word on a program: every case graded by the sandboxed pool (DESIGN §4). Used by
// assignment submissions, exercise Saves and the admin's Check; a busy or failing grader is a
// 503 the client can explain, never a score.
import { AppError } from "@/server/errors.ts";
import {
  GRADER_BUSY_MESSAGE,
  type GradeResult,
  GraderBusyError,
  type GraderPool,
  type GradingOwner,
} from "@/server/python/index.ts";
import type { TestCase } from "@/shared/grading/types.ts";

export const GRADER_FAILED_MESSAGE = "Your code could not be checked just now. Please try again.";

/**
 * Grades `code` against `cases` in order; no cases → nothing passed out of 0 (no grader started).
 * `owner` is who waits for it: the pool shares its time fairly between classes, then users
 * (decision 049); without one the job is its own user in the group of jobs without a class.
 */
export async function gradeOnServer(
  grader: GraderPool,
  code: string,
  cases: (TestCase & { input: string })[],
  failedMessage: string = GRADER_FAILED_MESSAGE,
  owner?: GradingOwner,
): Promise<GradeResult> {
  if (cases.length === 0) return { passed: 0, total: 0, score: 0, results: [] };
  try {
    return await grader.grade(code, cases, undefined, owner);
  } catch (e) {
    if (e instanceof GraderBusyError) throw new AppError("GRADER_BUSY", 503, GRADER_BUSY_MESSAGE);
    console.error("grading failed:", e instanceof Error ? e.message : e);
    throw new AppError("GRADER_FAILED", 503, failedMessage);
  }
}
