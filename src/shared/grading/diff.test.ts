import { describe, expect, it } from "vitest";
import { diffLines } from "./diff.ts";

describe("line diff", () => {
  it("marks equal, missing and extra lines", () => {
    expect(diffLines("a\nb\nc", "a\nx\nc")).toEqual([
      { kind: "same", text: "a" },
      { kind: "expected", text: "b" },
      { kind: "actual", text: "x" },
      { kind: "same", text: "c" },
    ]);
  });

  it("ignores surrounding whitespace like the pass rule", () => {
    expect(diffLines("a\nb\n\n", "  \na\nb")).toEqual([
      { kind: "same", text: "a" },
      { kind: "same", text: "b" },
    ]);
  });

  it("handles empty sides", () => {
    expect(diffLines("", "x")).toEqual([{ kind: "actual", text: "x" }]);
    expect(diffLines("y", "")).toEqual([{ kind: "expected", text: "y" }]);
    expect(diffLines("", "")).toEqual([]);
  });
});
