import { describe, expect, it } from "vitest";
import {
  closestName,
  definitionLine,
  editDistance,
  explainError,
  namesInCode,
  parseErrorLine,
} from "./error-explanations.ts";

describe("parseErrorLine", () => {
  it("reads the type, message and line of the harness's error line", () => {
    expect(parseErrorLine("Error: NameError: name 'x' is not defined (line 3)")).toEqual({
      type: "NameError",
      message: "name 'x' is not defined",
      line: 3,
    });
    expect(parseErrorLine("Error: ZeroDivisionError: division by zero")).toEqual({
      type: "ZeroDivisionError",
      message: "division by zero",
      line: null,
    });
    expect(parseErrorLine("Error: KeyboardInterrupt")).toEqual({
      type: "KeyboardInterrupt",
      message: "",
      line: null,
    });
  });

  it("takes the last line of a whole console", () => {
    expect(parseErrorLine("Age? x\nError: ValueError: bad (line 1)\n")?.type).toBe("ValueError");
  });

  it("ignores grader notices and the output limit", () => {
    expect(parseErrorLine("Error: not run - earlier tests of this program had to be stopped")).toBeNull();
    expect(parseErrorLine("Error: the grader could not read this run")).toBeNull();
    expect(parseErrorLine("[output limit reached]")).toBeNull();
    expect(parseErrorLine("hello")).toBeNull();
    expect(parseErrorLine(null)).toBeNull();
  });
});

describe("close names", () => {
  it("counts a swap of neighbours as one edit", () => {
    expect(editDistance("scroe", "score")).toBe(1);
    expect(editDistance("prnt", "print")).toBe(1);
    expect(editDistance("abc", "abc")).toBe(0);
  });

  it("prefers a name that differs only in capitals", () => {
    expect(closestName("name", ["nme", "Name"])).toBe("Name");
  });

  it("suggests nothing when no name is close", () => {
    expect(closestName("total", ["score", "print"])).toBeNull();
    expect(closestName("x", ["x"])).toBeNull();
  });

  it("finds names in code but not in its text or comments, nor keywords", () => {
    expect(namesInCode('score = 5  # the scroe\nif score > 1:\n    print("totl")\n')).toEqual([
      "score",
      "print",
    ]);
  });

  it("finds where a name is defined", () => {
    const code = "greet()\nfor i in range(3):\n    pass\ndef greet():\n    total = 0\nimport math\n";
    expect(definitionLine(code, "greet")).toBe(4);
    expect(definitionLine(code, "i")).toBe(2);
    expect(definitionLine(code, "total")).toBe(5);
    expect(definitionLine(code, "math")).toBe(6);
    expect(definitionLine("if x == 1:\n    pass\n", "x")).toBeNull();
  });

  it("does not hang on a very long line (the pattern backtracks on long runs of spaces)", () => {
    // Before the line was cut to its first 200 characters this took minutes (cubic backtracking).
    const line = `for ${" ".repeat(6000)}x${" ".repeat(6000)}!`;
    expect(definitionLine(`${line}\nprint(x)\n`, "x")).toBeNull();
  });
});

describe("explainError", () => {
  it("quotes the student's line and suggests a close name", () => {
    const e = explainError(
      "Error: NameError: name 'Score' is not defined (line 2)",
      "score = 1\nprint(Score)\n",
    );
    expect(e).toMatchObject({
      id: "name-typo",
      title: "Did you mean score?",
      line: 2,
      lineText: "print(Score)",
    });
  });

  it("explains an unknown name without a guess", () => {
    const e = explainError("Error: NameError: name 'Sam' is not defined (line 1)", "print(Sam)\n");
    expect(e?.id).toBe("name-unknown");
    expect(e?.hint).toContain('"Sam"');
  });

  it("a variable used before it gets its value", () => {
    const e = explainError(
      "Error: NameError: name 'total' is not defined (line 1)",
      "print(total)\ntotal = 3\n",
    );
    expect(e?.id).toBe("name-defined-later");
    expect(e?.hint).toContain("total gets its value on line 2");
  });

  it("works without the code: no line to quote, no guesses", () => {
    const e = explainError("Error: ZeroDivisionError: division by zero (line 4)");
    expect(e).toMatchObject({ id: "zero-division", line: 4, lineText: null });
    expect(explainError("Error: NameError: name 'x' is not defined")?.hint).toContain("your code");
  });

  it("fixes = in elif and while conditions", () => {
    const err = "Error: SyntaxError: invalid syntax. Maybe you meant '==' or ':=' instead of '='? (line 1)";
    expect(explainError(err, "while answer = 'yes':")?.hint).toContain("`while answer == 'yes':`");
    expect(explainError(err, "    elif n = 3:")?.hint).toContain("`elif n == 3:`");
  });

  it("suggests the colon only on lines that start a block", () => {
    const err = "Error: SyntaxError: expected ':' (line 1)";
    expect(explainError(err, "for i in range(3)")?.hint).toContain("`for i in range(3):`");
    expect(explainError(err, "x = {1 2}")?.hint).toBe("Put a colon at the end of line 1.");
  });

  it("EOFError is the empty-input explanation too", () => {
    expect(explainError("Error: EOFError: EOF when reading a line (line 1)")?.id).toBe("eof-input");
    expect(explainError("Error: ValueError: could not convert string to float: '' (line 1)")?.id).toBe(
      "eof-input",
    );
  });

  it("a time-out reads as a loop that never ends", () => {
    const e = explainError(
      "Error: TimeoutError: the program ran for more than 5 s - is there a loop that never ends?",
    );
    expect(e?.id).toBe("endless-loop");
  });

  it("falls back to the failed-test tip for other errors, with the line", () => {
    const e = explainError(
      "Error: OverflowError: math range error (line 2)",
      "import math\nmath.exp(1000)\n",
    );
    expect(e).toMatchObject({ id: "other", title: "Your program stopped with an error" });
    expect(e?.hint).toBe("Look closely at line 2: `math.exp(1000)`.");
  });

  it("has nothing to say when the student pressed Stop, or for grader notices", () => {
    expect(explainError("Error: KeyboardInterrupt")).toBeNull();
    expect(explainError("Error: not run - earlier tests of this program had to be stopped")).toBeNull();
  });
});
