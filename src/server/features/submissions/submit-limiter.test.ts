import { describe, expect, it } from "vitest";
import { createSubmitLimiter, SUBMIT_LIMIT_MESSAGES } from "./submit-limiter.ts";

describe("submit limiter", () => {
  it("lets one submission per student be checked at a time", async () => {
    const limiter = createSubmitLimiter();
    let release!: () => void;
    const first = limiter.run("ada", () => new Promise<string>((r) => (release = () => r("graded"))));
    await expect(limiter.run("ada", async () => "again")).rejects.toMatchObject({
      status: 429,
      message: SUBMIT_LIMIT_MESSAGES.busy,
    });
    // Another student is not held up.
    await expect(limiter.run("ben", async () => "ben graded")).resolves.toBe("ben graded");
    release();
    await expect(first).resolves.toBe("graded");
    await expect(limiter.run("ada", async () => "next")).resolves.toBe("next");
  });

  it("allows 10 a minute, then asks the student to wait", async () => {
    let t = 0;
    const limiter = createSubmitLimiter({ now: () => t });
    for (let i = 0; i < 10; i++) await limiter.run("ada", async () => i);
    await expect(limiter.run("ada", async () => 11)).rejects.toMatchObject({
      status: 429,
      message: SUBMIT_LIMIT_MESSAGES.tooMany,
    });
    t += 60_001;
    await expect(limiter.run("ada", async () => "later")).resolves.toBe("later");
  });

  it("frees the slot when grading fails", async () => {
    const limiter = createSubmitLimiter();
    await expect(limiter.run("ada", async () => Promise.reject(new Error("grader down")))).rejects.toThrow(
      "grader down",
    );
    await expect(limiter.run("ada", async () => "ok")).resolves.toBe("ok");
  });
});
