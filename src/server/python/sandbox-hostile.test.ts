// The hostile-program suite (issue 7): a student who attacks the grader's *results* rather than
// the host. What is recorded for a test must come from what the grader observed itself (bytes
// written, input consumed, time limit fired), never from a value the interpreter hands back; a
// malformed answer is a failed test, never a thrown exception; limits hold whatever the program
// patches; one student's endless loops cannot starve another's correct program.
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGraderPool, type GraderPool } from "./index.ts";

let pool: GraderPool;

beforeAll(async () => {
  pool = createGraderPool({ size: 2 });
  await pool.ready();
});

afterAll(async () => {
  await pool?.close();
});

const COULD_NOT_READ = "Error: the grader could not read this run";

/** Every test result has exactly the documented shape (never a thrown exception instead). */
function expectWellFormed(results: unknown[]) {
  for (const r of results as Record<string, unknown>[]) {
    expect(typeof r.passed).toBe("boolean");
    expect(typeof r.output).toBe("string");
    expect(r.error === null || typeof r.error === "string").toBe(true);
    expect(typeof r.timeMs).toBe("number");
  }
}

/** Three tests with inputs 1, 2, 3: the program's first run can prepare the later ones. */
const threeTests = (expectedOutput: string) => ["1", "2", "3"].map((input) => ({ input, expectedOutput }));

describe("shape forging from the second test on", () => {
  it("a result of the wrong shape never throws in the web server", { timeout: 60_000 }, async () => {
    // Test 1 replaces json.dumps, which the harness used to serialise its result with.
    const code = [
      "import json",
      "if input() == '1':",
      '    json.dumps = lambda *a, **k: \'{"transcript": 5, "output": [1], "error": null}\'',
      "print('hello')",
    ].join("\n");
    const g = await pool.grade(code, threeTests("hello"), { timeMs: 3000 });
    expectWellFormed(g.results);
    // Whatever the interpreter hands back, the recorded output is what the program printed.
    for (const r of g.results) expect(r.plainOutput === "hello\n" || r.error === COULD_NOT_READ).toBe(true);
    expect(g.passed).toBe(3);
  });

  it("an answer of null never kills the grader host", { timeout: 60_000 }, async () => {
    const pids = pool.stats().hostPids;
    const code = [
      "import json",
      "if input() == '1':",
      "    json.dumps = lambda *a, **k: 'null'",
      "print('hello')",
    ].join("\n");
    const g = await pool.grade(code, threeTests("hello"), { timeMs: 3000 });
    expectWellFormed(g.results);
    expect(g.passed).toBe(3);
    expect(pool.stats().hostPids).toEqual(pids);
  });

  it("an answer that is not JSON at all is a well-formed result", { timeout: 60_000 }, async () => {
    const code = [
      "import json",
      "json.dumps = lambda *a, **k: '{' * 100000",
      "print('hello')",
      "raise ValueError('boom')",
    ].join("\n");
    const g = await pool.grade(code, threeTests("hello"), { timeMs: 3000 });
    expectWellFormed(g.results);
    expect(g.passed).toBe(0);
  });
});

