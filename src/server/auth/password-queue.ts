// Password hashing with a queue in front. scrypt runs on libuv's thread pool (4 threads), the same
// pool that checks every session cookie's signature (WebCrypto HMAC). When a class of 30 — or a
// school of 500 — signs in at once, unbounded scrypt jobs fill the pool and every page read waits
// seconds behind them (measured by `npm run load`: a 5 ms cookie check waited 8 s behind 40 jobs).
// At most two at a time keeps two threads free for everything else; on 2 cores more concurrency
// would not hash faster anyway.
//
// The queue is shared fairly, per client (decision 054): every password request enters a lane —
// its browser's when it carries the device cookie for the account it names, the signed-in user's
// for a password check, otherwise its client address's (IPv4, or IPv6 /64) — and each lane may
// hold only a few requests in flight. A request that finds its lane full is refused at once,
// before it costs a hash. Free slots go to known devices and signed-in users first, then round
// the address lanes in turn, so one address flooding sign-ins waits behind its own requests only.
import { AsyncLocalStorage } from "node:async_hooks";
import { hashPassword, verifyPassword } from "better-auth/crypto";
import { AUTH_MESSAGES } from "@/shared/domain/auth-rules.ts";

export const PASSWORD_JOBS_AT_ONCE = 2;

/** A bare FIFO queue of `limit` at once (kept for other callers and its tests). */
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

/** "known": a device cookie or a signed-in user, served first; "address": everyone else. */
export type LaneTier = "known" | "address";

export type Lane = {
  key: string;
  tier: LaneTier;
  /** Requests admitted to this lane and not yet answered (waiting for the database or a hash). */
  inFlight: number;
  waiting: (() => void)[];
};

/**
 * Requests one address may have in flight at once. A sign-in is in flight ≈ 0.1–0.3 s, so a school
 * of 500 signing in within a minute from one NAT address has 1–5 in flight (`npm run load`); a class
 * clicking Sign in within the same second fits. Each place costs the event loop the limits'
 * database writes and Better Auth's look-ups, so a flood holds 16 places' worth, not hundreds.
 */
export const PER_ADDRESS_IN_FLIGHT = 16;
/** One browser (or one signed-in user) needs one at a time; a double click or a retry, three. */
export const PER_KNOWN_IN_FLIGHT = 3;
/** All address lanes together (≈ 20 s of hashing on 2 cores): a bound on memory and on waits. */
export const MAX_ADDRESS_IN_FLIGHT = 400;
export const PASSWORD_BACKLOG_RETRY_SECONDS = 5;
export const PASSWORD_BACKLOG_MESSAGE = AUTH_MESSAGES.busy;

export type PasswordQueueOptions = {
  slots?: number;
  perAddress?: number;
  perKnown?: number;
  maxAddress?: number;
};

export function createPasswordQueue({
  slots = PASSWORD_JOBS_AT_ONCE,
  perAddress = PER_ADDRESS_IN_FLIGHT,
  perKnown = PER_KNOWN_IN_FLIGHT,
  maxAddress = MAX_ADDRESS_IN_FLIGHT,
}: PasswordQueueOptions = {}) {
  let running = 0;
  let addressInFlight = 0;
  const lanes = new Map<string, Lane>();
  // Lanes with a job waiting, in turn order: a lane served goes to the back of its tier.
  const turns: Record<LaneTier, Lane[]> = { known: [], address: [] };
  const counts = { hashes: 0, refused: 0 };
  const current = new AsyncLocalStorage<Lane>();
  // Hashes made outside any request (seeding, tests, the CLI): first in line, like a known device.
  const internal: Lane = { key: "internal", tier: "known", inFlight: 0, waiting: [] };

  /** Admits a request to its lane, or returns null (and counts a refusal) when the lane is full. */
  function enter(key: string, tier: LaneTier): Lane | null {
    const lane = lanes.get(key) ?? { key, tier, inFlight: 0, waiting: [] };
    const full =
      tier === "known"
        ? lane.inFlight >= perKnown
        : lane.inFlight >= perAddress || addressInFlight >= maxAddress;
    if (full) {
      counts.refused++;
      return null;
    }
    lane.inFlight++;
    if (tier === "address") addressInFlight++;
    lanes.set(key, lane);
    return lane;
  }

  function leave(lane: Lane) {
    lane.inFlight--;
    if (lane.tier === "address") addressInFlight--;
    if (lane.inFlight <= 0 && lane.waiting.length === 0) lanes.delete(lane.key);
  }

  /** Runs `fn` (the rest of the request) in `lane`: every hash it asks for queues there. */
  async function within<T>(lane: Lane, fn: () => Promise<T>): Promise<T> {
    try {
      return await current.run(lane, fn);
    } finally {
      leave(lane);
    }
  }

  function handOn() {
    const lane = turns.known.shift() ?? turns.address.shift();
    if (!lane) {
      running--;
      return;
    }
    const next = lane.waiting.shift();
    if (lane.waiting.length > 0) turns[lane.tier].push(lane);
    next?.();
  }

  async function run<T>(job: () => Promise<T>): Promise<T> {
    const lane = current.getStore() ?? internal;
    // A finishing job hands its slot straight to the next lane in turn, so a newcomer can't slip
    // in between and make it slots + 1.
    if (running >= slots)
      await new Promise<void>((takeSlot) => {
        lane.waiting.push(takeSlot);
        if (lane.waiting.length === 1) turns[lane.tier].push(lane);
      });
    else running++;
    counts.hashes++;
    try {
      return await job();
    } finally {
      handOn();
    }
  }

  return {
    run,
    enter,
    within,
    /** Jobs waiting for a slot, all lanes. */
    waiting: () =>
      turns.known.reduce((n, l) => n + l.waiting.length, 0) +
      turns.address.reduce((n, l) => n + l.waiting.length, 0),
    /** Hashes started (checks included) and requests refused at their lane, since the start. */
    counts: () => ({ ...counts }),
  };
}

export type PasswordQueue = ReturnType<typeof createPasswordQueue>;

/** One queue per process (decision 042): two instances hash four at a time between them. */
export const passwordQueue = createPasswordQueue();

/** Better Auth's `emailAndPassword.password`: its own scrypt, queued in the request's lane. */
export const queuedPasswordHashing = {
  hash: (password: string) => passwordQueue.run(() => hashPassword(password)),
  verify: (data: { hash: string; password: string }) => passwordQueue.run(() => verifyPassword(data)),
};

/** The auth writes that hash or check a password (Better Auth's paths below /api/auth). */
export const PASSWORD_PATHS = new Set([
  "/sign-in/email",
  "/sign-up/email",
  "/reset-password",
  "/change-password",
  "/verify-password",
  "/delete-user",
]);
