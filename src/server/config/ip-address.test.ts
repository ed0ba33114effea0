// One spelling per address, IPv6 counted per /64, CIDR ranges of both families.
import { describe, expect, it } from "vitest";
import { addressMatcher, canonicalAddress, limitSubject, parseAddressRule } from "./ip-address.ts";

describe("canonicalAddress", () => {
  it("gives every spelling of one IPv6 address one form (RFC 5952)", () => {
    for (const spelling of [
      "2001:db8::1",
      "2001:0db8:0:0::1",
      "2001:DB8:0000:0000:0000:0000:0000:0001",
      "[2001:db8::1]",
    ])
      expect(canonicalAddress(spelling)).toBe("2001:db8::1");
    expect(canonicalAddress("2001:db8:0:0:1:0:0:1")).toBe("2001:db8::1:0:0:1");
    expect(canonicalAddress("fe80::1%eth0")).toBe("fe80::1");
    expect(canonicalAddress("::")).toBe("::");
  });

  it("writes an IPv4-mapped IPv6 address as the IPv4 address it is", () => {
    expect(canonicalAddress("::ffff:1.2.3.4")).toBe("1.2.3.4");
    expect(canonicalAddress("::FFFF:0102:0304")).toBe("1.2.3.4");
    expect(canonicalAddress("0:0:0:0:0:ffff:c000:0280")).toBe("192.0.2.128");
    expect(canonicalAddress(" 1.2.3.4 ")).toBe("1.2.3.4");
    // Not mapped: another prefix keeps its IPv6 form.
    expect(canonicalAddress("64:ff9b::1.2.3.4")).toBe("64:ff9b::102:304");
  });

  it("refuses what is not an address", () => {
    for (const junk of [
      "",
      "unknown",
      "1.2.3",
      "01.2.3.4",
      "256.1.1.1",
      "1.2.3.4:80",
      "2001:db8::1::2",
      "12345::",
      "g::1",
    ])
      expect(canonicalAddress(junk)).toBeNull();
  });
});

describe("limitSubject", () => {
  it("counts an IPv6 client per /64, whatever the rest of the address", () => {
    expect(limitSubject("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(limitSubject("2001:db8:1:2:ffff:ffff:ffff:fffe")).toBe("2001:db8:1:2::/64");
    expect(limitSubject("2001:0DB8:0001:0002:0:0:0:9")).toBe("2001:db8:1:2::/64");
    expect(limitSubject("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(limitSubject("2001:db8::1")).toBe("2001:db8::/64");
  });

  it("counts an IPv4 client (also when mapped) per address", () => {
    expect(limitSubject("203.0.113.9")).toBe("203.0.113.9");
    expect(limitSubject("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(limitSubject("203.0.113.10")).toBe("203.0.113.10");
  });
});

describe("addressMatcher", () => {
  it("matches IPv4 and IPv6 CIDR ranges and single addresses, in any spelling", () => {
    const trusted = addressMatcher(["10.0.0.0/8", "2001:db8:aa::/48", "fd00::1", "192.0.2.7"]);
    for (const a of [
      "10.1.2.3",
      "::ffff:10.1.2.3",
      "2001:db8:aa:ffff::1",
      "2001:0db8:00aa::5",
      "fd00:0::1",
      "192.0.2.7",
    ])
      expect(trusted(a), a).toBe(true);
    for (const a of ["11.0.0.1", "2001:db8:ab::1", "fd00::2", "192.0.2.8", "", "unknown"])
      expect(trusted(a), a).toBe(false);
  });

  it("handles the edges of a prefix", () => {
    const v6 = addressMatcher(["2001:db8::/127"]);
    expect([v6("2001:db8::"), v6("2001:db8::1"), v6("2001:db8::2")]).toEqual([true, true, false]);
    const all = addressMatcher(["::/0", "0.0.0.0/0"]);
    expect([all("::1"), all("8.8.8.8")]).toEqual([true, true]);
  });

  it("refuses a range it can't read, saying why", () => {
    expect(() => parseAddressRule("10.0.0.0/33")).toThrow(/IPv4 range is 0 to 32/);
    expect(() => parseAddressRule("2001:db8::/129")).toThrow(/IPv6 range is 0 to 128/);
    expect(() => parseAddressRule("2001:db8::/x")).toThrow(/0 to 128/);
    expect(() => parseAddressRule("10.0.0.0/8/8")).toThrow(/not an IPv4 or IPv6 address/);
    expect(() => parseAddressRule("example.com")).toThrow(/not an IPv4 or IPv6 address/);
  });
});
