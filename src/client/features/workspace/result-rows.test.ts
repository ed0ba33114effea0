import { describe, expect, it } from "vitest";
import type { StudentTestCase, SubmissionTestResult } from "@/shared/api/assignments.ts";
import { failureTips } from "@/shared/domain/failure-tips.ts";
import { toTestResult } from "@/shared/grading/compare.ts";
import { browserRows, playgroundRows, resultBadge, serverRows } from "./result-rows.ts";

const cases: StudentTestCase[] = [
  {
    id: "a",
    position: 0,
    hidden: false,
    description: "Greets Alex",
    input: "Alex",
    expectedOutput: "Hello, Alex!",
  },
  { id: "h", position: 1, hidden: true },
  { id: "b", position: 2, hidden: false, description: "", input: "Sam", expectedOutput: "Hello, Sam!" },
];

describe("browser results", () => {
  it("line up with the visible cases and leave hidden ones for the server", () => {
    const set = browserRows(cases, {
      passed: 1,
      total: 2,
      score: 50,
      results: [
        { passed: true, output: "Hello, Alex!", error: null, timeMs: 2 },
        { passed: false, output: "Hi Sam", error: null, timeMs: 3 },
      ],
    });
    expect(set.rows.map((r) => [r.label, r.passed])).toEqual([
      ["Greets Alex", true],
      ["Hidden test 2", null],
      ["Test 3", false],
    ]);
    expect(set.rows[2]).toMatchObject({ input: "Sam", expected: "Hello, Sam!", output: "Hi Sam" });
  });
});

describe("server results", () => {
  it("never show a hidden case's output, input or expected output", () => {
    const set = serverRows(cases, [
      {
        testCaseId: "a",
        position: 0,
        description: "Greets Alex",
        hidden: false,
        passed: true,
        output: "Hello, Alex!",
        errorMessage: null,
        executionTimeMs: 1,
      },
      {
        testCaseId: "h",
        position: 1,
        description: "",
        hidden: true,
        passed: false,
        output: "leaked?",
        errorMessage: "Test case failed",
        executionTimeMs: 1,
      },
      {
        testCaseId: "b",
        position: 2,
        description: "",
        hidden: false,
        passed: false,
        output: "Oops\nError: NameError: name 'x' is not defined (line 1)",
        errorMessage: "Test case failed",
        executionTimeMs: 1,
      },
    ]);
    expect(set.rows[1]).toMatchObject({
      hidden: true,
      passed: false,
      output: null,
      input: null,
      expected: null,
    });
    expect(set.rows[2].error).toBe("Error: NameError: name 'x' is not defined (line 1)");
    expect([set.passed, set.total]).toEqual([1, 3]);
  });
});

describe("the tests-passed badge", () => {
  const allPassed = browserRows(cases, {
    passed: 2,
    total: 2,
    score: 100,
    results: [
      { passed: true, output: "Hello, Alex!", error: null, timeMs: 2 },
      { passed: true, output: "Hello, Sam!", error: null, timeMs: 3 },
    ],
  });
  it("after a browser run with hidden cases unchecked, counts visible tests and is not green", () => {
    expect(allPassed.unchecked).toBe(1);
    expect(resultBadge(allPassed)).toEqual({ text: "2/2 visible tests passed", tone: "blue" });
  });
  it("after the server's check, counts every test", () => {
    const server = serverRows(cases, [
      {
        testCaseId: "a",
        position: 0,
        description: "",
        hidden: false,
        passed: true,
        output: "",
        errorMessage: null,
        executionTimeMs: 1,
      },
      {
        testCaseId: "h",
        position: 1,
        description: "",
        hidden: true,
        passed: true,
        output: null,
        errorMessage: null,
        executionTimeMs: 1,
      },
    ]);
    expect(resultBadge(server)).toEqual({ text: "2/2 tests passed", tone: "green" });
  });
  it("playground tests are all visible", () => {
    const set = playgroundRows([{ input: "Sam", expectedOutput: "Hi" }], {
      passed: 0,
      total: 1,
      score: 0,
      results: [{ passed: false, output: "Error: NameError: x", error: "Error: NameError: x", timeMs: 1 }],
    });
    expect(set.rows[0]).toMatchObject({ label: "Test 1", input: "Sam", expected: "Hi", passed: false });
    expect(resultBadge(set)).toEqual({ text: "0/1 tests passed", tone: "red" });
  });
});

describe("the code checked", () => {
  it("travels from the runner's grade to the result set, for error explanations", () => {
    const error = "Error: NameError: name 'nme' is not defined (line 1)";
    const grade = {
      passed: 0,
      total: 1,
      score: 0,
      results: [{ passed: false, output: error, error, timeMs: 1 }],
      code: "print(nme)\n",
    };
    expect(playgroundRows([{ expectedOutput: "Sam" }], grade).code).toBe("print(nme)\n");
    expect(browserRows(cases.slice(0, 1), grade).code).toBe("print(nme)\n");
    expect(serverRows(cases, [], "x = 1\n").code).toBe("x = 1\n");
  });
});

describe("one diagnosis whoever ran the program", () => {
  // The wrong program: asks with a prompt and capitalises instead of shouting.
  const shout: StudentTestCase = {
    id: "s",
    position: 0,
    hidden: false,
    description: "Shouts",
    input: "hello",
    expectedOutput: "HELLO",
  };
  const result = toTestResult(
    "HELLO",
    {
      transcript: "Word: hello\nHello\n",
      output: "Hello\n",
      error: null,
      error_type: null,
      line: null,
      prompt: "Word: ",
    },
    4,
  );
  // What the submissions service stores and returns for the same run.
  const stored: SubmissionTestResult = {
    testCaseId: "s",
    position: 0,
    description: "Shouts",
    hidden: false,
    passed: false,
    output: result.output,
    plainOutput: result.plainOutput ?? null,
    errorMessage: "Test case failed",
    executionTimeMs: 4,
  };
  const tipsOf = (set: ReturnType<typeof serverRows>) => {
    const row = set.rows[0];
    return failureTips({ expected: row.expected ?? "", actual: row.output ?? "", error: row.error });
  };

  it("gives the browser's check and the server's grade the same output and tips", () => {
    const browser = browserRows([shout], { passed: 0, total: 1, score: 0, results: [result] });
    const server = serverRows([shout], [stored]);
    expect(server.rows[0].output).toBe(browser.rows[0].output);
    expect(tipsOf(server)).toEqual(tipsOf(browser));
    expect(tipsOf(server).map((t) => t.id)).toEqual(["case"]);
  });
});
