// Who is asking: the client's address (through trusted proxies only) and whether the request
// comes from this very computer, which alone may use the development conveniences (the dev
// mailbox, the demo logins). Both come from the socket, never from a header a client chose.
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { addressMatcher, canonicalAddress } from "@/server/config/ip-address.ts";
import { LOOPBACK_RANGES, type TrustProxy } from "@/server/config/trust-proxy.ts";
import type { Config } from "@/server/config.ts";

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
