// /api/health: 200 with the database and grader's state when healthy, 503 when the database is
// down, nothing sensitive either way, and asking never starts the grader.
import { describe, expect, it } from "vitest";
import type { Db } from "@/server/db/client.ts";
import { createGraderPool, type GraderPool } from "@/server/python/index.ts";
import { createTestApp } from "../../../tests/setup/test-app.ts";
import { type Health, healthRoute } from "./health.ts";

describe("GET /api/health", () => {
  it("answers 200 with the database ok and the grader's queue, without starting the grader", async () => {
    const pool = createGraderPool({ size: 3 });
    const t = await createTestApp({ graderPoolSize: 3 }, { grader: pool });
    try {
      const res = await t.request("GET", "/api/health");
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-store");
      const body = (await res.json()) as Health;
      expect(body).toEqual({ ok: true, database: "ok", grader: { running: 0, queued: 0, slots: 3 } });
      expect(pool.stats().hostPids).toEqual([]);
    } finally {
      await t.close();
      await pool.close();
    }
  });

  it("answers 503 with the database failing once it is closed, and reveals no error", async () => {
    const t = await createTestApp();
    await t.close(); // the app stays; its database is gone
    const res = await t.request("GET", "/api/health");
    expect(res.status).toBe(503);
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({ ok: false, database: "fail" });
    expect(text).not.toMatch(/closed|error|stack|pglite/i);
  });

  it("fails a database that does not answer within the timeout", async () => {
    const hanging = { execute: () => new Promise(() => {}) } as unknown as Db;
    const grader = {
      stats: () => ({ running: 2, queued: 5, hostPid: 1, hostPids: [1, 2] }),
    } as unknown as GraderPool;
    const route = healthRoute({ db: hanging, grader, graderSlots: 2, timeoutMs: 50 });
    const { Hono } = await import("hono");
    const app = new Hono().get("/api/health", route);
    const started = Date.now();
    const res = await app.request("/api/health");
    expect(Date.now() - started).toBeLessThan(1000);
    expect(res.status).toBe(503);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      ok: false,
      database: "fail",
      grader: { running: 2, queued: 5, slots: 2 },
    });
    expect(text).not.toContain("hostPid");
  });
});
