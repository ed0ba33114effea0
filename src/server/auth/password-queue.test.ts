import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { AppError } from "@/server/errors.ts";
import {
  createQueue,
  PASSWORD_BACKLOG_MESSAGE,
  queuedPasswordHashing,
  refuseWhenPasswordsBacklogged,
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

describe("a backlog of password jobs", () => {
  it("turns new sign-ins away (503, Retry-After) once too many wait, and takes them again when it drains", async () => {
    const queue = createQueue(1);
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const jobs = Array.from({ length: 3 }, () => queue(() => gate)); // 1 running, 2 waiting
    const app = new Hono();
    app.onError((err, c) =>
      err instanceof AppError ? c.json({ message: err.message }, err.status, err.headers) : c.text("", 500),
    );
    app.post("/api/auth/*", refuseWhenPasswordsBacklogged(queue, 2), (c) => c.text("reached"));
    const post = (path: string) => app.request(`http://localhost${path}`, { method: "POST" });

    const refused = await post("/api/auth/sign-in/email");
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("5");
    expect(await refused.json()).toEqual({ message: PASSWORD_BACKLOG_MESSAGE });
    // Writes that hash nothing are not held up by the backlog.
    expect(await (await post("/api/auth/sign-out")).text()).toBe("reached");

    release();
    await Promise.all(jobs);
    expect(queue.waiting()).toBe(0);
    expect(await (await post("/api/auth/sign-in/email")).text()).toBe("reached");
  });
});
