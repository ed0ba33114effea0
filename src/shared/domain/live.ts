// The live lesson's rule (issue 20): from what the activity record holds about a student this
// lesson, is the student online, stuck, idle or done, why (in plain words on the tile), and in
// which order the teacher sees the tiles. Pure: the server applies it to each student's signals.
//
// The rule (docs/architecture.md's rule table; decision "The live lesson"):
// - A run is Run Code or Run Tests: a `tests` result and the `error` it raised (recorded within
//   RUN_JOIN_MS of each other) are one run. A run fails when it raised an error or not every test
//   passed.
// - Stuck when any of:
//   1. the same error type in the last 3 runs in a row ("Same error 3 times in a row: NameError");
//   2. the same failure (the same error type, or the same failing test score) for at least 5
//      minutes over 2 or more runs ("Same error for 6 min: NameError", "Same failing tests for
//      6 min: 2 of 3 passing");
//   3. no change to the code for at least 10 minutes while the work is open this lesson (an event
//      in the last 90 minutes) and not handed in since ("No change for 12 min").
// - A raised hand (the help queue) comes first whatever else holds ("Hand raised 3 min ago").
// - Online: an event in the last 2 minutes. Idle minutes: since the last event of any kind.
// - Order: raised hands (longest waiting first), then stuck (longest idle first), then everyone
//   else by idle time (longest first; students with nothing this lesson last), then by name.
import { compareNames } from "./names.ts";

export const LIVE_RULES = {
  /** Online: an event this recent (the open workspace sends a `here` once a minute when quiet). */
  onlineMs: 2 * 60_000,
  /** The lesson: events this recent count (the start-of-lesson test score is the first here). */
  lessonMs: 90 * 60_000,
  /** Stuck: the same failure for this long (over at least `sameFailureRuns` runs). */
  sameFailureMs: 5 * 60_000,
  sameFailureRuns: 2,
  /** Stuck: the same error type in this many runs in a row ("the error they keep hitting"). */
  repeatedErrorRuns: 3,
  /** Stuck: no change to the code for this long while the work is open and not handed in. */
  noChangeMs: 10 * 60_000,
} as const;

/** A `tests` result and an `error` recorded this close together came from one run. */
export const RUN_JOIN_MS = 5_000;

export type TestScore = { passed: number; total: number };

/** One `tests` or `error` event, oldest first as the record holds them. */
export type OutcomeEvent =
  | { at: number; type: "tests"; passed: number; total: number }
  | { at: number; type: "error"; errorType: string; line: number | null };

/** One run: its test result and/or its error. */
export type Run = {
  at: number;
  tests: TestScore | null;
  error: { type: string; line: number | null } | null;
};

export type LiveSignals = {
  now: number;
  /** The student's last event of any kind this lesson (null: nothing this lesson). */
  lastEventAt: number | null;
  /**
   * The last thing they did (an event other than the workspace's once-a-minute `here`): idle
   * minutes count from it. Defaults to lastEventAt.
   */
  lastActionAt?: number | null;
  /** The last event that changed or showed the code (open, edit, paste, snapshot, restore). */
  lastChangeAt: number | null;
  /** `tests` and `error` events this lesson, oldest first (the server sends the latest few). */
  outcomes: OutcomeEvent[];
  /** The first test result this lesson. */
  testsAtStart: TestScore | null;
  /** When their open help request was raised (null: no hand up). */
  handRaisedAt: number | null;
  /** The work they have open was handed in after their last change. */
  handedIn: boolean;
};

export type LiveState = "hand" | "stuck" | "working" | "idle" | "done" | "away";

export type LiveVerdict = {
  state: LiveState;
  online: boolean;
  /** Whole minutes since the last event; null when nothing this lesson. */
  idleMinutes: number | null;
  /** Why the tile needs the teacher, in plain words (empty when it doesn't). */
  reasons: string[];
  lastRun: Run | null;
  testsNow: TestScore | null;
  /** The error type of the last LIVE_RULES.repeatedErrorRuns runs, when they all raised it. */
  repeatedError: string | null;
};

/** What the badge says (text, never colour alone). */
export const LIVE_STATE_LABELS: Record<LiveState, string> = {
  hand: "Hand raised",
  stuck: "Stuck",
  working: "Working",
  idle: "Idle",
  done: "Handed in",
  away: "Not here",
};

/** A tile's state counts as "needs help" in the page's summary line. */
export const needsHelp = (state: LiveState) => state === "hand" || state === "stuck";

const minutes = (ms: number) => Math.max(0, Math.floor(ms / 60_000));
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The record's `tests` and `error` events joined into runs, oldest first. */
export function runsOf(outcomes: OutcomeEvent[]): Run[] {
  const runs: Run[] = [];
  for (const e of outcomes) {
    const last = runs[runs.length - 1];
    const near = last !== undefined && e.at - last.at <= RUN_JOIN_MS;
    if (e.type === "tests") {
      runs.push({ at: e.at, tests: { passed: e.passed, total: e.total }, error: null });
    } else if (near && last.error === null && last.tests !== null) {
      last.error = { type: e.errorType, line: e.line };
    } else {
      runs.push({ at: e.at, tests: null, error: { type: e.errorType, line: e.line } });
    }
  }
  return runs;
}

