// One live summary per class and choice of work, shared by every reader on this instance (decision
// 066): the teacher's tabs, a second teacher's page, the page's once-a-minute re-read. A read that
// finds one being built waits for it (single flight); a built one is reused for SUMMARY_CACHE_MS.
// Every announcement of the class this instance hears (its own at once, another instance's by
// NOTIFY, all of them after the LISTEN connection comes back) forgets the class's summaries
// before any stream tells its page to read again, so a change is never hidden by the cache.
// Who may read is checked on every request, outside the cache.
import type { Db } from "@/server/db/client.ts";
import { classTopic, liveBus } from "@/server/live/index.ts";

/** How long a built summary is reused: idle minutes and "online" move with the clock, not with pings. */
export const SUMMARY_CACHE_MS = 1_000;

type Entry<T> = { value: Promise<T>; builtAt: number };
type ClassEntries<T> = { entries: Map<string, Entry<T>>; unwatch: () => void; sweep?: NodeJS.Timeout };

export type SummaryCache<T> = {
  /**
   * The summary of `classId` for `choice` ("" for any open work) at `now` (ms): a reused one built
   * at most SUMMARY_CACHE_MS before `now` with no announcement since, the one being built, or
   * `build()`'s. A failed build is not kept.
   */
  read(classId: string, choice: string, now: number, build: () => Promise<T>): Promise<T>;
  /** Classes with summaries held now (tests). */
  size(): number;
};

const caches = new WeakMap<Db, SummaryCache<unknown>>();

/** This instance's cache for `db` (one per database, as its bus). */
export function summaryCache<T>(db: Db): SummaryCache<T> {
  let cache = caches.get(db);
  if (!cache) {
    cache = createSummaryCache<unknown>(db);
    caches.set(db, cache);
  }
  return cache as SummaryCache<T>;
}

function createSummaryCache<T>(db: Db): SummaryCache<T> {
  const classes = new Map<string, ClassEntries<T>>();

  const forget = (classId: string) => {
    const held = classes.get(classId);
    if (!held) return;
    classes.delete(classId);
    clearTimeout(held.sweep);
    held.unwatch();
  };
  /** Forgets the class once its newest summary is too old to be reused (the watch ends with it). */
  const sweepLater = (classId: string, held: ClassEntries<T>) => {
    clearTimeout(held.sweep);
    held.sweep = setTimeout(() => {
      if (classes.get(classId) === held) forget(classId);
    }, SUMMARY_CACHE_MS * 2);
    held.sweep.unref();
  };

  return {
    read(classId, choice, now, build) {
      let held = classes.get(classId);
      const reused = held?.entries.get(choice);
      if (reused && now >= reused.builtAt && now - reused.builtAt <= SUMMARY_CACHE_MS) return reused.value;
      if (!held) {
        // Watched from before the build starts: an announcement during the build forgets it.
        const unwatch = liveBus(db).watch(classTopic(classId), () => forget(classId));
        held = { entries: new Map(), unwatch };
        classes.set(classId, held);
      }
      const mine = held;
      const entry: Entry<T> = { value: build(), builtAt: now };
      mine.entries.set(choice, entry);
      sweepLater(classId, mine);
      entry.value.catch(() => {
        if (mine.entries.get(choice) === entry) mine.entries.delete(choice);
      });
      return entry.value;
    },
    size: () => classes.size,
  };
}
