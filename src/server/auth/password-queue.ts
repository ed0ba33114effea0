// Password hashing with a queue in front. scrypt runs on libuv's thread pool (4 threads), the same
// pool that checks every session cookie's signature (WebCrypto HMAC). When a class of 30 — or a
// school of 500 — signs in at once, unbounded scrypt jobs fill the pool and every page read waits
// seconds behind them (measured by `npm run load`: a 5 ms cookie check waited 8 s behind 40 jobs).
// At most two at a time keeps two threads free for everything else; on 2 cores more concurrency
// would not hash faster anyway.
import { hashPassword, verifyPassword } from "better-auth/crypto";

export const PASSWORD_JOBS_AT_ONCE = 2;

export function createQueue(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(job: () => Promise<T>): Promise<T> {
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
  };
}

const queued = createQueue(PASSWORD_JOBS_AT_ONCE);

/** Better Auth's `emailAndPassword.password`: its own scrypt, queued. */
export const queuedPasswordHashing = {
  hash: (password: string) => queued(() => hashPassword(password)),
  verify: (data: { hash: string; password: string }) => queued(() => verifyPassword(data)),
};
