// tracer.py inside Pyodide (Python 3.14, as in the browser): the cases of tracer-cpython.test.ts
// recorded under sys.monitoring (what the browser uses) and under sys.settrace, read back by
// readTrace() and checked the same way; both ways record the same steps.
import { readFileSync } from "node:fs";
import { loadPyodide } from "pyodide";
import { beforeAll, describe, expect, it } from "vitest";
import { readTrace } from "../domain/visualiser.ts";
import { recordOf, setRawSteps, TRACE_CASES, type TraceCase, type Traced } from "./fixtures/trace-cases.ts";

const here = new URL("./", import.meta.url);
let traceIn: (c: TraceCase, monitoring: boolean) => Traced;

beforeAll(async () => {
  const py = await loadPyodide();
  py.runPython(readFileSync(new URL("harness.py", here), "utf8"), { filename: "harness.py" });
  py.globals.get("provide_module")("turtle", readFileSync(new URL("turtle.py", here), "utf8"), "turtle.py");
  const load = (file: URL, name: string) => {
    const ns = py.runPython(`{'__name__': '${name}'}`);
    py.runPython(readFileSync(file, "utf8"), { globals: ns, filename: name });
    return ns;
  };
  const tracer = load(new URL("tracer.py", here), "pyclass_tracer");
  const driver = load(new URL("fixtures/trace-program.py", here), "trace_program");
  py.globals.set("tracer_ns", tracer);
  py.globals.set("driver_ns", driver);
  const run = py.runPython(`
import json, types
def _trace_case(args_json):
    args = json.loads(args_json)
    tracer = types.SimpleNamespace(**tracer_ns)
    harness = types.SimpleNamespace(run_program=run_program)
    return json.dumps(driver_ns["trace_program"](harness, tracer, args["code"], args.get("input", ""),
        args.get("max_steps"), args.get("max_chars"), args["monitoring"]))
_trace_case`);
  traceIn = (c, monitoring) => JSON.parse(run(JSON.stringify({ ...c, monitoring }))) as Traced;
}, 120_000);

describe.each([
  ["sys.monitoring", true],
  ["sys.settrace", false],
] as const)("tracer.py in Pyodide under %s", (_way, monitoring) => {
  it.each(TRACE_CASES.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const traced = traceIn(c, monitoring);
    expect(traced.monitoring).toBe(monitoring);
    const record = recordOf(traced);
    setRawSteps(record.steps);
    c.check(readTrace(record, traced.transcript), traced.transcript);
  });
});

describe("both ways of tracing record the same steps", () => {
  it.each(TRACE_CASES.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const [a, b] = [recordOf(traceIn(c, true)), recordOf(traceIn(c, false))];
    expect(a).toEqual(b);
  });
});
