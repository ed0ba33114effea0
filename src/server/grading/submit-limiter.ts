// Fair use, kept in the database (table rate_limits) so every instance on one PostgreSQL shares
// one allowance. Each final submission costs a fresh interpreter (≈0.25 s of CPU), so one student
// may have one submission being checked at a time and at most 10 a minute; without this one pupil
// hammering Submit could fill the grader's queue and make the whole class wait. Run Tests attempts
// cost no grading but a stored row each: at most 30 a minute. The lease is held until Submit Code
// answers, which is after its release time (decision 052): were it freed when
// grading ended, the next submission's 201 or 429 would tell how long the hidden cases ran.
import type { Db } from "@/server/db/client.ts";
import { AppError, tooManyRequests } from "@/server/errors.ts";
import { acquireLease, hit, releaseLease, renewLease } from "@/server/limits/limits.ts";
import type { SubmitLimiter } from "@/server/types.ts";

export const SUBMIT_LIMIT_MESSAGES = {
  busy: "Your last submission is still being checked. Please wait a moment.",
  tooMany: "You have submitted a lot in the last minute. Please wait a minute and try again.",
  tooManyRuns: "You have run the tests a lot in the last minute. Please wait a minute and try again.",
} as const;

/**
 * How long a "being checked" lease lives without renewal. Grading is capped at 20 s of wall time
 * but can queue behind other work for longer, so the holder renews the lease every third of this
 * while it waits. The TTL only matters when an instance dies mid-grading: its students are told
 * "still being checked" until the lease runs out, so it is kept to a few seconds (a restart takes
 * about as long; the crash test measures it). A renewal that comes late only lets a second
 * submission of the same student start early; it cannot free the lease for a third (the lease
 * names its holder, see acquireLease).
 */
export const CHECKING_LEASE_MS = 10_000;
const MINUTE = 60_000;

export function createSubmitLimiter(
  db: Db,
  { perMinute = 10, runsPerMinute = 30, leaseMs = CHECKING_LEASE_MS, now = () => new Date() } = {},
): SubmitLimiter {
  /** Pushes the lease's end forward while its holder is still working. */
  const renew = (key: string, owner: string) =>
    renewLease(db, key, owner, leaseMs, now()).catch((e: unknown) =>
      console.error("fair use: could not renew a lease:", e instanceof Error ? e.message : e),
    );

  return {
    /** Runs `grade` for `userId`, or throws 429 when they are over their share. */
    async run<T>(userId: string, grade: () => Promise<T>): Promise<T> {
      const lease = `submit:checking:${userId}`;
      const owner = await acquireLease(db, lease, leaseMs, now());
      if (owner === null)
        throw new AppError("SUBMISSION_IN_PROGRESS", 429, SUBMIT_LIMIT_MESSAGES.busy, { "Retry-After": "5" });
      const keepAlive = setInterval(() => void renew(lease, owner), leaseMs / 3);
      keepAlive.unref();
      try {
        const { allowed, retryAfterMs } = await hit(
          db,
          `submit:minute:${userId}`,
          { max: perMinute, windowMs: MINUTE },
          now(),
        );
        if (!allowed)
          throw tooManyRequests("TOO_MANY_SUBMISSIONS", SUBMIT_LIMIT_MESSAGES.tooMany, retryAfterMs);
        return await grade();
      } finally {
        clearInterval(keepAlive);
        // If the release fails, the lease still ends with its TTL. Only our own lease is released:
        // if ours lapsed and the student's next submission took it, that one keeps it.
        await releaseLease(db, lease, owner).catch(() => {});
      }
    },

    /** Counts one Run Tests attempt for `userId`, or throws 429 past the allowance. */
    async countRun(userId: string): Promise<void> {
      const { allowed, retryAfterMs } = await hit(
        db,
        `runs:minute:${userId}`,
        { max: runsPerMinute, windowMs: MINUTE },
        now(),
      );
      if (!allowed) throw tooManyRequests("TOO_MANY_RUNS", SUBMIT_LIMIT_MESSAGES.tooManyRuns, retryAfterMs);
    },
  };
}
