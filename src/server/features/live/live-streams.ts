// The open live streams of this instance (decision "The live lesson"): how many each teacher holds
// and how many the instance holds (both bounded, 429 past them), and the way to end them all when
// the server stops (before it drains, so a stream never holds a shutdown for its grace period).
import type { Db } from "@/server/db/client.ts";
import { LIVE_STREAMS_PER_TEACHER } from "@/shared/api/live.ts";

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
