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
    execFileSync("python3", ["-I", `${fixtures}run-harness-cases.py`], { encoding: "utf8" }),
  ) as unknown[];

  it.each(cases.map((c, i) => [c.name, i] as const))("%s", (_name, i) => {
    expect(results[i]).toEqual(cases[i].expected);
  });
});
