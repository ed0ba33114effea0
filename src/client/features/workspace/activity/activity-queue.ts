// The recorder's outbox: batches waiting for the server, kept in localStorage per (user, work,
// session) so a reload, a crash or an hour offline loses nothing, and sent one at a time in order.
// A failure (offline, 5xx, 429, signed out) keeps the batch and retries with backoff, at once when
// the browser says it is back online; a refusal that can never succeed (400, 403, 404, 413) drops
// it. The server stores a retried batch once, so sending twice is harmless; losing one is not.
import type { ActivityBatch, ActivityEvent } from "@/shared/api/activity.ts";

export type QueuedBatch = { seq: number; events: ActivityEvent[] };
/** `assignmentId` holds the work's key: an assignment's id, or `exercise:<id>` (decision 072). */
type Stored = { assignmentId: string; sessionId: string; updatedAt: number; batches: QueuedBatch[] };

export type PostResult = { status: number; retryAfterMs: number | null };
export type PostBatch = (batch: ActivityBatch, options: { keepalive: boolean }) => Promise<PostResult>;

/** What keepalive may carry (browsers cap a keepalive body at 64 KB). */
const KEEPALIVE_BYTES = 60_000;
const BACKOFF_MS = { first: 1_000, max: 60_000 } as const;
/** Another tab's queue untouched this long is an abandoned visit's: this tab sends it. */
export const ABANDONED_AFTER_MS = 2 * 60_000;

const PREFIX = "pyclass:activity:";
export const queueKey = (userId: string, assignmentId: string, sessionId: string) =>
  `${PREFIX}${userId}:${assignmentId}:${sessionId}`;

/** A library exercise's work key (decision 072): never a uuid, so never an assignment's. */
const EXERCISE = "exercise:";
export const exerciseWorkKey = (exerciseId: string) => `${EXERCISE}${exerciseId}`;

/** The batch's work as the server takes it: an assignment or an exercise. */
const workOf = (key: string) =>
  key.startsWith(EXERCISE) ? { exerciseId: key.slice(EXERCISE.length) } : { assignmentId: key };

/** POST /api/activity; a network failure is status 0. */
export const postActivityBatch: PostBatch = async (batch, { keepalive }) => {
  try {
    const body = JSON.stringify(batch);
    const res = await fetch("/api/activity", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body,
      credentials: "same-origin",
      keepalive: keepalive && body.length < KEEPALIVE_BYTES,
    });
    const retryAfter = Number(res.headers.get("Retry-After"));
    return { status: res.status, retryAfterMs: retryAfter > 0 ? retryAfter * 1000 : null };
  } catch {
    return { status: 0, retryAfterMs: null };
  }
};

/** Statuses that will never be accepted however often the batch is sent. */
const hopeless = (status: number) => status === 400 || status === 403 || status === 404 || status === 413;

/** A Storage that keeps working (in memory) when the browser's refuses: private mode, full. */
function safeStorage(storage: Storage | null) {
  const memory = new Map<string, string>();
  return {
    get(key: string): string | null {
      try {
        if (storage) return storage.getItem(key);
      } catch {}
      return memory.get(key) ?? null;
    },
    set(key: string, value: string) {
      memory.set(key, value);
      try {
        storage?.setItem(key, value);
      } catch {}
    },
    remove(key: string) {
      memory.delete(key);
      try {
        storage?.removeItem(key);
      } catch {}
    },
    keys(): string[] {
      const keys = new Set(memory.keys());
      try {
        if (storage) for (let i = 0; i < storage.length; i++) keys.add(storage.key(i) ?? "");
      } catch {}
      return [...keys];
    },
  };
}

export type QueueOptions = {
  userId: string;
  /** The work's key: an assignment's id, or exerciseWorkKey(id) for a library exercise. */
  assignmentId: string;
  sessionId: string;
  storage: Storage | null;
  post: PostBatch;
  /** Wall clock (Date.now), for abandoned queues. */
  clock?: () => number;
};

