// The device cookie (OWASP "device cookies" for login throttling): after a successful password
// sign-in, the browser gets a signed, HttpOnly cookie naming the (account, browser) pair. It is no
// session and grants nothing by itself; it only tells the auth limits and the password queue that
// this browser has signed in to this account before, so it keeps its own allowance and its own
// lane while strangers guess or flood (decision 054).
//
// One cookie per browser holds up to DEVICE_ENTRIES accounts (a shared classroom computer), newest
// first: `<account>.<nonce>~…~<signature>`, where <account> is an HMAC of the e-mail under the auth
// secret (the cookie never shows an address, and can't be made for an address without the
// secret) and <nonce> is random per browser. Signed as a whole with the same secret.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const DEVICE_ENTRIES = 10;
/** A year: a school year and the holidays around it. */
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export function deviceCookieName(secure: boolean): string {
  // __Host- needs Path=/; this cookie is only ever read below /api/auth, so it is scoped there.
  return secure ? "__Secure-pyclass.device" : "pyclass.device";
}

const mac = (secret: string, label: string, value: string) =>
  createHmac("sha256", secret).update(`pyclass-device-v1:${label}:${value}`).digest("base64url");

/** The account part of an entry: the normalised e-mail under the secret. */
function accountTag(secret: string, email: string): string {
  return mac(secret, "account", email.trim().toLowerCase()).slice(0, 16);
}

function sign(secret: string, entries: string[]): string {
  return mac(secret, "cookie", entries.join("~")).slice(0, 32);
}

const ENTRY = /^[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{16}$/;

function cookieValue(cookieHeader: string | null | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  for (const pair of cookieHeader.split(";")) {
    const eq = pair.indexOf("=");
    if (eq !== -1 && pair.slice(0, eq).trim() === name) return pair.slice(eq + 1).trim();
  }
  return null;
}

/** The cookie's entries when its signature holds; [] for no cookie, a forged or a damaged one. */
export function readDeviceEntries(
  cookieHeader: string | null | undefined,
  name: string,
  secret: string,
): string[] {
  const value = cookieValue(cookieHeader, name);
  if (!value || value.length > 2_000) return [];
  const parts = value.split("~");
  const signature = parts.pop() ?? "";
  if (parts.length === 0 || parts.length > DEVICE_ENTRIES || !parts.every((p) => ENTRY.test(p))) return [];
  const expected = Buffer.from(sign(secret, parts));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return [];
  return parts;
}

/**
 * The device id of this browser for the account `email` (the entry itself), or null when the
 * browser has never signed in to that account (or the cookie is not ours).
 */
export function knownDevice(
  cookieHeader: string | null | undefined,
  name: string,
  secret: string,
  email: string,
): string | null {
  if (!email) return null;
  const tag = accountTag(secret, email);
  return readDeviceEntries(cookieHeader, name, secret).find((e) => e.startsWith(`${tag}.`)) ?? null;
}

/** The cookie's new value after a sign-in to `email`: that account's entry first (kept, or new). */
export function deviceCookieAfterSignIn(
  cookieHeader: string | null | undefined,
  name: string,
  secret: string,
  email: string,
): string {
  const tag = accountTag(secret, email);
  const entries = readDeviceEntries(cookieHeader, name, secret);
  const mine =
    entries.find((e) => e.startsWith(`${tag}.`)) ?? `${tag}.${randomBytes(12).toString("base64url")}`;
  const next = [mine, ...entries.filter((e) => e !== mine)].slice(0, DEVICE_ENTRIES);
  return `${next.join("~")}~${sign(secret, next)}`;
}

export function deviceSetCookie(name: string, value: string, secure: boolean): string {
  return `${name}=${value}; Path=/api/auth; Max-Age=${DEVICE_COOKIE_MAX_AGE_S}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}
