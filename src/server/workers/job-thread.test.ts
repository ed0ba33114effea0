// JobThread with a real worker thread (tests/fixtures/workers/test-jobs-thread.mjs): jobs run off
// the main thread, in order; a refusal keeps its status; a runaway job is ended by the time limit
// and a crashed thread is replaced, and the next job still runs; one caller gets only a share of
// the line (decision 076).
import { threadId as mainThreadId } from "node:worker_threads";
import { afterEach, describe, expect, it } from "vitest";
import { AppError } from "@/server/errors.ts";
import { JobThread } from "./job-thread.ts";

type Job = { kind: "echo" | "bytes" | "refuse" | "throw" | "exit" | "spin"; text?: string };

const threads: JobThread<Job, unknown>[] = [];
function jobThread(timeLimitMs = 30_000, maxWaiting = 8, maxWaitingPerCaller?: number) {
  const t = new JobThread<Job, unknown>({
    name: "Test jobs",
    url: new URL("../../../tests/fixtures/workers/test-jobs-thread.mjs", import.meta.url),
    maxWaiting,
    maxWaitingPerCaller,
    timeLimitMs,
    busy: () => new AppError("BUSY", 503, "busy"),
    failed: () => new AppError("BUSY", 503, "failed"),
  });
  threads.push(t);
  return t;
}
afterEach(async () => {
  await Promise.all(threads.splice(0).map((t) => t.stop()));
});

const refusalOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: AppError) => ({ code: e.code, status: e.status, message: e.message }),
  );

describe("JobThread", () => {
  it("runs each job on its worker thread, not the main one, in the order asked", async () => {
    const t = jobThread();
    expect(t.threadId).toBeNull();
    const answers = await Promise.all(["a", "b", "c"].map((text) => t.run({ kind: "echo", text })));
    expect(answers.map((a) => (a as { text: string }).text)).toEqual(["a", "b", "c"]);
    const threadIds = new Set(answers.map((a) => (a as { threadId: number }).threadId));
    expect(threadIds.size).toBe(1);
    expect(threadIds.has(mainThreadId)).toBe(false);
    expect([...threadIds][0]).toBe(t.threadId);
    expect(t.jobsDone).toBe(3);
  });

  it("moves bytes both ways", async () => {
    const t = jobThread();
    const bytes = (await t.run({ kind: "bytes", text: "héllo" })) as Uint8Array;
    expect(new TextDecoder().decode(bytes)).toBe("héllo");
  });

  it("passes a refusal on with its code, status and message", async () => {
    const t = jobThread();
    expect(await refusalOf(t.run({ kind: "refuse" }))).toEqual({
      code: "INVALID_FILE",
      status: 400,
      message: "That file is not a question bank.",
    });
    expect(await t.run({ kind: "echo", text: "next" })).toMatchObject({ text: "next" });
  });

  it("answers anything else thrown with its own failure, never the error's text", async () => {
    const t = jobThread();
    expect(await refusalOf(t.run({ kind: "throw" }))).toEqual({
      code: "BUSY",
      status: 503,
      message: "failed",
    });
  });

  it("ends a job that never finishes at the time limit, on a fresh thread for the next", async () => {
    const t = jobThread(200);
    await t.run({ kind: "echo" });
    const before = t.threadId;
    expect(await refusalOf(t.run({ kind: "spin" }))).toMatchObject({ status: 503, message: "failed" });
    const after = (await t.run({ kind: "echo", text: "still here" })) as { threadId: number; text: string };
    expect(after.text).toBe("still here");
    expect(after.threadId).not.toBe(before);
  });

  it("replaces a thread that crashed during a job, and the next job runs", async () => {
    const t = jobThread();
    await t.run({ kind: "echo" });
    const before = t.threadId;
    expect(await refusalOf(t.run({ kind: "exit" }))).toMatchObject({ status: 503, message: "failed" });
    const after = (await t.run({ kind: "echo" })) as { threadId: number };
    expect(after.threadId).not.toBe(before);
  });

  it("turns jobs away once the line is full, and takes them again when it empties", async () => {
    // Three asked at once with room for two in line: the third is turned away.
    const t = jobThread(200, 2);
    const running = refusalOf(t.run({ kind: "spin" }));
    const waiting = t.run({ kind: "echo", text: "waited" });
    expect(await refusalOf(t.run({ kind: "echo" }))).toMatchObject({ status: 503, message: "busy" });
    expect(await running).toMatchObject({ message: "failed" });
    expect(await waiting).toMatchObject({ text: "waited" });
    expect(await t.run({ kind: "echo", text: "again" })).toMatchObject({ text: "again" });
  });

  it("gives a named caller only its share of the line; others still get in, and it gets in again", async () => {
    const t = jobThread(200, 8, 2);
    const running = refusalOf(t.run({ kind: "spin" }));
    // Once the spin is running (out of the line) the jobs behind it get a long limit.
    await new Promise((resolve) => setImmediate(resolve));
    t.timeLimitMs = 30_000;
    const first = t.run({ kind: "echo", text: "a1" }, [], "a");
    const second = t.run({ kind: "echo", text: "a2" }, [], "a");
    expect(await refusalOf(t.run({ kind: "echo" }, [], "a"))).toMatchObject({ status: 503, message: "busy" });
    const other = t.run({ kind: "echo", text: "b1" }, [], "b");
    const unnamed = t.run({ kind: "echo", text: "anyone" });
    expect(await running).toMatchObject({ message: "failed" });
    const answers = await Promise.all([first, second, other, unnamed]);
    expect(answers.map((a) => (a as { text: string }).text)).toEqual(["a1", "a2", "b1", "anyone"]);
    expect(await t.run({ kind: "echo", text: "a again" }, [], "a")).toMatchObject({ text: "a again" });
  });
});
