// Limits kept in the database (table rate_limits), so every instance on one PostgreSQL shares
// one allowance: fixed-window counters (`hit`) and short in-flight leases (`acquireLease`).
// Each is a single atomic upsert; no read-then-write race between instances.
import { randomUUID } from "node:crypto";
import { and, eq, lte, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client.ts";
import { rateLimits } from "@/server/db/schema.ts";

export type Limit = { max: number; windowMs: number };

export type HitResult = {
  allowed: boolean;
  /** Requests counted in the current window, this one included. */
  count: number;
  /** Milliseconds until the window starts afresh (for a Retry-After header). */
  retryAfterMs: number;
};

/**
 * Counts one request (or `cost` units, e.g. bytes) against `key`; `allowed` is false once more than
 * `limit.max` were counted.
 */
export async function hit(
  db: Db,
  key: string,
  limit: Limit,
  now: Date = new Date(),
  cost = 1,
): Promise<HitResult> {
  const resetAt = new Date(now.getTime() + limit.windowMs);
  const expired = sql`${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: cost, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${expired} THEN ${cost}::integer ELSE ${rateLimits.count} + ${cost}::integer END`,
        resetAt: sql`CASE WHEN ${expired} THEN ${resetAt.toISOString()}::timestamptz ELSE ${rateLimits.resetAt} END`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  return {
    allowed: row.count <= limit.max,
    count: row.count,
    retryAfterMs: Math.max(0, row.resetAt.getTime() - now.getTime()),
  };
}

/** How many requests `key` has counted in its current window, without counting one. */
export async function peek(db: Db, key: string, now: Date = new Date()): Promise<number> {
  const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key));
  return row && row.resetAt > now ? row.count : 0;
}

/** Forgets `key` (e.g. a successful sign-in clears its failures). */
export async function clear(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/**
 * Takes the lease `key` for `ttlMs` unless another holder's lease is still live, and returns the
 * token that names this holder (null when refused). The TTL bounds how long a crashed instance can
 * hold it; a holder releases it as soon as it is done. Renewing and releasing need the token:
 * a holder whose renewal came too late may find its lease taken by the next holder, and must then
 * neither extend nor delete that one.
 */
export async function acquireLease(
  db: Db,
  key: string,
  ttlMs: number,
  now: Date = new Date(),
): Promise<string | null> {
  const owner = randomUUID();
  const resetAt = new Date(now.getTime() + ttlMs);
  const rows = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt, owner })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: { count: 1, resetAt, owner },
      setWhere: sql`${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz`,
    })
    .returning({ key: rateLimits.key });
  return rows.length === 1 ? owner : null;
}

/**
 * Pushes the lease's end to `ttlMs` from now while `owner` still holds it (its holder is still
 * working). Returns false when the lease has passed to another holder or is gone.
 */
export async function renewLease(
  db: Db,
  key: string,
  owner: string,
  ttlMs: number,
  now: Date = new Date(),
): Promise<boolean> {
  const rows = await db
    .update(rateLimits)
    .set({ resetAt: new Date(now.getTime() + ttlMs) })
    .where(and(eq(rateLimits.key, key), eq(rateLimits.owner, owner)))
    .returning({ key: rateLimits.key });
  return rows.length === 1;
}

/** Ends `owner`'s lease; a lease that has since passed to another holder stays theirs. */
export async function releaseLease(db: Db, key: string, owner: string): Promise<void> {
  await db.delete(rateLimits).where(and(eq(rateLimits.key, key), eq(rateLimits.owner, owner)));
}

/** Deletes rows whose window or lease has ended (housekeeping; correctness never depends on it). */
export async function pruneExpired(db: Db, now: Date = new Date()): Promise<void> {
  await db.delete(rateLimits).where(lte(rateLimits.resetAt, now));
}
