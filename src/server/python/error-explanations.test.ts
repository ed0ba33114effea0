// The "What does this mean?" explanations (src/shared/domain/error-explanations.ts) checked on
// real error lines: each beginner mistake is run through the server grader (Pyodide, Python
// 3.14), and the line it records must pick the right explanation and a hint about the student's
// own line. If a Pyodide upgrade rewords a message, this is where it shows.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { explainError } from "@/shared/domain/error-explanations.ts";
import { createGraderPool, type GraderPool } from "./index.ts";

let pool: GraderPool;

beforeAll(async () => {
  pool = createGraderPool({ size: 1 });
  await pool.ready();
});

afterAll(async () => {
  await pool?.close();
});

type Case = {
  name: string;
  code: string;
  input?: string;
  /** The error line the grader records, exactly. */
  error: string;
  id: string;
  /** Text the hint (or title) must contain. */
  hint: string[];
  lineText: string | null;
};

const CASES: Case[] = [
  {
    name: "NameError with a close name",
    code: "score = 5\nprint(scroe)\n",
    error: "Error: NameError: name 'scroe' is not defined (line 2)",
    id: "name-typo",
    hint: ["Did you mean score?"],
    lineText: "print(scroe)",
  },
  {
    name: "NameError: a misspelt built-in",
    code: 'prnt("Hello")\n',
    error: "Error: NameError: name 'prnt' is not defined (line 1)",
    id: "name-typo",
    hint: ["Did you mean print?"],
    lineText: 'prnt("Hello")',
  },
  {
    name: "IndentationError: expected an indented block",
    code: 'age = 15\nif age > 12:\nprint("Teenager")\n',
    error: "Error: IndentationError: expected an indented block after 'if' statement on line 2 (line 3)",
    id: "indent-expected",
    hint: ["Line 2 ends with a colon, so line 3 must be indented"],
    lineText: 'print("Teenager")',
  },
  {
    name: "IndentationError: unexpected indent",
    code: "x = 1\n    print(x)\n",
    error: "Error: IndentationError: unexpected indent (line 2)",
    id: "indent-unexpected",
    hint: ["Remove the spaces at the start of line 2"],
    lineText: "print(x)",
  },
  {
    name: "unterminated string literal",
    code: "print('Hello)\n",
    error: "Error: SyntaxError: unterminated string literal (detected at line 1) (line 1)",
    id: "unterminated-string",
    hint: ["On line 1, add a closing '"],
    lineText: "print('Hello)",
  },
  {
    name: "missing colon",
    code: 'x = 3\nif x > 2\n    print("big")\n',
    error: "Error: SyntaxError: expected ':' (line 2)",
    id: "missing-colon",
    hint: ["Put a colon at the end of line 2: `if x > 2:`"],
    lineText: "if x > 2",
  },
  {
    name: "int(input()) given a word",
    code: 'age = int(input("How old are you? "))\n',
    input: "fourteen",
    error: "Error: ValueError: invalid literal for int() with base 10: 'fourteen' (line 1)",
    id: "int-input",
    hint: ["int() got 'fourteen'"],
    lineText: 'age = int(input("How old are you? "))',
  },
  {
    name: "int(input()) given a decimal",
    code: "height = int(input())\n",
    input: "1.5",
    error: "Error: ValueError: invalid literal for int() with base 10: '1.5' (line 1)",
    id: "int-input",
    hint: ["Use float()"],
    lineText: "height = int(input())",
  },
  {
    name: "TypeError: str + int",
    code: 'age = 14\nprint("You are " + age)\n',
    error: 'Error: TypeError: can only concatenate str (not "int") to str (line 2)',
    id: "str-plus-int",
    hint: ["On line 2, wrap the number in str(…)"],
    lineText: 'print("You are " + age)',
  },
  {
    name: "TypeError: int + str (input not converted)",
    code: "total = 10\nextra = input()\nprint(total + extra)\n",
    input: "5",
    error: "Error: TypeError: unsupported operand type(s) for +: 'int' and 'str' (line 3)",
    id: "int-plus-str",
    hint: ["int(input(…))"],
    lineText: "print(total + extra)",
  },
  {
    name: "ZeroDivisionError",
    code: "total = 10\ncount = 0\nprint(total / count)\n",
    error: "Error: ZeroDivisionError: division by zero (line 3)",
    id: "zero-division",
    hint: ["On line 3, the number you divide by is 0"],
    lineText: "print(total / count)",
  },
  {
    name: "IndexError",
    code: 'names = ["Sam", "Ada", "Kit"]\nprint(names[3])\n',
    error: "Error: IndexError: list index out of range (line 2)",
    id: "index-range",
    hint: ["On line 2, the position is too big"],
    lineText: "print(names[3])",
  },
  {
    name: "KeyError",
    code: 'ages = {"Sam": 14}\nprint(ages["sam"])\n',
    error: "Error: KeyError: 'sam' (line 2)",
    id: "key-missing",
    hint: ["the key 'sam' is not in the dictionary", "if 'sam' in"],
    lineText: 'print(ages["sam"])',
  },
  {
    name: "AttributeError",
    code: 'names = ["Sam"]\nnames.push("Ada")\n',
    error: "Error: AttributeError: 'list' object has no attribute 'push' (line 2)",
    id: "attribute",
    hint: ["did you mean .append(…)?"],
    lineText: 'names.push("Ada")',
  },
  {
    name: "AttributeError: a close method name",
    code: 'word = "hi"\nprint(word.uper())\n',
    error: "Error: AttributeError: 'str' object has no attribute 'uper' (line 2)",
    id: "attribute",
    hint: ["did you mean .upper(…)?"],
    lineText: "print(word.uper())",
  },
  {
    name: "RecursionError",
    code: "def countdown(n):\n    print(n)\n    countdown(n - 1)\n\ncountdown(3)\n",
    error: "Error: RecursionError: maximum recursion depth exceeded (line 3)",
    id: "recursion",
    hint: ["Look at the call on line 3"],
    lineText: "countdown(n - 1)",
  },
  {
    name: "= instead of == in a condition",
    code: 'x = 5\nif x = 5:\n    print("five")\n',
    error: "Error: SyntaxError: invalid syntax. Maybe you meant '==' or ':=' instead of '='? (line 2)",
    id: "assign-in-condition",
    hint: ["Change = to == on line 2: `if x == 5:`"],
    lineText: "if x = 5:",
  },
  {
    name: "calling a function before defining it",
    code: 'greet("Sam")\n\ndef greet(name):\n    print("Hello " + name)\n',
    error: "Error: NameError: name 'greet' is not defined (line 1)",
    id: "name-defined-later",
    hint: ["greet is defined on line 3", "Move the def greet(…) block above"],
    lineText: 'greet("Sam")',
  },
  {
    // The harness never raises EOFError: once test input runs out input() returns '', so what
    // a student sees is int('') failing.
    name: "input running out (EOF)",
    code: "a = int(input())\nb = int(input())\nprint(a + b)\n",
    input: "3",
    error: "Error: ValueError: invalid literal for int() with base 10: '' (line 2)",
    id: "eof-input",
    hint: ["how many times your program calls input() before line 2"],
    lineText: "b = int(input())",
  },
  {
    name: "unclosed bracket",
    code: 'print("Hello"\nname = "Sam"\n',
    error: "Error: SyntaxError: '(' was never closed (line 1)",
    id: "bracket-never-closed",
    hint: ["Line 1 opens ( but never closes it", "add the missing )"],
    lineText: 'print("Hello"',
  },
  {
    name: "TabError (mixed tabs and spaces)",
    code: "if True:\n\tx = 1\n        y = 2\n",
    error: "Error: TabError: inconsistent use of tabs and spaces in indentation (line 3)",
    id: "indent-unindent",
    hint: ["Make line 3 start exactly in line"],
    lineText: "y = 2",
  },
];

describe("error explanations on real Pyodide error lines", () => {
  it.each(CASES)("$name", async (c) => {
    const grade = await pool.grade(c.code, [{ input: c.input ?? "", expectedOutput: "(never)" }]);
    const error = grade.results[0]?.error ?? null;
    expect(error).toBe(c.error);
    // The line the student sees at the end of the console.
    expect(grade.results[0]?.output.trimEnd().split("\n").at(-1)).toBe(c.error);
    const explained = explainError(error, c.code);
    expect(explained?.id).toBe(c.id);
    expect(explained?.lineText).toBe(c.lineText);
    for (const part of c.hint) expect(`${explained?.title}\n${explained?.hint}`).toContain(part);
  });

  it("covers every listed beginner error", () => {
    const ids = new Set(CASES.map((c) => c.id));
    for (const id of [
      "name-typo",
      "indent-expected",
      "indent-unexpected",
      "unterminated-string",
      "missing-colon",
      "int-input",
      "str-plus-int",
      "int-plus-str",
      "zero-division",
      "index-range",
      "key-missing",
      "attribute",
      "recursion",
      "assign-in-condition",
      "name-defined-later",
      "eof-input",
      "bracket-never-closed",
    ]) {
      expect(ids).toContain(id);
    }
  });
});
