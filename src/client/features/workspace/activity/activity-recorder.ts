// The browser's side of the activity record (decision "The activity record"): a CodeMirror extension
// that composes the editor's changes into one ChangeSet per flush (an `edit` every 10 s or 200
// changes), marks pastes and other large insertions, keeps a full copy every 5 minutes, and notes
// runs, test results, Python errors, hand-ins and restores. Events leave in numbered batches
// through ActivityQueue. A keystroke costs one ChangeSet.compose and nothing else: every other
// piece of work runs on a timer.
import { type ChangeSet, type Extension, type Text, Transaction } from "@codemirror/state";
import { ViewPlugin, type ViewUpdate } from "@codemirror/view";
import { ACTIVITY_LIMITS, type ActivityEvent } from "@/shared/api/activity.ts";
import { ActivityQueue, exerciseWorkKey, type PostBatch, postActivityBatch } from "./activity-queue.ts";

export const RECORDER_TIMING = {
  /** An edit event (and a batch) at most this often: the replay moves in steps of up to 10 s of typing,
   * and runs, tests, pastes and hand-ins cut an edit at their moment. Every 3 s cost 3× the rows
   * and missed the storage budget (bench/activity.ts). */
  flushMs: 10_000,
  /** A `here` when nothing else was recorded for this long and the page is shown. */
  hereMs: 60_000,
  /** An edit event at the latest after this many changes. */
  flushChanges: 200,
  /** A full copy of the code this often, when it changed. */
  snapshotMs: 5 * 60_000,
  /** A run's result leaves this soon, not at the next tick: the teacher's
   * live view shows it within 2 s (decision "The live lesson"). A test result and its error share it. */
  resultMs: 300,
} as const;

/** A batch is cut before it grows past this (the server takes 256 KB). */
const BATCH_BYTES = 200_000;
/** An edit inserting more than this is sent as a full copy (the server bounds an edit's JSON). */
const EDIT_INSERTED_MAX = 90_000;
const AT_MAX = 7 * 24 * 3600 * 1000;

export type RecorderOptions = {
  userId: string;
  /** The work recorded: an assignment, or a library exercise (decision 072). */
  assignmentId?: string;
  exerciseId?: string;
  sessionId?: string;
  storage?: Storage | null;
  post?: PostBatch;
  /** Milliseconds, monotonic (performance.now). */
  now?: () => number;
  /** Wall clock (Date.now), for abandoned queues. */
  clock?: () => number;
};

type Paste = { from: number; chars: number; lines: number };

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

export class ActivityRecorder {
  readonly sessionId: string;
  readonly queue: ActivityQueue;
  private readonly now: () => number;
  private readonly t0: number;
  private doc: Text | null = null;
  private pending: ChangeSet | null = null;
  private pendingCount = 0;
  private pendingInserted = 0;
  private buffer: ActivityEvent[] = [];
  private bufferBytes = 0;
  private nextSeq = 0;
  private lastSnapshotAt = 0;
  /** When anything was last recorded (for the once-a-minute `here`). */
  private lastPushAt = 0;
  private changedSinceSnapshot = false;
  private restoreExpected: string | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private soon: ReturnType<typeof setTimeout> | null = null;
  private opened = false;
  private readonly onOnline = () => this.queue.online();
  private readonly onHidden = () => {
    if (typeof document === "undefined" || document.visibilityState === "hidden")
      void this.flush({ keepalive: true });
  };

  constructor(options: RecorderOptions) {
    this.sessionId = options.sessionId ?? crypto.randomUUID();
    this.now = options.now ?? (() => performance.now());
    this.t0 = this.now();
    this.queue = new ActivityQueue({
      userId: options.userId,
      assignmentId: options.exerciseId ? exerciseWorkKey(options.exerciseId) : (options.assignmentId ?? ""),
      sessionId: this.sessionId,
      storage: options.storage === undefined ? browserStorage() : options.storage,
      post: options.post ?? postActivityBatch,
      clock: options.clock,
    });
  }

