// Hidden means hidden, in time too (decision 052). Submit Code grades inside the
// request, so a program that runs for as long as a hidden input says could read that input back
// from the response time. The answer, and everything else a student can see of it (the stored row
// and its results, the score, the end of the fair-use lease), is therefore released at a time the
// run cannot set: `quantumMs` after the job started running when the whole job had finished by
// then, else a full budget after it (every test at its time limit, plus the grader's overheads),
// with the wait for a slot rounded up to whole quanta. For a given wait the time between
// submitting and the answer takes one of two values: at most one bit per submission, which a
// hidden case's pass/fail reveals anyway.
import { setTimeout as sleep } from "node:timers/promises";
import { DEFAULT_SLICE_MS, SUBMISSION_BUDGET_MS } from "@/server/python/grader-pool.ts";
import { DEFAULT_TIME_LIMIT_MS } from "@/shared/grading/types.ts";

/** When a grading job started and finished running (performance.now()). */
export type RunTiming = { startedAt: number; finishedAt: number };

/**
 * Beyond each test's run and its first attempt with the grader's slice (GRADER_SLICE_MS):
 * stopping that attempt, putting the interpreter back into its start state.
 */
export const PER_TEST_OVERHEAD_MS = 300;
/** Beyond the tests: interpreters killed and started again, a grader host restarted after a crash. */
export const JOB_OVERHEAD_MS = 3_000;

/**
 * The longest a job of `tests` tests may run on its own: each test's sliced first attempt, then
 * every test at its limit within the submission's budget, plus the overheads above.
 */
export function fullBudgetMs(
  tests: number,
  {
    sliceMs = DEFAULT_SLICE_MS,
    timeLimitMs = DEFAULT_TIME_LIMIT_MS,
  }: { sliceMs?: number; timeLimitMs?: number } = {},
): number {
  const firstAttempts = tests * Math.min(sliceMs, timeLimitMs);
  return (
    firstAttempts +
    Math.min(tests * timeLimitMs, SUBMISSION_BUDGET_MS) +
    tests * PER_TEST_OVERHEAD_MS +
    JOB_OVERHEAD_MS
  );
}

/**
 * Waits for a grading slot up to this part of the quantum are not told apart; longer ones are
 * rounded up to whole quanta. A student's own wait depends on others' jobs, whose run times may
 * depend on their hidden inputs (several accounts filling the slots): rounded, such a wait tells
 * at most whether it crossed a step.
 */
export const FREE_WAIT_SHARE = 0.25;

/**
 * When the answer to a job asked for at `calledAt` and run as `timing` may go out
 * (performance.now()). Its start is rounded up (the wait, as above); then `quantumMs` after that
 * when the run took no longer, else `budgetMs` after it. A job that outran even its budget was
 * held up by the grader itself (load, a host restart): the next whole multiple of the budget, so
 * that time too is one of a few fixed values. `quantumMs` 0 turns the release off.
 */
export function releaseAt(
  calledAt: number,
  { startedAt, finishedAt }: RunTiming,
  quantumMs: number,
  budgetMs: number,
): number {
  if (quantumMs <= 0) return finishedAt;
  const free = quantumMs * FREE_WAIT_SHARE;
  const waited = Math.max(0, startedAt - calledAt);
  const start = calledAt + free + Math.max(0, Math.ceil((waited - free) / quantumMs)) * quantumMs;
  const took = finishedAt - startedAt;
  if (took <= quantumMs) return start + quantumMs;
  const long = Math.max(budgetMs, 2 * quantumMs);
  return start + Math.max(1, Math.ceil(took / long)) * long;
}

/**
 * What is kept of a hidden case's output, program output and error line (teachers see them;
 * students never do). Storing happens at the release time, and storing a megabyte takes longer
 * than storing a line: kept whole, a hidden case could say how much it printed through when the
 * answer comes.
 */
export const HIDDEN_TEXT_KEPT = 4000;
export const HIDDEN_TEXT_CUT = `\n[cut: PyClass keeps the first ${HIDDEN_TEXT_KEPT.toLocaleString("en-GB")} characters of a hidden case]`;

/** `text` as a hidden case's result keeps it. */
export function keptOfHidden<T extends string | null>(text: T): T {
  if (text === null || text.length <= HIDDEN_TEXT_KEPT) return text;
  // Never half a surrogate pair.
  const end = /[\uD800-\uDBFF]/.test(text[HIDDEN_TEXT_KEPT - 1]) ? HIDDEN_TEXT_KEPT - 1 : HIDDEN_TEXT_KEPT;
  return (text.slice(0, end) + HIDDEN_TEXT_CUT) as T;
}

/** Resolves at `at` (performance.now()), or at once when that has passed. */
export async function waitUntil(at: number): Promise<void> {
  const ms = at - performance.now();
  if (ms > 0) await sleep(ms);
}
