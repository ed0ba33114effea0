// tracer.py under plain CPython (sys.settrace: python3 here is 3.11), read back by readTrace():
// the steps of a loop with a list and a function call, and the hostile programs — an endless
// loop stops at the step limit, a record too big stops at its size, a million-item list and a
// list holding itself stay bounded, the program's own __repr__/__eq__ are never called.
// tracer-pyodide.test.ts replays the same programs in Pyodide (sys.monitoring and sys.settrace).
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { readTrace, type Step, valueText } from "../domain/visualiser.ts";
import { recordOf, setRawSteps, TRACE_CASES, type TraceCase, type Traced } from "./fixtures/trace-cases.ts";

const driver = fileURLToPath(new URL("./fixtures/trace-program.py", import.meta.url));

/** A step in words: "9 line | <module>: numbers=box 1 … | box 1: list [3, 5]". */
function describeStep(step: Step): string {
  const frames = step.frames.map(
    (f) =>
      `${f.name}: ${f.variables.map((v) => `${v.name}=${valueText(v.value)}`).join(" ")}${f.returned ? ` -> ${valueText(f.returned)}` : ""}`,
  );
  const boxes = step.boxes.map(
    (b, i) =>
      `box ${i + 1} ${b.kind}${b.className ? `(${b.className})` : ""}: ${
        b.items.length
          ? b.items.map(valueText).join(",")
          : b.entries.map(([k, v]) => `${valueText(k)}:${valueText(v)}`).join(",")
      }${b.more ? ` +${b.more}` : ""}`,
  );
  return [`${step.line} ${step.event}${step.note ? ` (${step.note})` : ""}`, ...frames, ...boxes].join(" | ");
}

function traceInCPython(c: TraceCase): Traced {
  return JSON.parse(
    execFileSync("python3", ["-I", "-B", driver, JSON.stringify({ ...c, monitoring: null })], {
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    }),
  ) as Traced;
}

describe("tracer.py under CPython", () => {
  it.each(TRACE_CASES.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const traced = traceInCPython(c);
    const record = recordOf(traced);
    setRawSteps(record.steps);
    const trace = readTrace(record, traced.transcript);
    c.check(trace, traced.transcript);
  });

  it("never reads past a box's size, even for a million items", () => {
    const traced = traceInCPython({ name: "", code: "big = list(range(10**6))\nx = 1", check: () => {} });
    const total = traced.lines.reduce((n, l) => n + l.length, 0);
    expect(total).toBeLessThan(10_000);
    expect(describeStep(readTrace(recordOf(traced), traced.transcript).step(1))).toContain("+999950");
  });
});
