// npx tsx bench/visualiser.ts: what recording the visualiser's steps costs inside Pyodide (issue 21,
// decision 067). A GCSE-style program of about 1,000 steps (a loop over a list calling a function)
// runs through the harness plain, under sys.settrace and under sys.monitoring (tracer.py), each
// 15 times on one warm interpreter; prints the medians. A benchmark: it prints, never fails. The
// browser's own figure (click → steps shown) comes from tests/e2e/visualiser.spec.ts.
import { readFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const grading = new URL("../src/shared/grading/", import.meta.url);
const PROGRAM = [
  "def score(word):",
  "    total = 0",
  "    for letter in word:",
  "        total += ord(letter) % 7",
  "    return total",
  "",
  'words = ["apple", "banana", "cherry", "damson", "elder", "fig", "grape", "hazel"]',
  "results = []",
  "for round_number in range(8):",
  "    for w in words:",
  "        results.append(score(w))",
  "print(sum(results))",
].join("\n");
const REPS = 15;

const py = await loadPyodide();
py.runPython(readFileSync(new URL("harness.py", grading), "utf8"), { filename: "harness.py" });
const ns = py.runPython("{'__name__': 'pyclass_tracer'}");
py.runPython(readFileSync(new URL("tracer.py", grading), "utf8"), { globals: ns, filename: "tracer.py" });
py.globals.set("tracer_ns", ns);
py.globals.set("program", PROGRAM);
py.runPython(`
import time
def timed(mode):
    lines = []
    t = None
    if mode != "plain":
        t = tracer_ns["Tracer"](lines.append, use_monitoring=mode.startswith("monitoring"))
        if mode.endswith("hooks"):  # the events only: what each way of tracing costs by itself
            t.record = lambda *args, **kwargs: None
    started = time.perf_counter()
    if t: t.start()
    try:
        run = run_program(program)
    finally:
        if t: t.stop()
    ms = (time.perf_counter() - started) * 1000
    assert run["error"] is None, run
    return ms, (t.steps if t else 0), sum(len(l) for l in lines)
`);
const timed = py.globals.get("timed");
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const MODES = ["plain", "settrace-hooks", "monitoring-hooks", "settrace", "monitoring"];
for (const mode of [...MODES, ...MODES]) {
  const times: number[] = [];
  let steps = 0;
  let chars = 0;
  for (let i = 0; i < REPS; i++) {
    const [ms, n, c] = timed(mode).toJs();
    times.push(ms);
    steps = n;
    chars = c;
  }
  console.log(
    `${mode.padEnd(10)} ${median(times).toFixed(1)} ms median, ${steps} steps, ${chars} chars of record`,
  );
}
