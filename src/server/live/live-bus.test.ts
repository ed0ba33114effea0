// The change bus: on the embedded database (PGlite's listen) in one process, and on PostgreSQL
// (the suite's TEST_DATABASE_URL run) between two instances' pools on one database, including a
// lost LISTEN connection that comes back.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openPostgres } from "@/server/db/client.ts";
import { createPostgresTestDb, createTestDb } from "../../../tests/setup/test-db.ts";
import { announce, closeLiveBus, LIVE_DEBOUNCE_MS, liveBus } from "./index.ts";

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolves with how many times `topic` woke a subscriber within `ms`. */
function count(database: Database, topic: string) {
  let n = 0;
  const stop = liveBus(database.db).subscribe(topic, () => n++);
  return { seen: () => n, stop };
}

describe("the change bus in one process", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDb();
  });
  afterAll(async () => {
    await closeLiveBus(database.db);
    await database.close();
  });

  it("wakes a topic's subscribers once per burst, and no one else", async () => {
    const mine = count(database, "class:mine");
    const other = count(database, "class:other");
    await liveBus(database.db).ready();
    for (let i = 0; i < 30; i++) await announce(database.db, "class:mine");
    await wait(LIVE_DEBOUNCE_MS * 3);
    expect(mine.seen()).toBe(1);
    expect(other.seen()).toBe(0);
    await announce(database.db, "class:mine");
    await wait(LIVE_DEBOUNCE_MS * 3);
    expect(mine.seen()).toBe(2);
    mine.stop();
    await announce(database.db, "class:mine");
    await wait(LIVE_DEBOUNCE_MS * 3);
    expect(mine.seen()).toBe(2);
    other.stop();
    expect(liveBus(database.db).size()).toBe(0);
  });

  it("wakes a topic's watchers at every ping, at once, this instance's own before announce returns", async () => {
    const bus = liveBus(database.db);
    let mine = 0;
    let other = 0;
    const stopMine = bus.watch("class:watched", () => mine++);
    const stopOther = bus.watch("class:unwatched", () => other++);
    await bus.ready();
    await announce(database.db, "class:watched");
    expect(mine).toBeGreaterThanOrEqual(1);
    for (let i = 0; i < 4; i++) await announce(database.db, "class:watched");
    await wait(LIVE_DEBOUNCE_MS * 2);
    // Once by the announcing instance itself and once more if its own NOTIFY comes back: never folded.
    expect(mine).toBeGreaterThanOrEqual(5);
    expect(other).toBe(0);
    stopMine();
    const before = mine;
    await announce(database.db, "class:watched");
    await wait(LIVE_DEBOUNCE_MS);
    expect(mine).toBe(before);
    stopOther();
  });

  it("a ping that cannot be sent never throws", async () => {
    await expect(announce(database.db, "x".repeat(9000))).resolves.toBeUndefined();
  });
});

const postgresUrl = process.env.TEST_DATABASE_URL;
if (postgresUrl) {
  describe("two instances on one PostgreSQL", () => {
    let shared: Database & { url: string };
    let a: Database;
    let b: Database;
    beforeAll(async () => {
      shared = await createPostgresTestDb(postgresUrl);
      // Two pools on one database, as two app instances hold them: each has its own bus.
      [a, b] = await Promise.all([openPostgres(shared.url, 2), openPostgres(shared.url, 2)]);
    });
    afterAll(async () => {
      await Promise.all([closeLiveBus(a.db), closeLiveBus(b.db)]);
      await Promise.all([a.close(), b.close()]);
      await shared.close();
    });

    it("an announcement on B wakes a subscriber on A (and A's on B)", async () => {
      const onA = count(a, "class:1");
      const onB = count(b, "class:1");
      await Promise.all([liveBus(a.db).ready(), liveBus(b.db).ready()]);
      const sent = performance.now();
      await announce(b.db, "class:1");
      while (onA.seen() === 0 && performance.now() - sent < 5_000) await wait(20);
      expect(onA.seen()).toBe(1);
      expect(performance.now() - sent).toBeLessThan(LIVE_DEBOUNCE_MS + 1_000);
      await wait(LIVE_DEBOUNCE_MS * 2);
      expect(onB.seen()).toBe(1);
      onA.stop();
      onB.stop();
    });

    it("a lost LISTEN connection reconnects, pings every topic once, and hears what follows", async () => {
      const onA = count(a, "class:2");
      let watched = 0;
      const unwatch = liveBus(a.db).watch("class:3", () => watched++);
      await liveBus(a.db).ready();
      // An administrator (or a failover) ends A's LISTEN connection.
      await b.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where query like 'LISTEN%' and pid <> pg_backend_pid()`,
      );
      const lost = performance.now();
      while (onA.seen() === 0 && performance.now() - lost < 8_000) await wait(50);
      expect(onA.seen(), "the resync ping after the reconnect").toBe(1);
      expect(watched, "a watcher (a cache) forgets after the reconnect too").toBe(1);
      unwatch();
      await announce(b.db, "class:2");
      const sent = performance.now();
      while (onA.seen() === 1 && performance.now() - sent < 5_000) await wait(20);
      expect(onA.seen()).toBe(2);
      onA.stop();
    });
  });
}
