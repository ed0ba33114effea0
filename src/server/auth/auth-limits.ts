// Rate limits on Better Auth's writes, counted in the database (rate_limits), so every instance
// on one PostgreSQL shares one allowance, and each password request's share of the password queue.
// Guessing counts per (account, client address) and per (account, device cookie), so a guesser
// locks out their own browser and address, not the account's owner; a high per-account ceiling
// bounds guessing spread over many addresses, and a browser that has signed in to the account
// before (the device cookie) is exempt from it. Per-address ceilings are set for a whole school
// behind one NAT address. Numbers and reasons: decisions 043 and 054.
import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { limitSubject } from "@/server/config/ip-address.ts";
import type { Config } from "@/server/config.ts";
import type { Db } from "@/server/db/client.ts";
import { AppError, tooManyRequests } from "@/server/errors.ts";
import { clear, type HitResult, hit, pruneExpired } from "@/server/limits/limits.ts";
import type { ErrorCode } from "@/shared/api/errors.ts";
import { clientAddress } from "./client-address.ts";
import { deviceCookieAfterSignIn, deviceCookieName, deviceSetCookie, knownDevice } from "./device-cookie.ts";
import {
  type Lane,
  PASSWORD_BACKLOG_MESSAGE,
  PASSWORD_BACKLOG_RETRY_SECONDS,
  PASSWORD_PATHS,
  type PasswordQueue,
  passwordQueue,
} from "./password-queue.ts";

/**
 * address: the client's IPv4 address or IPv6 /64; email: the account named in the body, from any
 * address; address+email: both; device: this browser's device cookie for the account named in the
 * body (so the account too); user: the signed-in user, from any address.
 */
type Scope = "address" | "address+email" | "email" | "device" | "user";
/** `tag` tells apart two rules of one scope with different windows (it is part of the key). */
export type AuthLimitRule = { scope: Scope; max: number; windowMs: number; tag?: string };

const MINUTE = 60_000;
const QUARTER_HOUR = 15 * MINUTE;
const HOUR = 60 * MINUTE;

/**
 * One school's address in one minute: 500 students signing in at a lesson change (a large school,
 * several classes at once) fit twice over. Lower per-address ceilings refused whole schools.
 */
const SCHOOL_ADDRESS_PER_MINUTE = 1000;

/** Better Auth writes that check the signed-in user's password: a guess each. */
const PASSWORD_CHECK: AuthLimitRule[] = [
  { scope: "user", max: 10, windowMs: QUARTER_HOUR },
  { scope: "address", max: SCHOOL_ADDRESS_PER_MINUTE, windowMs: MINUTE },
];

/**
 * Per Better Auth path (below /api/auth), checked in order: the first rule that refuses ends the
 * check, so a refused attempt never uses up a wider allowance (a classmate held at 10 a minute
 * from the school's address can't run the account's own count up any faster).
 */
const SIGN_IN = "/sign-in/email";

const RESET_REQUEST = "/request-password-reset";

/**
 * The ceiling on one account's sign-ins from browsers that have never signed in to it, from every
 * address together: guessing spread over many addresses. Reaching it locks only new browsers out
 * for the rest of the hour; the owner's known devices sign in as before (decision 054).
 */
export const ACCOUNT_CEILING_PER_HOUR = 200;

export const AUTH_LIMITS: Record<string, AuthLimitRule[]> = {
  [SIGN_IN]: [
    { scope: "address+email", max: 10, windowMs: MINUTE },
    { scope: "address+email", max: 30, windowMs: QUARTER_HOUR, tag: "15m" },
    { scope: "email", max: ACCOUNT_CEILING_PER_HOUR, windowMs: HOUR, tag: "ceiling" },
    { scope: "address", max: SCHOOL_ADDRESS_PER_MINUTE, windowMs: MINUTE },
  ],
  // Each sends a confirmation e-mail to a new address: several classes' first lesson at once.
  "/sign-up/email": [{ scope: "address", max: 200, windowMs: MINUTE }],
  // These send e-mail to an account's address: per recipient, from any address, and per address.
  [RESET_REQUEST]: [
    { scope: "email", max: 5, windowMs: HOUR },
    { scope: "address", max: 100, windowMs: MINUTE },
  ],
  "/send-verification-email": [
    { scope: "email", max: 5, windowMs: HOUR },
    { scope: "address", max: 100, windowMs: MINUTE },
  ],
  // Carries a single-use token from a reset e-mail; guessing one is hopeless, flooding is not.
  "/reset-password": [{ scope: "address", max: 100, windowMs: MINUTE }],
  "/change-password": PASSWORD_CHECK,
  "/verify-password": PASSWORD_CHECK,
  "/delete-user": PASSWORD_CHECK,
  // Sends a confirmation link to the new address.
  "/change-email": [
    { scope: "user", max: 5, windowMs: HOUR },
    { scope: "address", max: SCHOOL_ADDRESS_PER_MINUTE, windowMs: MINUTE },
  ],
};

