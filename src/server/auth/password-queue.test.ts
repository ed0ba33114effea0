import { describe, expect, it } from "vitest";
import {
  createPasswordQueue,
  createQueue,
  PASSWORD_BACKLOG_MESSAGE,
  queuedPasswordHashing,
} from "./password-queue.ts";

describe("password queue", () => {
  it("never runs more than its limit at once, and runs every job", async () => {
    const run = createQueue(2);
    let now = 0;
    let most = 0;
    const job = (i: number) =>
      run(async () => {
        most = Math.max(most, ++now);
        await new Promise((r) => setTimeout(r, 5 + (i % 3)));
        now--;
        return i;
      });
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => job(i)));
    expect(results).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(most).toBe(2);
  });

  it("a failing job frees its slot", async () => {
    const run = createQueue(1);
    await expect(run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await expect(run(async () => "next")).resolves.toBe("next");
  });

  it("hashes with Better Auth's scrypt: the hash verifies the password and nothing else", async () => {
    const hash = await queuedPasswordHashing.hash("Secret123!");
    expect(await queuedPasswordHashing.verify({ hash, password: "Secret123!" })).toBe(true);
    expect(await queuedPasswordHashing.verify({ hash, password: "secret123!" })).toBe(false);
  });
});

describe("lanes of the password queue", () => {
  const gate = () => {
    let open!: () => void;
    const opened = new Promise<void>((r) => {
      open = r;
    });
    return { opened, open };
  };

  it("refuses a request whose lane is full before it can queue a hash, and counts the refusal", async () => {
    const queue = createPasswordQueue({ slots: 1, perAddress: 2, perKnown: 1 });
    const a = queue.enter("a:10.0.0.1", "address");
    const b = queue.enter("a:10.0.0.1", "address");
    expect(a && b).toBeTruthy();
    expect(queue.enter("a:10.0.0.1", "address")).toBeNull();
    // Another address and a known device each have their own share.
    expect(queue.enter("a:10.0.0.2", "address")).not.toBeNull();
    expect(queue.enter("d:browser", "known")).not.toBeNull();
    expect(queue.enter("d:browser", "known")).toBeNull();
    expect(queue.counts()).toEqual({ hashes: 0, refused: 2 });
    // A lane frees its place when its request is answered.
    if (!a) throw new Error("not admitted");
    await queue.within(a, async () => {});
    expect(queue.enter("a:10.0.0.1", "address")).not.toBeNull();
  });

  it("caps all address lanes together, but not known devices", () => {
    const queue = createPasswordQueue({ slots: 1, perAddress: 5, maxAddress: 3 });
    for (let i = 0; i < 3; i++) expect(queue.enter(`a:10.0.1.${i}`, "address")).not.toBeNull();
    expect(queue.enter("a:10.0.1.9", "address")).toBeNull();
    expect(queue.enter("d:teacher", "known")).not.toBeNull();
  });

  it("serves known devices first, then the address lanes in turn: a flood waits behind itself", async () => {
    const queue = createPasswordQueue({ slots: 1, perAddress: 100 });
    const order: string[] = [];
    const first = gate();
    const job = (name: string, wait?: Promise<void>) => async () => {
      order.push(name);
      await wait;
    };
    const flood = queue.enter("a:flood", "address");
    const other = queue.enter("a:other", "address");
    const device = queue.enter("d:teacher", "known");
    if (!flood || !other || !device) throw new Error("not admitted");
    const runs: Promise<unknown>[] = [];
    // The flood takes the slot and queues ten more…
    runs.push(queue.within(flood, () => queue.run(job("flood-0", first.opened))));
    for (let i = 1; i <= 10; i++) runs.push(queue.within(flood, () => queue.run(job(`flood-${i}`))));
    // …then a new address and a known device ask once each.
    runs.push(queue.within(other, () => queue.run(job("other"))));
    runs.push(queue.within(device, () => queue.run(job("device"))));
    await new Promise((r) => setTimeout(r, 10));
    expect(queue.waiting()).toBe(12);
    first.open();
    await Promise.all(runs);
    expect(order.slice(0, 4)).toEqual(["flood-0", "device", "flood-1", "other"]);
    expect(queue.counts().hashes).toBe(13);
  });

  it("hashes outside any request (seeding, tests) still run, one slot at a time", async () => {
    const queue = createPasswordQueue({ slots: 1 });
    let now = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 5 }, () =>
        queue.run(async () => {
          most = Math.max(most, ++now);
          await new Promise((r) => setTimeout(r, 2));
          now--;
        }),
      ),
    );
    expect(most).toBe(1);
    expect(queue.counts().hashes).toBe(5);
  });

  it("answers a full lane with the busy message the sign-in form shows", () => {
    expect(PASSWORD_BACKLOG_MESSAGE).toBe(
      "PyClass is busy signing people in. Please try again in a few seconds.",
    );
  });
});
