import { ChangeSet, EditorState, Text, Transaction, type TransactionSpec } from "@codemirror/state";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ACTIVITY_LIMITS, type ActivityBatch, type ActivityEvent } from "@/shared/api/activity.ts";
import { ABANDONED_AFTER_MS, type PostResult, queueKey } from "./activity-queue.ts";
import { ActivityRecorder, RECORDER_TIMING } from "./activity-recorder.ts";

/** localStorage's interface over a Map. */
class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
}

type Server = { batches: ActivityBatch[]; status: number; retryAfterMs: number | null };

/** A recorder whose editor is an EditorState (no DOM) and whose server is `server`. */
function setup(
  initial: string,
  opts: { storage?: Storage; server?: Server; userId?: string; exerciseId?: string } = {},
) {
  const server: Server = opts.server ?? { batches: [], status: 201, retryAfterMs: null };
  const storage = opts.storage ?? new MemoryStorage();
  let now = 0;
  const recorder = new ActivityRecorder({
    userId: opts.userId ?? "u1",
    ...(opts.exerciseId ? { exerciseId: opts.exerciseId } : { assignmentId: "a1" }),
    storage,
    now: () => now,
    clock: () => Date.now(),
    post: async (batch): Promise<PostResult> => {
      if (server.status >= 200 && server.status < 300) server.batches.push(structuredClone(batch));
      return { status: server.status, retryAfterMs: server.retryAfterMs };
    },
  });
  let state = EditorState.create({ doc: initial });
  recorder.attach(state.doc);
  const dispatch = (...specs: TransactionSpec[]) => {
    const transactions: Transaction[] = [];
    for (const spec of specs) {
      const tr = state.update(spec);
      transactions.push(tr);
      state = tr.state;
    }
    recorder.record(transactions, state.doc);
  };
  return {
    recorder,
    server,
    storage,
    dispatch,
    code: () => state.doc.toString(),
    advance: (ms: number) => {
      now += ms;
    },
  };
}

const typing = (from: number, insert: string): TransactionSpec => ({
  changes: { from, insert },
  annotations: Transaction.userEvent.of("input.type"),
});
const events = (server: Server): ActivityEvent[] =>
  server.batches.flatMap((b) => b.events as ActivityEvent[]);

/** What a reader of the record does: start from a full copy, apply each edit's change set. */
function replay(list: ActivityEvent[]): string {
  let doc: Text | null = null;
  for (const e of list) {
    if (e.type === "open" || e.type === "snapshot" || e.type === "restore") doc = Text.of(e.code.split("\n"));
    else if (e.type === "edit") {
      const changes = ChangeSet.fromJSON(e.changes);
      expect(changes.length).toBe(doc!.length);
      doc = changes.apply(doc!);
      expect(doc.length).toBe(e.length);
    }
  }
  return doc!.toString();
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the recorder's edits", () => {
  it("composes a session's changes so that replaying them gives the editor's text", async () => {
    const s = setup("# Your code here\n");
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 1500; i++) {
      const length = s.code().length;
      const at = Math.floor(random() * (length + 1));
      if (random() < 0.25 && length > 0) {
        const to = Math.min(length, at + 1 + Math.floor(random() * 4));
        s.dispatch({
          changes: { from: Math.min(at, to - 1), to },
          annotations: Transaction.userEvent.of("delete"),
        });
      } else s.dispatch(typing(at, random() < 0.1 ? "\n" : "abcdefgh"[Math.floor(random() * 8)]));
      s.advance(50);
      if (i % 60 === 59) s.recorder.tick();
    }
    s.recorder.flush();
    await settle();
    const list = events(s.server);
    expect(list[0]).toEqual({ type: "open", at: 0, code: "# Your code here\n" });
    expect(list.filter((e) => e.type === "edit").length).toBeGreaterThan(10);
    expect(replay(list)).toBe(s.code());
    // Batches are numbered in order, from 0.
    expect(s.server.batches.map((b) => b.seq)).toEqual(s.server.batches.map((_, i) => i));
  });

  it("flushes an edit after 200 changes, and keeps a full copy every 5 minutes", async () => {
    const s = setup("");
    for (let i = 0; i < RECORDER_TIMING.flushChanges; i++) s.dispatch(typing(i, "x"));
    s.recorder.tick();
    await settle();
    expect(events(s.server).filter((e) => e.type === "edit")).toHaveLength(1);
    s.advance(RECORDER_TIMING.snapshotMs);
    s.dispatch(typing(0, "y"));
    s.recorder.tick();
    await settle();
    const last = events(s.server).at(-1)!;
    expect(last).toMatchObject({ type: "snapshot", code: s.code() });
    // Nothing typed since: no copy, only the once-a-minute `here` of an open, quiet workspace.
    const sent = s.server.batches.length;
    s.advance(RECORDER_TIMING.snapshotMs);
    s.recorder.tick();
    await settle();
    expect(s.server.batches).toHaveLength(sent + 1);
    expect(s.server.batches.at(-1)!.events.map((e) => e.type)).toEqual(["here"]);
  });

  it("says `here` once a minute while the workspace is open and quiet, never while work is recorded", async () => {
    const s = setup("x = 1");
    s.recorder.tick(); // the open
    await settle();
    const types = () => events(s.server).map((e) => e.type);
    // Ten seconds of quiet: nothing.
    s.advance(RECORDER_TIMING.flushMs);
    s.recorder.tick();
    await settle();
    expect(types()).toEqual(["open"]);
    // A minute of quiet: one `here`, then nothing for the next minute.
    s.advance(RECORDER_TIMING.hereMs);
    s.recorder.tick();
    s.advance(RECORDER_TIMING.flushMs);
    s.recorder.tick();
    await settle();
    expect(types()).toEqual(["open", "here"]);
    // Typing is recorded instead: no `here` beside it.
    s.advance(RECORDER_TIMING.hereMs - RECORDER_TIMING.flushMs);
    s.dispatch(typing(5, "0"));
    s.recorder.tick();
    await settle();
    expect(types()).toEqual(["open", "here", "edit"]);
  });

  it("records Restore Code after the edit that put the code in the editor", async () => {
    const s = setup("old");
    s.dispatch(typing(3, "!"));
    s.recorder.restore("restored code");
    s.dispatch({ changes: { from: 0, to: s.code().length, insert: "restored code" } });
    s.dispatch(typing(0, "# "));
    s.recorder.flush();
    await settle();
    const list = events(s.server);
    expect(list.map((e) => e.type)).toEqual(["open", "edit", "restore", "edit"]);
    expect(list[2]).toMatchObject({ type: "restore", code: "restored code" });
    expect(replay(list)).toBe("# restored code");
  });
});

