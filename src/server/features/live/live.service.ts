// The live lesson's reads (issue 20; decision "The live lesson"): the class teacher's summary of
// every student this lesson, read in one statement (the class's assignments, members, raised hands
// and, by index probes, each student's latest events of the work they have open; decision 066),
// and one student's current code from their latest full copy on. The stuck rule itself is
// src/shared/domain/live.ts.
import { eq, type SQL, sql } from "drizzle-orm";
import { assertOwnsClass, isUuid } from "@/server/auth/access.ts";
import type { Db } from "@/server/db/client.ts";
import { activityEvents, assignments, classMembers, helpRequests, user } from "@/server/db/schema.ts";
import { notFound } from "@/server/errors.ts";
import type { SessionUser } from "@/server/types.ts";
import type {
  ActivityEvent,
  ActivityEventType,
  ActivityHistory,
  StoredActivityEvent,
} from "@/shared/api/activity.ts";
import { ASSIGNMENT_MESSAGES } from "@/shared/api/assignments.ts";
import type { LiveStudentView, LiveSummary, LiveTile } from "@/shared/api/live.ts";
import { judge, LIVE_RULES, liveOrder, type OutcomeEvent } from "@/shared/domain/live.ts";
import { sortByName } from "@/shared/domain/names.ts";
import { studentStarterCode } from "@/shared/domain/starter-code.ts";
import { summaryCache } from "./live-summary-cache.ts";

export const LIVE_MESSAGES = {
  studentNotFound: "This student is not in this class.",
  tooManyStreams: "You have too many live views open. Close one and try again.",
  busy: "The server has too many live views open right now. Try again in a minute.",
} as const;

/** The newest run results each student's rule sees (the rule needs the last few). */
const OUTCOMES_KEPT = 20;
/** Which events change or show the code (a new event type must say). */
const IS_CHANGE: Record<ActivityEventType, boolean> = {
  open: true,
  edit: true,
  paste: true,
  snapshot: true,
  restore: true,
  run: false,
  tests: false,
  error: false,
  submit: false,
  here: false,
};
/**
 * The events that are not changes. The newest change is found as the newest event not of these:
 * a planner without statistics (PGlite never gathers them; a PostgreSQL table just filled) takes
 * `type in (<five types>)` for rare and sorted a student's whole history to find one (35 ms a
 * summary an hour in), while `not in` reads as common and walks back from the newest.
 */
const NOT_CHANGES = Object.entries(IS_CHANGE)
  .filter(([, change]) => !change)
  .map(([type]) => type);
const FULL_COPIES = ["open", "snapshot", "restore"] as const;

/** One signal of a student's lesson: the newest event, change, hand-in, first test result, or a run result. */
type SignalRow = {
  studentId: string;
  assignmentId: string;
  kind: "newest" | "change" | "submit" | "first" | "outcome";
  type: string;
  t: number;
  passed: number | null;
  total: number | null;
  errorType: string | null;
  line: number | null;
};

/** What the live view reads of a class, in one statement. */
type LessonRead = {
  /** The class's assignments, oldest first (the picker). */
  work: { id: string; name: string }[];
  members: { id: string; name: string }[];
  /** Oldest first (the record's order). */
  signals: SignalRow[];
  /** When each student with an open help request (the help queue) raised it: their hand. */
  hands: { studentId: string; at: number }[];
};

type StudentEvents = {
  assignmentId: string;
  lastEventAt: number;
  /** The newest event was a `here` (the page open, nothing done). */
  newestIsHere: boolean;
  lastChangeAt: number | null;
  lastSubmitAt: number | null;
  outcomes: OutcomeEvent[];
  testsAtStart: { passed: number; total: number } | null;
};

