// Contract of the activity record (/api/activity): what a student's workspace sends while they
// work, and what the class's teacher reads back to replay it. Close to ProgSnap2 (see the decision record "The activity record"):
// each event type names its ProgSnap2 EventType in ACTIVITY_PROGSNAP.
import { z } from "zod";

/** Bounds the server holds (413 over the byte limit, 400 over the counts, 429 over the rate). */
export const ACTIVITY_LIMITS = {
  /** Events in one batch; the browser sends a batch every few seconds. */
  eventsPerBatch: 200,
  /** One batch's JSON body, in bytes (a snapshot of the largest program fits). */
  batchBytes: 256 * 1024,
  /** A full copy of the code (open, snapshot, restore): the submission limit. */
  codeChars: 100_000,
  /** CodeMirror's ChangeSet.toJSON() of one edit: inserted text counts here too. */
  changeJsonChars: 100_000,
  /** A paste at least this many characters (or 2+ lines) is marked as a paste on the timeline. */
  largeInsertChars: 40,
  /**
   * How far apart the browser's `at`s may place a batch's events (the browser cuts a batch every
   * 10 s): a batch claiming hours made hours of active time from one request.
   */
  batchSpanMs: 10 * 60_000,
  /**
   * What one history sends at most: its first events up to this many, and up to this many bytes of
   * their JSON (a school year of steady typing is far less). A script's flood stops there instead
   * of being loaded whole by the server and the teacher's browser.
   */
  historyEvents: 50_000,
  historyBytes: 32 * 1024 * 1024,
} as const;

/**
 * Milliseconds since the workspace was opened (performance.now()-like), as the browser saw them.
 * Used only to space events apart within a batch for replay; the server orders events by when it
 * stored them and never trusts a client clock for ordering.
 */
const at = z
  .number()
  .int()
  .min(0)
  .max(7 * 24 * 3600 * 1000);
const code = z.string().max(ACTIVITY_LIMITS.codeChars);
const nonNegative = z.number().int().min(0).max(10_000_000);

export const ActivityEvent = z.discriminatedUnion("type", [
  /** The workspace opened with this code (the replay's starting point for this visit). */
  z.object({ type: z.literal("open"), at, code }),
  /** A full copy every few minutes, so a lost batch never corrupts what follows. */
  z.object({ type: z.literal("snapshot"), at, code }),
  /** Typing since the last edit event: CodeMirror `ChangeSet.toJSON()`, applied to the code before. */
  z.object({
    type: z.literal("edit"),
    at,
    changes: z.array(z.unknown()).max(10_000),
    /** The code's length after this edit, so a reader can tell when it lost the thread. */
    length: nonNegative,
  }),
  /** A paste, drop or other large insertion (the text itself is in the edit event). */
  z.object({
    type: z.literal("paste"),
    at,
    from: nonNegative,
    chars: nonNegative,
    lines: nonNegative,
  }),
  z.object({ type: z.literal("run"), at }),
  z.object({ type: z.literal("tests"), at, passed: nonNegative, total: nonNegative }),
  /** A Python error from Run Code or Run Tests: its type and the student's line, if any. */
  z.object({
    type: z.literal("error"),
    at,
    errorType: z
      .string()
      .max(80)
      .regex(/^[A-Za-z_][A-Za-z0-9_.]*$/),
    line: z.number().int().min(1).max(100_000).nullable(),
  }),
  z.object({ type: z.literal("submit"), at }),
  /** Restore Code put back an earlier submission's code. */
  z.object({ type: z.literal("restore"), at, code }),
  /**
   * The workspace is open and shown, with nothing else recorded for a minute (issue 20: a student
   * reading the task is online, not away). Nothing but the time; never shown in a replay.
   */
  z.object({ type: z.literal("here"), at }),
]);
export type ActivityEvent = z.output<typeof ActivityEvent>;
export type ActivityEventType = ActivityEvent["type"];

/** How each event maps onto ProgSnap2's EventType (decision record "The activity record"). */
export const ACTIVITY_PROGSNAP: Record<ActivityEventType, string> = {
  open: "Session.Start",
  snapshot: "File.Edit",
  edit: "File.Edit",
  paste: "X-Paste",
  run: "Run.Program",
  tests: "Run.Test",
  error: "Compile.Error",
  submit: "Submit",
  restore: "File.Edit",
  here: "X-Here",
};

/** The batch's work: an assignment, or a library exercise (decision 072); exactly one. */
export const ACTIVITY_ONE_WORK = "A batch records either an assignment or an exercise.";

export const ActivityBatch = z
  .object({
    assignmentId: z.string().uuid().optional(),
    exerciseId: z.string().uuid().optional(),
    /** A random id per workspace visit (one browser tab's session with this work). */
    sessionId: z.string().uuid(),
    /** The batch's number in this session, from 0: a retried batch is stored once. */
    seq: z.number().int().min(0).max(1_000_000),
    events: z.array(ActivityEvent).min(1).max(ACTIVITY_LIMITS.eventsPerBatch),
  })
  .refine((b) => (b.assignmentId === undefined) !== (b.exerciseId === undefined), {
    message: ACTIVITY_ONE_WORK,
  });
export type ActivityBatch = z.input<typeof ActivityBatch>;

/** One stored event as the teacher's replay reads it. */
export const StoredActivityEvent = z.object({
  id: z.number().int(),
  sessionId: z.string(),
  /** Server time the event is placed at (ISO): from when its batch arrived, never the client's clock. */
  time: z.string(),
  event: ActivityEvent,
});
export type StoredActivityEvent = z.output<typeof StoredActivityEvent>;

export const ActivityHistory = z.object({
  assignmentId: z.string(),
  studentId: z.string(),
  studentName: z.string(),
  starterCode: z.string(),
  /** Events in the order the server stored them. */
  events: z.array(StoredActivityEvent),
  /** Final submissions, for hand-in markers and "code at this hand-in". */
  submissions: z.array(z.object({ id: z.string(), submittedAt: z.string(), code: z.string() })),
  /** More was recorded than a history sends (ACTIVITY_LIMITS.historyEvents/historyBytes): these are the first events. */
  truncated: z.boolean().optional(),
});
export type ActivityHistory = z.output<typeof ActivityHistory>;

/** Paste evidence per student, shown beside a submission and in the progress table. */
export const PasteEvidence = z.object({
  largePastes: z.number().int(),
  largestPasteChars: z.number().int(),
});
export type PasteEvidence = z.output<typeof PasteEvidence>;

/**
 * GET /api/assignments/:id/activity/latest-code: the student's own code as their record last
 * holds it, so work typed on another computer opens here (issue 19 item 3). Null when nothing is
 * recorded. The student reads back nothing else of their record.
 */
export const LatestCode = z.object({ code: z.string(), at: z.string() }).nullable();
export type LatestCode = z.output<typeof LatestCode>;

/**
 * GET /api/exercises/:id/activity: a student's own history of a library exercise ("Your history",
 * decision 072). Only the student reads it: no teacher owns a library exercise. `saves` are their
 * saves of it (the replay's hand-ins).
 */
export const ExerciseHistory = z.object({
  exerciseId: z.string(),
  starterCode: z.string(),
  events: z.array(StoredActivityEvent),
  saves: z.array(z.object({ id: z.string(), submittedAt: z.string(), code: z.string() })),
  truncated: z.boolean().optional(),
});
export type ExerciseHistory = z.output<typeof ExerciseHistory>;
