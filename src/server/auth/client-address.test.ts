import { describe, expect, it } from "vitest";
import { isLoopbackAddress, parseTrustProxy, resolveClientAddress } from "./client-address.ts";

describe("TRUST_PROXY", () => {
  it("parses hops, addresses, CIDR ranges and loopback; refuses nonsense", () => {
    expect(parseTrustProxy(undefined)).toBeNull();
    expect(parseTrustProxy("")).toBeNull();
    expect(parseTrustProxy("0")).toBeNull();
    expect(parseTrustProxy("2")).toEqual({ hops: 2 });
    expect(parseTrustProxy("loopback, 10.0.0.0/8, fd00::1")).toEqual({
      addresses: ["loopback", "10.0.0.0/8", "fd00::1"],
    });
    expect(() => parseTrustProxy("yes please")).toThrow(/TRUST_PROXY/);
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
