// A short-lived, per-process cache of "which user does this cookie belong to". Reading the
// session costs a signature check and a database round trip on every API request; with the
// cache a busy class's polling costs neither. Entries live 5 s, and are dropped at once when
// this process sees the session or the user change (sign-in/out, reset, role, name, e-mail),
// so a revocation made on another instance takes effect within 5 s.
import type { SessionUser } from "@/server/types.ts";

type Entry = { user: SessionUser | null; at: number };

export type SessionCache = ReturnType<typeof createSessionCache>;

/** How long an entry lives: the longest a revocation made on another instance goes unseen here. */
export const SESSION_CACHE_TTL_MS = 5_000;

export function createSessionCache({ ttlMs = SESSION_CACHE_TTL_MS, max = 20_000 } = {}) {
  const entries = new Map<string, Entry>();
  return {
    get(key: string): SessionUser | null | undefined {
      const e = entries.get(key);
      if (!e) return undefined;
      if (performance.now() - e.at > ttlMs) {
        entries.delete(key);
        return undefined;
      }
      return e.user;
    },
    set(key: string, user: SessionUser | null) {
      // Oldest first: Map keeps insertion order, so trimming from the front drops the stalest.
      if (entries.size >= max) entries.delete(entries.keys().next().value!);
      entries.set(key, { user, at: performance.now() });
    },
    /** Drops every cached session of one user (after a change to that user). */
    forgetUser(userId: string) {
      for (const [key, e] of entries) if (e.user?.id === userId) entries.delete(key);
    },
    clear() {
      entries.clear();
    },
  };
}

/**
 * The cache key: every value of exactly the cookie Better Auth authenticates with (`cookieName`,
 * `__Secure-better-auth.session_token` under https, the plain name under http). Other cookies,
 * including a forged one with the other name, must neither split the cache nor poison it: two
 * requests share a key only if Better Auth would read the same session token from both.
 */
export function sessionKey(cookieHeader: string | undefined, cookieName: string): string | null {
  if (!cookieHeader) return null;
  const values: string[] = [];
  for (const pair of cookieHeader.split(";")) {
    const eq = pair.indexOf("=");
    if (eq !== -1 && pair.slice(0, eq).trim() === cookieName) values.push(pair.slice(eq + 1).trim());
  }
  return values.length ? `${cookieName}=${values.join(";")}` : null;
}

// Auth requests that only create a new session or send a mail: they never end or change a session
// someone already holds, so the cache keeps its entries. Clearing on them made every page read of
// a school signing in at 9am re-check its cookie behind the password hashing (`npm run load`).
const LEAVES_SESSIONS_ALONE = new Set([
  "/api/auth/sign-in/email",
  "/api/auth/sign-up/email",
  "/api/auth/request-password-reset",
  "/api/auth/send-verification-email",
]);

/** Whether this /api/auth request may end or change existing sessions (then the cache is cleared). */
export function mayChangeSessions(method: string, path: string): boolean {
  if (path.startsWith("/api/auth/verify-email")) return true; // a GET that signs in and verifies
  return method !== "GET" && !LEAVES_SESSIONS_ALONE.has(path);
}

/**
 * Writes that never change their own user (role, name, e-mail): the activity record's batches,
 * which every open workspace sends every 10 s. Forgetting the user after each made every batch
 * read the session again (a cookie signature check and a query), most of what a typing class cost
 * the server (decision 066).
 */
const LEAVES_USER_ALONE = new Set(["/api/activity"]);

/** Whether this request may change the signed-in user (then their cached sessions are dropped). */
export function mayChangeUser(method: string, path: string): boolean {
  return method !== "GET" && !LEAVES_USER_ALONE.has(path);
}
