// A student's own latest code from their activity record (issue 19 item 3): drafts live in the
// browser that typed them, so another computer would open the last submission; the record already
// holds the code, so it is read back from there instead of keeping a second copy of the draft.
// Only the code as it last was, and only to its author: the record itself stays the teacher's
// (decision 046, 2026-11-26 note).
import { and, asc, desc, eq, gte, inArray, ne } from "drizzle-orm";
import { isUuid, loadAssignmentFor } from "@/server/auth/access.ts";
import type { Db } from "@/server/db/client.ts";
import { activityEvents } from "@/server/db/schema.ts";
import { badRequest } from "@/server/errors.ts";
import type { SessionUser } from "@/server/types.ts";
import type { ActivityEvent, LatestCode } from "@/shared/api/activity.ts";
import { buildReplay } from "@/shared/domain/replay.ts";
import { studentStarterCode } from "@/shared/domain/starter-code.ts";

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
  if (notSession !== undefined && !isUuid(notSession))
    throw badRequest("notSession must be a session id.", "VALIDATION");
  const { assignment } = await loadAssignmentFor(db, me, assignmentId); // 404 unless a member
  const mine = and(
    eq(activityEvents.assignmentId, assignmentId),
    eq(activityEvents.studentId, me.id),
    notSession ? ne(activityEvents.sessionId, notSession) : undefined,
  );
  const [copy] = await db
    .select({ id: activityEvents.id })
    .from(activityEvents)
    .where(and(mine, inArray(activityEvents.type, WHOLE_CODE)))
    .orderBy(desc(activityEvents.id))
    .limit(1);
  if (!copy) return null;
  const rows = await db
    .select({
      id: activityEvents.id,
      sessionId: activityEvents.sessionId,
      time: activityEvents.time,
      type: activityEvents.type,
      clientAt: activityEvents.clientAt,
      payload: activityEvents.payload,
    })
    .from(activityEvents)
    .where(and(mine, gte(activityEvents.id, copy.id)))
    .orderBy(asc(activityEvents.id))
    .limit(MAX_TAIL_EVENTS);
  const events = rows.map((r) => ({
    id: r.id,
    sessionId: r.sessionId,
    time: r.time.toISOString(),
    event: { ...(r.payload as object), type: r.type, at: r.clientAt } as ActivityEvent,
  }));
  const replay = buildReplay({
    assignmentId,
    studentId: me.id,
    studentName: "",
    starterCode: studentStarterCode(assignment.starterCode),
    events,
    submissions: [],
  });
  const last = replay.steps.at(-1);
  if (!last) return null;
  return { code: replay.codeAt(last.index), at: events[events.length - 1].time };
}
