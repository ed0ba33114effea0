// The saved harness cases (src/shared/grading/fixtures/harness-cases.json, made under CPython)
// replayed through the BROWSER's Python worker — the production bundle the playground starts, in
// real Chromium — compared exactly as harness-pyodide.test.ts compares the server grader's runs:
// one warm interpreter, the cases in order, the transcript and error line identical, and the
// warnings (shown apart from the output) pointing at the same lines as the harness's under CPython.
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import type { FromWorker, ToWorker } from "../../src/client/python/protocol.ts";
import { toTestResult } from "../../src/shared/grading/compare.ts";
import { DEFAULT_MAX_OUTPUT, type HarnessRun } from "../../src/shared/grading/types.ts";
import { signUpVerified } from "./helpers/auth.ts";

type Case = { name: string; code: string; input: string; max_output?: number; expected: HarnessRun };
const cases = JSON.parse(
  readFileSync(new URL("../../src/shared/grading/fixtures/harness-cases.json", import.meta.url), "utf8"),
) as Case[];

/** "Warning (line 4)" of each "Warning (line 4): message". */
const where = (warnings: string[] | undefined) => (warnings ?? []).map((w) => w.split(": ")[0]);

test("harness.py in the browser worker matches the CPython transcripts", async ({ page }) => {
  test.setTimeout(120_000);
  await signUpVerified(page, "student");
  const started = page.waitForEvent("worker", (w) => /python-worker/.test(w.url()));
  await page.goto("/playground");
  const workerUrl = (await started).url();
  await expect(page.getByTestId("python-status")).toHaveText("Ready", { timeout: 30_000 });

  // A second worker from the same bundle, spoken to in the page's own protocol (protocol.ts).
  const tests = cases.map((c, index) => ({
    type: "test" as const,
    id: index + 1,
    index,
    code: c.code,
    input: c.input,
    maxOutput: c.max_output ?? DEFAULT_MAX_OUTPUT,
  }));
  const runs = await page.evaluate(
    async ({ url, tests }) => {
      const worker = new Worker(url, { type: "module" });
      const next = () =>
        new Promise<FromWorker>((resolve, reject) => {
          const onMessage = (event: MessageEvent<FromWorker>) => {
            // Streamed output, warnings and clears come before the run's answer.
            if (["stdout", "warning", "clear"].includes(event.data.type)) return;
            worker.removeEventListener("message", onMessage);
            resolve(event.data);
          };
          worker.addEventListener("message", onMessage);
          worker.onerror = (e) => reject(new Error(e.message));
        });
      const init: ToWorker = { type: "init", interrupt: null, stdin: null, output: null };
      worker.postMessage(init);
      const ready = await next();
      if (ready.type !== "ready") throw new Error(`worker did not start: ${JSON.stringify(ready)}`);
      const out: FromWorker[] = [];
      for (const t of tests) {
        worker.postMessage(t satisfies ToWorker);
        out.push(await next());
      }
      worker.terminate();
      return out;
    },
    { url: workerUrl, tests },
  );

  expect(runs).toHaveLength(cases.length);
  for (const [i, c] of cases.entries()) {
    const msg = runs[i];
    expect.soft(msg.type, c.name).toBe("done");
    if (msg.type !== "done") continue;
    const r = toTestResult(c.expected.output, msg.run, msg.timeMs);
    expect.soft(r.output, c.name).toBe(c.expected.transcript);
    expect.soft(r.error, c.name).toBe(c.expected.error);
    expect.soft(r.passed, c.name).toBe(c.expected.error === null);
    // The browser's run is also the harness's whole answer: printed text without prompts too.
    expect.soft(msg.run.output, c.name).toBe(c.expected.output);
    expect.soft(msg.run.error_type, c.name).toBe(c.expected.error_type);
    // A warning's wording is Python's own and changes between versions (an invalid escape: 3.14 in
    // Pyodide says '"\ " is an invalid escape sequence…', the CPython 3.11 the goldens were made
    // with "invalid escape sequence '\ '"); where each one points must be the same.
    expect.soft(where(msg.run.warnings), c.name).toEqual(where(c.expected.warnings));
  }
});
