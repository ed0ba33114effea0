// The change bus of the live lesson (decision "The live lesson: pings over LISTEN/NOTIFY, summaries
// by query"). A write that a live page should notice calls `announce(db, topic)`, which sends
// PostgreSQL `NOTIFY pyclass_live, '<topic>'`; every instance on that database hears it on one
// LISTEN connection of its own and wakes the topic's subscribers (an SSE stream), which tell the
// page to read its summary again. A notification is only a ping ("class:<id> changed"), never
// data, so nothing private travels through it and a lost one costs only freshness.
//
// Topics: `class:<classId>` (a student's activity or hand-in in that class), `sessions` (a sign-out
// or other session change anywhere: streams check that their session is still valid).
import { eq, sql } from "drizzle-orm";
import type pg from "pg";
import type { Db } from "@/server/db/client.ts";
import { assignments } from "@/server/db/schema.ts";

export const LIVE_CHANNEL = "pyclass_live";
/** Pings of one topic within this window wake a subscriber once (30 typing students, one re-read). */
export const LIVE_DEBOUNCE_MS = 500;
/** Reconnect delays of the PostgreSQL LISTEN connection: doubling from the first to the last. */
export const LIVE_RECONNECT_MS = { first: 250, max: 10_000 } as const;

export const classTopic = (classId: string) => `class:${classId}`;
export const SESSIONS_TOPIC = "sessions";

/**
 * Announces that `topic` changed, to every instance on this database. Never throws: a ping that
 * cannot be sent must not fail the write that caused it (the page's next re-read catches up).
 */