describe("paste detection", () => {
  it("marks pastes, drops and large insertions, after the edit that carries the text", async () => {
    const s = setup("");
    s.dispatch({ changes: { from: 0, insert: "ab" }, annotations: Transaction.userEvent.of("input.paste") });
    s.dispatch(typing(2, "c"));
    const big = "x = 1\n".repeat(10);
    s.dispatch({
      changes: { from: 3, insert: big },
      annotations: Transaction.userEvent.of("input.complete"),
    });
    s.dispatch({ changes: { from: 0, insert: "d" }, annotations: Transaction.userEvent.of("input.drop") });
    s.recorder.flush();
    await settle();
    const list = events(s.server);
    expect(list.map((e) => e.type)).toEqual(["open", "edit", "paste", "edit", "paste", "edit", "paste"]);
    expect(list[2]).toMatchObject({ type: "paste", from: 0, chars: 2, lines: 1 });
    expect(list[4]).toMatchObject({ type: "paste", from: 3, chars: big.length, lines: 11 });
    expect(list[6]).toMatchObject({ type: "paste", from: 0, chars: 1 });
    expect(replay(list.slice(0, 2))).toBe("ab");
  });

  it("does not call the page's own changes, undo or small typing a paste", async () => {
    const s = setup("");
    const long = "y".repeat(ACTIVITY_LIMITS.largeInsertChars * 2);
    s.dispatch({ changes: { from: 0, insert: long } }); // the page set the code (no user event)
    s.dispatch({ changes: { from: 0, to: long.length }, annotations: Transaction.userEvent.of("delete") });
    s.dispatch({ changes: { from: 0, insert: long }, annotations: Transaction.userEvent.of("undo") });
    s.dispatch(typing(0, "abc"));
    s.recorder.flush();
    await settle();
    expect(events(s.server).some((e) => e.type === "paste")).toBe(false);
  });
});

describe("runs, tests, errors and hand-ins", () => {
  it("notes each after the typing before it, and sends a hand-in at once", async () => {
    const s = setup("");
    s.dispatch(typing(0, "print(x)"));
    s.recorder.run();
    s.recorder.error("NameError", 1);
    s.recorder.error("KeyboardInterrupt", null);
    s.recorder.error("<bad>", 2);
    s.recorder.tests(1, 3);
    s.recorder.submit();
    await settle();
    expect(events(s.server).map((e) => e.type)).toEqual(["open", "edit", "run", "error", "tests", "submit"]);
    expect(events(s.server)[3]).toMatchObject({ errorType: "NameError", line: 1 });
  });
});