const failed = (run: Run) => run.error !== null || (run.tests !== null && run.tests.passed < run.tests.total);

/** Two runs fail the same way: the same error type, or (no error) the same failing test score. */
function sameFailure(a: Run, b: Run): boolean {
  if (!failed(a) || !failed(b)) return false;
  if (a.error || b.error) return a.error?.type === b.error?.type;
  return a.tests?.passed === b.tests?.passed && a.tests?.total === b.tests?.total;
}

const failureWords = (run: Run) => (run.error ? "error for" : "failing tests for");

export function judge(s: LiveSignals): LiveVerdict {
  const runs = runsOf(s.outcomes);
  const lastRun = runs.length > 0 ? runs[runs.length - 1] : null;
  const testsNow = [...runs].reverse().find((r) => r.tests !== null)?.tests ?? null;
  const online = s.lastEventAt !== null && s.now - s.lastEventAt <= LIVE_RULES.onlineMs;
  const lastAction = s.lastActionAt === undefined ? s.lastEventAt : s.lastActionAt;
  const idleMinutes = lastAction === null ? null : minutes(s.now - lastAction);
  const reasons: string[] = [];

  if (s.handRaisedAt !== null) reasons.push(`Hand raised ${minutes(s.now - s.handRaisedAt)} min ago`);

  // 1. The same error type in the last runs in a row.
  let repeatedError: string | null = null;
  const tail = runs.slice(-LIVE_RULES.repeatedErrorRuns);
  if (
    tail.length === LIVE_RULES.repeatedErrorRuns &&
    tail.every((r) => r.error !== null && r.error.type === tail[0].error?.type)
  ) {
    repeatedError = tail[0].error?.type ?? null;
    reasons.push(`Same error ${LIVE_RULES.repeatedErrorRuns} times in a row: ${repeatedError}`);
  }

  // 2. The same failure for a while: the streak of newest runs that fail the same way.
  if (lastRun && failed(lastRun)) {
    let first = runs.length - 1;
    while (first > 0 && sameFailure(runs[first - 1], lastRun)) first--;
    const streak = runs.length - first;
    const lasted = s.now - runs[first].at;
    if (streak >= LIVE_RULES.sameFailureRuns && lasted >= LIVE_RULES.sameFailureMs) {
      const what = lastRun.error
        ? lastRun.error.type
        : `${lastRun.tests?.passed} of ${lastRun.tests?.total} passing`;
      reasons.push(`Same ${failureWords(lastRun)} ${minutes(lasted)} min: ${what}`);
    }
  }

  // 3. No change for a while, with the work open this lesson and not handed in.
  if (
    s.lastChangeAt !== null &&
    s.lastEventAt !== null &&
    !s.handedIn &&
    s.now - s.lastEventAt <= LIVE_RULES.lessonMs &&
    s.now - s.lastChangeAt >= LIVE_RULES.noChangeMs
  )
    reasons.push(`No change for ${minutes(s.now - s.lastChangeAt)} min`);

  const stuck = reasons.length > (s.handRaisedAt !== null ? 1 : 0);
  const state: LiveState =
    s.handRaisedAt !== null
      ? "hand"
      : stuck
        ? "stuck"
        : s.lastEventAt === null
          ? "away"
          : s.handedIn
            ? "done"
            : online
              ? "working"
              : "idle";
  return { state, online, idleMinutes, reasons, lastRun, testsNow, repeatedError };
}

/** Tiles in the order the teacher reads them (see the rule above). */
export function liveOrder<
  T extends { name: string; state: LiveState; idleMinutes: number | null; handRaisedAt: number | null },
>(tiles: T[]): T[] {
  const rank = (t: T) => (t.state === "hand" ? 0 : t.state === "stuck" ? 1 : 2);
  const idle = (t: T) => (t.idleMinutes === null ? -1 : t.idleMinutes);
  return [...tiles].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      (a.state === "hand" && b.state === "hand" ? (a.handRaisedAt ?? 0) - (b.handRaisedAt ?? 0) : 0) ||
      idle(b) - idle(a) ||
      compareNames(a.name, b.name),
  );
}

/** The page's polite summary line: said once per change of the count, not per tile. */
export function helpSummary(states: LiveState[]): string {
  const n = states.filter(needsHelp).length;
  if (states.length === 0) return "No students in this class yet.";
  if (n === 0) return "No one needs help right now.";
  return `${plural(n, "student")} ${n === 1 ? "needs" : "need"} help`;
}

/** How a tile says a run went ("Tests 2 of 3 passing", "NameError on line 4", "Ran"). */
export function runWords(run: Run | null): string {
  if (!run) return "No runs yet";
  const parts: string[] = [];
  if (run.tests) parts.push(`Tests ${run.tests.passed} of ${run.tests.total} passing`);
  if (run.error) parts.push(`${run.error.type}${run.error.line ? ` on line ${run.error.line}` : ""}`);
  return parts.join(", ");
}
