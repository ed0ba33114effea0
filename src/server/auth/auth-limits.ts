// Rate limits on Better Auth's sensitive endpoints, counted in the database (rate_limits), so
// every instance on one PostgreSQL shares one allowance. Sign-in counts per address + e-mail
// (guessing one account's password) and, with a higher ceiling, per address (spraying many
// accounts), so a few wrong passwords never lock out a whole school behind one NAT.
import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { type HitResult, hit, pruneExpired } from "../limits/limits.ts";
import { clientAddress } from "./client-address.ts";

type Scope = "address" | "address+email";
export type AuthLimitRule = { scope: Scope; max: number; windowMs: number };

const MINUTE = 60_000;

/** Per Better Auth path (below /api/auth). Paths not listed are not limited here. */
export const AUTH_LIMITS: Record<string, AuthLimitRule[]> = {
  "/sign-in/email": [
    { scope: "address+email", max: 10, windowMs: MINUTE },
    { scope: "address", max: 100, windowMs: MINUTE },
  ],
  // A class signs up together from one school address in its first lesson.
  "/sign-up/email": [{ scope: "address", max: 30, windowMs: MINUTE }],
  // These send e-mail: per recipient (from one address) and per address.
  "/request-password-reset": [
    { scope: "address+email", max: 5, windowMs: MINUTE },
    { scope: "address", max: 30, windowMs: MINUTE },
  ],
  "/send-verification-email": [
    { scope: "address+email", max: 5, windowMs: MINUTE },
    { scope: "address", max: 30, windowMs: MINUTE },
  ],
  "/reset-password": [{ scope: "address", max: 30, windowMs: MINUTE }],
  "/change-password": [{ scope: "address", max: 30, windowMs: MINUTE }],
  "/change-email": [{ scope: "address", max: 30, windowMs: MINUTE }],
};

export const TOO_MANY_ATTEMPTS_CODE = "TOO_MANY_REQUESTS";

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

/** Keys stay short and never hold an address someone typed: the e-mail is hashed. */
export function authLimitKey(path: string, scope: Scope, address: string, email: string): string {
  const who = address || "unknown";
  if (scope === "address") return `auth:${path}:a:${who}`;
  const digest = createHash("sha256").update(email).digest("base64url").slice(0, 22);
  return `auth:${path}:ae:${who}:${digest}`;
}

const PRUNE_EVERY_MS = 10 * MINUTE;

export function authRateLimits(db: Db, config: Config): MiddlewareHandler {
  let lastPrune = 0;
  return async (c, next) => {
    if (!config.rateLimit || c.req.method !== "POST") return next();
    const path = c.req.path.slice("/api/auth".length);
    const rules = AUTH_LIMITS[path];
    if (!rules) return next();

    const { address } = clientAddress(c, config);
    const email = rules.some((r) => r.scope === "address+email") ? await emailOf(c.req.raw) : "";
    const results: HitResult[] = [];
    for (const rule of rules) {
      results.push(await hit(db, authLimitKey(path, rule.scope, address, email), rule));
    }
    if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = Date.now();
      pruneExpired(db).catch(() => {}); // housekeeping only; the counts never depend on it
    }
    const refused = results.filter((r) => !r.allowed);
    if (refused.length === 0) return next();
    const seconds = Math.max(1, Math.ceil(Math.max(...refused.map((r) => r.retryAfterMs)) / 1000));
    const message = tooManyAttemptsMessage(seconds);
    c.header("Retry-After", String(seconds));
    // Better Auth's error shape (the auth client reads code/message) and ours.
    return c.json(
      { code: TOO_MANY_ATTEMPTS_CODE, message, error: { code: TOO_MANY_ATTEMPTS_CODE, message } },
      429,
    );
  };
}
