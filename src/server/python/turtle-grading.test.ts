// import turtle in the server's grader (issue 21): the same turtle.py as the browser runs headless,
// so a turtle program is graded on its text output; importing it gives a program no JavaScript
// object and no new module beyond itself; a million segments end at turtle.py's cap instead of
// holding the grader; and each test gets a fresh turtle, even in a reused interpreter.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGraderPool, type GraderPool } from "./index.ts";

let pool: GraderPool;

beforeAll(async () => {
  pool = createGraderPool({ size: 1, reuseInterpreter: true });
  await pool.ready();
});

afterAll(async () => {
  await pool?.close();
});

describe("turtle in the grader", () => {
  it("grades a turtle program on what it prints", { timeout: 60_000 }, async () => {
    const code = [
      "import turtle",
      "t = turtle.Turtle()",
      "side = int(input('Side? '))",
      "for i in range(4):",
      "    t.forward(side)",
      "    t.left(90)",
      "t.circle(side / 2, 180)",
      "print('Perimeter', 4 * side, 'at', t.pos(), 'facing', t.heading())",
      "turtle.done()",
    ].join("\n");
    const g = await pool.grade(code, [
      { input: "100", expectedOutput: "Perimeter 400 at (0.00,100.00) facing 180.0" },
      { input: "10", expectedOutput: "Side? 10\nPerimeter 40 at (0.00,10.00) facing 180.0" },
      { input: "10", expectedOutput: "Perimeter 40 at (10.00,10.00) facing 180.0" },
    ]);
    expect(g.results.map((r) => r.passed)).toEqual([true, true, false]);
  });

  it("each test starts with a fresh turtle and screen", { timeout: 60_000 }, async () => {
    const code = [
      "import turtle",
      "print(turtle.pos(), len(turtle.Screen().turtles()), turtle.bgcolor())",
      "turtle.forward(50)",
      "turtle.bgcolor('red')",
    ].join("\n");
    const tests = [1, 2, 3].map(() => ({ input: "", expectedOutput: "(0.00,0.00) 1 white" }));
    const g = await pool.grade(code, tests);
    expect(g.passed).toBe(3);
  });

  it("reaches no JavaScript: no JS object in the module, no bridge module imported with it", {
    timeout: 60_000,
  }, async () => {
    const code = [
      "import builtins, sys, gc, types",
      "before = set(sys.modules)",
      "import turtle",
      "t = turtle.Turtle()",
      "t.forward(10)",
      "added = sorted(set(sys.modules) - before)",
      "# Everything the module holds, without going into other modules",
      "seen, stack, found = set(), [turtle], []",
      "while stack:",
      "    o = stack.pop()",
      "    if id(o) in seen or o is builtins.__dict__ or (isinstance(o, types.ModuleType) and o is not turtle):",
      "        continue",
      "    seen.add(id(o))",
      "    name = type(o).__module__ + '.' + type(o).__name__",
      "    if 'Js' in name or 'pyodide' in name:",
      "        found.append(name)",
      "    stack.extend(gc.get_referents(o))",
      "print('added', added, 'found', found, 'walked', len(seen) > 500)",
      "try:",
      "    import js",
      "except ImportError as e:",
      "    print('no js')",
    ].join("\n");
    const g = await pool.grade(code, [{ input: "", expectedOutput: "" }]);
    expect(g.results[0].output).toBe("added ['turtle'] found [] walked True\nno js\n");
  });

  it("a million segments stop at the cap with a clear error", { timeout: 60_000 }, async () => {
    const code = [
      "import turtle",
      "turtle.speed(0)",
      "for i in range(1_000_000):",
      "    turtle.forward(1)",
      "    turtle.left(1)",
    ].join("\n");
    const g = await pool.grade(code, [{ input: "", expectedOutput: "" }], { timeMs: 20_000 });
    expect(g.results[0].error).toBe(
      "Error: DrawingTooBig: the drawing is too big: a program may make at most 100,000 turtle moves (line 5)",
    );
    // The interpreter is fine afterwards.
    const next = await pool.grade("print('next')", [{ input: "", expectedOutput: "next" }]);
    expect(next.passed).toBe(1);
  });

  it("an unsupported call names the function", { timeout: 60_000 }, async () => {
    const g = await pool.grade("import turtle\nturtle.onscreenclick(print)", [
      { input: "", expectedOutput: "" },
    ]);
    expect(g.results[0].error).toBe(
      "Error: NotImplementedError: turtle.onscreenclick() is not available here: it needs a window that reacts to the mouse or keyboard (line 2)",
    );
  });
});