const epochMs = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::float8`;

/**
 * Everything the live view shows of a class this lesson, in one statement (one round trip: at 20
 * classes watched, the number of queries was what the other routes waited behind; decision 066):
 * the class's assignments, its members (or the one student), their open help requests, and each
 * student's signals on the work they have open (the picked assignment, or the assignment of their
 * newest event): the newest event, the newest change, the newest hand-in, the first test result
 * and the newest OUTCOMES_KEPT run results. The signals are index probes per student: the newest
 * event of each (student, assignment) and the newest change through activity_events_history_idx,
 * runs and hand-ins through activity_events_runs_idx. It never reads the lesson's edits in bulk,
 * so its cost stays the same an hour into a lesson. The newest rows are picked first and kept only
 * when they fall in the lesson (`since`): a time filter inside a probe would walk a student's whole
 * history when nothing of it is this lesson's. An `assignmentId` not of this class reads no events.
 */
async function readLesson(
  db: Db,
  classId: string,
  assignmentId: string | null,
  since: Date,
  onlyStudent: string | null,
): Promise<LessonRead> {
  const notChanges = sql.join(
    NOT_CHANGES.map((t) => sql`${t}`),
    sql`, `,
  );
  const lessonStart = sql`${since.toISOString()}::timestamptz`;
  const result = (await db.execute(sql`
    with work as (
      select a.id, a.name, a.created_at from ${assignments} a where a.class_id = ${classId}::uuid
    ),
    chosen as (
      select w.id as assignment_id from work w
      ${assignmentId === null ? sql`` : sql`where w.id = ${assignmentId}::uuid`}
    ),
    members as (
      select m.user_id, u.name from ${classMembers} m join ${user} u on u.id = m.user_id
      where m.class_id = ${classId}::uuid ${onlyStudent === null ? sql`` : sql`and m.user_id = ${onlyStudent}`}
    ),
    newest as (
      select distinct on (m.user_id) m.user_id as student_id, w.assignment_id, last.id, last.type, last.time, last.payload
      from members m
      cross join chosen w
      cross join lateral (
        select e.id, e.type, e.time, e.payload from ${activityEvents} e
        where e.assignment_id = w.assignment_id and e.student_id = m.user_id
        order by e.id desc limit 1
      ) last
      where last.time > ${lessonStart}
      order by m.user_id, last.id desc
    ),
    picked as (
      select n.student_id, n.assignment_id, n.id, 'newest' as kind, n.type, n.time, n.payload from newest n
      union all
      select n.student_id, n.assignment_id, c.id, 'change', c.type, c.time, null::jsonb from newest n
      cross join lateral (
        select e.id, e.type, e.time from ${activityEvents} e
        where e.assignment_id = n.assignment_id and e.student_id = n.student_id and e.type not in (${notChanges})
        order by e.id desc limit 1
      ) c
      union all
      select n.student_id, n.assignment_id, s.id, 'submit', s.type, s.time, null::jsonb from newest n
      cross join lateral (
        select e.id, e.type, e.time from ${activityEvents} e
        where e.assignment_id = n.assignment_id and e.student_id = n.student_id and e.type = 'submit'
        order by e.id desc limit 1
      ) s
      union all
      select n.student_id, n.assignment_id, f.id, 'first', f.type, f.time, f.payload from newest n
      cross join lateral (
        select e.id, e.type, e.time, e.payload from ${activityEvents} e
        where e.assignment_id = n.assignment_id and e.student_id = n.student_id and e.type = 'tests'
          and e.time > ${lessonStart}
        order by e.id limit 1
      ) f
      union all
      select n.student_id, n.assignment_id, o.id, 'outcome', o.type, o.time, o.payload from newest n
      cross join lateral (
        select e.id, e.type, e.time, e.payload from ${activityEvents} e
        where e.assignment_id = n.assignment_id and e.student_id = n.student_id and e.type in ('tests', 'error')
        order by e.id desc limit ${OUTCOMES_KEPT}
      ) o
    ),
    hands as (
      select h.student_id, min(h.created_at) as at from ${helpRequests} h
      where h.class_id = ${classId}::uuid and h.status = 'open'
      group by h.student_id
    )
    select
      (select coalesce(json_agg(json_build_object('id', w.id, 'name', w.name) order by w.created_at, w.id), '[]'::json)
         from work w) as work,
      (select coalesce(json_agg(json_build_object('id', m.user_id, 'name', m.name)), '[]'::json)
         from members m) as members,
      (select coalesce(json_agg(json_build_object(
                'studentId', p.student_id, 'assignmentId', p.assignment_id, 'kind', p.kind, 'type', p.type,
                't', ${epochMs(sql`p.time`)},
                'passed', (p.payload->>'passed')::integer, 'total', (p.payload->>'total')::integer,
                'errorType', p.payload->>'errorType', 'line', (p.payload->>'line')::integer
              ) order by p.id), '[]'::json)
         from picked p where p.time > ${lessonStart}) as signals,
      (select coalesce(json_agg(json_build_object('studentId', h.student_id, 't', ${epochMs(sql`h.at`)})), '[]'::json)
         from hands h) as hands`)) as unknown as {
    rows: {
      work: LessonRead["work"];
      members: LessonRead["members"];
      signals: SignalRow[];
      hands: { studentId: string; t: number }[];
    }[];
  };
  const [row] = result.rows;
  return {
    work: row.work,
    members: row.members,
    signals: row.signals,
    hands: row.hands.map((h) => ({ studentId: h.studentId, at: Number(h.t) })),
  };
}

/** Each student's signals gathered (the rows come oldest first). */
function studentEvents(signals: SignalRow[]): Map<string, StudentEvents> {
  const byStudent = new Map<string, StudentEvents>();
  for (const r of signals) {
    if (r.kind !== "newest") continue;
    byStudent.set(r.studentId, {
      assignmentId: r.assignmentId,
      lastEventAt: Number(r.t),
      newestIsHere: r.type === "here",
      lastChangeAt: null,
      lastSubmitAt: null,
      outcomes: [],
      testsAtStart: null,
    });
  }
  for (const r of signals) {
    const s = byStudent.get(r.studentId);
    if (!s) continue;
    const t = Number(r.t);
    if (r.kind === "change") s.lastChangeAt = t;
    else if (r.kind === "submit") s.lastSubmitAt = t;
    else if (r.kind === "first") s.testsAtStart = { passed: r.passed ?? 0, total: r.total ?? 0 };
    else if (r.kind === "outcome")
      s.outcomes.push(
        r.type === "tests"
          ? { at: t, type: "tests", passed: r.passed ?? 0, total: r.total ?? 0 }
          : { at: t, type: "error", errorType: r.errorType ?? "Error", line: r.line },
      );
  }
  return byStudent;
}

const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());

/**
 * When the student last did something: the newest event, unless it was a `here`; then the newest
 * change, hand-in or run result this read has (a run that printed without error is not among
 * them: idle minutes may then count from a little earlier).
 */
function lastActionOf(e: StudentEvents): number | null {
  if (!e.newestIsHere) return e.lastEventAt;
  const times = [e.lastChangeAt, e.lastSubmitAt, ...e.outcomes.map((o) => o.at)].filter(
    (t): t is number => t !== null,
  );
  return times.length > 0 ? Math.max(...times) : null;
}

/** The tiles in the teacher's order (the stuck rule of shared/domain/live.ts applied to each). */
function tilesOf(read: LessonRead, now: Date): LiveTile[] {
  const events = studentEvents(read.signals);
  const hands = new Map(read.hands.map((h) => [h.studentId, h.at]));
  const names = new Map(read.work.map((a) => [a.id, a.name]));
  const tiles = sortByName(read.members).map((m): LiveTile & { handRaisedAtMs: number | null } => {
    const e = events.get(m.id);
    const hand = hands.get(m.id) ?? null;
    const verdict = judge({
      now: now.getTime(),
      lastEventAt: e?.lastEventAt ?? null,
      lastActionAt: e ? lastActionOf(e) : null,
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

/** The class's lesson as read; 404 when `assignmentId` is not one of its assignments. */
async function lessonOf(
  db: Db,
  classId: string,
  assignmentId: string | undefined,
  now: Date,
  onlyStudent: string | null,
): Promise<LessonRead> {
  const since = new Date(now.getTime() - LIVE_RULES.lessonMs);
  const read = await readLesson(db, classId, assignmentId ?? null, since, onlyStudent);
  if (assignmentId !== undefined && !read.work.some((a) => a.id === assignmentId))
    throw notFound(ASSIGNMENT_MESSAGES.notFound);
  return read;
}

/**
 * The class teacher's live summary (404 for anyone else's class; the route refuses non-teachers).
 * Whose class it is is read on every request; the summary itself is shared by every reader of the
 * class on this instance while nothing has been announced (live-summary-cache.ts, decision 066).
 */
export async function liveSummary(
  db: Db,
  me: SessionUser,
  classId: string,
  assignmentId: string | undefined,
  now: Date,
): Promise<LiveSummary> {
  const cls = await assertOwnsClass(db, me, classId);
  const shared = await summaryCache<Omit<LiveSummary, "className">>(db).read(
    cls.id,
    assignmentId ?? "",
    now.getTime(),
    async () => {
      const read = await lessonOf(db, cls.id, assignmentId, now, null);
      return {
        classId: cls.id,
        assignmentId: assignmentId ?? null,
        assignments: read.work,
        generatedAt: now.toISOString(),
        tiles: tilesOf(read, now),
      };
    },
  );
  return { ...shared, className: cls.name };
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
  const cls = await assertOwnsClass(db, me, classId);
  if (studentId.length > 200) throw notFound(LIVE_MESSAGES.studentNotFound);
  const [tile] = tilesOf(await lessonOf(db, cls.id, assignmentId, now, studentId), now);
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
