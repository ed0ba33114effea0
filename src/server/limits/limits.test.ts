// The shared limits on a real database (PGlite here, PostgreSQL in the second CI pass): counts,
// windows, leases, and two "instances" (two connections/handles) sharing one allowance.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/server/db/client.ts";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import { acquireLease, clear, hit, peek, pruneExpired, releaseLease, renewLease } from "./limits.ts";

let database: Database;
beforeAll(async () => {
  database = await createTestDb();
});
afterAll(async () => {
  await database.close();
});

const t0 = new Date("2026-11-22T10:00:00Z");
const at = (ms: number) => new Date(t0.getTime() + ms);

describe("hit", () => {
  it("allows max requests per window, refuses the next, and starts afresh after the window", async () => {
    const limit = { max: 3, windowMs: 60_000 };
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hit(database.db, "k:window", limit, at(i * 1000)));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3].count).toBe(4);
    expect(results[3].retryAfterMs).toBe(57_000);
    const later = await hit(database.db, "k:window", limit, at(60_000));
    expect(later).toMatchObject({ allowed: true, count: 1, retryAfterMs: 60_000 });
  });

  it("keeps keys apart", async () => {
    const limit = { max: 1, windowMs: 60_000 };
    expect((await hit(database.db, "k:a", limit, t0)).allowed).toBe(true);
    expect((await hit(database.db, "k:b", limit, t0)).allowed).toBe(true);
    expect((await hit(database.db, "k:a", limit, t0)).allowed).toBe(false);
  });

  it("counts concurrent requests exactly once each", async () => {
    const limit = { max: 10, windowMs: 60_000 };
    const results = await Promise.all(
      Array.from({ length: 25 }, () => hit(database.db, "k:burst", limit, t0)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    expect(await peek(database.db, "k:burst", t0)).toBe(25);
  });

  it("peek and clear", async () => {
    await hit(database.db, "k:peek", { max: 5, windowMs: 1000 }, t0);
    expect(await peek(database.db, "k:peek", t0)).toBe(1);
    expect(await peek(database.db, "k:peek", at(1000))).toBe(0);
    await clear(database.db, "k:peek");
    expect(await peek(database.db, "k:peek", t0)).toBe(0);
  });
});

describe("leases", () => {
  it("one holder at a time until released or expired", async () => {
    const first = await acquireLease(database.db, "lease:a", 30_000, t0);
    expect(first).toEqual(expect.any(String));
    expect(await acquireLease(database.db, "lease:a", 30_000, at(1000))).toBeNull();
    await releaseLease(database.db, "lease:a", first as string);
    expect(await acquireLease(database.db, "lease:a", 30_000, at(2000))).not.toBeNull();
    // A holder that crashed never releases: the lease ends with its TTL.
    expect(await acquireLease(database.db, "lease:a", 30_000, at(31_999))).toBeNull();
    expect(await acquireLease(database.db, "lease:a", 30_000, at(32_000))).not.toBeNull();
  });

  it("a renewed lease outlives its first TTL", async () => {
    const owner = await acquireLease(database.db, "lease:renew", 10_000, t0);
    expect(await renewLease(database.db, "lease:renew", owner as string, 10_000, at(8000))).toBe(true);
    expect(await acquireLease(database.db, "lease:renew", 10_000, at(12_000))).toBeNull();
    expect(await acquireLease(database.db, "lease:renew", 10_000, at(18_000))).not.toBeNull();
  });

  it("a holder whose lease lapsed can neither release nor renew the next holder's", async () => {
    const late = await acquireLease(database.db, "lease:lapsed", 10_000, t0);
    expect(late).not.toBeNull();
    // Its renewal never came in time: the lease ran out and a second holder took it.
    const next = await acquireLease(database.db, "lease:lapsed", 10_000, at(10_000));
    expect(next).not.toBeNull();
    expect(next).not.toBe(late);

    await releaseLease(database.db, "lease:lapsed", late as string);
    expect(await acquireLease(database.db, "lease:lapsed", 10_000, at(11_000))).toBeNull();

    expect(await renewLease(database.db, "lease:lapsed", late as string, 10_000, at(19_000))).toBe(false);
    // Not extended to 29 s by the stale renewal: the second holder's lease still ends at 20 s.
    const third = await acquireLease(database.db, "lease:lapsed", 10_000, at(20_000));
    expect(third).not.toBeNull();

    // And the rightful holder's release does end its lease.
    await releaseLease(database.db, "lease:lapsed", third as string);
    expect(await acquireLease(database.db, "lease:lapsed", 10_000, at(21_000))).not.toBeNull();
  });

  it("concurrent takers: exactly one wins", async () => {
    const won = await Promise.all(
      Array.from({ length: 8 }, () => acquireLease(database.db, "lease:race", 5000, t0)),
    );
    expect(won.filter((owner) => owner !== null)).toHaveLength(1);
  });

  it("pruneExpired removes only ended rows", async () => {
    await hit(database.db, "k:old", { max: 1, windowMs: 1000 }, t0);
    await hit(database.db, "k:new", { max: 1, windowMs: 100_000 }, t0);
    await pruneExpired(database.db, at(5000));
    expect(await peek(database.db, "k:old", t0)).toBe(0);
    expect(await peek(database.db, "k:new", t0)).toBe(1);
  });
});
