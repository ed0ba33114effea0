// npx tsx bench/turtle.ts: what import turtle costs the server's grader (issue 21, decision 063).
// A program drawing 1,000 segments at speed 0 beside the same loop with the drawing calls taken
// out, each graded 30 times on a warm interpreter (the pool, reused as the CLI does); the medians
// and their difference (the budget: ≤ 50 ms more). A benchmark: it prints, never fails.
import { createGraderPool } from "../src/server/python/index.ts";

const DRAWING = [
  "import turtle",
  "t = turtle.Turtle()",
  "t.speed(0)",
  "total = 0",
  "for i in range(500):",
  "    t.forward(i % 50)",
  "    t.left(91)",
  "    t.forward(3)",
  "    total += i",
  "print(total)",
].join("\n");
const PLAIN = ["total = 0", "for i in range(500):", "    x = i % 50", "    total += i", "print(total)"].join(
  "\n",
);
const REPS = 30;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const pool = createGraderPool({ size: 1, reuseInterpreter: true });
await pool.ready();
const timeOf = async (code: string) => {
  const times: number[] = [];
  for (let i = 0; i < REPS; i++) {
    const started = performance.now();
    const g = await pool.grade(code, [{ input: "", expectedOutput: "124750" }]);
    times.push(performance.now() - started);
    if (g.passed !== 1) throw new Error(`unexpected result: ${JSON.stringify(g.results[0])}`);
  }
  return median(times);
};
await timeOf(PLAIN); // warm up
const plain = await timeOf(PLAIN);
const drawing = await timeOf(DRAWING);
console.log(`grader, 1,000 segments at speed 0: ${drawing.toFixed(1)} ms median`);
console.log(`grader, the same loop without drawing: ${plain.toFixed(1)} ms median`);
console.log(`difference: ${(drawing - plain).toFixed(1)} ms (budget ≤ 50 ms)`);
await pool.close();