export class ActivityQueue {
  private readonly store: ReturnType<typeof safeStorage>;
  private readonly key: string;
  /** Queues this tab sends: its own first, then abandoned ones it adopted. */
  private readonly keys: string[];
  private sending = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private backoff: number = BACKOFF_MS.first;
  private readonly clock: () => number;

  constructor(private readonly options: QueueOptions) {
    this.store = safeStorage(options.storage);
    this.clock = options.clock ?? Date.now;
    this.key = queueKey(options.userId, options.assignmentId, options.sessionId);
    this.keys = [this.key];
    // Visits of this user to this assignment that ended with batches unsent (closed offline).
    const mine = queueKey(options.userId, options.assignmentId, "");
    for (const key of this.store.keys()) {
      if (!key.startsWith(mine) || key === this.key) continue;
      const stored = this.read(key);
      if (stored && this.clock() - stored.updatedAt >= ABANDONED_AFTER_MS) this.keys.push(key);
    }
  }

  private read(key: string): Stored | null {
    try {
      const raw = this.store.get(key);
      const parsed = raw ? (JSON.parse(raw) as Stored) : null;
      return parsed && Array.isArray(parsed.batches) ? parsed : null;
    } catch {
      return null;
    }
  }

  private write(key: string, stored: Stored) {
    if (stored.batches.length === 0) this.store.remove(key);
    else this.store.set(key, JSON.stringify(stored));
  }

  /** Batches not yet accepted, across this tab's queues. */
  get size(): number {
    return this.keys.reduce((n, key) => n + (this.read(key)?.batches.length ?? 0), 0);
  }

  /** Keeps a batch (read, append, write: another tab may have changed the stored queue). */
  add(batch: QueuedBatch) {
    const stored = this.read(this.key) ?? {
      assignmentId: this.options.assignmentId,
      sessionId: this.options.sessionId,
      updatedAt: 0,
      batches: [],
    };
    stored.batches.push(batch);
    stored.updatedAt = this.clock();
    this.write(this.key, stored);
  }

  private remove(key: string, seq: number) {
    const stored = this.read(key);
    if (!stored) return;
    stored.batches = stored.batches.filter((b) => b.seq !== seq);
    this.write(key, stored);
  }

  /** Sends what is waiting, in order, one batch at a time; returns when done or waiting to retry. */
  async drain({ keepalive = false } = {}): Promise<void> {
    if (this.sending) return;
    if (this.retryTimer !== null) {
      clearTimeout(this.retryTimer);
      this.retryTimer = null;
    }
    this.sending = true;
    try {
      for (const key of this.keys) {
        for (;;) {
          const stored = this.read(key);
          const next = stored?.batches[0];
          if (!stored || !next) break;
          const { status, retryAfterMs } = await this.options.post(
            {
              ...workOf(stored.assignmentId),
              sessionId: stored.sessionId,
              seq: next.seq,
              events: next.events,
            },
            { keepalive },
          );
          if ((status >= 200 && status < 300) || hopeless(status)) {
            if (hopeless(status))
              console.warn(`Activity record: a batch was refused (${status}) and dropped.`);
            this.remove(key, next.seq);
            this.backoff = BACKOFF_MS.first;
            continue;
          }
          this.retryLater(retryAfterMs ?? this.backoff);
          this.backoff = Math.min(this.backoff * 2, BACKOFF_MS.max);
          return;
        }
      }
    } finally {
      this.sending = false;
    }
  }

  private retryLater(ms: number) {
    if (this.retryTimer !== null) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.drain();
    }, ms);
  }

  /** A new batch is waiting: send it now unless a retry is already scheduled (keeps the backoff). */
  kick() {
    if (this.retryTimer === null) void this.drain();
  }

  /** Back online: try now, from a short backoff. */
  online() {
    this.backoff = BACKOFF_MS.first;
    void this.drain();
  }

  /** Stops retrying (the batches stay stored for the next visit). */
  stop() {
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }
}
