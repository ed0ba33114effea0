import { describe, expect, it } from "vitest";
import type { ExerciseTestCase } from "@/shared/api/exercises.ts";
import {
  DIFFICULTY_BADGE,
  exerciseBrowserRows,
  exerciseSavedRows,
  exerciseServerRows,
  groupSameCode,
  isFullPass,
} from "./exercise-rows.ts";

const tests: ExerciseTestCase[] = [
  { id: "t1", description: "Doubles 2", input: "2", expectedOutput: "4", displayOrder: 0 },
  { id: "t2", description: "", input: "", expectedOutput: "0", displayOrder: 1 },
];
const grade = {
  passed: 1,
  total: 2,
  score: 50,
  results: [
    { passed: true, output: "4", error: null, timeMs: 1 },
    { passed: false, output: "Error: NameError: name 'x' is not defined", error: "NameError", timeMs: 2 },
  ],
};

describe("exercise result rows", () => {
  it("line up with every test, labelled by description or number", () => {
    const set = exerciseBrowserRows(tests, grade);
    expect(set.source).toBe("browser");
    expect(set.rows.map((r) => [r.label, r.passed, r.expected])).toEqual([
      ["Doubles 2", true, "4"],
      ["Test 2", false, "0"],
    ]);
    expect([set.passed, set.total, set.unchecked]).toEqual([1, 2, 0]);
  });
  it("say when the server graded them", () => {
    expect(exerciseServerRows(tests, grade).source).toBe("server");
  });
  it("show a saved attempt's results with the tests as they were then", () => {
    const set = exerciseSavedRows([
      {
        description: "Doubles 2",
        input: "2",
        expectedOutput: "4",
        passed: true,
        output: "4",
        error: null,
        timeMs: 1,
      },
      {
        description: "Doubles 0",
        input: "0",
        expectedOutput: "0",
        passed: false,
        output: "1",
        error: null,
        timeMs: 1,
      },
    ]);
    expect(set.source).toBe("server");
    expect(set.rows.map((r) => [r.label, r.passed, r.input, r.expected, r.output])).toEqual([
      ["Doubles 2", true, "2", "4", "4"],
      ["Doubles 0", false, "0", "0", "1"],
    ]);
    expect([set.passed, set.total, set.unchecked]).toEqual([1, 2, 0]);
  });
});

it("a full pass needs every test and at least one", () => {
  expect(isFullPass({ passed: 2, total: 2 })).toBe(true);
  expect(isFullPass({ passed: 1, total: 2 })).toBe(false);
  expect(isFullPass({ passed: 0, total: 0 })).toBe(false);
});

it("difficulty badges carry words as well as colours", () => {
  expect(Object.values(DIFFICULTY_BADGE).map((b) => `${b.text}:${b.tone}`)).toEqual([
    "Easy:green",
    "Medium:yellow",
    "Hard:red",
  ]);
});

describe("Past Saved folds saves in a row of the same code", () => {
  it("keeps the newest of each run with how many times, and separates runs apart", () => {
    const rows = ["b", "b", "a", "b", "b", "b"].map((code, i) => ({ id: String(i), code }));
    expect(groupSameCode(rows).map((g) => [g.attempt.id, g.times])).toEqual([
      ["0", 2],
      ["2", 1],
      ["3", 3],
    ]);
    expect(groupSameCode([])).toEqual([]);
  });
});
