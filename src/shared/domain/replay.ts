// The teacher's replay of a student's work (issue 18): from the activity record (full copies and
// CodeMirror change sets) the code at any step, markers for runs, errors, tests, pastes and
// hand-ins, a summary, and a line diff between two points. Pure: the page and the bench share it.
//
// Seeking: every CHECKPOINT_EVERY steps the documents are kept, so the code at any step is the
// nearest checkpoint plus fewer than CHECKPOINT_EVERY change sets (CodeMirror's Text shares
// structure between versions, so a checkpoint costs little). Walking forward (playing) continues
// from the last step asked for.
//
// Time: the server places each event at `time` (when its batch arrived) and never trusts a client
// clock for ordering; events of one batch (same session, same `time`) are spread back from it by
// their `at` differences, so a batch sent after a minute offline still replays at the pace it was
// typed. Times never run backwards: the server's order is the replay's order.
//
// Active time: the sum of the gaps between consecutive events that are at most ACTIVE_GAP_MS
// (2 minutes) apart; a longer gap is idle (the student was away or reading) and counts nothing.
import { ChangeSet, Text } from "@codemirror/state";
import { ACTIVITY_LIMITS, type ActivityEvent, type ActivityHistory } from "../api/activity.ts";
import { type DiffLine, diffLines } from "../grading/diff.ts";

/** A gap between two events longer than this is idle: not active time, skipped when playing. */
export const ACTIVE_GAP_MS = 2 * 60_000;
/** Documents are kept every this many steps, so a seek applies fewer change sets than this. */
export const CHECKPOINT_EVERY = 50;
/** The day recording started; the empty state says that earlier work has no history. */
export const RECORDING_STARTED_ON = "2026-11-25";
/** Replay speeds the page offers (idle gaps are always skipped). */
export const REPLAY_SPEEDS = [1, 2, 5, 10] as const;
/** Real time an idle gap takes when playing, before dividing by the speed. */
export const IDLE_GAP_PLAY_MS = 800;

export type ReplayStep = {
  index: number;
  /** When it happened, in ms since the epoch (server time, spread within a batch). */
  t: number;
  sessionId: string;
  event: ActivityEvent;
  /**
   * The record lost the thread here (a batch went missing or an edit did not fit the code): the
   * code shown is the last that could be rebuilt, until the session's next full copy.
   */
  gap: boolean;
};

export type ReplayMarkerKind = "run" | "error" | "tests" | "paste" | "hand-in" | "gap";

export type ReplayMarker = {
  step: number;
  kind: ReplayMarkerKind;
  /** Short text for the marker's button ("Pasted 640 characters"). */
  label: string;
  /** Large pastes and gaps: shown prominently. */
  prominent: boolean;
  /** Tests: every test passed. */
  passed?: boolean;
  /** Hand-ins: the submission. */
  submissionId?: string;
};

export type ReplayHandIn = {
  submissionId: string;
  submittedAt: string;
  code: string;
  /** The step it was handed in at; null when it came before anything was recorded. */
  step: number | null;
};

export type ReplaySummary = {
  /** Active editing time in ms (see ACTIVE_GAP_MS). */
  activeMs: number;
  runs: number;
  testRuns: number;
  errors: number;
  pastes: number;
  largePastes: number;
  /** Characters in the largest paste (0 when none). */
  largestPaste: number;
  handIns: number;
  /** Stretches where the code could not be rebuilt. */
  gaps: number;
};

export type Replay = {
  steps: ReplayStep[];
  markers: ReplayMarker[];
  handIns: ReplayHandIn[];
  summary: ReplaySummary;
  /** The code as it was right after step `index` (clamped to the steps). */
  codeAt(index: number): string;
  /** Steps the last codeAt had to apply (under CHECKPOINT_EVERY; for tests and the bench). */
  lastSeekSteps(): number;
};

/**
 * A paste the timeline marks prominently and the evidence counts: at least
 * ACTIVITY_LIMITS.largeInsertChars characters, the rule the server's paste evidence counts by.
 */
export function isLargePaste(e: { chars: number }): boolean {
  return e.chars >= ACTIVITY_LIMITS.largeInsertChars;
}

