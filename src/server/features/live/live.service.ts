// The live lesson's reads (issue 20; decision "The live lesson"): the class teacher's summary of
// every student this lesson, built by one statement over activity_events (window functions pick
// each student's latest events of the work they have open), and one student's current code from
// their latest full copy on. The stuck rule itself is src/shared/domain/live.ts.
import { and, asc, eq, sql } from "drizzle-orm";
import { assertOwnsClass, isUuid } from "@/server/auth/access.ts";
import type { Db } from "@/server/db/client.ts";
import {
  activityEvents,
  assignments,
  classMembers,
  helpRequests,
  session,
  user,
} from "@/server/db/schema.ts";
import { notFound } from "@/server/errors.ts";
import type { SessionUser } from "@/server/types.ts";
import type { ActivityEvent, ActivityHistory, StoredActivityEvent } from "@/shared/api/activity.ts";
import { ASSIGNMENT_MESSAGES } from "@/shared/api/assignments.ts";
import type { LiveStudentView, LiveSummary, LiveTile } from "@/shared/api/live.ts";
import { judge, LIVE_RULES, liveOrder, type OutcomeEvent } from "@/shared/domain/live.ts";
import { sortByName } from "@/shared/domain/names.ts";
import { studentStarterCode } from "@/shared/domain/starter-code.ts";

export const LIVE_MESSAGES = {
  studentNotFound: "This student is not in this class.",
  tooManyStreams: "You have too many live views open. Close one and try again.",
  busy: "The server has too many live views open right now. Try again in a minute.",
} as const;

/** The newest run results each student's rule sees (the rule needs the last few). */
const OUTCOMES_KEPT = 20;
const CHANGES = ["open", "edit", "paste", "snapshot", "restore"] as const;
const FULL_COPIES = ["open", "snapshot", "restore"] as const;

type Row = {
  student_id: string;
  assignment_id: string;
  type: string;
  t: number;
  passed: number | null;
  total: number | null;
  error_type: string | null;
  line: number | null;
  newest: number;
};

type StudentEvents = {
  assignmentId: string;
  lastEventAt: number;
  lastChangeAt: number | null;
  lastSubmitAt: number | null;
  outcomes: OutcomeEvent[];
  testsAtStart: { passed: number; total: number } | null;
};

/**
 * Each student's events this lesson on the work they have open (the picked assignment, or the
 * assignment of their newest event): the newest event, the newest change, the newest hand-in, the
 * first test result and the newest OUTCOMES_KEPT run results. One statement, read through
 * activity_events_live_idx (assignment, time).
 */
