// A teacher's overview facts kept for a few seconds (decision 037). With the insights page or the
// dashboard open, 20 teachers cost one statement each per period instead of one per request.
// Single-flight: requests that arrive while the statement runs wait for it rather than start
// their own. Staleness: at most `ttlMs` — a new submission or sign-in reaches the teacher's
// figures that much later. A TTL of 0 keeps nothing (every request reads the database).

type Entry<T> = { value: Promise<T>; readyAt: number | null };

export function recentFacts<T>() {
  const entries = new Map<string, Entry<T>>();

  function sweep(now: number, ttlMs: number) {
    for (const [key, e] of entries) if (e.readyAt !== null && now - e.readyAt >= ttlMs) entries.delete(key);
  }

  return function get(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
    if (ttlMs <= 0) return load();
    const now = performance.now();
    const entry = entries.get(key);
    if (entry && (entry.readyAt === null || now - entry.readyAt < ttlMs)) return entry.value;
    if (entries.size >= 1000) sweep(now, ttlMs);
    const fresh: Entry<T> = { value: load(), readyAt: null };
    entries.set(key, fresh);
    fresh.value.then(
      () => {
        fresh.readyAt = performance.now();
      },
      // A failed read is not kept: the next request tries again.
      () => {
        if (entries.get(key) === fresh) entries.delete(key);
      },
    );
    return fresh.value;
  };
}
