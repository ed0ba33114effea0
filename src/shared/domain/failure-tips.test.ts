import { describe, expect, it } from "vitest";
import { failureTips, lineCount } from "./failure-tips.ts";

const ids = (expected: string, actual: string, error?: string) =>
  failureTips({ expected, actual, error }).map((t) => t.id);

describe("failure tips", () => {
  it("puts a runtime error first and alone", () => {
    const tips = failureTips({
      expected: "5",
      actual: "Error: NameError: name 'x' is not defined (line 2)",
      error: "Error: NameError: name 'x' is not defined (line 2)",
    });
    expect(tips.map((t) => t.id)).toEqual(["error"]);
    expect(tips[0].text).toContain("NameError");
  });
  it("spots a difference of capital letters only", () => {
    expect(ids("Hello, World!", "hello, world!")).toEqual(["case"]);
  });
  it("spots spacing differences", () => {
    expect(ids("Total: 5", "Total:  5")).toEqual(["spacing"]);
    expect(ids("a\nb", "a\n\nb")).toContain("spacing");
  });
  it("spots punctuation differences", () => {
    expect(ids("Hello, Sam!", "Hello Sam")).toEqual(["punctuation"]);
  });
  it("spots a prompt glued to a line", () => {
    expect(ids("Hello, Alex!", "Enter name: Hello, Alex!")).toContain("prompt");
  });
  it("counts missing and extra lines", () => {
    expect(ids("1\n2\n3", "1\n2")).toContain("missing");
    expect(ids("1", "1\n2")).toContain("extra");
  });
  it("notices that nothing was printed", () => {
    expect(ids("Even", "")).toEqual(["empty"]);
  });
  it("falls back to a line-by-line comparison", () => {
    expect(ids("Even", "Odd")).toEqual(["compare"]);
  });
  it("says 1 line and 2 lines", () => {
    const tip = failureTips({ expected: "Hello", actual: "Word: hello\nHello" }).find(
      (t) => t.id === "extra",
    );
    expect(tip?.text).toContain("The test expected 1 line but your program printed 2 lines.");
    expect(lineCount(1)).toBe("1 line");
    expect(lineCount(100_000)).toBe("100,000 lines");
  });
});
