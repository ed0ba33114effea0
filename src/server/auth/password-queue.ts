// Password hashing with a queue in front. scrypt runs on libuv's thread pool (4 threads), the same
// pool that checks every session cookie's signature (WebCrypto HMAC). When a class of 30 — or a
// school of 500 — signs in at once, unbounded scrypt jobs fill the pool and every page read waits
// seconds behind them (measured by `npm run load`: a 5 ms cookie check waited 8 s behind 40 jobs).
// At most two at a time keeps two threads free for everything else; on 2 cores more concurrency
// would not hash faster anyway.
import { hashPassword, verifyPassword } from "better-auth/crypto";
import type { MiddlewareHandler } from "hono";
import { AppError } from "@/server/errors.ts";
import { AUTH_MESSAGES } from "@/shared/domain/auth-rules.ts";

export const PASSWORD_JOBS_AT_ONCE = 2;

export function createQueue(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  async function run<T>(job: () => Promise<T>): Promise<T> {
    // A finishing job hands its slot straight to the next in line, so a newcomer can't slip in
    // between and make it limit + 1.
    if (running >= limit) await new Promise<void>((takeSlot) => waiting.push(takeSlot));
    else running++;
    try {
      return await job();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  }
  return Object.assign(run, { waiting: () => waiting.length });
}

const queued = createQueue(PASSWORD_JOBS_AT_ONCE);

/** Better Auth's `emailAndPassword.password`: its own scrypt, queued. */
export const queuedPasswordHashing = {
  hash: (password: string) => queued(() => hashPassword(password)),
  verify: (data: { hash: string; password: string }) => queued(() => verifyPassword(data)),
};

/** More password jobs than this waiting (≈ 10 s of hashing on 2 cores) and new ones are turned away. */
export const MAX_WAITING_PASSWORD_JOBS = 200;
export const PASSWORD_BACKLOG_RETRY_SECONDS = 5;
export const PASSWORD_BACKLOG_MESSAGE = AUTH_MESSAGES.busy;

// The auth writes that hash or check a password (Better Auth's paths under /api/auth).
const PASSWORD_PATHS = new Set([
  "/api/auth/sign-in/email",
  "/api/auth/sign-up/email",
  "/api/auth/reset-password",
  "/api/auth/change-password",
  "/api/auth/verify-password",
  "/api/auth/delete-user",
]);

/**
 * Without a bound the queue would grow with every sign-in one busy address sends (1,000 a minute
 * are allowed for a school behind one NAT), and everyone's sign-in would wait minutes: beyond the
 * bound a request is told to come back (503 + Retry-After) before it costs anything or counts
 * against any limit.
 */
export function refuseWhenPasswordsBacklogged(
  queue: { waiting: () => number } = queued,
  max = MAX_WAITING_PASSWORD_JOBS,
): MiddlewareHandler {
  return async (c, next) => {
    if (PASSWORD_PATHS.has(c.req.path) && queue.waiting() >= max)
      throw new AppError("BUSY", 503, PASSWORD_BACKLOG_MESSAGE, {
        "Retry-After": String(PASSWORD_BACKLOG_RETRY_SECONDS),
      });
    return next();
  };
}
