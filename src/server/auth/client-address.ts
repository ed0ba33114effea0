// Who is asking: the client's address (through trusted proxies only) and whether the request
// comes from this very computer, which alone may use the development conveniences (the dev
// mailbox, the demo logins). Both come from the socket, never from a header a client chose.
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import type { Config } from "@/server/config.ts";
import { addressMatcher, canonicalAddress } from "./ip-address.ts";

/**
 * TRUST_PROXY: unset (no proxy: the socket peer is the client), a number of proxy hops in front
 * of the server, or a comma-separated list of proxy addresses / IPv4 or IPv6 CIDR ranges / `loopback`.
 */
export type TrustProxy =
  | { hops: number }
  | { addresses: string[]; isTrusted: (address: string) => boolean }
  | null;

/** What `loopback` stands for in TRUST_PROXY. */
const LOOPBACK_RANGES = ["127.0.0.0/8", "::1/128"];

export function parseTrustProxy(value: string | undefined): TrustProxy {
  const v = value?.trim();
  if (!v || v === "0" || v === "false") return null;
  if (/^\d+$/.test(v)) return { hops: Number(v) };
  const addresses = v
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const ranges = addresses.flatMap((a) => (a === "loopback" ? LOOPBACK_RANGES : [a]));
  try {
    return { addresses, isTrusted: addressMatcher(ranges) };
  } catch (e) {
    throw new Error(
      `TRUST_PROXY: ${(e as Error).message}; expected a number of hops, or addresses, CIDR ranges and "loopback" separated by commas`,
    );
  }
}

export function describeTrustProxy(trust: NonNullable<TrustProxy>): string {
  return "hops" in trust
    ? `${trust.hops} trusted proxy hop(s)`
    : `trusted proxies ${trust.addresses.join(", ")}`;
}

/** The canonical spelling of an address (see ip-address.ts); a value that is none is kept, trimmed. */
export function normaliseAddress(address: string): string {
  return canonicalAddress(address) ?? address.trim().toLowerCase();
}

const isLoopback = addressMatcher(LOOPBACK_RANGES);

export function isLoopbackAddress(address: string | undefined): boolean {
  return Boolean(address) && isLoopback(address as string);
}

export type ClientAddress = {
  /** The client's address as far as we can trust it ("" when unknown, e.g. an in-process test). */
  address: string;
  /** The socket peer is a trusted proxy, so the address came from X-Forwarded-For. */
  proxied: boolean;
};

/**
 * Resolves the client address from the socket peer and, only when that peer is a trusted proxy,
 * from X-Forwarded-For read right to left (each trusted hop vouches for the one before it).
 */
export function resolveClientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | null | undefined,
  trust: TrustProxy,
): ClientAddress {
  const peer = socketAddress ? normaliseAddress(socketAddress) : "";
  if (!peer || !trust) return { address: peer, proxied: false };
  const chain = (forwardedFor ?? "")
    .split(",")
    .map((s) => normaliseAddress(s))
    .filter(Boolean);
  const hops = [...chain, peer]; // nearest last
  if ("hops" in trust) {
    if (trust.hops === 0 || chain.length === 0) return { address: peer, proxied: false };
    const index = Math.max(0, hops.length - 1 - trust.hops);
    return { address: hops[index], proxied: true };
  }
  let i = hops.length - 1;
  while (i > 0 && trust.isTrusted(hops[i])) i--;
  return { address: hops[i], proxied: i < hops.length - 1 };
}

function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined; // app.request() in tests: no socket, so no address (and never loopback)
  }
}

export function clientAddress(c: Context, config: Config): ClientAddress {
  return resolveClientAddress(socketAddress(c), c.req.header("x-forwarded-for"), config.trustProxy);
}

const FORWARDING_HEADERS = ["forwarded", "x-forwarded-for", "x-real-ip", "x-forwarded-host"];
const LOOPBACK_HOST = /^(localhost|[a-z0-9-]+\.localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])(:\d+)?$/i;

/**
 * The development conveniences answer only to a browser on this computer, outside production:
 * the socket peer is loopback, nothing was forwarded (a local reverse proxy relaying the network
 * is not "this computer", whatever TRUST_PROXY says), and the Host is a loopback name (so a
 * DNS-rebinding page in the teacher's browser can't read them either).
 */
export function isDevClient(c: Context, config: Config): boolean {
  if (config.isProduction) return false;
  if (!isLoopbackAddress(socketAddress(c))) return false;
  if (FORWARDING_HEADERS.some((h) => c.req.header(h) !== undefined)) return false;
  return LOOPBACK_HOST.test(c.req.header("host") ?? "");
}