describe("the outbox", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("keeps batches through a failed POST and sends them, in order, when back online", async () => {
    const server: Server = { batches: [], status: 0, retryAfterMs: null };
    const s = setup("", { server });
    s.dispatch(typing(0, "a"));
    s.recorder.tick();
    s.dispatch(typing(1, "b"));
    s.recorder.tick();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.batches).toHaveLength(0);
    expect(s.recorder.queue.size).toBe(3);
    // What is waiting is in storage, for a reload.
    expect(s.storage.getItem(queueKey("u1", "a1", s.recorder.sessionId))).toContain('"seq":2');

    server.status = 201;
    s.recorder.queue.online();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.batches.map((b) => b.seq)).toEqual([0, 1, 2]);
    expect(s.recorder.queue.size).toBe(0);
    expect(replay(events(server))).toBe("ab");
  });

  it("retries after a 429's Retry-After and a 5xx with backoff; drops what the server will never take", async () => {
    const server: Server = { batches: [], status: 429, retryAfterMs: 5_000 };
    const s = setup("", { server });
    await vi.advanceTimersByTimeAsync(0);
    server.status = 201;
    await vi.advanceTimersByTimeAsync(4_000);
    expect(server.batches).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_100);
    expect(server.batches).toHaveLength(1);

    server.status = 503;
    server.retryAfterMs = null;
    s.recorder.run();
    s.recorder.submit();
    await vi.advanceTimersByTimeAsync(0);
    server.status = 201;
    await vi.advanceTimersByTimeAsync(1_100);
    expect(server.batches).toHaveLength(2);

    server.status = 400;
    s.recorder.submit();
    await vi.advanceTimersByTimeAsync(0);
    expect(s.recorder.queue.size).toBe(0);
  });

  it("sends a closed visit's unsent batches from the next visit of the same student only", async () => {
    const storage = new MemoryStorage();
    const offline: Server = { batches: [], status: 0, retryAfterMs: null };
    const first = setup("", { storage, server: offline });
    first.dispatch(typing(0, "lost?"));
    first.recorder.flush();
    await vi.advanceTimersByTimeAsync(0);
    first.recorder.queue.stop();
    vi.setSystemTime(Date.now() + ABANDONED_AFTER_MS);

    const someoneElse = setup("", { storage, userId: "u2" });
    await vi.advanceTimersByTimeAsync(0);
    expect(someoneElse.server.batches.every((b) => b.sessionId === someoneElse.recorder.sessionId)).toBe(
      true,
    );

    const next = setup("lost?", { storage });
    await vi.advanceTimersByTimeAsync(0);
    const earlier = next.server.batches.filter((b) => b.sessionId === first.recorder.sessionId);
    expect(replay(earlier.flatMap((b) => b.events as ActivityEvent[]))).toBe("lost?");
  });

  it("keeps a library exercise's batches apart from an assignment's, sent with exerciseId (decision 072)", async () => {
    const storage = new MemoryStorage();
    const offline: Server = { batches: [], status: 0, retryAfterMs: null };
    const exercise = setup("", { storage, server: offline, exerciseId: "e1" });
    exercise.dispatch(typing(0, "mine"));
    exercise.recorder.flush();
    await vi.advanceTimersByTimeAsync(0);
    exercise.recorder.queue.stop();
    vi.setSystemTime(Date.now() + ABANDONED_AFTER_MS);

    // The assignment "a1" adopts nothing of exercise "e1" (a different key), however old.
    const assignment = setup("", { storage });
    await vi.advanceTimersByTimeAsync(0);
    expect(
      assignment.server.batches.every((b) => b.assignmentId === "a1" && b.exerciseId === undefined),
    ).toBe(true);
    expect(assignment.server.batches.some((b) => b.sessionId === exercise.recorder.sessionId)).toBe(false);

    // The next visit of the exercise sends them, naming the exercise and no assignment.
    const next = setup("mine", { storage, exerciseId: "e1" });
    await vi.advanceTimersByTimeAsync(0);
    const earlier = next.server.batches.filter((b) => b.sessionId === exercise.recorder.sessionId);
    expect(earlier.length).toBeGreaterThan(0);
    for (const b of earlier) expect(b).toMatchObject({ exerciseId: "e1" });
    expect(earlier.every((b) => !("assignmentId" in b))).toBe(true);
    expect(replay(earlier.flatMap((b) => b.events as ActivityEvent[]))).toBe("mine");
  });
});
