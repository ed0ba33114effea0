// The activity record (decision "The activity record"): a student's workspace sends its events in
// batches; the class's teacher reads them back to replay how the work happened. The server orders
// events by when it stored them (the identity id) and places each in time from its batch's arrival,
// never from the browser's clock.
import { and, asc, desc, eq, ne, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { assertOwnsAssignment, isUuid, loadAssignmentFor } from "@/server/auth/access.ts";
import type { Db } from "@/server/db/client.ts";
import {
  activityEvents,
  assignments,
  classMembers,
  exercises,
  submissions,
  user,
} from "@/server/db/schema.ts";
import { AppError, badRequest, notFound, tooManyRequests } from "@/server/errors.ts";
import { hit } from "@/server/limits/limits.ts";
import type { SessionUser } from "@/server/types.ts";
import {
  ACTIVITY_LIMITS,
  type ActivityBatch,
  type ActivityEvent,
  type ActivityHistory,
  type PasteEvidence,
  type StoredActivityEvent,
} from "@/shared/api/activity.ts";
import { ASSIGNMENT_MESSAGES } from "@/shared/api/assignments.ts";
import { EXERCISE_MESSAGES } from "@/shared/api/exercises.ts";
import { studentStarterCode } from "@/shared/domain/starter-code.ts";

export const ACTIVITY_MESSAGES = {
  tooLarge: `This batch of activity is too large (${ACTIVITY_LIMITS.batchBytes / 1024} KB at most).`,
  badChanges: "An edit's changes are not a CodeMirror change set.",
  changesTooLarge: `An edit's changes are too large (${ACTIVITY_LIMITS.changeJsonChars} characters at most).`,
  tooMany: "Your work is being recorded faster than PyClass accepts. It will be sent again shortly.",
  studentNotFound: "This student has no work for this assignment.",
  historyBusy: "Your history is still loading in another window. Try again in a moment.",
} as const;

/**
 * Per student, per minute. A workspace sends a batch every 10 s (6 a minute) and a full copy of the
 * code every 5 minutes; a student with two tabs open stays well inside both.
 */
export const ACTIVITY_RATE = {
  batchesPerMinute: 60,
  bytesPerMinute: 1024 * 1024,
  /**
   * What one student may store in a day: kept within the minute's allowance all day long, a script
   * stored 288 MB+ a day for one assignment, more than any replay (or the server reading it) can
   * load. An hour of steady typing stores ≈ 136 KB in ≈ 370 rows (decision 046): this is dozens
   * of hours of it, or ten hours of snapshots of a 100,000-character program.
   */
  bytesPerDay: 12 * 1024 * 1024,
  /** Each event costs at least this much of the day's bytes: rows, not bytes, are what a replay reads. */
  eventBytesAtLeast: 512,
} as const;
const MINUTE = 60_000;
const DAY = 24 * 3600_000;

/** A 413 before the body is parsed (the input hygiene already capped what was read at 1 MB). */
export function assertBatchSize(bytes: number): void {
  if (bytes > ACTIVITY_LIMITS.batchBytes)
    throw new AppError("PAYLOAD_TOO_LARGE", 413, ACTIVITY_MESSAGES.tooLarge);
}

/**
 * Counts one batch of `bytes` against the student's allowance; 429 with Retry-After past it. One
 * counter holds both limits: a batch costs its bytes, but at least a 60th of the minute's bytes, so
 * the allowance is spent by 60 small batches or by 1 MB, whichever comes first (one upsert a batch).
 */
export async function countBatch(db: Db, studentId: string, bytes: number, now: Date): Promise<void> {
  const cost = Math.max(bytes, Math.floor(ACTIVITY_RATE.bytesPerMinute / ACTIVITY_RATE.batchesPerMinute));
  const { allowed, retryAfterMs } = await hit(
    db,
    `activity:minute:${studentId}`,
    { max: ACTIVITY_RATE.bytesPerMinute, windowMs: MINUTE },
    now,
    cost,
  );
  if (!allowed) throw tooManyRequests("TOO_MANY_REQUESTS", ACTIVITY_MESSAGES.tooMany, retryAfterMs);
}

/**
 * Counts one parsed batch against the student's day (ACTIVITY_RATE.bytesPerDay): its bytes, but at
 * least ACTIVITY_RATE.eventBytesAtLeast an event. 429 with Retry-After past it; the browser keeps
 * the batch and sends it later.
 */
export async function countDay(
  db: Db,
  studentId: string,
  bytes: number,
  events: number,
  now: Date,
): Promise<void> {
  const cost = Math.max(bytes, events * ACTIVITY_RATE.eventBytesAtLeast);
  const { allowed, retryAfterMs } = await hit(
    db,
    `activity:day:${studentId}`,
    { max: ACTIVITY_RATE.bytesPerDay, windowMs: DAY },
    now,
    cost,
  );
  if (!allowed) throw tooManyRequests("TOO_MANY_REQUESTS", ACTIVITY_MESSAGES.tooMany, retryAfterMs);
}

/**
 * Whether `changes` has the shape of CodeMirror's `ChangeSet.toJSON()`: each part a length kept
 * (a number) or `[deleted length, ...inserted lines]`. The contract leaves the parts unknown;
 * the server holds them to this so a replay never meets anything else.
 */
export function isChangeSetJson(changes: unknown[]): boolean {
  // Bounded like every other length in the contract (1e308 is an integer too).
  const length = (n: unknown) => typeof n === "number" && Number.isInteger(n) && n >= 0 && n <= 10_000_000;
  return changes.every(
    (part) =>
      length(part) ||
      (Array.isArray(part) &&
        part.length >= 1 &&
        length(part[0]) &&
        part.slice(1).every((line) => typeof line === "string")),
  );
}

function checkEvents(events: ActivityEvent[]): void {
  for (const event of events) {
    if (event.type !== "edit") continue;
    if (!isChangeSetJson(event.changes)) throw badRequest(ACTIVITY_MESSAGES.badChanges, "VALIDATION");
    if (JSON.stringify(event.changes).length > ACTIVITY_LIMITS.changeJsonChars)
      throw badRequest(ACTIVITY_MESSAGES.changesTooLarge, "VALIDATION");
  }
}

/**
 * When each event of a batch happened, by the server's clock: the batch arrived at `arrival`, its
 * last event then; an earlier event sits as far before as the browser's `at` says. Never before the
 * session's previous stored event (`floor`), never after the arrival, never before the event ahead
 * of it in the batch, never more than ACTIVITY_LIMITS.batchSpanMs before the arrival.
 */
export function placeInTime(ats: number[], arrival: Date, floor: Date | null): Date[] {
  const end = arrival.getTime();
  const last = ats.length > 0 ? ats[ats.length - 1] : 0;
  let previous = floor ? floor.getTime() : Number.NEGATIVE_INFINITY;
  // A batch spans at most ACTIVITY_LIMITS.batchSpanMs: a batch whose `at`s claimed hours (a new
  // session has no floor) made hours of "active time" from one request.
  const earliest = end - ACTIVITY_LIMITS.batchSpanMs;
  return ats.map((at) => {
    const placed = Math.max(Math.min(end - (last - at), end), previous, earliest);
    previous = placed;
    return new Date(placed);
  });
}

/**
 * The last placed time of each recent session, so the next batch needs no query for it (two
 * statements a batch: the rate counter and the insert). Per process and bounded; a miss (a new
 * instance, an evicted session) reads the table. Another instance's cache may be older, which only
 * loosens its clamp: the order is the `id`'s either way.
 */
const lastTimes = new Map<string, number>();
const LAST_TIMES_MAX = 20_000;

async function previousTime(db: Db, studentId: string, sessionId: string): Promise<Date | null> {
  const cached = lastTimes.get(`${studentId}:${sessionId}`);
  if (cached !== undefined) return new Date(cached);
  const [row] = await db
    .select({ time: activityEvents.time })
    .from(activityEvents)
    .where(and(eq(activityEvents.studentId, studentId), eq(activityEvents.sessionId, sessionId)))
    .orderBy(desc(activityEvents.batchSeq), desc(activityEvents.idx))
    .limit(1);
  return row?.time ?? null;
}

function rememberTime(studentId: string, sessionId: string, time: Date) {
  const key = `${studentId}:${sessionId}`;
  lastTimes.delete(key);
  lastTimes.set(key, time.getTime());
  if (lastTimes.size > LAST_TIMES_MAX) lastTimes.delete(lastTimes.keys().next().value!);
}

/**
 * Half a surrogate pair (JSON allows `"\ud800"`, jsonb refuses it) becomes U+FFFD, as it does in
 * a text column: stored safely rather than a 500.
 */
type Es2024String = string & { isWellFormed(): boolean; toWellFormed(): string }; // Node 20 has both
const wellFormed = (_key: string, value: unknown) =>
  typeof value === "string" && !(value as Es2024String).isWellFormed()
    ? (value as Es2024String).toWellFormed()
    : value;

/**
 * Stores one batch for the student's own open work: the assignment must sit in a class they
 * belong to (404 otherwise, as for submissions); a library exercise must exist (every student may
 * open every exercise, decision 072). A batch already stored (a retry) is stored once.
 * One statement checks the access and inserts (nothing is inserted without it); only when it
 * inserted nothing does a second query tell a retry from a refusal.
 */
export async function recordBatch(
  db: Db,
  me: SessionUser,
  batch: z.output<typeof ActivityBatch>,
  now: Date,
): Promise<{ stored: number }> {
  checkEvents(batch.events);
  const { assignmentId, exerciseId } = batch;
  if (exerciseId !== undefined && !isUuid(exerciseId)) throw notFound(EXERCISE_MESSAGES.notFound);
  if (exerciseId === undefined && !isUuid(assignmentId)) throw notFound(ASSIGNMENT_MESSAGES.notFound);
  const times = placeInTime(
    batch.events.map((e) => e.at),
    now,
    await previousTime(db, me.id, batch.sessionId),
  );
  const rows = batch.events.map(({ type, at, ...payload }, idx) => ({
    idx,
    type,
    payload,
    client_at: at,
    time: times[idx].toISOString(),
  }));
  const allowed = exerciseId
    ? sql`exists (select 1 from ${exercises} where ${exercises.id} = ${exerciseId}::uuid)`
    : sql`exists (
      select 1 from ${assignments}
      join ${classMembers} on ${classMembers.classId} = ${assignments.classId}
      where ${assignments.id} = ${assignmentId}::uuid and ${classMembers.userId} = ${me.id}
    )`;
  const result = (await db.execute(sql`
    insert into ${activityEvents} (assignment_id, exercise_id, student_id, session_id, batch_seq, idx, type, payload, client_at, time, stored_at)
    select ${exerciseId ? null : assignmentId}::uuid, ${exerciseId ?? null}::uuid, ${me.id},
           ${batch.sessionId}::uuid, ${batch.seq}::integer,
           r.idx, r.type, r.payload, r.client_at, r.time, ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(rows, wellFormed)}::jsonb)
      as r(idx integer, type text, payload jsonb, client_at integer, time timestamptz)
    where ${allowed}
    on conflict do nothing
    returning id`)) as unknown as { rows: { id: number }[] };
  const stored = result.rows.length;
  if (stored > 0) rememberTime(me.id, batch.sessionId, times[times.length - 1]);
  else if (exerciseId)
    await assertExerciseExists(db, exerciseId); // 404 unless a retry
  else await loadAssignmentFor(db, me, assignmentId!); // 404 unless a retry
  return { stored };
}

/** A library exercise's starter code; 404 when there is no such exercise (decision 072). */
export async function assertExerciseExists(db: Db, exerciseId: string): Promise<{ starterCode: string }> {
  if (!isUuid(exerciseId)) throw notFound(EXERCISE_MESSAGES.notFound);
  const [row] = await db
    .select({ starterCode: exercises.starterCode })
    .from(exercises)
    .where(eq(exercises.id, exerciseId));
  if (!row) throw notFound(EXERCISE_MESSAGES.notFound);
  return row;
}

/**
 * The first events matching `where` in stored order, up to ACTIVITY_LIMITS.historyEvents and
 * historyBytes of payload, and whether there was more: a flooded history is never loaded whole.
 * The running sum streams in id order and stops with the limit. `here` is left out (it only tells
 * the live lesson the page was open: a replay has no use for it).
 */
export async function readCappedEvents(
  db: Db,
  where: SQL | undefined,
): Promise<{ events: StoredActivityEvent[]; truncated: boolean }> {
  const size = sql<number>`octet_length(${activityEvents.payload}::text)`;
  const capped = db
    .select({
      ...eventColumns,
      size: size.as("size"),
      before: sql<number>`(sum(${size}) over (order by ${activityEvents.id}) - ${size})`.as("before"),
    })
    .from(activityEvents)
    .where(and(where, ne(activityEvents.type, "here")))
    .orderBy(asc(activityEvents.id))
    .limit(ACTIVITY_LIMITS.historyEvents + 1)
    .as("capped");
  const capRows = await db
    .select()
    .from(capped)
    .where(sql`${capped.before} <= ${ACTIVITY_LIMITS.historyBytes}`)
    .orderBy(asc(capped.id));
  const last = capRows.at(-1);
  const truncated =
    capRows.length > ACTIVITY_LIMITS.historyEvents ||
    (last !== undefined && Number(last.before) + Number(last.size) > ACTIVITY_LIMITS.historyBytes);
  const rows = truncated ? capRows.slice(0, -1) : capRows;
  return { events: rows.map(toStoredEvent), truncated };
}

/** The columns of an activity event that the replay reads (`toStoredEvent` turns them into one). */
export const eventColumns = {
  id: activityEvents.id,
  sessionId: activityEvents.sessionId,
  time: activityEvents.time,
  type: activityEvents.type,
  clientAt: activityEvents.clientAt,
  payload: activityEvents.payload,
};

/** A stored row as the replay reads it. */
export function toStoredEvent(r: {
  id: number;
  sessionId: string;
  time: Date;
  type: string;
  clientAt: number;
  payload: unknown;
}): StoredActivityEvent {
  return {
    id: r.id,
    sessionId: r.sessionId,
    time: r.time.toISOString(),
    event: { ...(r.payload as object), type: r.type, at: r.clientAt } as ActivityEvent,
  };
}

/**
 * One student's activity on an assignment, for the teacher who owns its class (404 otherwise;
 * admins and students are refused by the route's guard). The student must be, or have been, in
 * the class: a current member, or someone with events or submissions here, so a teacher cannot
 * read a stranger's name by guessing ids.
 */
export async function readHistory(
  db: Db,
  me: SessionUser,
  assignmentId: string,
  studentId: string,
): Promise<ActivityHistory> {
  const { assignment, cls } = await assertOwnsAssignment(db, me, assignmentId);
  if (studentId.length > 200) throw notFound(ACTIVITY_MESSAGES.studentNotFound);
  const [[student], [membership]] = await Promise.all([
    db.select({ name: user.name }).from(user).where(eq(user.id, studentId)),
    db
      .select({ id: classMembers.id })
      .from(classMembers)
      .where(and(eq(classMembers.classId, cls.id), eq(classMembers.userId, studentId))),
  ]);
  if (!student) throw notFound(ACTIVITY_MESSAGES.studentNotFound);

  const forStudent = and(
    eq(activityEvents.assignmentId, assignmentId),
    eq(activityEvents.studentId, studentId),
  );
  const [{ events, truncated }, finals] = await Promise.all([
    readCappedEvents(db, forStudent),
    db
      .select({ id: submissions.id, submittedAt: submissions.submittedAt, code: submissions.code })
      .from(submissions)
      .where(
        and(
          eq(submissions.assignmentId, assignmentId),
          eq(submissions.userId, studentId),
          eq(submissions.isFinal, true),
        ),
      )
      .orderBy(asc(submissions.submittedAt), asc(submissions.id)),
  ]);
  if (!membership && events.length === 0 && finals.length === 0)
    throw notFound(ACTIVITY_MESSAGES.studentNotFound);

  return {
    assignmentId,
    studentId,
    studentName: student.name,
    starterCode: studentStarterCode(assignment.starterCode),
    events,
    submissions: finals.map((s) => ({ id: s.id, submittedAt: s.submittedAt.toISOString(), code: s.code })),
    ...(truncated ? { truncated } : {}),
  };
}

/**
 * Paste evidence per student of an assignment, for its teacher: how many pastes of at least
 * ACTIVITY_LIMITS.largeInsertChars characters, and the largest paste. Students without a paste are
 * left out (read as none).
 */
export async function pasteEvidence(
  db: Db,
  me: SessionUser,
  assignmentId: string,
): Promise<Record<string, PasteEvidence>> {
  await assertOwnsAssignment(db, me, assignmentId);
  const chars = sql<number>`(${activityEvents.payload}->>'chars')::integer`;
  const rows = await db
    .select({
      studentId: activityEvents.studentId,
      largePastes: sql<number>`(count(*) filter (where ${chars} >= ${ACTIVITY_LIMITS.largeInsertChars}))::integer`,
      largestPasteChars: sql<number>`coalesce(max(${chars}), 0)::integer`,
    })
    .from(activityEvents)
    .where(and(eq(activityEvents.assignmentId, assignmentId), eq(activityEvents.type, "paste")))
    .groupBy(activityEvents.studentId);
  return Object.fromEntries(
    rows.map((r) => [r.studentId, { largePastes: r.largePastes, largestPasteChars: r.largestPasteChars }]),
  );
}
