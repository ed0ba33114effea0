// Retention of the activity record (ACTIVITY_RETENTION, decision "The activity record"): a job that
// deletes expired events once a day, however many instances run it. Each instance tries every hour;
// the first to take the day's lease (a row in rate_limits, taken by one atomic upsert) deletes, and
// the lease stays taken for the rest of the day so no other instance repeats the work.
import { inArray, lt, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client.ts";
import { activityEvents } from "@/server/db/schema.ts";
import { acquireLease, releaseLease } from "@/server/limits/limits.ts";

export type ActivityRetention = "school-year" | number;

const DAY = 24 * 3600 * 1000;
export const RETENTION_LEASE = "activity:retention";
/** A little under a day, so the next day's first hourly attempt finds the lease free. */
export const RETENTION_LEASE_MS = DAY - 30 * 60_000;
const CHUNK = 5_000;

/**
 * Events stored before this moment have expired. "school-year": the end of the latest 31 August
 * that has passed, in Europe/London (British Summer Time then, so 23:00 UTC): the school year's
 * record is kept until it ends, then deleted together. A number: that many days before `now`.
 */
export function retentionCutoff(setting: ActivityRetention, now: Date): Date {
  if (typeof setting === "number") return new Date(now.getTime() - setting * DAY);
  const thisYear = Date.UTC(now.getUTCFullYear(), 7, 31, 23, 0, 0);
  return new Date(now.getTime() >= thisYear ? thisYear : Date.UTC(now.getUTCFullYear() - 1, 7, 31, 23, 0, 0));
}

/**
 * Deletes expired events if this instance takes today's lease; `ran` is false when another run
 * holds it (today's work is done or under way). Deletes in chunks, so no single statement holds
 * a year's rows at once.
 */
export async function deleteExpiredActivity(
  db: Db,
  setting: ActivityRetention,
  now: Date = new Date(),
): Promise<{ ran: boolean; deleted: number }> {
  const owner = await acquireLease(db, RETENTION_LEASE, RETENTION_LEASE_MS, now);
  if (owner === null) return { ran: false, deleted: 0 };
  const cutoff = retentionCutoff(setting, now);
  let deleted = 0;
  try {
    for (;;) {
      const expired = db
        .select({ id: activityEvents.id })
        .from(activityEvents)
        .where(lt(activityEvents.storedAt, cutoff))
        .limit(CHUNK);
      const rows = await db
        .delete(activityEvents)
        .where(inArray(activityEvents.id, sql`(${expired})`))
        .returning({ id: activityEvents.id });
      deleted += rows.length;
      if (rows.length < CHUNK) break;
    }
  } catch (e) {
    // Let the next hourly attempt (here or elsewhere) try again today.
    await releaseLease(db, RETENTION_LEASE, owner).catch(() => {});
    throw e;
  }
  return { ran: true, deleted };
}

/** Starts the hourly attempt (the first a minute after start); returns a stop function. */
export function startActivityRetention(
  db: Db,
  setting: ActivityRetention,
  { firstAfterMs = 60_000, everyMs = 3600_000 } = {},
): () => void {
  const attempt = () =>
    deleteExpiredActivity(db, setting).then(
      ({ ran, deleted }) => {
        if (ran && deleted > 0) console.log(`Activity record: deleted ${deleted} expired events.`);
      },
      (e: unknown) =>
        console.error("Activity record: the retention job failed:", e instanceof Error ? e.message : e),
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