  private at(): number {
    return Math.min(AT_MAX, Math.max(0, Math.round(this.now() - this.t0)));
  }

  /** The editor extension: give it to the CodeEditor (once; the editor is made once). */
  readonly extension: Extension = ViewPlugin.define((view) => {
    this.attach(view.state.doc);
    return { update: (update: ViewUpdate) => this.record(update.transactions, update.state.doc) };
  });

  /** The editor opened with `doc`: the first time an `open`, later (a remount) a copy if it differs. */
  attach(doc: Text) {
    if (!this.opened) {
      this.opened = true;
      this.doc = doc;
      this.lastSnapshotAt = this.now();
      this.push({ type: "open", at: this.at(), code: doc.toString() });
      this.cut();
    } else if (this.doc && !this.doc.eq(doc)) {
      this.flushEdit();
      this.doc = doc;
      this.snapshot();
    }
  }

  /** The editor's transactions since the last update, and the document they led to. */
  record(transactions: readonly Transaction[], doc: Text) {
    const pastes: Paste[] = [];
    for (const tr of transactions) {
      if (!tr.docChanged) continue;
      this.pending = this.pending ? this.pending.compose(tr.changes) : tr.changes;
      this.pendingCount++;
      const userEvent = tr.annotation(Transaction.userEvent);
      const pasted = tr.isUserEvent("input.paste") || tr.isUserEvent("input.drop");
      const typed = userEvent !== undefined && !tr.isUserEvent("undo") && !tr.isUserEvent("redo");
      tr.changes.iterChanges((_fromA, _toA, fromB, _toB, inserted) => {
        this.pendingInserted += inserted.length;
        if (inserted.length > 0 && (pasted || (typed && inserted.length >= ACTIVITY_LIMITS.largeInsertChars)))
          pastes.push({ from: fromB, chars: inserted.length, lines: inserted.lines });
      });
    }
    this.doc = doc;
    if (pastes.length > 0) {
      // The edit carrying the text first, so the code after the paste is the code at its marker.
      this.flushEdit();
      for (const p of pastes) this.push({ type: "paste", at: this.at(), ...p });
    } else if (this.pendingCount >= RECORDER_TIMING.flushChanges) this.flushEdit();
    if (this.restoreExpected !== null && doc.length === this.restoreExpected.length) {
      if (doc.toString() === this.restoreExpected) this.restoreDone();
    }
  }

  private flushEdit() {
    if (!this.pending || !this.doc) return;
    const changes = this.pending;
    const inserted = this.pendingInserted;
    this.pending = null;
    this.pendingCount = 0;
    this.pendingInserted = 0;
    this.changedSinceSnapshot = true;
    if (changes.empty) return;
    if (inserted > EDIT_INSERTED_MAX) {
      // Too large to send as changes: a full copy instead (if the server takes one that size).
      if (this.doc.length <= ACTIVITY_LIMITS.codeChars) this.snapshot();
      return;
    }
    this.push({ type: "edit", at: this.at(), changes: changes.toJSON(), length: changes.newLength });
  }

  private snapshot() {
    if (!this.doc) return;
    this.lastSnapshotAt = this.now();
    this.changedSinceSnapshot = false;
    this.push({ type: "snapshot", at: this.at(), code: this.doc.toString() });
  }

  private push(event: ActivityEvent) {
    const bytes = utf8Bytes(JSON.stringify(event));
    if (this.buffer.length > 0 && this.bufferBytes + bytes > BATCH_BYTES) this.cut();
    this.buffer.push(event);
    this.bufferBytes += bytes;
    this.lastPushAt = this.now();
    if (this.buffer.length >= ACTIVITY_LIMITS.eventsPerBatch) this.cut();
  }

  /** Closes the current batch: numbered, stored, and handed to the queue. */
  private cut() {
    if (this.buffer.length === 0) return;
    this.queue.add({ seq: this.nextSeq++, events: this.buffer });
    this.buffer = [];
    this.bufferBytes = 0;
    this.queue.kick();
  }