/** Faster than anyone types, auto-indent and closing brackets included (a fast typist is ≈ 8 a second). */
export const TYPING_CHARS_PER_SECOND = 20;

/**
 * Code that appeared in one edit faster than it could be typed, with no paste event beside it: an
 * auto-typer (one keystroke event per character, so the browser never sees a paste), an undo of a
 * large deletion, or a paste the recorder did not see. A reason to look, like a paste.
 */
export function appearedFasterThanTyping(inserted: number, elapsedMs: number): boolean {
  return (
    inserted >= ACTIVITY_LIMITS.largeInsertChars &&
    inserted > (Math.max(0, elapsedMs) / 1000) * TYPING_CHARS_PER_SECOND
  );
}

const textOf = (code: string) => Text.of(code.split(/\r\n?|\n/));

type SessionDoc = { doc: Text; lost: boolean };
type DocState = Map<string, SessionDoc>;

/** What one step does to the documents: a full copy, a change set, or nothing. */
type Action =
  | { kind: "copy"; doc: Text }
  | { kind: "edit"; changes: ChangeSet | null; length: number }
  | null;

function parseChanges(json: unknown[]): ChangeSet | null {
  try {
    return ChangeSet.fromJSON(json);
  } catch {
    return null;
  }
}

/**
 * Applies one step to `state` (mutated; its entries are replaced, never changed, so a copied Map is
 * a snapshot). Returns whether the step leaves its session's code unknown.
 */
function apply(state: DocState, sessionId: string, action: Action, fallback: () => Text): boolean {
  const current = state.get(sessionId);
  if (action === null) return current?.lost ?? true;
  if (action.kind === "copy") {
    state.set(sessionId, { doc: action.doc, lost: false });
    return false;
  }
  // An edit with no code to apply it to (the session's first batch was lost) starts a gap.
  if (!current || current.lost) {
    if (!current) state.set(sessionId, { doc: fallback(), lost: true });
    return true;
  }
  const { changes, length } = action;
  if (changes && changes.length === current.doc.length) {
    const doc = changes.apply(current.doc);
    if (doc.length === length) {
      state.set(sessionId, { doc, lost: false });
      return false;
    }
  }
  state.set(sessionId, { doc: current.doc, lost: true });
  return true;
}

/**
 * When each event happened: a batch (consecutive events of one session with the same server
 * `time`) ends at that time and is spread back by its events' `at`; never earlier than the event
 * before it.
 */
function eventTimes(events: ActivityHistory["events"]): number[] {
  const times: number[] = [];
  let i = 0;
  let previous = Number.NEGATIVE_INFINITY;
  while (i < events.length) {
    let end = i + 1;
    while (
      end < events.length &&
      events[end].sessionId === events[i].sessionId &&
      events[end].time === events[i].time
    )
      end++;
    const arrived = Date.parse(events[i].time);
    const lastAt = Math.max(...events.slice(i, end).map((e) => e.event.at));
    for (let k = i; k < end; k++) {
      // Spread back at most a batch's span (the server holds batches to it too).
      const back = Math.min(lastAt - events[k].event.at, ACTIVITY_LIMITS.batchSpanMs);
      const t = Math.max(previous, arrived - back);
      times.push(t);
      previous = t;
    }
    i = end;
  }
  return times;
}