describe("forged results", () => {
  it("a program that raises an error is never recorded as passing", { timeout: 60_000 }, async () => {
    // Test 1 wraps json.dumps so every later result claims a clean run that printed the answer.
    const code = [
      "import json",
      "real = json.dumps",
      // Defaults, because each run's namespace is cleared when it ends.
      "def forged(d, real=real, isinstance=isinstance, dict=dict, **k):",
      "    if isinstance(d, dict) and 'transcript' in d:",
      "        d = dict(d, transcript='ESCAPED', output='ESCAPED', error=None, error_type=None, line=None)",
      "    return real(d, **k)",
      "if input() == '1':",
      "    json.dumps = forged",
      "    print('ESCAPED')",
      "else:",
      "    raise ValueError('boom')",
    ].join("\n");
    const g = await pool.grade(code, threeTests("ESCAPED"), { timeMs: 3000 });
    expectWellFormed(g.results);
    expect(g.results[0].passed).toBe(true);
    for (const r of g.results.slice(1)) {
      expect(r.passed).toBe(false);
      expect(r.error).toBe("Error: ValueError: boom (line 11)");
    }
  });

  it("the harness's own objects cannot lift the output cap", { timeout: 60_000 }, async () => {
    // Raise every cap-looking attribute on every object and class the harness uses, then print
    // 20 MB. Nothing above ≈1 MB may be stored.
    const code = [
      "import gc, sys, __main__",
      "for o in gc.get_objects():",
      "    for name in ('max_output', 'size', 'limited'):",
      "        try:",
      "            if hasattr(o, name) and not isinstance(o, type):",
      "                setattr(o, name, 10**12 if name == 'max_output' else 0 if name == 'size' else False)",
      "        except Exception:",
      "            pass",
      "for v in list(vars(__main__).values()):",
      "    if isinstance(v, type) and v.__name__ == '_Console':",
      "        v.add = lambda self, text, printed: (self.transcript.append(text), printed and self.output.append(text))",
      "__main__.DEFAULT_MAX_OUTPUT = 10**12",
      "for i in range(20):",
      "    print('x' * 1_000_000)",
      "print('ESCAPED')",
    ].join("\n");
    const g = await pool.grade(code, threeTests("ESCAPED"), { timeMs: 5000 });
    expectWellFormed(g.results);
    for (const r of g.results) {
      expect(r.passed).toBe(false);
      expect(r.output.length).toBeLessThan(1_100_000);
      expect(r.plainOutput?.length ?? 0).toBeLessThan(1_100_000);
      expect(r.error).toBe("[output limit reached]");
    }
  });

  it("fails a test whose time limit fired, whatever it prints afterwards", { timeout: 60_000 }, async () => {
    const code = [
      "try:",
      "    while True:",
      "        pass",
      "except KeyboardInterrupt:",
      "    print('ESCAPED')",
    ].join("\n");
    const g = await pool.grade(code, [{ expectedOutput: "ESCAPED" }], { timeMs: 1500 });
    const [r] = g.results;
    expect(r.passed).toBe(false);
    expect(r.error).toMatch(/^Error: TimeoutError: the program ran for more than 1.5 s/);
    // What it printed after the interrupt is shown as printed, before the time-limit line.
    expect(r.output).toMatch(/TimeoutError.*$/);
  });

  it("a caught time limit in a later test still fails that test", { timeout: 60_000 }, async () => {
    const code = [
      "if input() != '1':",
      "    try:",
      "        while True:",
      "            pass",
      "    except BaseException:",
      "        pass",
      "print('ESCAPED')",
    ].join("\n");
    const g = await pool.grade(code, threeTests("ESCAPED"), { timeMs: 1000 });
    expect(g.results.map((r) => r.passed)).toEqual([true, false, false]);
    for (const r of g.results.slice(1)) expect(r.error).toMatch(/^Error: TimeoutError/);
  });
});

describe("hidden tests", () => {
  it("a test's result holds only passed, output, error and time", async () => {
    const g = await pool.grade("print(input())\n", [{ input: "secret", expectedOutput: "secret" }]);
    const allowed = new Set(["passed", "output", "plainOutput", "error", "timeMs", "matched"]);
    for (const key of Object.keys(g.results[0])) expect(allowed.has(key), key).toBe(true);
  });

  it("records a program that prints chr(0)", async () => {
    const g = await pool.grade("print('a' + chr(0) + 'b')\n", [{ expectedOutput: "a\u0000b" }]);
    expect(g.results[0]).toMatchObject({ passed: true, output: "a\u0000b\n", error: null });
  });
});

