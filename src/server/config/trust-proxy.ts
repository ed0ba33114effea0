// TRUST_PROXY, read once at start by config.ts: which proxies' X-Forwarded-For we believe. The
// request-time side (the client's address, the dev-client test) is auth/client-address.ts.
// Bottom floor: imports nothing in the server outside config/.
import { addressMatcher } from "./ip-address.ts";

/**
 * TRUST_PROXY: unset (no proxy: the socket peer is the client), a number of proxy hops in front
 * of the server, or a comma-separated list of proxy addresses / IPv4 or IPv6 CIDR ranges / `loopback`.
 */
export type TrustProxy =
  | { hops: number }
  | { addresses: string[]; isTrusted: (address: string) => boolean }
  | null;

/** What `loopback` stands for in TRUST_PROXY. */
export const LOOPBACK_RANGES = ["127.0.0.0/8", "::1/128"];

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
