import { describe, expect, it } from "vitest";
import type { ExerciseTestCase } from "@/shared/api/exercises.ts";
import { drawingShape } from "@/shared/grading/drawing-shape.mjs";
import { withDrawing } from "@/shared/grading/drawing-test.ts";
import {
  DIFFICULTY_BADGE,
  exerciseBrowserRows,
  exerciseSavedRows,
  exerciseServerRows,
  groupSameCode,
  isFullPass,
  runnableTests,
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

describe("an exercise's drawing test (decision 077)", () => {
  /** The normal form of a 5-line star turning `angle` at each point, as the grader makes it. */
  const star = (angle: number) => {
    const lines: unknown[] = [];
    let [x, y, heading] = [0, 0, 0];
    for (let i = 0; i < 5; i++) {
      const [nx, ny] = [
        x + 100 * Math.cos((heading * Math.PI) / 180),
        y + 100 * Math.sin((heading * Math.PI) / 180),
      ];
      lines.push(["line", 0, x, y, nx, ny, "#000000", 1, 0], ["turn", 0, heading, heading - angle, 0]);
      [x, y, heading] = [nx, ny, heading - angle];
    }
    return drawingShape([JSON.stringify(lines)]);
  };
  const drawingCase: ExerciseTestCase = {
    id: "d1",
    description: "A star",
    input: "",
    expectedOutput: "Star",
    displayOrder: 0,
    expectedDrawing: star(144),
  };

  it("Run Tests compares the drawing as well as the output, as Save does", () => {
    const [test] = runnableTests([drawingCase, tests[0]]);
    expect(test.expectedDrawing).toBe(drawingCase.expectedDrawing);
    expect(runnableTests(tests)[0]).not.toHaveProperty("expectedDrawing");
    const printed = { passed: true, output: "Star", error: null, timeMs: 1 };
    expect(withDrawing(test, printed, star(144))).toMatchObject({ passed: true, drawing: { matches: true } });
    const wrong = withDrawing(test, printed, star(72));
    expect(wrong.passed).toBe(false);
    expect(wrong.drawing?.summary).toContain(
      "yours turns right 72° at its corners, the expected drawing right 144°",
    );
    expect(withDrawing(test, printed, null)).toMatchObject({ passed: false, drawing: { matches: false } });
  });

  it("a failed drawing shows Expected and Yours, from the browser or from Save", () => {
    const yours = star(72);
    const failed = {
      passed: false,
      output: "Star",
      error: null,
      timeMs: 1,
      drawing: { matches: false, summary: "Expected 5 lines", yours },
    };
    const browser = exerciseBrowserRows([drawingCase], { passed: 0, total: 1, score: 0, results: [failed] });
    expect(browser.rows[0].drawing).toEqual({
      expected: drawingCase.expectedDrawing,
      yours,
      summary: "Expected 5 lines",
    });
    const server = exerciseServerRows([drawingCase], { passed: 0, total: 1, score: 0, results: [failed] });
    expect(server.rows[0].drawing?.yours).toBe(yours);
    // A drawing that matched comes back from Save without a picture: no pictures are shown.
    const matched = { ...failed, passed: true, drawing: { matches: true, summary: "", yours: null } };
    expect(
      exerciseServerRows([drawingCase], { passed: 1, total: 1, score: 100, results: [matched] }).rows[0]
        .drawing,
    ).toBeNull();
    // Past Saved keeps the words only.
    const saved = exerciseSavedRows([
      {
        ...failed,
        description: "A star",
        input: "",
        expectedOutput: "Star",
        drawing: { matches: false, summary: "x" },
      },
    ]);
    expect(saved.rows[0]).toMatchObject({ passed: false, drawing: null });
  });
});
