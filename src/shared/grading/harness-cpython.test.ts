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
  // A real SIGINT arrives 0.3 s in (as Pyodide's interrupt buffer delivers one); the program
  // catches every KeyboardInterrupt and goes on. Without the harness's stop it never ends (the
  // 20 s timeout fails the test); with it, the run ends as interrupted, and the handler and trace
  // are put back for the next run.
  it("ends the run within a line or two, however often the program catches it", () => {
    const out = execFileSync(
      "python3",
      [
        "-I",
        "-B",
        "-c",
        [
          "import json, signal, sys, threading, _thread",
          `sys.path.insert(0, ${JSON.stringify(grading)})`,
          "import harness",
          'code = \'print("before")\\nwhile True:\\n    try:\\n        while True:\\n            pass\\n    except BaseException:\\n        print("caught")\\n\'',
          "threading.Timer(0.3, _thread.interrupt_main).start()",
          "r = harness.run_program(code)",
          "after = harness.run_program('print(6 * 7)')",
          "print(json.dumps({'type': r['error_type'], 'caught': r['output'].count('caught'),",
          "  'handler': signal.getsignal(signal.SIGINT) is signal.default_int_handler,",
          "  'trace': sys.gettrace() is None, 'after': after['output']}))",
        ].join("\n"),
      ],
      { encoding: "utf8", timeout: 20_000 },
    );
    const r = JSON.parse(out);
    expect(r.type).toBe("KeyboardInterrupt");
    expect(r.caught).toBeLessThanOrEqual(1);
    expect(r).toMatchObject({ handler: true, trace: true, after: "42\n" });
  });
});
