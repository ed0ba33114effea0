// Fair use of the grader: each submission costs a fresh interpreter (≈0.25 s of CPU), so one
// student may have one submission being checked at a time and at most 10 a minute. Without
// this, one pupil hammering Submit could fill the queue and make the whole class wait.
import { AppError } from "../../errors.ts";

export const SUBMIT_LIMIT_MESSAGES = {
  busy: "Your last submission is still being checked. Please wait a moment.",
  tooMany: "You have submitted a lot in the last minute. Please wait a minute and try again.",
} as const;

export type SubmitLimiter = ReturnType<typeof createSubmitLimiter>;

export function createSubmitLimiter({ perMinute = 10, now = () => Date.now() } = {}) {
  const running = new Set<string>();
  const recent = new Map<string, number[]>();
  return {
    /** Runs `grade` for `userId`, or throws 429 when they are over their share. */
    async run<T>(userId: string, grade: () => Promise<T>): Promise<T> {
      if (running.has(userId)) throw new AppError("SUBMISSION_IN_PROGRESS", 429, SUBMIT_LIMIT_MESSAGES.busy);
      const t = now();
      const times = (recent.get(userId) ?? []).filter((at) => t - at < 60_000);
      if (times.length >= perMinute)
        throw new AppError("TOO_MANY_SUBMISSIONS", 429, SUBMIT_LIMIT_MESSAGES.tooMany);
      times.push(t);
      recent.set(userId, times);
      running.add(userId);
      try {
        return await grade();
      } finally {
        running.delete(userId);
      }
    },
  };
}