  /** The timer's work: the edit since the last tick, a copy every 5 minutes, the batch. */
  tick() {
    this.flushEdit();
    if (this.changedSinceSnapshot && this.now() - this.lastSnapshotAt >= RECORDER_TIMING.snapshotMs)
      this.snapshot();
    // Open and shown, but nothing recorded for a minute: say the student is here (the live lesson
    // counts them online). A hidden tab says nothing.
    const shown = typeof document === "undefined" || document.visibilityState === "visible";
    if (this.opened && shown && this.now() - this.lastPushAt >= RECORDER_TIMING.hereMs)
      this.push({ type: "here", at: this.at() });
    this.cut();
  }

  /**
   * Everything recorded so far into the queue, and an attempt to send it (done when it resolves,
   * unless a send was already under way: a student's history read just after may miss the last
   * seconds).
   */
  flush({ keepalive = false } = {}): Promise<void> {
    this.flushEdit();
    if (this.buffer.length > 0) {
      this.queue.add({ seq: this.nextSeq++, events: this.buffer });
      this.buffer = [];
      this.bufferBytes = 0;
    }
    return this.queue.drain({ keepalive });
  }

  private note(event: ActivityEvent) {
    this.flushEdit();
    this.push(event);
  }

  run() {
    this.note({ type: "run", at: this.at() });
  }

  tests(passed: number, total: number) {
    this.note({ type: "tests", at: this.at(), passed, total });
    this.cutSoon();
  }

  /** A Python error's type and the student's line; a stop (KeyboardInterrupt) is not an error. */
  error(errorType: string | null, line: number | null) {
    if (!errorType || errorType === "KeyboardInterrupt" || !/^[A-Za-z_][A-Za-z0-9_.]{0,79}$/.test(errorType))
      return;
    this.note({ type: "error", at: this.at(), errorType, line: line !== null && line >= 1 ? line : null });
    this.cutSoon();
  }

  /** While recording (started), closes the batch in RECORDER_TIMING.resultMs unless one is due. */
  private cutSoon() {
    if (this.timer === null || this.soon !== null) return;
    this.soon = setTimeout(() => {
      this.soon = null;
      this.cut();
    }, RECORDER_TIMING.resultMs);
  }

  submit() {
    this.note({ type: "submit", at: this.at() });
    this.cut();
  }

  /**
   * Restore Code is about to put `code` in the editor: the change that does it is recorded as an
   * edit, then the restore (with the code) once the editor holds it.
   */
  restore(code: string) {
    this.restoreExpected = code;
    if (this.doc?.toString() === code) this.restoreDone();
  }

  private restoreDone() {
    const code = this.restoreExpected!;
    this.restoreExpected = null;
    this.flushEdit();
    if (code.length <= ACTIVITY_LIMITS.codeChars) this.push({ type: "restore", at: this.at(), code });
  }

  /** Starts the timer and the browser listeners (the hook's effect); safe to call again. */
  start() {
    if (this.timer !== null) return;
    this.timer = setInterval(() => this.tick(), RECORDER_TIMING.flushMs);
    if (typeof window !== "undefined") {
      window.addEventListener("online", this.onOnline);
      window.addEventListener("pagehide", this.onHidden);
      document.addEventListener("visibilitychange", this.onHidden);
    }
    this.queue.kick();
  }

  /** Stops them, keeping what was recorded (the page closed or moved on). */
  stop() {
    if (this.timer === null) return;
    clearInterval(this.timer);
    this.timer = null;
    if (this.soon !== null) clearTimeout(this.soon);
    this.soon = null;
    if (typeof window !== "undefined") {
      window.removeEventListener("online", this.onOnline);
      window.removeEventListener("pagehide", this.onHidden);
      document.removeEventListener("visibilitychange", this.onHidden);
    }
    void this.flush({ keepalive: true });
    this.queue.stop();
  }
}

function browserStorage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}