function changeSize(changes: ChangeSet | null): { inserted: number; deleted: number } {
  let inserted = 0;
  let deleted = 0;
  changes?.iterChanges((fromA, toA, _fromB, _toB, text) => {
    deleted += toA - fromA;
    inserted += text.length;
  });
  return { inserted, deleted };
}

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString("en-GB")} ${n === 1 ? one : many}`;

/** What a step did, in plain words (the scrubber's aria-valuetext and the current point line). */
export function describeEvent(e: ActivityEvent): string {
  switch (e.type) {
    case "open":
      return "Opened the work";
    case "snapshot":
      return "Code saved";
    case "edit": {
      const { inserted, deleted } = changeSize(parseChanges(e.changes));
      if (inserted && deleted)
        return `Typed ${plural(inserted, "character")}, deleted ${plural(deleted, "character")}`;
      if (deleted) return `Deleted ${plural(deleted, "character")}`;
      return `Typed ${plural(inserted, "character")}`;
    }
    case "paste":
      return `Pasted ${plural(e.chars, "character")}${e.lines > 1 ? ` (${plural(e.lines, "line")})` : ""}`;
    case "run":
      return "Ran the code";
    case "tests":
      return `Ran the tests: ${e.passed} of ${e.total} passed`;
    case "error":
      return `Python error: ${e.errorType}${e.line === null ? "" : ` on line ${e.line}`}`;
    case "submit":
      return "Pressed Submit Code";
    case "restore":
      return "Restored an earlier submission";
    case "here":
      return "Had the work open";
  }
}

/**
 * The same in a library exercise's workspace (decision 072): its hand-in is Save, and a restore
 * puts back earlier code (a save, or a version from the student's own history).
 */
export function describeExerciseEvent(e: ActivityEvent): string {
  if (e.type === "submit") return "Pressed Save";
  if (e.type === "restore") return "Put back earlier code";
  return describeEvent(e);
}

function markerOf(step: ReplayStep): ReplayMarker | null {
  const e = step.event;
  const base = { step: step.index, prominent: false };
  switch (e.type) {
    case "run":
      return { ...base, kind: "run", label: "Ran the code" };
    case "tests":
      return {
        ...base,
        kind: "tests",
        label: `Tests ${e.passed}/${e.total} passed`,
        passed: e.total > 0 && e.passed === e.total,
      };
    case "error":
      return {
        ...base,
        kind: "error",
        label: `${e.errorType}${e.line === null ? "" : ` on line ${e.line}`}`,
      };
    case "paste":
      return {
        ...base,
        kind: "paste",
        label: `Pasted ${plural(e.chars, "character")}`,
        prominent: isLargePaste(e),
      };
    default:
      return null;
  }
}

/** Where each hand-in sits: the nearest unclaimed Submit press within 2 minutes, else the last step before it. */
function placeHandIns(steps: ReplayStep[], submissions: ActivityHistory["submissions"]): ReplayHandIn[] {
  const claimed = new Set<number>();
  return [...submissions]
    .sort((a, b) => Date.parse(a.submittedAt) - Date.parse(b.submittedAt))
    .map((s) => {
      const at = Date.parse(s.submittedAt);
      let step: number | null = null;
      let best = ACTIVE_GAP_MS;
      for (const st of steps) {
        const off = Math.abs(st.t - at);
        if (st.event.type === "submit" && !claimed.has(st.index) && off <= best) {
          best = off;
          step = st.index;
        }
      }
      if (step === null) {
        for (const st of steps) if (st.t <= at) step = st.index;
      } else claimed.add(step);
      return { submissionId: s.id, submittedAt: s.submittedAt, code: s.code, step };
    });
}

/** `handInLabel`: what a hand-in is called on its marker ("Save" in a library exercise). */
export function buildReplay(whole: ActivityHistory, { handInLabel = "Hand-in" } = {}): Replay {
  // `here` only says the page was open (the live lesson's "online"): no step, no active time.
  const history = { ...whole, events: whole.events.filter((e) => e.event.type !== "here") };
  const times = eventTimes(history.events);
  const actions: Action[] = history.events.map(({ event: e }) =>
    e.type === "open" || e.type === "snapshot" || e.type === "restore"
      ? { kind: "copy", doc: textOf(e.code) }
      : e.type === "edit"
        ? { kind: "edit", changes: parseChanges(e.changes), length: e.length }
        : null,
  );

  // One pass: each step's gap flag, and the documents every CHECKPOINT_EVERY steps. A checkpoint
  // keeps only the sessions changed since the one before (a session's versions, by checkpoint):
  // copying every session's entry at every checkpoint made a history of one-batch sessions, as a
  // script can send, quadratic (24,000 steps took 3.4 s to build, 48,000 took 28 s).
  const versions = new Map<string, { checkpoint: number; doc: SessionDoc }[]>();
  const changed = new Set<string>();
  const state: DocState = new Map();
  let shown = textOf(history.starterCode);
  // Snapshots that disagree with the code their own session's edits built: the browser's recorder
  // sends a snapshot of the code as it is, so a different one means code arrived without edits.
  const jumped = new Set<number>();
  const steps: ReplayStep[] = history.events.map((stored, index) => {
    const action = actions[index];
    const current = state.get(stored.sessionId);
    if (
      stored.event.type === "snapshot" &&
      action?.kind === "copy" &&
      current &&
      !current.lost &&
      !current.doc.eq(action.doc)
    )
      jumped.add(index);
    if (index % CHECKPOINT_EVERY === 0) {
      for (const sessionId of changed) {
        const list = versions.get(sessionId) ?? [];
        list.push({ checkpoint: index / CHECKPOINT_EVERY, doc: state.get(sessionId)! });
        versions.set(sessionId, list);
      }
      changed.clear();
    }
    const last = shown;
    const gap = apply(state, stored.sessionId, actions[index], () => last);
    if (state.has(stored.sessionId)) changed.add(stored.sessionId);
    shown = state.get(stored.sessionId)?.doc ?? shown;
    return { index, t: times[index], sessionId: stored.sessionId, event: stored.event, gap };
  });
  /** A session's documents as they were at checkpoint `k` (before step k * CHECKPOINT_EVERY). */
  const atCheckpoint = (sessionId: string, k: number): SessionDoc | undefined => {
    const list = versions.get(sessionId);
    if (!list) return undefined;
    let lo = 0;
    let hi = list.length - 1;
    let found: SessionDoc | undefined;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid].checkpoint <= k) {
        found = list[mid].doc;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  };

  const handIns = placeHandIns(steps, history.submissions);
  const markers: ReplayMarker[] = [];
  const lastTimeOf = new Map<string, number>();
  for (const step of steps) {
    const since = lastTimeOf.get(step.sessionId);
    lastTimeOf.set(step.sessionId, step.t);
    const next = steps[step.index + 1];
    const pasteFollows = next?.event.type === "paste" && next.sessionId === step.sessionId;
    // (A paste too large to send as changes comes as a snapshot and its paste event: marked once.)
    if (jumped.has(step.index) && !pasteFollows)
      markers.push({
        step: step.index,
        kind: "paste",
        label: "Code changed without recorded typing",
        prominent: true,
      });
    if (step.event.type === "edit" && since !== undefined && !pasteFollows) {
      const action = actions[step.index];
      const { inserted } = changeSize(action?.kind === "edit" ? action.changes : null);
      if (appearedFasterThanTyping(inserted, step.t - since))
        markers.push({
          step: step.index,
          kind: "paste",
          label: `${plural(inserted, "character")} appeared faster than typing`,
          prominent: true,
        });
    }
    if (step.gap && (step.index === 0 || !steps[step.index - 1].gap))
      markers.push({
        step: step.index,
        kind: "gap",
        label: "Changes not recorded",
        prominent: true,
      });
    const m = markerOf(step);
    if (m) markers.push(m);
  }
  handIns.forEach((h, i) => {
    if (h.step !== null)
      markers.push({
        step: h.step,
        kind: "hand-in",
        label: `${handInLabel} ${i + 1}`,
        prominent: false,
        submissionId: h.submissionId,
      });
  });
  markers.sort((a, b) => a.step - b.step);

  // Seeking: from the nearest checkpoint, or on from the last step asked for when that is closer.
  // The cursor's documents are read from its checkpoint the first time a session is met.
  let cursor: { index: number; checkpoint: number; state: DocState; shown: Text } | null = null;
  let applied = 0;
  const codeAt = (wanted: number): string => {
    if (steps.length === 0) return history.starterCode;
    const index = Math.min(Math.max(0, Math.floor(wanted)), steps.length - 1);
    const base = Math.floor(index / CHECKPOINT_EVERY) * CHECKPOINT_EVERY;
    if (!cursor || cursor.index > index || cursor.index < base - 1) {
      const checkpoint = base / CHECKPOINT_EVERY;
      const before =
        base === 0
          ? textOf(history.starterCode)
          : (atCheckpoint(steps[base - 1].sessionId, checkpoint)?.doc ?? Text.empty);
      cursor = { index: base - 1, checkpoint, state: new Map(), shown: before };
    }
    applied = index - cursor.index;
    for (let i = cursor.index + 1; i <= index; i++) {
      const last = cursor.shown;
      const sessionId = steps[i].sessionId;
      if (!cursor.state.has(sessionId)) {
        const doc = atCheckpoint(sessionId, cursor.checkpoint);
        if (doc) cursor.state.set(sessionId, doc);
      }
      apply(cursor.state, sessionId, actions[i], () => last);
      cursor.shown = cursor.state.get(steps[i].sessionId)?.doc ?? cursor.shown;
    }
    cursor.index = index;
    return cursor.shown.toString();
  };

  return {
    steps,
    markers,
    handIns,
    summary: summarise(steps, handIns),
    codeAt,
    lastSeekSteps: () => applied,
  };
}

function summarise(steps: ReplayStep[], handIns: ReplayHandIn[]): ReplaySummary {
  const s: ReplaySummary = {
    activeMs: 0,
    runs: 0,
    testRuns: 0,
    errors: 0,
    pastes: 0,
    largePastes: 0,
    largestPaste: 0,
    handIns: handIns.length,
    gaps: 0,
  };
  steps.forEach((step, i) => {
    if (i > 0) {
      const gap = step.t - steps[i - 1].t;
      if (gap <= ACTIVE_GAP_MS) s.activeMs += gap;
    }
    if (step.gap && (i === 0 || !steps[i - 1].gap)) s.gaps++;
    const e = step.event;
    if (e.type === "run") s.runs++;
    else if (e.type === "tests") s.testRuns++;
    else if (e.type === "error") s.errors++;
    else if (e.type === "paste") {
      s.pastes++;
      if (isLargePaste(e)) s.largePastes++;
      s.largestPaste = Math.max(s.largestPaste, e.chars);
    }
  });
  return s;
}

/** How long to wait before showing step `from + 1` when playing at `speed`: idle gaps are skipped. */
export function playbackDelayMs(steps: ReplayStep[], from: number, speed: number): number {
  if (from + 1 >= steps.length) return 0;
  const gap = steps[from + 1].t - steps[from].t;
  return (gap > ACTIVE_GAP_MS ? IDLE_GAP_PLAY_MS : gap) / speed;
}

/** "1 h 5 min", "12 min", "40 s", "0 s" */
export function formatActiveTime(ms: number): string {
  const totalSeconds = Math.round(ms / 1000);
  if (totalSeconds < 60) return `${totalSeconds} s`;
  const minutes = Math.round(totalSeconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** The summary line: time spent, runs, test runs, largest paste. */
export function summaryLine(s: ReplaySummary): string {
  return [
    `Active time ${formatActiveTime(s.activeMs)}`,
    plural(s.runs, "run"),
    plural(s.testRuns, "test run"),
    s.pastes === 0 ? "no pastes" : `largest paste ${plural(s.largestPaste, "character")}`,
  ].join(" · ");
}

/** Paste evidence in fair words: a paste is a reason to look and ask, never a verdict. */
export function pasteEvidenceText(e: { largePastes: number; largestPasteChars: number }): string | null {
  if (e.largePastes === 0) return null;
  return `Large pastes: ${e.largePastes} (largest ${plural(e.largestPasteChars, "character")}). A paste is not proof of copying: students paste their own code too. Look at what was pasted and ask.`;
}

/** "2 large pastes": the badge beside a submission and in the progress table (null when none). */
export function pasteBadgeText(e: { largePastes: number } | undefined): string | null {
  return e && e.largePastes > 0 ? plural(e.largePastes, "large paste") : null;
}

export type CodeDiffLine = { kind: "same" | "removed" | "added"; text: string };

/** The line diff between the code at two points (the project's one LCS line diff). */
export function codeDiff(before: string, after: string): CodeDiffLine[] {
  const kinds: Record<DiffLine["kind"], CodeDiffLine["kind"]> = {
    same: "same",
    expected: "removed",
    actual: "added",
  };
  return diffLines(before, after).map((l) => ({ kind: kinds[l.kind], text: l.text }));
}