describe("memory a program creates on the JavaScript side", () => {
  /** Peak resident memory (VmHWM, bytes) of the grader host processes that still run. */
  function peakHostMemory(): number {
    let peak = 0;
    for (const pid of pool.stats().hostPids) {
      try {
        const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
        if (m) peak = Math.max(peak, Number(m[1]) * 1024);
      } catch {}
    }
    return peak;
  }

  it.each([
    [
      "pyodide.ffi.to_js of large bytes",
      "from pyodide.ffi import to_js\nmake = lambda: to_js(b'x' * 10**8)\n",
    ],
    [
      "a JS typed array built through a JsProxy's constructor",
      "from pyodide.ffi import to_js\nU8 = to_js(b'').constructor\nmake = lambda: U8.new(10**8)\n",
    ],
    [
      "JS arrays (the worker's JS heap)",
      "from pyodide.ffi import to_js\nmake = lambda: to_js(list(range(10**7)))\n",
    ],
  ])("is bounded: %s ends as a failed test", { timeout: 90_000 }, async (_name, setup) => {
    // 3 GB if nothing stops it; each host must stay at or below ≈1 GiB (its RLIMIT_DATA).
    const pids = pool.stats().hostPids;
    const code = `${setup}keep = []\nfor i in range(30):\n    keep.append(make())\nprint('ESCAPED')\n`;
    const g = await pool.grade(code, [{ expectedOutput: "ESCAPED" }], { timeMs: 20_000 });
    expectWellFormed(g.results);
    expect(g.results[0].passed).toBe(false);
    // A TimeoutError is a bound too: on a machine loaded like CI's (load ≈ 20) building 10**7-item
    // JS arrays can take the whole 20 s before the memory limit is reached.
    expect(g.results[0].error).toMatch(
      /^Error: (ConversionError|JsException: RangeError|MemoryError|the program stopped|TimeoutError)/,
    );
    expect(peakHostMemory()).toBeLessThan(1.3 * 1024 ** 3);
    // Known and open (see the 2026-11-25 and 2026-11-26 notes in decision 038): under CI's
    // concurrent suites V8 sometimes ends the whole host ("FATAL ERROR: … heap out of memory",
    // seen for JS arrays and for to_js of large bytes) instead of only the worker past its
    // resourceLimits: the process's RLIMIT_DATA refuses a semi-space V8 must commit. The pool then
    // replaces that host; what must hold is that the job failed above, at most that one host was
    // replaced, and grading goes on.
    const after = pool.stats().hostPids;
    expect(after).toHaveLength(pids.length);
    expect(after.filter((pid) => pids.includes(pid)).length).toBeGreaterThanOrEqual(pids.length - 1);
    // Other jobs still grade.
    expect((await pool.grade("print(6 * 7)\n", [{ expectedOutput: "42" }])).passed).toBe(1);
  });
});

describe("limits that hold for the whole class", () => {
  it("two endless-loop submissions do not starve a third student's correct program", {
    timeout: 120_000,
  }, async () => {
    // Pool size 2, as on a 2-core machine: the two loopers arrive first and could hold both
    // slots for 6 × 5 s each.
    const loop = "while True:\n    pass\n";
    const loopTests = Array.from({ length: 6 }, () => ({ expectedOutput: "" }));
    const started = performance.now();
    const loopers = [0, 1].map(() =>
      pool.grade(loop, loopTests, { timeMs: 5000 }).then((g) => ({ g, ms: performance.now() - started })),
    );
    await new Promise((r) => setTimeout(r, 500));
    const t0 = performance.now();
    const correct = await pool.grade('n = int(input("n? "))\nprint(n * n)\n', [
      { input: "2", expectedOutput: "4" },
      { input: "3", expectedOutput: "9" },
      { input: "4", expectedOutput: "16" },
    ]);
    const waited = performance.now() - t0;
    expect(correct.passed).toBe(3);
    expect(waited).toBeLessThan(10_000);

    // Each looper held a slot for at most 20 s in total; its later tests were not run.
    for (const { g, ms } of await Promise.all(loopers)) {
      expect(g.passed).toBe(0);
      expect(ms).toBeLessThan(20_000 + 12_000);
      const notRun = g.results.filter((r) => /not run/.test(r.error ?? ""));
      expect(notRun.length).toBeGreaterThanOrEqual(2);
      expect(notRun[0].error).toMatch(/20 s/);
      expectWellFormed(g.results);
    }
  });
});
