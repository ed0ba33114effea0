// harness.py under plain CPython against saved transcripts (fixtures/harness-cases.json); the
// same cases run inside Pyodide in src/server/python/harness-pyodide.test.ts.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const fixtures = fileURLToPath(new URL("./fixtures/", import.meta.url));
const cases = JSON.parse(readFileSync(`${fixtures}harness-cases.json`, "utf8")) as {
  name: string;
  expected: unknown;
}[];

describe("harness.py under CPython", () => {
  // One interpreter runs every case in order, as a warm Pyodide would.
  const results = JSON.parse(
    execFileSync("python3", ["-I", "-B", `${fixtures}run-harness-cases.py`], { encoding: "utf8" }),
  ) as unknown[];

  it.each(cases.map((c, i) => [c.name, i] as const))("%s", (_name, i) => {
    expect(results[i]).toEqual(cases[i].expected);
  });
});

describe("harness.py input modes under CPython", () => {
  const grading = fileURLToPath(new URL("./", import.meta.url));
  const runModes = () =>
    JSON.parse(
      execFileSync(
        "python3",
        [
          "-I",
          "-B",
          "-c",
          [
            "import json, sys",
            `sys.path.insert(0, ${JSON.stringify(grading)})`,
            "import harness",
            'code = \'a = input("A? ")\\nb = input("B? ")\\nprint(a + b)\\n\'',
            "answers = iter(['py', 'thon'])",
            "def stop(prompt): raise RuntimeError('stopped')",
            "seen = []",
            "print(json.dumps([",
            "  harness.run_program(code, read_line=lambda p: next(answers)),",
            "  harness.run_program(code, read_line=stop),",
            "  harness.run_program(code, 'x\\n', need_more=True),",
            "  harness.run_program(code, 'x\\ny\\n', need_more=True),",
            "  harness.run_program('print(1)', on_output=seen.append),",
            "  seen,",
            "]))",
          ].join("\n"),
        ],
        { encoding: "utf8" },
      ),
    );
  const [interactive, stopped, needMore, enough, streamed, seen] = runModes();

  it("interactive: read_line answers input() and the answers are echoed", () => {
    expect(interactive.transcript).toBe("A? py\nB? thon\npython\n");
    expect(interactive.output).toBe("python\n");
  });

  it("interactive: read_line raising (Stop) becomes KeyboardInterrupt at the student's line", () => {
    expect(stopped).toMatchObject({ error_type: "KeyboardInterrupt", line: 1 });
    expect(stopped.transcript).toBe("A? \nError: KeyboardInterrupt (line 1)");
  });

  it("re-run mode: running out of answers stops with the waiting prompt", () => {
    expect(needMore).toMatchObject({ error_type: "InputNeeded", prompt: "B? ", error: null });
    expect(needMore.transcript).toBe("A? x\nB? ");
    expect(enough).toMatchObject({ error_type: null, transcript: "A? x\nB? y\nxy\n" });
  });

  it("streams every piece of console text to on_output", () => {
    expect(streamed.transcript).toBe("1\n");
    expect(seen.join("")).toBe("1\n");
  });
});

describe("harness.py stops a program that catches the interrupt (issue 17)", () => {
  const grading = fileURLToPath(new URL("./", import.meta.url));
  /** Python lines run with harness importable; what they print. */
  const runPython = (lines: string[]) =>
    execFileSync(
      "python3",
      [
        "-I",
        "-B",
        "-c",
        [`import sys; sys.path.insert(0, ${JSON.stringify(grading)})`, "import harness", ...lines].join("\n"),
      ],
      { encoding: "utf8", timeout: 20_000 },
    );

  // A real SIGINT arrives 0.3 s in (as Pyodide's interrupt buffer delivers one) to programs that
  // try to keep it from stopping them: catching every KeyboardInterrupt and going on, ignoring
  // SIGINT (through signal or _signal), a handler of their own that does nothing, switching the
  // harness's trace off when they catch it. Each used to run until the host killed its worker
  // (here, the 20 s timeout fails the test); now the run ends as interrupted within a line or two,
  // and the handler, trace and functions are put back for the next run.
  const survivors = {
    caught:
      'print("before")\nwhile True:\n    try:\n        while True:\n            pass\n    except BaseException:\n        print("caught")\n',
    ignored: "import signal\nsignal.signal(signal.SIGINT, signal.SIG_IGN)\nwhile True:\n    pass\n",
    "ignored through _signal":
      "import _signal\n_signal.signal(_signal.SIGINT, _signal.SIG_IGN)\nwhile True:\n    pass\n",
    handler:
      'import signal\nsignal.signal(signal.SIGINT, lambda signum, frame: print("mine"))\nwhile True:\n    pass\n',
    untraced:
      'import sys\nwhile True:\n    try:\n        while True:\n            pass\n    except BaseException:\n        sys.settrace(None)\n        print("caught")\n',
  };
  it.each(Object.entries(survivors))("stops a program that defends itself: %s", (_name, code) => {
    const out = runPython([
      "import json, signal, threading, _thread, _signal",
      `code = ${JSON.stringify(code)}`,
      "threading.Timer(0.3, _thread.interrupt_main).start()",
      "r = harness.run_program(code)",
      "after = harness.run_program('import signal\\nprint(signal.getsignal(signal.SIGINT) is signal.default_int_handler)')",
      "print(json.dumps({'type': r['error_type'], 'caught': r['output'].count('caught'),",
      "  'mine': r['output'].count('mine'),",
      "  'handler': signal.getsignal(signal.SIGINT) is signal.default_int_handler,",
      "  'settrace': sys.settrace is harness._REAL_SETTRACE, 'signal': _signal.signal is harness._RAW_SIGNAL,",
      "  'trace': sys.gettrace() is None, 'after': after['output']}))",
    ]);
    const r = JSON.parse(out);
    expect(r.type).toBe("KeyboardInterrupt");
    expect(r.caught).toBeLessThanOrEqual(1);
    expect(r.mine).toBe(0);
    // Everything is put back; the next program sees the default handler, as a fresh CPython does.
    expect(r).toMatchObject({ handler: true, settrace: true, signal: true, trace: true, after: "True\n" });
  });

  it("keeps signal.signal and getsignal as a program expects for its own SIGINT handler and other signals", () => {
    const program = [
      "import signal",
      "def mine(signum, frame):",
      "    pass",
      "first = signal.signal(signal.SIGINT, mine)",
      "print(first is signal.default_int_handler, signal.getsignal(signal.SIGINT) is mine)",
      "print(signal.signal(signal.SIGINT, signal.SIG_DFL) is mine, signal.getsignal(signal.SIGINT) == signal.SIG_DFL)",
      "old = signal.signal(signal.SIGTERM, mine)",
      "print(signal.getsignal(signal.SIGTERM) is mine)",
      "signal.signal(signal.SIGTERM, old)",
      "try:",
      "    signal.signal(signal.SIGINT, 42)",
      "except TypeError:",
      "    print('TypeError')",
    ].join("\n");
    const out = runPython([
      "import json",
      `print(json.dumps(harness.run_program(${JSON.stringify(program)})['output']))`,
    ]);
    expect(JSON.parse(out)).toBe("True True\nTrue True\nTrue\nTypeError\n");
  });
});
