import { describe, expect, it } from "vitest";
import { freshCoalescer } from "./fresh-coalescer.ts";

/** A read whose answer is the number of the read, finished by hand. */
function reads() {
  const started: { n: number; finish: () => void; fail: () => void }[] = [];
  const work = () =>
    new Promise<number>((resolve, reject) => {
      const n = started.length + 1;
      started.push({ n, finish: () => resolve(n), fail: () => reject(new Error(`read ${n} failed`)) });
    });
  return { started, work };
}
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("fresh coalescer", () => {
  it("answers a burst with two reads, each caller with a read that started after it asked", async () => {
    const read = freshCoalescer<number>();
    const { started, work } = reads();
    const first = read("teacher", work);
    // Asked while read 1 runs: they share read 2, which has not started yet.
    const burst = [read("teacher", work), read("teacher", work), read("teacher", work)];
    await tick();
    expect(started).toHaveLength(1);

    started[0].finish();
    expect(await first).toBe(1);
    await tick();
    expect(started).toHaveLength(2); // read 2 starts only once read 1 has ended
    const late = read("teacher", work); // asked while read 2 runs: waits for read 3
    started[1].finish();
    expect(await Promise.all(burst)).toEqual([2, 2, 2]);
    await tick();
    started[2].finish();
    expect(await late).toBe(3);
    expect(started).toHaveLength(3);

    // Idle again: the next request starts its own read at once.
    const after = read("teacher", work);
    expect(started).toHaveLength(4);
    started[3].finish();
    expect(await after).toBe(4);
  });

  it("keeps keys apart", async () => {
    const read = freshCoalescer<number>();
    const { started, work } = reads();
    const a = read("a", work);
    const b = read("b", work);
    expect(started).toHaveLength(2);
    started[1].finish();
    started[0].finish();
    expect([await a, await b]).toEqual([1, 2]);
  });

  it("a failed read fails only its own callers; the queued read still runs", async () => {
    const read = freshCoalescer<number>();
    const { started, work } = reads();
    const failing = read("k", work);
    const queued = read("k", work);
    started[0].fail();
    await expect(failing).rejects.toThrow("read 1 failed");
    await tick();
    started[1].finish();
    expect(await queued).toBe(2);
  });
});
