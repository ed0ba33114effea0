// IP addresses as limits and TRUST_PROXY see them. One address has many spellings
// (`2001:db8::1`, `2001:0DB8:0:0::1`, `::ffff:1.2.3.4` for 1.2.3.4), so every address is brought to
// one canonical form before it becomes a key; and one IPv6 subscriber gets a whole /64 (2^64
// addresses), so IPv6 limits count per /64. Parsing is Node's own: net.isIP validates, the WHATWG
// URL parser writes the RFC 5952 form, net.BlockList matches CIDR ranges of both families.
import { BlockList, isIPv4, isIPv6 } from "node:net";

/** An IPv4-mapped IPv6 address (::ffff:a.b.c.d) as the URL parser writes it: `::ffff:102:304`. */
const MAPPED_IPV4 = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/;

/** `[2001:db8::1]` → `2001:db8::1`; `fe80::1%eth0` → `fe80::1` (a zone names a local interface). */
function stripDecoration(raw: string): string {
  const a = raw.trim();
  const bare = a.startsWith("[") && a.endsWith("]") ? a.slice(1, -1) : a;
  return bare.replace(/%.*$/, "");
}

/**
 * The one spelling of an address: dotted IPv4 (also for IPv4-mapped IPv6), or lower-case RFC 5952
 * IPv6 (leading zeros dropped, the longest run of zero groups as `::`). `null` when it isn't one.
 */
export function canonicalAddress(raw: string): string | null {
  const a = stripDecoration(raw);
  if (isIPv4(a)) return a;
  if (!isIPv6(a)) return null;
  const v6 = new URL(`http://[${a}]/`).hostname.slice(1, -1);
  const mapped = MAPPED_IPV4.exec(v6);
  if (!mapped) return v6;
  const [hi, lo] = [Number.parseInt(mapped[1], 16), Number.parseInt(mapped[2], 16)];
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join(".");
}

/** The eight 16-bit groups of a canonical IPv6 address. */
function ipv6Groups(v6: string): number[] {
  const [head, tail] = v6.includes("::") ? v6.split("::") : [v6, undefined];
  const parse = (part: string | undefined) =>
    part ? part.split(":").map((g) => Number.parseInt(g, 16)) : [];
  const left = parse(head);
  const right = parse(tail);
  return [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
}

/**
 * Who a limit counts: an IPv4 address itself, an IPv6 address's /64 (`2001:db8:1:2::/64`), the one
 * network a home, phone or school is given; any address inside it counts as the same client.
 */
export function limitSubject(address: string): string {
  const canonical = canonicalAddress(address);
  if (!canonical) return address;
  if (isIPv4(canonical)) return canonical;
  const prefix = ipv6Groups(canonical).slice(0, 4);
  const network = [...prefix, 0, 0, 0, 0].map((g) => g.toString(16)).join(":");
  return `${canonicalAddress(network)}/64`;
}

/** `10.0.0.0/8`, `2001:db8::/32`, or one address; with a message naming what is wrong. */
export function parseAddressRule(rule: string): { address: string; prefix: number; family: "ipv4" | "ipv6" } {
  const [base, bits, ...rest] = rule.split("/");
  const address = canonicalAddress(base);
  if (!address || rest.length > 0) throw new Error(`"${rule}" is not an IPv4 or IPv6 address or CIDR range`);
  const family = isIPv4(address) ? "ipv4" : "ipv6";
  const max = family === "ipv4" ? 32 : 128;
  if (bits === undefined) return { address, prefix: max, family };
  const prefix = /^\d{1,3}$/.test(bits) ? Number(bits) : Number.NaN;
  if (!(prefix >= 0 && prefix <= max)) {
    throw new Error(
      `"${rule}": the prefix length of an ${family === "ipv4" ? "IPv4" : "IPv6"} range is 0 to ${max}`,
    );
  }
  return { address, prefix, family };
}

/** A matcher for a list of addresses and CIDR ranges of either family (rules checked by parseAddressRule). */
export function addressMatcher(rules: string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const rule of rules) {
    const { address, prefix, family } = parseAddressRule(rule);
    list.addSubnet(address, prefix, family);
  }
  return (address) => {
    const canonical = canonicalAddress(address);
    if (!canonical) return false;
    return list.check(canonical, isIPv4(canonical) ? "ipv4" : "ipv6");
  };
}
