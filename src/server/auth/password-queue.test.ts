import { describe, expect, it } from "vitest";
import { createQueue, queuedPasswordHashing } from "./password-queue.ts";

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
