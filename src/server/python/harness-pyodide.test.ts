// The saved harness cases (fixtures/harness-cases.json, checked under CPython by
// harness-cpython.test.ts) run again inside Pyodide through the real grader: same transcripts.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HarnessRun } from "@/shared/grading/types.ts";
import { createGraderPool, type GraderPool } from "./index.ts";

type Case = { name: string; code: string; input: string; max_output?: number; expected: HarnessRun };
const cases = JSON.parse(
  readFileSync(new URL("../../shared/grading/fixtures/harness-cases.json", import.meta.url), "utf8"),
) as Case[];

let pool: GraderPool;
beforeAll(async () => {
  // One warm interpreter for all cases, in order, exactly like the CPython run.
  pool = createGraderPool({ size: 1, reuseInterpreter: true });
  await pool.ready();
});
afterAll(() => pool?.close());

describe("harness.py inside Pyodide matches the CPython transcripts", () => {
  it.each(cases.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    const grade = await pool.grade(c.code, [{ input: c.input, expectedOutput: c.expected.output }], {
      maxOutput: c.max_output,
    });
    const [r] = grade.results;
    expect(r.output).toBe(c.expected.transcript);
    expect(r.error).toBe(c.expected.error);
    expect(r.passed).toBe(c.expected.error === null);
  });
});
