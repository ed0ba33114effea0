// The drawing test's normal form and comparison (decision 064), on drawings made by the real
// turtle.py under CPython (harness.py's run_program), plus hand-written hostile lines.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  compareDrawings,
  type DrawingShape,
  describeShape,
  drawingShape,
  MAX_SHAPES,
  readDrawingShape,
} from "./drawing-shape.mjs";

const grading = fileURLToPath(new URL("./", import.meta.url));

/** Each program's recorded drawing, one CPython process for all of them. */
function drawingsOf(programs: string[]): DrawingShape[] {
  const script = [
    "import json, sys",
    `sys.path.insert(0, ${JSON.stringify(grading)})`,
    "import harness",
    "programs = json.loads(sys.stdin.read())",
    "print(json.dumps([harness.run_program(p)['drawing'] for p in programs]))",
  ].join("\n");
  const out = execFileSync("python3", ["-I", "-B", "-c", script], {
    input: JSON.stringify(programs),
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  return (JSON.parse(out) as unknown[][]).map((commands) => drawingShape([JSON.stringify(commands)]));
}

const star = (angle: number) =>
  `import turtle\nt = turtle.Turtle()\nfor i in range(5):\n    t.forward(100)\n    t.right(${angle})\n`;

describe("drawing tests: the normal form and the comparison", () => {
  const [
    model,
    wrongAngle,
    halves,
    backwards,
    redStar,
    shifted,
    nudged,
    filled,
    filledOther,
    cleared,
    square,
  ] = drawingsOf([
    star(144),
    star(72),
    // The same star, each side drawn as two halves.
    "import turtle\nfor i in range(5):\n    turtle.forward(50)\n    turtle.forward(50)\n    turtle.right(144)\n",
    // The same star drawn the other way round, from its last corner.
    "import turtle\nt = turtle.Turtle()\nt.penup()\nfor i in range(5):\n    t.forward(100)\n    t.right(144)\nt.pendown()\nfor i in range(5):\n    t.left(144)\n    t.back(100)\n",
    "import turtle\nturtle.color('red')\nfor i in range(5):\n    turtle.forward(100)\n    turtle.right(144)\n",
    "import turtle\nturtle.penup()\nturtle.goto(3, 0)\nturtle.pendown()\nfor i in range(5):\n    turtle.forward(100)\n    turtle.right(144)\n",
    "import turtle\nturtle.penup()\nturtle.goto(0.3, -0.2)\nturtle.pendown()\nfor i in range(5):\n    turtle.forward(100)\n    turtle.right(144)\n",
    "import turtle\nturtle.fillcolor('yellow')\nturtle.begin_fill()\nfor i in range(4):\n    turtle.forward(60)\n    turtle.left(90)\nturtle.end_fill()\n",
    // The same square filled, drawn clockwise from another corner in halves.
    "import turtle\nturtle.fillcolor('yellow')\nturtle.penup()\nturtle.goto(60, 60)\nturtle.pendown()\nturtle.begin_fill()\nturtle.setheading(180)\nfor i in range(4):\n    turtle.forward(30)\n    turtle.forward(30)\n    turtle.right(-90)\nturtle.end_fill()\n",
    // A drawing wiped by clear() leaves only what came after.
    "import turtle\nturtle.circle(40)\nturtle.clear()\nfor i in range(5):\n    turtle.forward(100)\n    turtle.right(144)\n",
    "import turtle\nfor i in range(4):\n    turtle.forward(100)\n    turtle.right(90)\n",
  ]);

  it("keeps a star as its five lines and its corner turn", () => {
    expect(model.segments).toHaveLength(5);
    expect(model.corner).toBe(-144);
    expect(model.tooBig).toBe(false);
    expect(describeShape(model)).toBe("5 lines");
  });

  it("matches the same drawing however it was drawn: halves, reversed, after a clear, another fill order", () => {
    for (const same of [halves, backwards, cleared]) {
      expect(compareDrawings(model, same)).toMatchObject({
        matches: true,
        summary: "Your drawing matches the expected drawing.",
      });
    }
    expect(compareDrawings(filled, filledOther).matches).toBe(true);
    expect(filled.fills).toHaveLength(1);
    expect(filled.segments).toHaveLength(4);
  });

  it("fails a wrong angle and says what differs, the turn included", () => {
    const verdict = compareDrawings(model, wrongAngle);
    expect(verdict.matches).toBe(false);
    expect(verdict.summary).toMatch(/^Expected 5 lines, yours has 5 lines: .* not in yours/);
    expect(verdict.summary).toContain(
      "yours turns right 72° at its corners, the expected drawing right 144°",
    );
  });

  it("holds the tolerance: 0.36 px off matches, 3 px off does not", () => {
    expect(compareDrawings(model, nudged).matches).toBe(true);
    expect(compareDrawings(model, shifted).matches).toBe(false);
    expect(compareDrawings(model, shifted, 3.5).matches).toBe(true);
  });

  it("compares colours and says when only the colour differs", () => {
    const verdict = compareDrawings(model, redStar);
    expect(verdict).toMatchObject({ matches: false, recolouredLines: 5, missingLines: 0, extraLines: 0 });
    expect(verdict.summary).toContain("5 lines are in the right place but a different colour");
  });

  it("a missing fill or an extra line fails", () => {
    expect(compareDrawings(filled, { ...filled, fills: [] }).summary).toContain(
      "1 expected filled shape is not in yours",
    );
    expect(compareDrawings(square, model).matches).toBe(false);
  });

  it("caps a huge drawing: too big to compare, never a long list", () => {
    const spokes = Array.from({ length: MAX_SHAPES + 10 }, (_, i) => [
      "line",
      0,
      0,
      0,
      i + 1,
      2 * i + 1,
      "#000000",
      1,
      0,
    ]);
    const big = drawingShape([JSON.stringify(spokes)]);
    expect(big).toMatchObject({ tooBig: true, segments: [], lines: MAX_SHAPES + 10 });
    expect(compareDrawings(model, big).summary).toMatch(/too big to compare/);
    expect(drawingShape([], true).tooBig).toBe(true);
  });

  it("ignores whatever is not a well-formed command", () => {
    const junk = [
      "not json",
      "{}",
      JSON.stringify([
        ["line", -1, 0, 0, 1, 1, "#000000", 1, 0],
        ["line", 0, 0, 0, 1e9, 1, "#000000", 1, 0],
        ["line", 0, 0, 0, 5, 5, "red", 1, 0],
        ["fill", 0, [0, 0, 1], "#000000", 0],
        7,
        ["line", 0, 0, 0, 5, 5, "#000000", 1, 0],
      ]),
    ];
    expect(drawingShape(junk).segments).toEqual([[0, 0, 5, 5, "#000000", 1]]);
  });

  it("reads back only a well-formed shape (what a host sends or the database holds)", () => {
    expect(readDrawingShape(JSON.parse(JSON.stringify(model)))).toEqual(model);
    expect(readDrawingShape({ ...model, segments: [[0, 0, 1, "x", "#000000", 1]] })).toBeNull();
    expect(readDrawingShape({ ...model, corner: 1e9 })).toBeNull();
    expect(
      readDrawingShape({ ...model, segments: Array(MAX_SHAPES + 1).fill(model.segments[0]) }),
    ).toBeNull();
    expect(readDrawingShape("star")).toBeNull();
  });
});
