// Rate limits on Better Auth's writes, counted in the database (rate_limits), so every instance
// on one PostgreSQL shares one allowance. Guessing is bounded per account (whatever the address)
// and per address + account; per-address ceilings are set for a whole school behind one NAT
// address, and only stop one address from flooding. Numbers and reasons: decision 043.
import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { limitSubject } from "@/server/config/ip-address.ts";
import type { Config } from "@/server/config.ts";
import type { Db } from "@/server/db/client.ts";
import { tooManyRequests } from "@/server/errors.ts";
import { clear, type HitResult, hit, pruneExpired } from "@/server/limits/limits.ts";
import type { ErrorCode } from "@/shared/api/errors.ts";
import { clientAddress } from "./client-address.ts";

/**
 * address: the client's IPv4 address or IPv6 /64; email: the account named in the body, from any
 * address; address+email: both; user: the signed-in user, from any address.
 */
type Scope = "address" | "address+email" | "email" | "user";
export type AuthLimitRule = { scope: Scope; max: number; windowMs: number };

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

export const AUTH_LIMITS: Record<string, AuthLimitRule[]> = {
  [SIGN_IN]: [
    { scope: "address+email", max: 10, windowMs: MINUTE },
    { scope: "email", max: 30, windowMs: QUARTER_HOUR },
    { scope: "address", max: SCHOOL_ADDRESS_PER_MINUTE, windowMs: MINUTE },
  ],
  // Each sends a confirmation e-mail to a new address: several classes' first lesson at once.
  "/sign-up/email": [{ scope: "address", max: 200, windowMs: MINUTE }],
  // These send e-mail to an account's address: per recipient, from any address, and per address.
  "/request-password-reset": [
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
export function authLimitKey(bucket: string, scope: Scope, address: string, who: string): string {
  const from = address ? limitSubject(address) : "unknown";
  if (scope === "address") return `auth:${bucket}:a:${from}`;
  if (scope === "user") return `auth:${bucket}:u:${who}`;
  if (scope === "email") return `auth:${bucket}:e:${digest(who)}`;
  return `auth:${bucket}:ae:${from}:${digest(who)}`;
}

const PRUNE_EVERY_MS = 10 * MINUTE;

/** The signed-in user's id, from the session cookie (null without a session). */
export type SessionUserId = (headers: Headers) => Promise<string | null>;

export function authRateLimits(db: Db, config: Config, sessionUserId: SessionUserId): MiddlewareHandler {
  let lastPrune = 0;
  return async (c, next) => {
    if (!config.rateLimit || c.req.method !== "POST") return next();
    const path = c.req.path.slice("/api/auth".length);
    const bucket = Object.hasOwn(AUTH_LIMITS, path) ? path : OTHER_AUTH_WRITES;
    const rules = AUTH_LIMITS[bucket] ?? OTHER_AUTH_WRITE_LIMITS;

    const { address } = clientAddress(c, config);
    const needs = (scope: Scope) => rules.some((r) => r.scope === scope);
    const email = needs("email") || needs("address+email") ? await emailOf(c.req.raw) : "";
    const userId = needs("user") ? await sessionUserId(c.req.raw.headers) : null;
    // Whom a rule counts; null when the body names no e-mail or there is no session (Better Auth
    // refuses those requests itself, so there is nothing to count).
    const whoFor = (scope: Scope) => (scope === "address" ? "" : scope === "user" ? userId : email || null);
    let refused: HitResult | null = null;
    for (const rule of rules) {
      const who = whoFor(rule.scope);
      if (who === null) continue;
      const result = await hit(db, authLimitKey(bucket, rule.scope, address, who), rule);
      if (!result.allowed) {
        refused = result;
        break;
      }
    }
    if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = Date.now();
      pruneExpired(db).catch(() => {}); // housekeeping only; the counts never depend on it
    }
    if (!refused) {
      await next();
      // A correct password ends the guessing: the account's attempts start again from nothing.
      if (path === SIGN_IN && c.res.status === 200) {
        for (const scope of ["email", "address+email"] as const)
          await clear(db, authLimitKey(bucket, scope, address, email));
      }
      return;
    }
    // Answered by app.onError in Better Auth's shape (the auth client reads code/message) and ours.
    const seconds = Math.max(1, Math.ceil(refused.retryAfterMs / 1000));
    throw tooManyRequests(TOO_MANY_ATTEMPTS_CODE, tooManyAttemptsMessage(seconds), refused.retryAfterMs);
  };
}
