// What a saved attempt keeps of each test: the test beside the server's result, long output cut.
import { describe, expect, it } from "vitest";
import { SAVED_OUTPUT_LIMIT, toGradeSummary, toSavedResults } from "./grade-summary.ts";

const test = { description: "Doubles 4", input: "4", expectedOutput: "8" };

describe("saved results", () => {
  it("keep the test as it was and the graded fields only", () => {
    const grade = {
      passed: 0,
      total: 1,
      score: 0,
      results: [
        {
          passed: false,
          output: "4\n6\n",
          plainOutput: "6\n",
          error: null,
          timeMs: 3,
          matched: "output" as const,
        },
      ],
    };
    expect(toSavedResults([test], grade)).toEqual([
      { ...test, passed: false, output: "4\n6\n", plainOutput: "6\n", error: null, timeMs: 3 },
    ]);
    expect(toGradeSummary(grade).results[0]).not.toHaveProperty("matched");
  });

  it("cut an output longer than the limit, and say how much is not kept", () => {
    const long = "x".repeat(SAVED_OUTPUT_LIMIT + 5);
    const [saved] = toSavedResults([test], {
      passed: 0,
      total: 1,
      score: 0,
      results: [{ passed: false, output: long, error: null, timeMs: 1 }],
    });
    expect(saved.output).toBe(`${"x".repeat(SAVED_OUTPUT_LIMIT)}\n… (5 more characters not kept)`);
    expect(saved).not.toHaveProperty("plainOutput");
  });
});
