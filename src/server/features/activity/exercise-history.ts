// A student's own history of a library exercise ("Your history", decision 072): the same record as
// an assignment's, read back only by the student who made it. No teacher owns a library exercise,
// so nobody else reads it: the route takes no student id, the query is the caller's alone.
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "@/server/db/client.ts";
import { activityEvents, exerciseAttempts } from "@/server/db/schema.ts";
import { tooManyRequests } from "@/server/errors.ts";
import { acquireLease, releaseLease } from "@/server/limits/limits.ts";
import type { SessionUser } from "@/server/types.ts";
import type { ExerciseHistory } from "@/shared/api/activity.ts";
import { studentStarterCode } from "@/shared/domain/starter-code.ts";
import { ACTIVITY_MESSAGES, assertExerciseExists, readCappedEvents } from "./activity.service.ts";

/** Saves a history carries at most, the newest (the replay's markers; Past Saved lists them all). */
const SAVES_MAX = 500;

/**
 * A history can be tens of megabytes in memory while it is read and sent. Any student can build
 * one (no class needed), so each reads one at a time, on every instance (a lease in the database):
 * many accounts asking at once hold one history each, not one per request. Longer than any read.
 */
const READ_LEASE_MS = 60_000;

export async function readExerciseHistory(
  db: Db,
  me: SessionUser,
  exerciseId: string,
): Promise<ExerciseHistory> {
  const key = `history-read:${me.id}`;
  const owner = await acquireLease(db, key, READ_LEASE_MS);
  if (owner === null) throw tooManyRequests("TOO_MANY_REQUESTS", ACTIVITY_MESSAGES.historyBusy, 2_000);
  try {
    return await readOwnHistory(db, me, exerciseId);
  } finally {
    await releaseLease(db, key, owner).catch(() => {});
  }
}

async function readOwnHistory(db: Db, me: SessionUser, exerciseId: string): Promise<ExerciseHistory> {
  const exercise = await assertExerciseExists(db, exerciseId); // 404 unless it exists
  const [{ events, truncated }, saves] = await Promise.all([
    readCappedEvents(db, and(eq(activityEvents.exerciseId, exerciseId), eq(activityEvents.studentId, me.id))),
    db
      .select({
        id: exerciseAttempts.id,
        submittedAt: exerciseAttempts.submittedAt,
        code: exerciseAttempts.code,
      })
      .from(exerciseAttempts)
      .where(and(eq(exerciseAttempts.exerciseId, exerciseId), eq(exerciseAttempts.userId, me.id)))
      .orderBy(desc(exerciseAttempts.submittedAt), desc(exerciseAttempts.id))
      .limit(SAVES_MAX),
  ]);
  return {
    exerciseId,
    starterCode: studentStarterCode(exercise.starterCode),
    events,
    saves: saves.reverse().map((s) => ({ id: s.id, submittedAt: s.submittedAt.toISOString(), code: s.code })),
    ...(truncated ? { truncated } : {}),
  };
}