export async function announce(db: Db, topic: string): Promise<void> {
  // This instance's watchers (caches) hear it before the write's response leaves: a read on this
  // instance right after the write never gets a cached answer from before it.
  buses.get(clientOf(db))?.touched(topic);
  try {
    await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${topic})`);
  } catch (e) {
    console.error(`Live lesson: could not announce ${topic}:`, e instanceof Error ? e.message : e);
  }
}

/** Assignment → class, remembered: an assignment never moves class, and a batch arrives every few seconds. */
const classOfAssignment = new Map<string, string>();
const CLASS_OF_MAX = 20_000;

/**
 * Announces the class of `assignmentId` (a student's activity or hand-in there). The class is
 * read once per assignment and remembered; an assignment that no longer exists announces nothing.
 */
export async function announceWork(db: Db, assignmentId: string): Promise<void> {
  let classId = classOfAssignment.get(assignmentId);
  if (classId === undefined) {
    try {
      const [row] = await db
        .select({ classId: assignments.classId })
        .from(assignments)
        .where(eq(assignments.id, assignmentId));
      if (!row) return;
      classId = row.classId;
    } catch (e) {
      console.error("Live lesson: could not find the class to announce:", e instanceof Error ? e.message : e);
      return;
    }
    if (classOfAssignment.size >= CLASS_OF_MAX)
      classOfAssignment.delete(classOfAssignment.keys().next().value!);
    classOfAssignment.set(assignmentId, classId);
  }
  await announce(db, classTopic(classId));
}

type Listener = () => void;
type Source = { close: () => Promise<void> };
/** What the database driver under a Drizzle `db` is: PGlite's client or a pg pool. */
type PgliteClient = {
  listen: (channel: string, cb: (payload: string) => void) => Promise<() => Promise<void>>;
};

export type LiveBus = {
  /** Calls `listener` (debounced) whenever `topic` is announced; returns the unsubscribe. */
  subscribe(topic: string, listener: Listener): () => void;
  /**
   * Calls `listener` at once (not debounced) at every announcement of `topic` this instance hears,
   * its own included, and after the LISTEN connection comes back (pings meanwhile were missed): for
   * caches, which must forget before a subscriber re-reads. Returns the unwatch.
   */
  watch(topic: string, listener: Listener): () => void;
  /** This instance announced `topic`: wakes its watchers now (subscribers wait for the ping). */
  touched(topic: string): void;
  /** Resolves once this instance is listening (tests wait for it before announcing). */
  ready(): Promise<void>;
  /** Subscribers now, all topics (the bench and the health of the stream limits). */
  size(): number;
  close(): Promise<void>;
};

const buses = new WeakMap<object, LiveBus>();

/** This instance's bus for `db`, started on first use (one LISTEN connection per database). */
export function liveBus(db: Db): LiveBus {
  const key = clientOf(db);
  let bus = buses.get(key);
  if (!bus) {
    bus = createLiveBus(key);
    buses.set(key, bus);
  }
  return bus;
}

/** Stops this instance's bus for `db`, if it started (at shutdown, before the database closes). */
export async function closeLiveBus(db: Db): Promise<void> {
  const key = clientOf(db);
  const bus = buses.get(key);
  buses.delete(key);
  await bus?.close();
}

function clientOf(db: Db): object {
  return (db as unknown as { $client: object }).$client;
}

function isPglite(client: object): client is PgliteClient {
  return typeof (client as Partial<PgliteClient>).listen === "function";
}

function createLiveBus(client: object): LiveBus {
  const listeners = new Map<string, Set<Listener>>();
  const watchers = new Map<string, Set<Listener>>();
  const pending = new Map<string, NodeJS.Timeout>();
  let source: Promise<Source> | null = null;
  let closed = false;

  const deliver = (topic: string) => {
    pending.delete(topic);
    for (const listener of listeners.get(topic) ?? []) {
      try {
        listener();
      } catch (e) {
        console.error("Live lesson: a subscriber failed:", e instanceof Error ? e.message : e);
      }
    }
  };
  /** A ping: delivered once per LIVE_DEBOUNCE_MS per topic, the first at most that late. */
  const wake = (topic: string) => {
    for (const watcher of watchers.get(topic) ?? []) {
      try {
        watcher();
      } catch (e) {
        console.error("Live lesson: a watcher failed:", e instanceof Error ? e.message : e);
      }
    }
  };
  const heard = (topic: string) => {
    if (closed) return;
    wake(topic);
    if (!listeners.has(topic) || pending.has(topic)) return;
    const timer = setTimeout(() => deliver(topic), LIVE_DEBOUNCE_MS);
    timer.unref();
    pending.set(topic, timer);
  };
  /** After a reconnect: whatever was announced meanwhile was missed, so every topic re-reads. */
  const heardEverything = () => {
    for (const topic of new Set([...listeners.keys(), ...watchers.keys()])) heard(topic);
  };
  /** Adds `listener` to `topic`'s set in `map`; the returned function removes it (and `onEmpty`). */
  const add = (map: Map<string, Set<Listener>>, topic: string, listener: Listener, onEmpty = () => {}) => {
    if (closed) return () => {};
    void start().catch((e) =>
      console.error("Live lesson: could not listen:", e instanceof Error ? e.message : e),
    );
    let set = map.get(topic);
    if (!set) {
      set = new Set();
      map.set(topic, set);
    }
    set.add(listener);
    return () => {
      const now = map.get(topic);
      if (!now) return;
      now.delete(listener);
      if (now.size === 0) {
        map.delete(topic);
        onEmpty();
      }
    };
  };

  const start = () => {
    source ??= isPglite(client)
      ? client.listen(LIVE_CHANNEL, heard).then((unlisten) => ({
          close: () => unlisten().catch(() => {}),
        }))
      : Promise.resolve(listenOnPostgres(client as pg.Pool, heard, heardEverything));
    return source;
  };

  return {
    subscribe(topic, listener) {
      return add(listeners, topic, listener, () => {
        clearTimeout(pending.get(topic));
        pending.delete(topic);
      });
    },
    watch(topic, listener) {
      return add(watchers, topic, listener);
    },
    touched(topic) {
      if (!closed) wake(topic);
    },
    async ready() {
      const s = await start();
      if ("ready" in s) await (s as Source & { ready: Promise<void> }).ready;
    },
    size() {
      let n = 0;
      for (const set of listeners.values()) n += set.size;
      return n;
    },
    async close() {
      closed = true;
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
      listeners.clear();
      watchers.clear();
      if (source) await (await source.catch(() => null))?.close();
    },
  };
}

/**
 * One dedicated connection (not from the pool: a pooled one would be handed to queries and lose its
 * LISTEN) on the pool's own URL. Lost (a restart, a failover, an admin's kill): reconnects with
 * backoff, and on success every topic is pinged, since announcements meanwhile were missed. Stops
 * for good once the pool has been ended (the database was closed).
 */
function listenOnPostgres(
  pool: pg.Pool,
  heard: (topic: string) => void,
  heardEverything: () => void,
): Source & { ready: Promise<void> } {
  const options = (pool as unknown as { options: pg.PoolConfig }).options;
  const poolEnded = () => Boolean((pool as unknown as { ending?: boolean; ended?: boolean }).ending);
  let current: pg.Client | null = null;
  let stopped = false;
  let delay: number = LIVE_RECONNECT_MS.first;
  let timer: NodeJS.Timeout | undefined;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });

  const connect = async (again: boolean) => {
    if (stopped || poolEnded()) return;
    // A fresh Client of the pool's own class (pg's, or pg-native's) with the pool's settings.
    const Client = (pool as unknown as { Client: typeof pg.Client }).Client;
    const client = new Client({ ...options, connectionString: options.connectionString });
    current = client;
    let lost = false;
    const onLost = (why: string) => {
      if (lost || stopped) return;
      lost = true;
      current = null;
      client.end().catch(() => {});
      if (poolEnded()) return;
      console.error(`Live lesson: the LISTEN connection was lost (${why}); reconnecting in ${delay} ms.`);
      timer = setTimeout(() => void connect(true), delay);
      timer.unref();
      delay = Math.min(delay * 2, LIVE_RECONNECT_MS.max);
    };
    client.on("error", (e) => onLost(e.message));
    client.on("end", () => onLost("closed"));
    client.on("notification", (m) => {
      if (m.channel === LIVE_CHANNEL && m.payload) heard(m.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${LIVE_CHANNEL}`);
      if (stopped) {
        await client.end().catch(() => {});
        return;
      }
      delay = LIVE_RECONNECT_MS.first;
      markReady();
      if (again) heardEverything();
    } catch (e) {
      onLost(e instanceof Error ? e.message : String(e));
    }
  };
  void connect(false);

  return {
    ready,
    async close() {
      stopped = true;
      clearTimeout(timer);
      markReady();
      await current?.end().catch(() => {});
      current = null;
    },
  };
}
