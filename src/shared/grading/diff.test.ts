import { describe, expect, it } from "vitest";
import { closestOutput, diffLines, headLines } from "./diff.ts";

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

describe("the output shown for a failed test", () => {
  const run = { passed: false, output: "hi\nhi!", plainOutput: "hi!", error: null, timeMs: 1 };
  it("leaves out echoed input when the expected output has none", () => {
    expect(closestOutput("HI!", run)).toBe("hi!");
  });
  it("keeps the transcript when the expected output includes the echo", () => {
    expect(closestOutput("hi\nHI!", run)).toBe("hi\nhi!");
  });
  it("keeps the transcript, with its error line, after an error", () => {
    expect(closestOutput("HI!", { ...run, error: "Error: ValueError: x (line 1)" })).toBe("hi\nhi!");
  });
});

describe("headLines", () => {
  it("keeps the first lines of a huge output and counts them all", () => {
    const huge = Array.from({ length: 100_000 }, (_, i) => String(i)).join("\n");
    const { head, total } = headLines(`${huge}\n`, 200);
    expect(total).toBe(100_000);
    expect(head.split("\n")).toHaveLength(200);
    expect(head.split("\n").at(-1)).toBe("199");
  });
  it("returns a short text whole", () => {
    expect(headLines("a\r\nb\n", 200)).toEqual({ head: "a\nb", total: 2 });
    expect(headLines("", 200)).toEqual({ head: "", total: 0 });
  });
});
