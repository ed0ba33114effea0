import { describe, expect, it } from "vitest";
import { generateJoinCode, JOIN_CODE_ALPHABET, normaliseJoinCodeInput, parseJoinCode } from "./join-code.ts";

describe("join code alphabet", () => {
  it("has 32 symbols without I, O, 0 or 1", () => {
    expect(JOIN_CODE_ALPHABET).toHaveLength(32);
    expect(new Set(JOIN_CODE_ALPHABET).size).toBe(32);
    for (const ch of "IO01") expect(JOIN_CODE_ALPHABET).not.toContain(ch);
  });
});

describe("generateJoinCode", () => {
  it("makes 8 symbols from the alphabet", () => {
    for (let i = 0; i < 200; i++) {
      const code = generateJoinCode();
      expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    }
  });
  it("maps every byte onto the alphabet evenly", () => {
    const bytes = (n: number) => Uint8Array.from({ length: n }, (_, i) => i * 32 + 31);
    expect(generateJoinCode(bytes)).toBe("99999999");
    expect(generateJoinCode((n) => new Uint8Array(n))).toBe("AAAAAAAA");
  });
});

describe("join code input", () => {
  it("upper-cases and caps at 8 characters", () => {
    expect(normaliseJoinCodeInput("abcd efgh jk")).toBe("ABCDEFGH");
    expect(normaliseJoinCodeInput("pydemo4")).toBe("PYDEMO4");
  });
});

describe("parseJoinCode (the one rule: schema, join dialog and classes service)", () => {
  it("accepts 8 symbols of the alphabet, typed in any case and with spaces", () => {
    expect(parseJoinCode("ABCDEFGH")).toBe("ABCDEFGH");
    expect(parseJoinCode(" abcd efgh ")).toBe("ABCDEFGH");
    expect(parseJoinCode("ABCD2345")).toBe("ABCD2345");
  });
  it("refuses any other length", () => {
    for (const code of ["", "ABCDEFG", "ABCDEFGHJ"]) expect(parseJoinCode(code), code).toBeNull();
  });
  it("refuses symbols outside the alphabet: I, O, 0, 1 and punctuation", () => {
    for (const code of ["PYDEMO42", "ABCDEFGI", "ABCDEF01", "ABCD-EFG"])
      expect(parseJoinCode(code), code).toBeNull();
  });
  it("refuses what is not a string", () => {
    expect(parseJoinCode(12345678)).toBeNull();
    expect(parseJoinCode(null)).toBeNull();
  });
});
