// Retention of the activity record (decision 046): where the school year ends, and the chunked
// delete. The daily job that calls it, one instance at a time, is the retention feature's
// (src/server/features/retention, decision 062); ACTIVITY_RETENTION is its default period.
import { inArray, lt, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client.ts";
import { activityEvents } from "@/server/db/schema.ts";

export type ActivityRetention = "school-year" | number;

const DAY = 24 * 3600 * 1000;
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

/** Deletes the events stored before `cutoff`, in chunks, so no statement holds a year's rows at once. */
export async function deleteActivityBefore(db: Db, cutoff: Date): Promise<number> {
  let deleted = 0;
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
    if (rows.length < CHUNK) return deleted;
  }
}
