import { describe, expect, it } from "vitest";
import { EXERCISE_MESSAGES } from "@/shared/api/exercises.ts";
import {
  canCreateExercise,
  cleanHints,
  cleanTestCases,
  emptyExerciseForm,
  formFromExercise,
  inputLines,
  removeRow,
  toExerciseBody,
} from "./exercise-form.ts";

const CAT = "0b7d9a52-3f4e-4c1a-9d57-2f0c1e6a8b11";
const row = (key: string, description: string, input: string, expectedOutput: string) => ({
  key,
  description,
  input,
  expectedOutput,
  hidden: false,
});

describe("exercise form", () => {
  it("starts with one hint row and one test case row", () => {
    const f = emptyExerciseForm();
    expect(f.hints).toHaveLength(1);
    expect(f.testCases).toHaveLength(1);
    expect(f).toMatchObject({ difficulty: "easy", language: "python" });
  });

  it("allows Create exercise only with a title and a category", () => {
    expect(canCreateExercise({ title: "  ", categoryId: CAT })).toBe(false);
    expect(canCreateExercise({ title: "Loops", categoryId: "" })).toBe(false);
    expect(canCreateExercise({ title: "Loops", categoryId: CAT })).toBe(true);
  });

  it("keeps at least one row in a list", () => {
    const one = [{ key: "a", text: "" }];
    expect(removeRow(one, "a")).toBe(one);
    expect(removeRow([...one, { key: "b", text: "x" }], "a")).toEqual([{ key: "b", text: "x" }]);
  });

  it("drops blank hints and blank input lines", () => {
    expect(
      cleanHints([
        { key: "1", text: " " },
        { key: "2", text: " Use a loop " },
        { key: "3", text: "" },
      ]),
    ).toEqual(["Use a loop"]);
    expect(inputLines("Ada\n\n  \n12\r\n")).toEqual(["Ada", "12"]);
  });

  it("drops blank test cases and sends input lines as inputs", () => {
    const { testCases, errors } = cleanTestCases([
      row("a", "Greets", "Ada\n\n", "Hello Ada"),
      row("b", " ", "\n", ""),
    ]);
    expect(errors).toEqual({});
    expect(testCases).toEqual([
      { description: "Greets", inputs: ["Ada"], expectedOutput: "Hello Ada", compareDrawing: false },
    ]);
  });

  it("makes a half-filled test case an error at the missing field", () => {
    const { testCases, errors } = cleanTestCases([
      row("a", "Greets", "", ""),
      row("b", "", "", "42"),
      row("c", "", "5", ""),
    ]);
    expect(testCases).toEqual([]);
    expect(errors).toEqual({
      a: { expectedOutput: EXERCISE_MESSAGES.halfTestCase },
      b: { description: EXERCISE_MESSAGES.halfTestCase },
      c: { description: EXERCISE_MESSAGES.halfTestCase, expectedOutput: EXERCISE_MESSAGES.halfTestCase },
    });
  });

  it("builds the body, or says what is missing first", () => {
    const f = { ...emptyExerciseForm(CAT), title: " Sum ", solution: "  " };
    f.hints = [{ key: "h", text: "" }];
    f.testCases = [row("t", "Adds", "2\n3", "5")];
    const ok = toExerciseBody(f);
    expect(ok).toMatchObject({
      ok: true,
      body: { title: "Sum", categoryId: CAT, solution: null, hints: [], testCases: [{ inputs: ["2", "3"] }] },
    });
    expect(toExerciseBody({ ...f, title: "" })).toMatchObject({ ok: false, field: "title" });
    expect(toExerciseBody({ ...f, categoryId: "" })).toMatchObject({ ok: false, field: "categoryId" });
    const half = toExerciseBody({ ...f, testCases: [row("x", "Adds", "", "")] });
    expect(half).toMatchObject({ ok: false, message: EXERCISE_MESSAGES.halfTestCase });
  });

  it("edits a saved exercise with its input lines back in one box", () => {
    const f = formFromExercise({
      id: "e",
      title: "T",
      description: "",
      difficulty: "hard",
      language: "python",
      estimatedTime: "",
      displayOrder: 0,
      category: { id: CAT, name: "C", description: "" },
      starterCode: "",
      solution: null,
      solutionCheck: null,
      hints: [],
      testCases: [
        {
          id: "t",
          description: "d",
          input: "a\nb",
          inputs: ["a", "b"],
          expectedOutput: "x",
          displayOrder: 0,
          compareDrawing: true,
        },
      ],
      createdAt: "",
      updatedAt: "",
    });
    expect(f.hints).toHaveLength(1);
    expect(f.solution).toBe("");
    expect(f.testCases[0]).toMatchObject({
      id: "t",
      input: "a\nb",
      expectedOutput: "x",
      compareDrawing: true,
    });
  });
});
