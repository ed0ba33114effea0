import { describe, expect, it } from "vitest";
import { isBlankTestCase, missingTestCaseFields } from "./test-cases.ts";

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

describe("missingTestCaseFields (a half-filled case is an error, not a silent drop)", () => {
  it("a blank row lacks nothing: it is dropped", () => {
    expect(missingTestCaseFields({ description: " ", input: "\n", expectedOutput: "" })).toEqual([]);
  });
  it("a complete case lacks nothing", () => {
    expect(missingTestCaseFields({ description: "Greets", input: "", expectedOutput: "Hi" })).toEqual([]);
  });
  it("names the missing half, blank-looking text included", () => {
    expect(missingTestCaseFields({ description: "Greets", expectedOutput: "  \n" })).toEqual([
      "expectedOutput",
    ]);
    expect(missingTestCaseFields({ description: "", expectedOutput: "Hi" })).toEqual(["description"]);
    expect(missingTestCaseFields({ input: "7" })).toEqual(["description", "expectedOutput"]);
  });
});
