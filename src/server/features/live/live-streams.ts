// The open live streams of this instance (decision "The live lesson"): how many each teacher holds
// and how many the instance holds (both bounded, 429 past them), and the way to end them all when
// the server stops (before it drains, so a stream never holds a shutdown for its grace period).
// Also the one way a stream is served (`serveLiveStream`), for the live lesson's and the student's.
import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import { sessionStillValid } from "@/server/auth/stream-session.ts";
import type { Db } from "@/server/db/client.ts";
import { tooManyRequests } from "@/server/errors.ts";
import { liveBus, SESSIONS_TOPIC } from "@/server/live/index.ts";
import type { AppEnv, SessionUser } from "@/server/types.ts";
import { LIVE_HEARTBEAT_MS, LIVE_RETRY_MS, LIVE_STREAMS_PER_TEACHER } from "@/shared/api/live.ts";

/** Streams one instance holds at once (each is a subscriber and a timer; 20 classes use ~20). */
export const LIVE_STREAMS_PER_INSTANCE = 500;

type OpenStream = { userId: string; end: () => void };
const registries = new WeakMap<Db, Set<OpenStream>>();

function registry(db: Db): Set<OpenStream> {
  let set = registries.get(db);
  if (!set) {
    set = new Set();
    registries.set(db, set);
  }
  return set;
}

export type StreamSlot = { release: () => void };

/** A slot for one more stream of `userId`, or why not ("teacher": their 5 are open; "instance"). */
export function openStream(db: Db, userId: string, end: () => void): StreamSlot | "teacher" | "instance" {
  const open = registry(db);
  if (open.size >= LIVE_STREAMS_PER_INSTANCE) return "instance";
  let mine = 0;
  for (const s of open) if (s.userId === userId) mine++;
  if (mine >= LIVE_STREAMS_PER_TEACHER) return "teacher";
  const entry: OpenStream = { userId, end };
  open.add(entry);
  return { release: () => open.delete(entry) };
}

/** Streams open now (tests and the bench). */
export const openStreamCount = (db: Db) => registry(db).size;

/** Ends every open stream on `db` (the server is stopping; browsers reconnect elsewhere). */
export function endLiveStreams(db: Db): void {
  for (const s of [...registry(db)]) s.end();
}

export type LiveStreamOptions = {
  /** The session token from the user's cookie: re-checked on a `sessions` ping and at each heartbeat. */
  token: string;
  /** The topic whose pings say "read again" (`class:<id>`, `user:<id>`). */
  topic: string;
  events: { hello: string; changed: string };
  /** Every event's data (the class's id, or nothing). */
  data: string;
  /** The 429s' words: this user's streams are all open; the instance's are. */
  messages: { tooMany: string; busy: string };
  /**
   * What else must still hold (the live lesson: the class is still theirs), asked before a ping is
   * passed on (pings that come meanwhile are dropped: the next one reads again anyway) and at each
   * heartbeat; false ends the stream. Without it a ping is passed on as it comes.
   */
  stillAllowed?: () => Promise<boolean>;
};

/**
 * Serves one live stream: a slot first (429 past the limits), then `hello` (with the browser's retry
 * time) once subscribed, `changed` on each ping of the topic, a comment line every heartbeat, and
 * the end at sign-out, when `stillAllowed` fails, when the browser leaves or the server stops.
 * One home for both streams, so a fix to how a stream ends reaches the teacher's and the student's.
 */
export function serveLiveStream(c: Context<AppEnv>, me: SessionUser, options: LiveStreamOptions): Response {
  const { db, now } = c.get("deps");
  const { token, topic, events, data, messages, stillAllowed } = options;
  let end = () => {};
  const slot = openStream(db, me.id, () => end());
  if (slot === "teacher") throw tooManyRequests("TOO_MANY_REQUESTS", messages.tooMany, 30_000);
  if (slot === "instance") throw tooManyRequests("TOO_MANY_REQUESTS", messages.busy, 60_000);
  const signedIn = () => sessionStillValid(db, token, me.id, now());

  // Resuming (Last-Event-ID) needs nothing replayed: the page reads everything again on `hello`.
  return streamSSE(c, async (stream) => {
    let id = Number(c.req.header("last-event-id")) || 0;
    const bus = liveBus(db);
    const unsubscribe: (() => void)[] = [];
    let checking = false;
    let heartbeat: NodeJS.Timeout | undefined;
    const ended = new Promise<void>((resolve) => {
      end = resolve;
      stream.onAbort(resolve);
    });
    const changed = () => stream.writeSSE({ event: events.changed, data, id: String(++id) });
    // A ping re-checks only `stillAllowed` (one indexed read); the session is re-checked when a
    // sign-out anywhere pings `sessions`, and at each heartbeat.
    const onPing = async () => {
      if (!stillAllowed) return changed().catch(() => end());
      if (checking) return;
      checking = true;
      try {
        if (!(await stillAllowed())) return end();
        await changed();
      } catch {
        end();
      } finally {
        checking = false;
      }
    };
    /** Still signed in, and still allowed: otherwise the stream ends (the page shows why). */
    const stillOpen = async () => {
      const [session, allowed] = await Promise.all([signedIn(), stillAllowed?.() ?? true]);
      return session && allowed;
    };
    try {
      // Subscribed before the hello: nothing announced after the page's first read is missed.
      unsubscribe.push(bus.subscribe(topic, () => void onPing()));
      unsubscribe.push(bus.subscribe(SESSIONS_TOPIC, () => void signedIn().then((ok) => ok || end(), end)));
      await stream.writeSSE({ event: events.hello, data, id: String(++id), retry: LIVE_RETRY_MS });
      heartbeat = setInterval(() => {
        void stillOpen().then((ok) => (ok ? stream.write(": still here\n\n").catch(end) : end()), end);
      }, LIVE_HEARTBEAT_MS);
      await ended;
    } finally {
      clearInterval(heartbeat);
      for (const u of unsubscribe) u();
      slot.release();
    }
  });
}
