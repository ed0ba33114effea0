import { describe, expect, it } from "vitest";
import { expandStarterCode, interruptedRun, matchExpected, toTestResult } from "./compare.ts";
import type { HarnessRun } from "./types.ts";

const run = (transcript: string, output: string, error: string | null = null): HarnessRun => ({
  transcript,
  output,
  error,
  error_type: error ? "ValueError" : null,
  line: error ? 3 : null,
  prompt: null,
});

// A program that asked "Name? " and got "Sam".
const asked = run("Name? Sam\nHello Sam\n", "Hello Sam\n");

describe("pass rule", () => {
  it("accepts expected output written with prompts and echoed input", () => {
    expect(matchExpected("Name? Sam\nHello Sam", asked)).toBe("transcript");
  });

  it("accepts expected output written without prompts", () => {
    expect(matchExpected("Hello Sam", asked)).toBe("output");
  });

  it("trims leading and trailing whitespace on both sides", () => {
    expect(matchExpected("\n  Hello Sam  \n\n", asked)).toBe("output");
    expect(matchExpected("Hello Sam", run("Hello Sam   \n\n", "Hello Sam   \n\n"))).toBe("transcript");
  });

  it("keeps whitespace inside the text significant", () => {
    expect(matchExpected("Hello  Sam", asked)).toBeNull();
    expect(matchExpected("Hello Sam\n\nBye", run("Hello Sam\nBye\n", "Hello Sam\nBye\n"))).toBeNull();
  });

  it("treats Windows line endings in expected output as newlines", () => {
    expect(matchExpected("Name? Sam\r\nHello Sam\r\n", asked)).toBe("transcript");
  });

  it("is case sensitive", () => {
    expect(matchExpected("hello sam", asked)).toBeNull();
  });

  it("never passes a run that ended in an error, even when the text matches", () => {
    const failed = run("1\nError: ValueError: bad (line 3)", "1\nError: ValueError: bad (line 3)", "x");
    expect(matchExpected("1\nError: ValueError: bad (line 3)", failed)).toBeNull();
  });

  it("builds a test result that says which style matched", () => {
    expect(toTestResult("Hello Sam", asked, 4)).toEqual({
      passed: true,
      output: "Name? Sam\nHello Sam\n",
      plainOutput: asked.output,
      error: null,
      timeMs: 4,
      matched: "output",
    });
    const failed = toTestResult("Bye", asked, 2);
    expect(failed.passed).toBe(false);
    expect(failed.matched).toBeUndefined();
  });
});

describe("interruptions", () => {
  it("replaces the KeyboardInterrupt line with the time-limit message and keeps the output", () => {
    const interrupted: HarnessRun = {
      ...run(
        "tick\ntick\nError: KeyboardInterrupt (line 2)",
        "tick\ntick\nError: KeyboardInterrupt (line 2)",
      ),
      error: "Error: KeyboardInterrupt (line 2)",
      error_type: "KeyboardInterrupt",
      line: 2,
    };
    const r = interruptedRun(interrupted, "timeout", { timeMs: 5000 });
    expect(r.transcript).toBe(
      "tick\ntick\nError: TimeoutError: the program ran for more than 5 s - is there a loop that never ends? (line 2)",
    );
    expect(r.error).toMatch(/^Error: TimeoutError/);
  });

  it("describes a killed interpreter that returned nothing", () => {
    expect(interruptedRun(null, "timeout", { timeMs: 2000 }).transcript).toBe(
      "Error: TimeoutError: the program ran for more than 2 s - is there a loop that never ends?",
    );
    expect(interruptedRun(null, "stopped").transcript).toBe("[program stopped]");
  });
});

describe("starter code", () => {
  it("turns literal \\n sequences into line breaks", () => {
    expect(expandStarterCode("name = input()\\nprint(name)")).toBe("name = input()\nprint(name)");
    expect(expandStarterCode("no breaks")).toBe("no breaks");
  });
});
