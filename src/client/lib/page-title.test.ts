import { describe, expect, it } from "vitest";
import { pageTitle } from "./page-title.tsx";

describe("pageTitle", () => {
  it("names the page, its section and PyClass", () => {
    expect(pageTitle("Even or Odd", "Assignments")).toBe("Even or Odd — Assignments — PyClass");
  });
  it("says a page named like its section once, and skips a missing section", () => {
    expect(pageTitle("Assignments", "Assignments")).toBe("Assignments — PyClass");
    expect(pageTitle("About", null)).toBe("About — PyClass");
  });
});
