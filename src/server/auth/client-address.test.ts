import { describe, expect, it } from "vitest";
import { parseTrustProxy } from "@/server/config/trust-proxy.ts";
import { loadConfig } from "@/server/config.ts";
import { isLoopbackAddress, resolveClientAddress } from "./client-address.ts";

describe("TRUST_PROXY", () => {
  it("parses hops, addresses, CIDR ranges and loopback; refuses nonsense", () => {
    expect(parseTrustProxy(undefined)).toBeNull();
    expect(parseTrustProxy("")).toBeNull();
    expect(parseTrustProxy("0")).toBeNull();
    expect(parseTrustProxy("2")).toEqual({ hops: 2 });
    const list = parseTrustProxy("loopback, 10.0.0.0/8, fd00::1, 2001:db8:5::/48");
    expect(list && "addresses" in list && list.addresses).toEqual([
      "loopback",
      "10.0.0.0/8",
      "fd00::1",
      "2001:db8:5::/48",
    ]);
    expect(() => parseTrustProxy("yes please")).toThrow(/TRUST_PROXY: "yes please" is not an IPv4 or IPv6/);
    expect(() => parseTrustProxy("2001:db8::/200")).toThrow(/TRUST_PROXY: "2001:db8::\/200": the prefix/);
    expect(() => loadConfig({ NODE_ENV: "test", TRUST_PROXY: "10.0.0.0/40" })).toThrow(
      /Invalid configuration:\n {2}TRUST_PROXY: "10.0.0.0\/40"/,
    );
  });
});

describe("a proxy chain over IPv6", () => {
  const trust = parseTrustProxy("loopback, 2001:db8:aa::/48, 10.0.0.0/8");

  it("walks trusted IPv6 ranges and stops at the first untrusted hop", () => {
    // Socket ::1 (loopback) ← 2001:db8:aa:1::2 (trusted range) ← the client.
    expect(resolveClientAddress("::1", "2001:DB8:BB::7, 2001:db8:aa:1::2", trust)).toEqual({
      address: "2001:db8:bb::7",
      proxied: true,
    });
    // A hop just outside the /48 is not trusted: it is the client.
    expect(resolveClientAddress("::1", "6.6.6.6, 2001:db8:ab::2", trust).address).toBe("2001:db8:ab::2");
    // An IPv6 peer outside the list: the header is the client's own claim.
    expect(resolveClientAddress("2001:db8:cc::1", "198.51.100.7", trust)).toEqual({
      address: "2001:db8:cc::1",
      proxied: false,
    });
  });

  it("reads IPv4-mapped peers and headers as IPv4", () => {
    expect(resolveClientAddress("::ffff:10.2.3.4", "::ffff:198.51.100.7", trust)).toEqual({
      address: "198.51.100.7",
      proxied: true,
    });
    expect(resolveClientAddress("::ffff:127.0.0.1", "2001:0db8:0:0::1", trust).address).toBe("2001:db8::1");
  });
});

describe("the client address", () => {
  it("is the socket peer without a trusted proxy, whatever X-Forwarded-For says", () => {
    expect(resolveClientAddress("203.0.113.9", "10.0.0.5", null)).toEqual({
      address: "203.0.113.9",
      proxied: false,
    });
    expect(resolveClientAddress("::ffff:127.0.0.1", "10.0.0.5", null)).toEqual({
      address: "127.0.0.1",
      proxied: false,
    });
  });

  it("walks X-Forwarded-For right to left through trusted proxies only", () => {
    const trust = parseTrustProxy("loopback,10.1.0.0/16");
    // A client-supplied (forged) left part is never reached past an untrusted hop.
    expect(resolveClientAddress("127.0.0.1", "6.6.6.6, 198.51.100.7, 10.1.2.3", trust)).toEqual({
      address: "198.51.100.7",
      proxied: true,
    });
    expect(resolveClientAddress("198.51.100.7", "6.6.6.6", trust)).toEqual({
      address: "198.51.100.7",
      proxied: false,
    });
    expect(resolveClientAddress("127.0.0.1", undefined, trust)).toEqual({
      address: "127.0.0.1",
      proxied: false,
    });
  });

  it("counts hops from the server when TRUST_PROXY is a number", () => {
    expect(resolveClientAddress("10.0.0.2", "6.6.6.6, 198.51.100.7", { hops: 1 })).toEqual({
      address: "198.51.100.7",
      proxied: true,
    });
    expect(resolveClientAddress("10.0.0.2", "6.6.6.6, 198.51.100.7, 10.0.0.1", { hops: 2 }).address).toBe(
      "198.51.100.7",
    );
    expect(resolveClientAddress("10.0.0.2", "198.51.100.7", { hops: 5 }).address).toBe("198.51.100.7");
  });

  it("knows loopback", () => {
    for (const a of ["127.0.0.1", "127.1.2.3", "::1", "::ffff:127.0.0.1"])
      expect(isLoopbackAddress(a)).toBe(true);
    for (const a of ["10.0.0.5", "::ffff:10.0.0.5", "", undefined, "1270.0.0.1"])
      expect(isLoopbackAddress(a)).toBe(false);
  });
});