async function lessonEvents(
  db: Db,
  classId: string,
  assignmentIds: string[],
  since: Date,
  studentId: string | null,
): Promise<Map<string, StudentEvents>> {
  if (assignmentIds.length === 0) return new Map();
  const ids = sql.join(
    assignmentIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    with lesson as (
      select e.id, e.student_id, e.assignment_id, e.type, e.time, e.payload,
             first_value(e.assignment_id) over (partition by e.student_id order by e.id desc) as open_assignment
      from ${activityEvents} e
      join ${classMembers} m on m.user_id = e.student_id and m.class_id = ${classId}::uuid
      where e.assignment_id in (${ids}) and e.time > ${since.toISOString()}::timestamptz
        ${studentId === null ? sql`` : sql`and e.student_id = ${studentId}`}
    ),
    ranked as (
      select l.*,
             row_number() over (partition by l.student_id order by l.id desc) as newest,
             row_number() over (partition by l.student_id, l.type in ('tests', 'error') order by l.id desc) as outcome_newest,
             row_number() over (partition by l.student_id, l.type = 'tests' order by l.id) as tests_first,
             row_number() over (partition by l.student_id, l.type in ('open', 'edit', 'paste', 'snapshot', 'restore') order by l.id desc) as change_newest,
             row_number() over (partition by l.student_id, l.type = 'submit' order by l.id desc) as submit_newest
      from lesson l
      where l.assignment_id = l.open_assignment
    )
    select student_id, assignment_id::text as assignment_id, type,
           (extract(epoch from time) * 1000)::float8 as t,
           (payload->>'passed')::integer as passed, (payload->>'total')::integer as total,
           payload->>'errorType' as error_type, (payload->>'line')::integer as line,
           newest::integer as newest
    from ranked
    where newest = 1
       or (type in ('tests', 'error') and outcome_newest <= ${OUTCOMES_KEPT})
       or (type = 'tests' and tests_first = 1)
       or (type in ('open', 'edit', 'paste', 'snapshot', 'restore') and change_newest = 1)
       or (type = 'submit' and submit_newest = 1)
    order by student_id, newest desc`)) as unknown as { rows: Row[] };

  const byStudent = new Map<string, StudentEvents>();
  for (const r of result.rows) {
    const t = Number(r.t);
    let s = byStudent.get(r.student_id);
    if (!s) {
      s = {
        assignmentId: r.assignment_id,
        lastEventAt: t,
        lastChangeAt: null,
        lastSubmitAt: null,
        outcomes: [],
        testsAtStart: null,
      };
      byStudent.set(r.student_id, s);
    }
    // Rows come oldest first per student (newest desc), so the last seen is the newest.
    s.lastEventAt = Math.max(s.lastEventAt, t);
    if ((CHANGES as readonly string[]).includes(r.type)) s.lastChangeAt = Math.max(s.lastChangeAt ?? 0, t);
    if (r.type === "submit") s.lastSubmitAt = Math.max(s.lastSubmitAt ?? 0, t);
    if (r.type === "tests" && s.testsAtStart === null)
      s.testsAtStart = { passed: r.passed ?? 0, total: r.total ?? 0 };
    if (r.type === "tests" || r.type === "error")
      s.outcomes.push(
        r.type === "tests"
          ? { at: t, type: "tests", passed: r.passed ?? 0, total: r.total ?? 0 }
          : { at: t, type: "error", errorType: r.error_type ?? "Error", line: r.line },
      );
  }
  return byStudent;
}

/** When each student with an open help request (the help queue) raised it: their hand. */
async function raisedHands(db: Db, classId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ studentId: helpRequests.studentId, at: sql<Date>`min(${helpRequests.createdAt})` })
    .from(helpRequests)
    .where(and(eq(helpRequests.classId, classId), eq(helpRequests.status, "open")))
    .groupBy(helpRequests.studentId);
  return new Map(rows.map((r) => [r.studentId, new Date(r.at).getTime()]));
}

const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());

async function buildTiles(
  db: Db,
  classId: string,
  work: { id: string; name: string }[],
  assignmentId: string | null,
  now: Date,
  onlyStudent: string | null,
): Promise<LiveTile[]> {
  const since = new Date(now.getTime() - LIVE_RULES.lessonMs);
  const [members, events, hands] = await Promise.all([
    db
      .select({ id: user.id, name: user.name })
      .from(classMembers)
      .innerJoin(user, eq(user.id, classMembers.userId))
      .where(
        onlyStudent === null
          ? eq(classMembers.classId, classId)
          : and(eq(classMembers.classId, classId), eq(classMembers.userId, onlyStudent)),
      ),
    lessonEvents(db, classId, assignmentId ? [assignmentId] : work.map((a) => a.id), since, onlyStudent),
    raisedHands(db, classId),
  ]);
  const names = new Map(work.map((a) => [a.id, a.name]));
  const tiles = sortByName(members).map((m): LiveTile & { handRaisedAtMs: number | null } => {
    const e = events.get(m.id);
    const hand = hands.get(m.id) ?? null;
    const verdict = judge({
      now: now.getTime(),
      lastEventAt: e?.lastEventAt ?? null,
      lastChangeAt: e?.lastChangeAt ?? null,
      outcomes: [...(e?.outcomes ?? [])].sort((a, b) => a.at - b.at),
      testsAtStart: e?.testsAtStart ?? null,
      handRaisedAt: hand,
      handedIn: Boolean(e?.lastSubmitAt && e.lastSubmitAt >= (e.lastChangeAt ?? 0)),
    });
    return {
      studentId: m.id,
      name: m.name,
      state: verdict.state,
      online: verdict.online,
      open: e ? { assignmentId: e.assignmentId, name: names.get(e.assignmentId) ?? "" } : null,
      lastEventAt: iso(e?.lastEventAt ?? null),
      idleMinutes: verdict.idleMinutes,
      reasons: verdict.reasons,
      lastRun: verdict.lastRun
        ? { ...verdict.lastRun, at: new Date(verdict.lastRun.at).toISOString() }
        : null,
      testsNow: verdict.testsNow,
      testsAtStart: e?.testsAtStart ?? null,
      repeatedError: verdict.repeatedError,
      handRaisedAt: iso(hand),
      handRaisedAtMs: hand,
    };
  });
  return liveOrder(tiles.map((t) => ({ ...t, handRaisedAt: t.handRaisedAtMs }))).map(
    ({ handRaisedAtMs: _, ...t }) => ({ ...t, handRaisedAt: iso(t.handRaisedAt) }),
  );
}

async function classWork(db: Db, me: SessionUser, classId: string, assignmentId: string | undefined) {
  const cls = await assertOwnsClass(db, me, classId);
  const work = await db
    .select({ id: assignments.id, name: assignments.name })
    .from(assignments)
    .where(eq(assignments.classId, cls.id))
    .orderBy(asc(assignments.createdAt), asc(assignments.id));
  if (assignmentId !== undefined && !work.some((a) => a.id === assignmentId))
    throw notFound(ASSIGNMENT_MESSAGES.notFound);
  return { cls, work };
}

/** The class teacher's live summary (404 for anyone else's class; the route refuses non-teachers). */
export async function liveSummary(
  db: Db,
  me: SessionUser,
  classId: string,
  assignmentId: string | undefined,
  now: Date,
): Promise<LiveSummary> {
  const { cls, work } = await classWork(db, me, classId, assignmentId);
  return {
    classId: cls.id,
    className: cls.name,
    assignmentId: assignmentId ?? null,
    assignments: work,
    generatedAt: now.toISOString(),
    tiles: await buildTiles(db, cls.id, work, assignmentId ?? null, now, null),
  };
}

/**
 * Look over the shoulder: one student's tile and their record on the work from its latest session's
 * last full copy on (open, snapshot or restore), which the replay engine turns into the code now.
 */
export async function liveStudent(
  db: Db,
  me: SessionUser,
  classId: string,
  studentId: string,
  assignmentId: string | undefined,
  now: Date,
): Promise<LiveStudentView> {
  const { cls, work } = await classWork(db, me, classId, assignmentId);
  if (studentId.length > 200) throw notFound(LIVE_MESSAGES.studentNotFound);
  const [tile] = await buildTiles(db, cls.id, work, assignmentId ?? null, now, studentId);
  if (!tile) throw notFound(LIVE_MESSAGES.studentNotFound);
  const workId = assignmentId ?? tile.open?.assignmentId;
  if (!workId) return { classId: cls.id, tile, history: null };
  return { classId: cls.id, tile, history: await currentRecord(db, workId, tile.studentId, tile.name) };
}

async function currentRecord(
  db: Db,
  assignmentId: string,
  studentId: string,
  studentName: string,
): Promise<ActivityHistory | null> {
  const forStudent = sql`${activityEvents.assignmentId} = ${assignmentId}::uuid and ${activityEvents.studentId} = ${studentId}`;
  const copies = sql.join(
    FULL_COPIES.map((t) => sql`${t}`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    with latest as (
      select ${activityEvents.sessionId} as session_id from ${activityEvents}
      where ${forStudent} order by ${activityEvents.id} desc limit 1
    ),
    start as (
      select coalesce(max(${activityEvents.id}), 0) as from_id from ${activityEvents}
      where ${forStudent} and ${activityEvents.sessionId} = (select session_id from latest)
        and ${activityEvents.type} in (${copies})
    )
    select ${activityEvents.id} as id, ${activityEvents.sessionId}::text as session_id,
           ${activityEvents.time} as time, ${activityEvents.type} as type,
           ${activityEvents.clientAt} as client_at, ${activityEvents.payload} as payload
    from ${activityEvents}
    where ${forStudent} and ${activityEvents.sessionId} = (select session_id from latest)
      and ${activityEvents.id} >= (select from_id from start)
    order by ${activityEvents.id}`)) as unknown as {
    rows: {
      id: number;
      session_id: string;
      time: Date | string;
      type: string;
      client_at: number;
      payload: unknown;
    }[];
  };
  const [assignment] = await db
    .select({ starterCode: assignments.starterCode })
    .from(assignments)
    .where(eq(assignments.id, assignmentId));
  if (!assignment) return null;
  const events: StoredActivityEvent[] = result.rows.map((r) => ({
    id: Number(r.id),
    sessionId: r.session_id,
    time: new Date(r.time).toISOString(),
    event: { ...(r.payload as object), type: r.type, at: r.client_at } as ActivityEvent,
  }));
  return {
    assignmentId,
    studentId,
    studentName,
    starterCode: studentStarterCode(assignment.starterCode),
    events,
    submissions: [],
  };
}

/** Whether the session behind this cookie token is still live and still this user's. */
export async function sessionStillValid(db: Db, token: string, userId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ expiresAt: session.expiresAt })
    .from(session)
    .where(and(eq(session.token, token), eq(session.userId, userId)));
  return Boolean(row && row.expiresAt.getTime() > now.getTime());
}

/** Whether the class still exists and is still this teacher's (deleted or given away: the stream ends). */
export async function stillOwnsClass(db: Db, me: SessionUser, classId: string): Promise<boolean> {
  if (!isUuid(classId)) return false;
  try {
    await assertOwnsClass(db, me, classId);
    return true;
  } catch {
    return false;
  }
}
