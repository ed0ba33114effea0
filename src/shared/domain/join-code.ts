// Class join codes: 8 symbols from A–Z and 2–9 without I, O, 0 and 1 (32 symbols).
export const JOIN_CODE_LENGTH = 8;
export const JOIN_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** What the Join Class field shows as the student types: upper-cased, capped at 8. */
export function normaliseJoinCodeInput(raw: string): string {
  return raw.toUpperCase().replace(/\s+/g, "").slice(0, JOIN_CODE_LENGTH);
}

/**
 * The one reading of a code a student typed (the join schema, the Join Class dialog and the
 * classes service all use it): spaces dropped, upper-cased, then exactly 8 symbols of the
 * alphabet — or null, which is the spec's "Invalid class code." message.
 */
export function parseJoinCode(raw: unknown): string | null {
  if (typeof raw !== "string") return null;
  const code = raw.replace(/\s+/g, "").toUpperCase();
  if (code.length !== JOIN_CODE_LENGTH) return null;
  return [...code].every((ch) => JOIN_CODE_ALPHABET.includes(ch)) ? code : null;
}

/** `randomBytes` is injectable for tests; uses rejection sampling so every symbol is equally likely. */
export function generateJoinCode(randomBytes: (n: number) => Uint8Array = cryptoBytes): string {
  let code = "";
  while (code.length < JOIN_CODE_LENGTH) {
    for (const b of randomBytes(16)) {
      // 256 is a multiple of 32, so b % 32 is already uniform.
      code += JOIN_CODE_ALPHABET[b % JOIN_CODE_ALPHABET.length];
      if (code.length === JOIN_CODE_LENGTH) break;
    }
  }
  return code;
}

function cryptoBytes(n: number): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(n));
}
