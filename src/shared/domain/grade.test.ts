import { describe, expect, it } from "vitest";
import { formatGrade, GRADE_RANGE_MESSAGE, isValidGrade, parseGrade, roundGrade } from "./grade.ts";

describe("the grade rule", () => {
  it.each([0, 100, 82.5, 99.99, 0.01, 82.55, 0.1 + 0.2])("%s is a grade", (g) => {
    expect(isValidGrade(g)).toBe(true);
  });
  it.each([-0.01, 100.01, 82.555, 0.001, Number.NaN, Number.POSITIVE_INFINITY, -1, 101])(
    "%s is not a grade",
    (g) => {
      expect(isValidGrade(g)).toBe(false);
    },
  );
  it("rounds float noise to hundredths", () => {
    expect(roundGrade(0.1 + 0.2)).toBe(0.3);
    expect(roundGrade(82.55000000000001)).toBe(82.55);
    expect(roundGrade(100)).toBe(100);
  });
  it("reads what was typed: empty is no grade, decimals are grades", () => {
    expect(parseGrade("")).toEqual({ ok: true, grade: null });
    expect(parseGrade("   ")).toEqual({ ok: true, grade: null });
    expect(parseGrade(" 82.5 ")).toEqual({ ok: true, grade: 82.5 });
    expect(parseGrade("82.50")).toEqual({ ok: true, grade: 82.5 });
    expect(parseGrade(".5")).toEqual({ ok: true, grade: 0.5 });
    expect(parseGrade("1e2")).toEqual({ ok: true, grade: 100 });
    expect(parseGrade("0")).toEqual({ ok: true, grade: 0 });
  });
  it.each(["-1", "100.5", "82.555", "abc", "0x10", "1,5", "Infinity", "82.5.1", "NaN"])(
    "refuses %s with one message",
    (typed) => {
      expect(parseGrade(typed)).toEqual({ ok: false, message: GRADE_RANGE_MESSAGE });
    },
  );
  it("shows up to two decimals without trailing zeros", () => {
    expect(formatGrade(82.5)).toBe("82.5/100");
    expect(formatGrade(100)).toBe("100/100");
    expect(formatGrade(82.555)).toBe("82.56/100");
  });
});