/**
 * A browser with the device cookie for the account it names counts on its own: a guesser at the
 * same address (a classmate at school) or anywhere else can't use up its allowance. No per-address
 * rule: a flood from the school's address must not hold the teacher's own browser at that address.
 */
export const KNOWN_DEVICE_LIMITS: Record<string, AuthLimitRule[]> = {
  [SIGN_IN]: [
    { scope: "device", max: 10, windowMs: MINUTE },
    { scope: "device", max: 30, windowMs: QUARTER_HOUR, tag: "15m" },
    // Every known browser of one account together: only people who once knew the password.
    { scope: "email", max: 60, windowMs: QUARTER_HOUR, tag: "known" },
  ],
  // The owner's own reset from their browser, beside the 5 an hour anyone may ask for.
  [RESET_REQUEST]: [{ scope: "device", max: 5, windowMs: HOUR }],
};

/** Every other Better Auth write (update-user, sign-out, revoke-sessions, …), one budget for all. */
export const OTHER_AUTH_WRITES = "*";
export const OTHER_AUTH_WRITE_LIMITS: AuthLimitRule[] = [
  { scope: "user", max: 30, windowMs: MINUTE },
  { scope: "address", max: SCHOOL_ADDRESS_PER_MINUTE, windowMs: MINUTE },
];

export const TOO_MANY_ATTEMPTS_CODE = "TOO_MANY_REQUESTS" satisfies ErrorCode;

export function tooManyAttemptsMessage(seconds: number): string {
  return `Too many attempts. Please wait ${seconds} second${seconds === 1 ? "" : "s"} and try again.`;
}

async function emailOf(request: Request): Promise<string> {
  try {
    const body = (await request.clone().json()) as { email?: unknown };
    return typeof body?.email === "string" ? body.email.trim().toLowerCase() : "";
  } catch {
    return "";
  }
}

const digest = (value: string) => createHash("sha256").update(value).digest("base64url").slice(0, 22);

/**
 * `bucket` is the path, or OTHER_AUTH_WRITES; `who` the e-mail or the user id. Keys stay short and
 * never hold an address someone typed (the e-mail is hashed); an IPv6 client counts per /64.
 */
export function authLimitKey(
  bucket: string,
  scope: Scope,
  address: string,
  who: string,
  tag?: string,
): string {
  const from = address ? limitSubject(address) : "unknown";
  const base =
    scope === "address"
      ? `auth:${bucket}:a:${from}`
      : scope === "user"
        ? `auth:${bucket}:u:${who}`
        : scope === "email"
          ? `auth:${bucket}:e:${digest(who)}`
          : scope === "device"
            ? `auth:${bucket}:d:${digest(who)}`
            : `auth:${bucket}:ae:${from}:${digest(who)}`;
  return tag ? `${base}:${tag}` : base;
}

const PRUNE_EVERY_MS = 10 * MINUTE;

/** The signed-in user's id, from the session cookie (null without a session). */
export type SessionUserId = (headers: Headers) => Promise<string | null>;

/**
 * In front of Better Auth, for every POST below /api/auth: the limits (when RATE_LIMIT is on),
 * then, for a write that hashes or checks a password, a place in its client's lane of the password
 * queue. Either refusal comes before any hash (429, or 503 when the lane is full), so refused work
 * costs the sender only. A successful sign-in gets this browser's device cookie.
 */
