// Fair use on a real database (PGlite here, PostgreSQL in the second CI pass): two limiters on one
// database stand for two instances of the app behind a load balancer.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/server/db/client.ts";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import { createSubmitLimiter, SUBMIT_LIMIT_MESSAGES } from "./submit-limiter.ts";

let database: Database;
beforeAll(async () => {
  database = await createTestDb();
});
afterAll(async () => {
  await database.close();
});

/** A grading that finishes when the test says so; `started` resolves once it runs (lease taken). */
function pending<T>(value: T) {
  let finish!: () => void;
  let begin!: () => void;
  const started = new Promise<void>((resolve) => (begin = resolve));
  const done = new Promise<T>((resolve) => (finish = () => resolve(value)));
  return {
    grade: () => {
      begin();
      return done;
    },
    started,
    finish,
  };
}

describe("submit limiter", () => {
  it("lets one submission per student be checked at a time, on every instance", async () => {
    const a = createSubmitLimiter(database.db);
    const b = createSubmitLimiter(database.db);
    const slow = pending("graded");
    const first = a.run("ada", slow.grade);
    await slow.started;
    for (const limiter of [a, b]) {
      await expect(limiter.run("ada", async () => "again")).rejects.toMatchObject({
        status: 429,
        code: "SUBMISSION_IN_PROGRESS",
        message: SUBMIT_LIMIT_MESSAGES.busy,
      });
    }
    // Another student is not held up.
    await expect(b.run("ben", async () => "ben graded")).resolves.toBe("ben graded");
    slow.finish();
    await expect(first).resolves.toBe("graded");
    await expect(b.run("ada", async () => "next")).resolves.toBe("next");
  });

  it("allows 10 a minute across instances, then asks the student to wait", async () => {
    let t = Date.parse("2026-11-22T10:00:00Z");
    const now = () => new Date(t);
    const a = createSubmitLimiter(database.db, { now });
    const b = createSubmitLimiter(database.db, { now });
    for (let i = 0; i < 10; i++) await (i % 2 ? a : b).run("cy", async () => i);
    for (const limiter of [a, b]) {
      await expect(limiter.run("cy", async () => 11)).rejects.toMatchObject({
        status: 429,
        code: "TOO_MANY_SUBMISSIONS",
        message: SUBMIT_LIMIT_MESSAGES.tooMany,
      });
    }
    t += 60_001;
    await expect(a.run("cy", async () => "later")).resolves.toBe("later");
  });

  it("frees the slot when grading fails", async () => {
    const limiter = createSubmitLimiter(database.db);
    await expect(limiter.run("di", async () => Promise.reject(new Error("grader down")))).rejects.toThrow(
      "grader down",
    );
    await expect(limiter.run("di", async () => "ok")).resolves.toBe("ok");
  });

  it("keeps the lease while a long grading outlasts its TTL, and a dead holder's lease ends", async () => {
    const a = createSubmitLimiter(database.db, { leaseMs: 1000 });
    const slow = pending("graded");
    const first = a.run("ed", slow.grade);
    await slow.started;
    await new Promise((r) => setTimeout(r, 2500)); // over twice the TTL: renewed meanwhile
    await expect(a.run("ed", async () => "again")).rejects.toMatchObject({ code: "SUBMISSION_IN_PROGRESS" });
    slow.finish();
    await first;

    // An instance that died mid-grading never releases or renews (here: the clock moves on
    // before the first renewal is due): its lease runs out with the TTL.
    let t = Date.parse("2026-11-22T11:00:00Z");
    const frozen = createSubmitLimiter(database.db, { leaseMs: 60_000, now: () => new Date(t) });
    const stuck = pending("late");
    const held = frozen.run("fay", stuck.grade);
    await stuck.started;
    await expect(frozen.run("fay", async () => 1)).rejects.toMatchObject({ code: "SUBMISSION_IN_PROGRESS" });
    t += 60_000;
    await expect(frozen.run("fay", async () => "after the TTL")).resolves.toBe("after the TTL");
    stuck.finish();
    await held;
  });

  it("a submission that outlived its lease does not free the next one's when it finishes", async () => {
    // The first submission's renewals never land (the clock jumps past the TTL before the first
    // is due), so its lease lapses and the student's second submission takes it.
    let t = Date.parse("2026-11-22T12:00:00Z");
    const limiter = createSubmitLimiter(database.db, { leaseMs: 60_000, now: () => new Date(t) });
    const lapsed = pending("first");
    const first = limiter.run("ida", lapsed.grade);
    await lapsed.started;
    t += 60_000;
    const current = pending("second");
    const second = limiter.run("ida", current.grade);
    await current.started;

    lapsed.finish();
    await expect(first).resolves.toBe("first");
    await expect(limiter.run("ida", async () => "third")).rejects.toMatchObject({
      code: "SUBMISSION_IN_PROGRESS",
    });
    current.finish();
    await expect(second).resolves.toBe("second");
    await expect(limiter.run("ida", async () => "third")).resolves.toBe("third");
  });

  it("counts Run Tests attempts: 30 a minute across instances", async () => {
    const a = createSubmitLimiter(database.db);
    const b = createSubmitLimiter(database.db);
    for (let i = 0; i < 30; i++) await (i % 2 ? a : b).countRun("gus");
    await expect(a.countRun("gus")).rejects.toMatchObject({
      status: 429,
      code: "TOO_MANY_RUNS",
      message: SUBMIT_LIMIT_MESSAGES.tooManyRuns,
    });
    await expect(b.countRun("hal")).resolves.toBeUndefined();
  });
});
