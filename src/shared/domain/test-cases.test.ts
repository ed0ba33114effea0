import { describe, expect, it } from "vitest";
import { isBlankTestCase } from "./test-cases.ts";

describe("isBlankTestCase (one rule for the form and the server)", () => {
  it("a row with nothing but spaces and line breaks is blank, whatever field they are in", () => {
    expect(isBlankTestCase({ description: "", input: "", expectedOutput: "" })).toBe(true);
    expect(isBlankTestCase({ description: "  ", input: " \n", expectedOutput: "\r\n" })).toBe(true);
  });
  it("a saved case that was emptied is blank too (emptying it removes it)", () => {
    const emptied = { id: "x", description: "", input: "", expectedOutput: " ", hidden: false };
    expect(isBlankTestCase(emptied)).toBe(true);
  });
  it("anything written in any field makes it a test", () => {
    expect(isBlankTestCase({ description: "", input: "", expectedOutput: "0" })).toBe(false);
    expect(isBlankTestCase({ description: "", input: "7", expectedOutput: "" })).toBe(false);
    expect(isBlankTestCase({ description: "Named", input: "", expectedOutput: "" })).toBe(false);
  });
});
