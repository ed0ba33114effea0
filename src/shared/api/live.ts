// Contract of the live lesson (issue 20): the class teacher's summary of who needs them now
// (GET /api/classes/:id/live), one student's current code (…/live/students/:studentId) and the
// stream that says when to read them again (…/live/stream, server-sent `changed` events).
import { z } from "zod";
import { ActivityHistory } from "./activity.ts";

/** Server-sent events of the live stream. */
export const LIVE_EVENTS = { changed: "changed", hello: "hello" } as const;
/** How long a browser waits before reconnecting a dropped stream (the SSE `retry:`). */
export const LIVE_RETRY_MS = 2_000;
/** A comment line this often keeps proxies from closing an idle stream. */
export const LIVE_HEARTBEAT_MS = 25_000;
/** Open streams a teacher may hold at once (tabs, devices); one more is refused with 429. */
export const LIVE_STREAMS_PER_TEACHER = 5;

export const LiveQuery = z.object({
  /** One assignment of the class; absent means "any open work" (whatever each student has open). */
  assignmentId: z.string().uuid().optional(),
});

const score = z.object({ passed: z.number().int(), total: z.number().int() });
const run = z.object({
  at: z.string(),
  tests: score.nullable(),
  error: z.object({ type: z.string(), line: z.number().int().nullable() }).nullable(),
});

export const LiveTile = z.object({
  studentId: z.string(),
  name: z.string(),
  state: z.enum(["hand", "stuck", "working", "idle", "done", "away"]),
  online: z.boolean(),
  /** What they have open: the assignment of their latest event this lesson. */
  open: z.object({ assignmentId: z.string(), name: z.string() }).nullable(),
  lastEventAt: z.string().nullable(),
  idleMinutes: z.number().int().nullable(),
  /** Why the tile needs the teacher, in plain words (stuck rule, raised hand). */
  reasons: z.array(z.string()),
  lastRun: run.nullable(),
  testsNow: score.nullable(),
  testsAtStart: score.nullable(),
  repeatedError: z.string().nullable(),
  /** When their open help request was raised (the help queue), if any. */
  handRaisedAt: z.string().nullable(),
});
export type LiveTile = z.output<typeof LiveTile>;

export const LiveSummary = z.object({
  classId: z.string(),
  className: z.string(),
  /** The assignment picked, or null for "any open work". */
  assignmentId: z.string().nullable(),
  assignments: z.array(z.object({ id: z.string(), name: z.string() })),
  generatedAt: z.string(),
  /** In the teacher's order: raised hands, stuck, then by idle time. */
  tiles: z.array(LiveTile),
});
export type LiveSummary = z.output<typeof LiveSummary>;

/** Look over the shoulder: the record from the student's latest full copy on, to rebuild the code. */
export const LiveStudentView = z.object({
  classId: z.string(),
  tile: LiveTile,
  /** Null when the student has nothing recorded on the work this lesson. */
  history: ActivityHistory.nullable(),
});
export type LiveStudentView = z.output<typeof LiveStudentView>;
