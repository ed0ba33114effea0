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