export function authRateLimits(
  db: Db,
  config: Config,
  sessionUserId: SessionUserId,
  queue: PasswordQueue = passwordQueue,
): MiddlewareHandler {
  let lastPrune = 0;
  const secure = config.publicUrl.startsWith("https://");
  const deviceCookie = deviceCookieName(secure);
  return async (c, next) => {
    if (c.req.method !== "POST") return next();
    const path = c.req.path.slice("/api/auth".length);
    const hashes = PASSWORD_PATHS.has(path);
    if (!config.rateLimit && !hashes) return next();
    const bucket = Object.hasOwn(AUTH_LIMITS, path) ? path : OTHER_AUTH_WRITES;
    const { address } = clientAddress(c, config);

    // The e-mail the body names, and whether this browser has signed in to that account before.
    const namesAccount = path === SIGN_IN || path === RESET_REQUEST || bucket !== OTHER_AUTH_WRITES;
    const email = namesAccount ? await emailOf(c.req.raw) : "";
    const device =
      path === SIGN_IN || path === RESET_REQUEST
        ? knownDevice(c.req.header("cookie"), deviceCookie, config.authSecret, email)
        : null;
    const rules = (device && KNOWN_DEVICE_LIMITS[bucket]) || (AUTH_LIMITS[bucket] ?? OTHER_AUTH_WRITE_LIMITS);
    const needsUser = rules.some((r) => r.scope === "user") || (hashes && !device && path !== SIGN_IN);
    const userId = needsUser ? await sessionUserId(c.req.raw.headers) : null;

    const checkLimits = async () => {
      // Whom a rule counts; null when the body names no e-mail or there is no session (Better Auth
      // refuses those requests itself, so there is nothing to count).
      const whoFor = (scope: Scope) =>
        scope === "address" ? "" : scope === "user" ? userId : scope === "device" ? device : email || null;
      let refused: HitResult | null = null;
      for (const rule of rules) {
        const who = whoFor(rule.scope);
        if (who === null) continue;
        const result = await hit(db, authLimitKey(bucket, rule.scope, address, who, rule.tag), rule);
        if (!result.allowed) {
          refused = result;
          break;
        }
      }
      if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
        lastPrune = Date.now();
        pruneExpired(db).catch(() => {}); // housekeeping only; the counts never depend on it
      }
      if (refused) {
        // Answered by app.onError in Better Auth's shape (the auth client reads code/message) and ours.
        const seconds = Math.max(1, Math.ceil(refused.retryAfterMs / 1000));
        throw tooManyRequests(TOO_MANY_ATTEMPTS_CODE, tooManyAttemptsMessage(seconds), refused.retryAfterMs);
      }
    };
    // A password write first takes a place in its client's lane (in memory, no database): the
    // browser (device cookie for this account), the signed-in user, or the address. A full lane
    // is refused at once, so a flood from one address holds at most its share of places, in the
    // limits' database writes as in the hash queue; the limits then count what it may send.
    let lane: Lane | null = null;
    if (hashes) {
      lane = device
        ? queue.enter(`d:${device}`, "known")
        : userId
          ? queue.enter(`u:${userId}`, "known")
          : queue.enter(`a:${address ? limitSubject(address) : "unknown"}`, "address");
      if (!lane)
        throw new AppError("BUSY", 503, PASSWORD_BACKLOG_MESSAGE, {
          "Retry-After": String(PASSWORD_BACKLOG_RETRY_SECONDS),
        });
    }
    const limitThenHandle = async () => {
      if (config.rateLimit) await checkLimits();
      await next();
    };
    if (lane) await queue.within(lane, limitThenHandle);
    else await limitThenHandle();

    if (path === SIGN_IN && c.res.status === 200 && email) {
      // A correct password ends the guessing from this address and this browser (not the
      // account's ceiling: that is the distributed guessers' allowance).
      if (config.rateLimit) {
        for (const rule of [...AUTH_LIMITS[SIGN_IN], ...KNOWN_DEVICE_LIMITS[SIGN_IN]]) {
          if (rule.scope === "address+email")
            await clear(db, authLimitKey(SIGN_IN, rule.scope, address, email, rule.tag));
          if (rule.scope === "device" && device)
            await clear(db, authLimitKey(SIGN_IN, rule.scope, address, device, rule.tag));
        }
      }
      const value = deviceCookieAfterSignIn(c.req.header("cookie"), deviceCookie, config.authSecret, email);
      c.header("Set-Cookie", deviceSetCookie(deviceCookie, value, secure), { append: true });
    }
  };
}
