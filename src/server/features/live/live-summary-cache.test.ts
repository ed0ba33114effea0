// The live summary's cache (decision 066): one build shared by readers, reused for a second at most,
// forgotten at every announcement of its class (this instance's own at once, another instance's
// when its NOTIFY arrives), so a change after a cached read is always seen.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openPostgres } from "@/server/db/client.ts";
import { announce, classTopic, closeLiveBus, liveBus } from "@/server/live/index.ts";
import { LiveSummary } from "@/shared/api/live.ts";
import { addMember, createAssignment, createClass } from "../../../../tests/factories/classroom.ts";
import { createStudent, createTeacher } from "../../../../tests/factories/users.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { createPostgresTestDb, createTestDb } from "../../../../tests/setup/test-db.ts";
import { SUMMARY_CACHE_MS, summaryCache } from "./live-summary-cache.ts";

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Builds that count themselves; `held` ones resolve only when released. */
function builds() {
  let n = 0;
  const releases: (() => void)[] = [];
  return {
    of: (value: string) => () => {
      n++;
      return Promise.resolve(value);
    },
    held: (value: string) => () => {
      n++;
      return new Promise<string>((resolve) => releases.push(() => resolve(value)));
    },
    release: () => {
      for (const r of releases.splice(0)) r();
    },
    count: () => n,
  };
}

describe("the live summary cache", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDb();
  });
  afterAll(async () => {
    await closeLiveBus(database.db);
    await database.close();
  });

  it("builds once for readers at the same moment, reuses for a second, then builds again", async () => {
    const cache = summaryCache<string>(database.db);
    const b = builds();
    const first = cache.read("c1", "", 1_000, b.held("one"));
    const second = cache.read("c1", "", 1_000, b.of("two"));
    b.release();
    expect(await first).toBe("one");
    expect(await second).toBe("one");
    expect(await cache.read("c1", "", 1_000 + SUMMARY_CACHE_MS, b.of("three"))).toBe("one");
    expect(b.count()).toBe(1);
    expect(await cache.read("c1", "", 1_001 + SUMMARY_CACHE_MS, b.of("four"))).toBe("four");
    // Another choice of work, another class: their own builds.
    expect(await cache.read("c1", "a1", 2_000, b.of("a1"))).toBe("a1");
    expect(await cache.read("c2", "", 2_000, b.of("c2"))).toBe("c2");
    expect(b.count()).toBe(4);
  });

  it("forgets a class at its announcement on this instance, before the write's response", async () => {
    const cache = summaryCache<string>(database.db);
    expect(await cache.read("c3", "", 5_000, () => Promise.resolve("before"))).toBe("before");
    expect(await cache.read("c3", "", 5_000, () => Promise.resolve("again"))).toBe("before");
    await announce(database.db, classTopic("another"));
    expect(await cache.read("c3", "", 5_000, () => Promise.resolve("again"))).toBe("before");
    await announce(database.db, classTopic("c3"));
    expect(await cache.read("c3", "", 5_000, () => Promise.resolve("after"))).toBe("after");
  });

  it("an announcement during a build: later readers don't get that build", async () => {
    const cache = summaryCache<string>(database.db);
    const b = builds();
    const inFlight = cache.read("c4", "", 9_000, b.held("old"));
    await announce(database.db, classTopic("c4"));
    const later = cache.read("c4", "", 9_000, b.of("new"));
    b.release();
    expect(await inFlight).toBe("old");
    expect(await later).toBe("new");
  });

  it("a failed build is not kept, and the class is let go once its summaries are stale", async () => {
    const cache = summaryCache<string>(database.db);
    await expect(cache.read("c5", "", 1, () => Promise.reject(new Error("no")))).rejects.toThrow("no");
    expect(await cache.read("c5", "", 1, () => Promise.resolve("yes"))).toBe("yes");
    const before = cache.size();
    expect(before).toBeGreaterThan(0);
    await wait(SUMMARY_CACHE_MS * 2 + 200);
    expect(cache.size()).toBe(0);
  });
});

describe("GET /api/classes/:id/live through the cache", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await closeLiveBus(t.db);
    await t.close();
  });

  it("a change after a cached read is seen by the next read, and each teacher's access is checked", async () => {
    const teacher = await createTeacher(t);
    const other = await createTeacher(t);
    const student = await createStudent(t, { name: "Rae Runner" });
    const cls = await createClass(t, teacher);
    await addMember(t, cls, student);
    const work = await createAssignment(t, teacher, cls.id);
    const read = async () => {
      const res = await t.request("GET", `/api/classes/${cls.id}/live?assignmentId=${work.id}`, {
        cookie: teacher.cookie,
      });
      expect(res.status).toBe(200);
      return LiveSummary.parse(await res.json()).tiles[0];
    };
    const sessionId = crypto.randomUUID();
    const post = async (seq: number, events: unknown[]) =>
      expect(
        (
          await t.request("POST", "/api/activity", {
            cookie: student.cookie,
            body: { assignmentId: work.id, sessionId, seq, events },
          })
        ).status,
      ).toBe(201);

    await post(0, [{ type: "open", at: 0, code: "" }]);
    expect((await read()).lastRun).toBeNull();
    expect((await read()).lastRun).toBeNull(); // cached now
    await post(1, [{ type: "tests", at: 10, passed: 1, total: 3 }]);
    expect((await read()).testsNow).toEqual({ passed: 1, total: 3 });
    await post(2, [{ type: "tests", at: 20, passed: 3, total: 3 }]);
    expect((await read()).testsNow).toEqual({ passed: 3, total: 3 });

    // The summary is shared, the access is not: another teacher gets 404 while it is cached.
    const res = await t.request("GET", `/api/classes/${cls.id}/live?assignmentId=${work.id}`, {
      cookie: other.cookie,
    });
    expect(res.status).toBe(404);
  });

  it("another instance's change is seen once its NOTIFY arrives (on PostgreSQL; one instance when embedded)", async () => {
    const url = process.env.TEST_DATABASE_URL;
    // On the embedded database there is one process, so the other instance is this one.
    const shared = url ? await createPostgresTestDb(url) : null;
    const a: Database = shared ? await openPostgres(shared.url, 2) : await createTestDb();
    const b: Database = shared ? await openPostgres(shared.url, 2) : a;
    try {
      const cache = summaryCache<string>(a.db);
      await liveBus(a.db).ready();
      expect(await cache.read("k1", "", 1, () => Promise.resolve("before"))).toBe("before");
      let heard = false;
      const stop = liveBus(a.db).watch(classTopic("k1"), () => {
        heard = true;
      });
      await announce(b.db, classTopic("k1"));
      for (let i = 0; i < 200 && !heard; i++) await wait(10);
      stop();
      expect(heard).toBe(true);
      expect(await cache.read("k1", "", 1, () => Promise.resolve("after"))).toBe("after");
    } finally {
      await closeLiveBus(a.db);
      if (b !== a) await closeLiveBus(b.db);
      await a.close();
      if (b !== a) await b.close();
      await shared?.close();
    }
  });
});
