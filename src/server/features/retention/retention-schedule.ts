// The daily retention run (decision 062): every instance tries each hour; the first to take the
// day's lease runs the job, and the lease stays taken for the rest of the day so no instance
// repeats it. A run that failed, or found another run under way, frees the day for the next try.
import { acquireLease, releaseLease } from "@/server/limits/limits.ts";
import { describeCounts, type RetentionJobDeps, runRetention } from "./retention-job.ts";

const DAY = 24 * 3600 * 1000;
export const DAILY_LEASE = "retention:daily";
/** A little under a day, so the next day's first hourly attempt finds the lease free. */
export const DAILY_LEASE_MS = DAY - 30 * 60_000;

/** One hourly attempt: runs the job if today's run has not been done (here or elsewhere). */
export async function dailyRetentionAttempt(deps: RetentionJobDeps): Promise<boolean> {
  const clock = deps.clock ?? (() => new Date());
  const day = await acquireLease(deps.db, DAILY_LEASE, DAILY_LEASE_MS, clock());
  if (day === null) return false;
  try {
    const run = await runRetention(deps, clock(), "schedule");
    if (!run.ran) {
      await releaseLease(deps.db, DAILY_LEASE, day);
      return false;
    }
    console.log(`Retention: deleted ${describeCounts(run.counts)}.`);
    return true;
  } catch (e) {
    await releaseLease(deps.db, DAILY_LEASE, day).catch(() => {});
    throw e;
  }
}

/** Starts the hourly attempt (the first a minute after start); returns a stop function. */
export function startRetention(
  deps: RetentionJobDeps,
  { firstAfterMs = 60_000, everyMs = 3600_000 } = {},
): () => void {
  const attempt = () =>
    dailyRetentionAttempt(deps).catch((e: unknown) =>
      console.error("Retention: the daily job failed:", e instanceof Error ? e.message : e),
    );
  const first = setTimeout(attempt, firstAfterMs);
  const every = setInterval(attempt, everyMs);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
