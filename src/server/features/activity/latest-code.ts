// A student's own latest code from their activity record (issue 19 item 3): drafts live in the
// browser that typed them, so another computer would open the last submission; the record already
// holds the code, so it is read back from there instead of keeping a second copy of the draft.
// Only the code as it last was, and only to its author: an assignment's record itself stays the
// teacher's (decision 046, 2026-11-26 note). A library exercise's too (decision 072).
import { and, asc, desc, eq, gte, inArray, ne, type SQL } from "drizzle-orm";
import { isUuid, loadAssignmentFor } from "@/server/auth/access.ts";
import type { Db } from "@/server/db/client.ts";
import { activityEvents } from "@/server/db/schema.ts";
import { badRequest } from "@/server/errors.ts";
import type { SessionUser } from "@/server/types.ts";
import type { LatestCode } from "@/shared/api/activity.ts";
import { buildReplay } from "@/shared/domain/replay.ts";
import { studentStarterCode } from "@/shared/domain/starter-code.ts";
import { assertExerciseExists, eventColumns, toStoredEvent } from "./activity.service.ts";

/** Event types that carry the whole code (the recorder sends one at least every few minutes). */
const WHOLE_CODE = ["open", "snapshot", "restore"];
/** Edits after the last whole copy read at most (a snapshot comes long before this many). */
const MAX_TAIL_EVENTS = 5000;

/**
 * `notSession`: the asking workspace's own recording session, left out (it has just recorded the
 * code it opened with, which is not what it asks for).
 */
export async function latestCode(
  db: Db,
  me: SessionUser,
  assignmentId: string,
  notSession: string | undefined,
): Promise<LatestCode> {
  checkSession(notSession);
  const { assignment } = await loadAssignmentFor(db, me, assignmentId); // 404 unless a member
  return latestOf(
    db,
    and(eq(activityEvents.assignmentId, assignmentId), eq(activityEvents.studentId, me.id)),
    notSession,
    studentStarterCode(assignment.starterCode),
  );
}

/** The same for a library exercise (decision 072): any student, of an exercise that exists. */
export async function exerciseLatestCode(
  db: Db,
  me: SessionUser,
  exerciseId: string,
  notSession: string | undefined,
): Promise<LatestCode> {
  checkSession(notSession);
  const exercise = await assertExerciseExists(db, exerciseId); // 404 unless it exists
  return latestOf(
    db,
    and(eq(activityEvents.exerciseId, exerciseId), eq(activityEvents.studentId, me.id)),
    notSession,
    studentStarterCode(exercise.starterCode),
  );
}

function checkSession(notSession: string | undefined) {
  if (notSession !== undefined && !isUuid(notSession))
    throw badRequest("notSession must be a session id.", "VALIDATION");
}

/** The last whole copy among `work`'s events and the edits after it, rebuilt to code. */
async function latestOf(
  db: Db,
  work: SQL | undefined,
  notSession: string | undefined,
  starterCode: string,
): Promise<LatestCode> {
  const mine = and(work, notSession ? ne(activityEvents.sessionId, notSession) : undefined);
  const [copy] = await db
    .select({ id: activityEvents.id })
    .from(activityEvents)
    .where(and(mine, inArray(activityEvents.type, WHOLE_CODE)))
    .orderBy(desc(activityEvents.id))
    .limit(1);
  if (!copy) return null;
  const rows = await db
    .select(eventColumns)
    .from(activityEvents)
    .where(and(mine, gte(activityEvents.id, copy.id)))
    .orderBy(asc(activityEvents.id))
    .limit(MAX_TAIL_EVENTS);
  const events = rows.map(toStoredEvent);
  const replay = buildReplay({
    assignmentId: "",
    studentId: "",
    studentName: "",
    starterCode,
    events,
    submissions: [],
  });
  const last = replay.steps.at(-1);
  if (!last) return null;
  return { code: replay.codeAt(last.index), at: events[events.length - 1].time };
}
