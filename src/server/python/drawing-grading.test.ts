// Drawing tests in the server's grader (decision 064): the sandboxed worker hands back the
// drawing's normal form for the tests that ask for it, the pool checks it and compares it with
// the expected one; the test passes only when the output AND the drawing match. Runs on the real
// sandboxed pool (sliced, as the server grades), so the drawing crosses the host's IPC.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DrawingShape } from "@/shared/grading/drawing-shape.mjs";
import { readHostRun } from "./host-protocol.ts";
import { createGraderPool, type GraderPool } from "./index.ts";

let pool: GraderPool;

beforeAll(async () => {
  pool = createGraderPool({ size: 1 });
  await pool.ready();
}, 120_000);

afterAll(async () => {
  await pool?.close();
});

const star = (angle: number, extra = "") =>
  `import turtle\n${extra}for i in range(5):\n    turtle.forward(100)\n    turtle.right(${angle})\nprint('Done')\n`;

describe("drawing tests in the grader", () => {
  it("records the model's drawing, then passes the same drawing and fails a wrong angle", {
    timeout: 120_000,
  }, async () => {
    const recorded = await pool.grade(star(144), [
      { input: "", expectedOutput: "Done", recordDrawing: true },
    ]);
    const model = recorded.results[0].drawing?.yours as DrawingShape;
    expect(recorded.results[0].passed).toBe(true);
    expect(model.segments).toHaveLength(5);
    expect(model.corner).toBe(-144);

    const test = { input: "", expectedOutput: "Done", expectedDrawing: model };
    const same = await pool.grade(star(144), [test]);
    expect(same.results[0]).toMatchObject({ passed: true, drawing: { matches: true } });

    const wrong = await pool.grade(star(72), [test]);
    expect(wrong.results[0].passed).toBe(false);
    expect(wrong.results[0].drawing?.matches).toBe(false);
    expect(wrong.results[0].drawing?.summary).toContain(
      "yours turns right 72° at its corners, the expected drawing right 144°",
    );
    expect(wrong.results[0].drawing?.yours.segments).toHaveLength(5);

    // Within 0.5 px: passes; the output must still match too.
    const nudged = await pool.grade(star(144, "turtle.penup()\nturtle.goto(0.2, 0.2)\nturtle.pendown()\n"), [
      test,
    ]);
    expect(nudged.results[0].passed).toBe(true);
    const moved = await pool.grade(star(144, "turtle.penup()\nturtle.goto(2, 0)\nturtle.pendown()\n"), [
      test,
    ]);
    expect(moved.results[0].passed).toBe(false);
    const quiet = await pool.grade(star(144).replace("print('Done')", "print('Finished')"), [test]);
    expect(quiet.results[0]).toMatchObject({ passed: false, drawing: { matches: true } });
  });

  it("a program that draws nothing fails a drawing test; other tests carry no drawing", {
    timeout: 60_000,
  }, async () => {
    const model = (await pool.grade(star(144), [{ input: "", expectedOutput: "Done", recordDrawing: true }]))
      .results[0].drawing?.yours as DrawingShape;
    const g = await pool.grade("print('Done')", [
      { input: "", expectedOutput: "Done", expectedDrawing: model },
      { input: "", expectedOutput: "Done" },
    ]);
    expect(g.results[0]).toMatchObject({ passed: false, drawing: { matches: false } });
    expect(g.results[0].drawing?.summary).toMatch(/^Expected 5 lines, yours has 0 lines/);
    expect(g.results[1].passed).toBe(true);
    expect(g.results[1].drawing).toBeUndefined();
  });

  it("a huge drawing is too big to compare, bounded, never a crash", { timeout: 120_000 }, async () => {
    const model = (await pool.grade(star(144), [{ input: "", expectedOutput: "Done", recordDrawing: true }]))
      .results[0].drawing?.yours as DrawingShape;
    // 20,000 separate lines (no turtle error): more than a compared drawing may hold.
    const code =
      "import turtle\nturtle.speed(0)\nfor i in range(20000):\n    turtle.forward(1 + i / 10)\n    turtle.left(91)\nprint('Done')\n";
    const g = await pool.grade(code, [{ input: "", expectedOutput: "Done", expectedDrawing: model }]);
    expect(g.results[0].passed).toBe(false);
    expect(g.results[0].drawing).toMatchObject({ matches: false, yours: { tooBig: true, segments: [] } });
    expect(g.results[0].drawing?.summary).toMatch(/too big to compare/);
    // A million segments end at turtle.py's cap with its error.
    const million = await pool.grade(
      "import turtle\nfor i in range(10**6):\n    turtle.forward(1)\n    turtle.left(1)\n",
      [{ input: "", expectedOutput: "", expectedDrawing: model }],
    );
    expect(million.results[0].passed).toBe(false);
    expect(million.results[0].error).toMatch(/DrawingTooBig/);
  });
});

describe("a host's drawing is checked", () => {
  const run = { transcript: "", output: "", error: null, error_type: null, line: null, prompt: null };
  it("reads a malformed or oversized drawing as none (the drawing test then fails), never throws", () => {
    for (const drawing of [
      "star",
      { segments: "x" },
      { segments: Array(10_000).fill([0, 0, 1, 1, "#000000", 1]) },
    ]) {
      expect(readHostRun({ run, timeMs: 1, reason: null, drawing }, 100)).toMatchObject({ drawing: null });
    }
    expect(readHostRun({ run, timeMs: 1, reason: null }, 100)).not.toHaveProperty("drawing");
  });
});
