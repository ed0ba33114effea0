// `npm run --silent grade` on the 36 GCSE programs: every transcript equals CPython's (the
// fixture's expected outputs, re-checked here against a live python3), within 60 s.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { GradeResult } from "@/shared/grading/types.ts";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const fixture = path.join(root, "bench/fixtures/gcse-jobs.json");
type Job = { name: string; code: string; tests: { input: string; expected_output: string }[] };
const jobs = JSON.parse(readFileSync(fixture, "utf8")) as Job[];

function grade(file: string) {
  return spawnSync("npm", ["run", "--silent", "grade", "--", file], { cwd: root, encoding: "utf8" });
}

describe("npm run grade", () => {
  it("grades the 36 GCSE programs exactly as CPython prints them, within 60 s", () => {
    const started = performance.now();
    const r = grade(fixture);
    const ms = performance.now() - started;
    expect(r.status, r.stderr).toBe(0);
    expect(ms).toBeLessThan(60_000);
    const graded = JSON.parse(r.stdout) as GradeResult[];
    expect(graded).toHaveLength(36);
    graded.forEach((g, i) => {
      const job = jobs[i];
      expect(g.total, job.name).toBe(job.tests.length);
      g.results.forEach((result, t) => {
        expect(result.output, `${job.name}, test ${t + 1}`).toBe(job.tests[t].expected_output);
        // A test passes unless the program ended in an error (the fixture has three).
        expect(result.passed, `${job.name}, test ${t + 1}`).toBe(result.error === null);
        expect(typeof result.timeMs).toBe("number");
      });
      expect(g.score).toBeCloseTo((g.passed / g.total) * 100, 6);
    });
    expect(graded.reduce((n, g) => n + g.total - g.passed, 0)).toBe(3);
  });

  it("has expected outputs that today's CPython still produces", () => {
    const r = spawnSync("python3", ["-I", path.join(root, "bench/fixtures/cpython-reference.py"), fixture], {
      encoding: "utf8",
    });
    expect(r.status, r.stderr).toBe(0);
    const live = JSON.parse(r.stdout) as string[][];
    live.forEach((outputs, i) => {
      expect(outputs, jobs[i].name).toEqual(jobs[i].tests.map((t) => t.expected_output));
    });
  });

  it("grades a single job into a single result", () => {
    const file = path.join(os.tmpdir(), `pyclass-job-${process.pid}.json`);
    writeFileSync(
      file,
      JSON.stringify({
        code: 'n = input("Name? ")\nprint("Hi", n)\n',
        tests: [
          { input: "Sam", expected_output: "Hi Sam" },
          { inputs: ["Al"], expected_output: "Name? Al\nHi Al" },
          { input: "Jo", expected_output: "Bye" },
        ],
      }),
    );
    const r = grade(file);
    expect(r.status, r.stderr).toBe(0);
    const g = JSON.parse(r.stdout) as GradeResult;
    expect(g).toMatchObject({ passed: 2, total: 3 });
    expect(g.score).toBeCloseTo(66.667, 2);
    expect(g.results.map((x) => x.matched)).toEqual(["output", "transcript", undefined]);
  });

  it.each([
    ["a missing file", "does-not-exist.json", /^grade: does-not-exist.json: no such file$/],
    ["malformed JSON", "{oops", /^grade: .*: not valid JSON/],
    ["a wrong shape", '{"code": 1, "tests": []}', /^grade: .*: not a job or an array of jobs \(code: /],
  ])("exits non-zero with one line for %s", (_name, content, message) => {
    let file = content;
    if (content !== "does-not-exist.json") {
      file = path.join(os.tmpdir(), `pyclass-bad-${process.pid}.json`);
      writeFileSync(file, content);
    }
    const r = grade(file);
    expect(r.status).not.toBe(0);
    expect(r.stdout).toBe("");
    const lines = r.stderr.split("\n").filter((l) => l.startsWith("grade:"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(message);
  });
});
