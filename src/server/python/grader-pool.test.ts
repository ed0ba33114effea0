// The pool's own guarantees: back-pressure, recovery from a dead host, the capped wasm copy.
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createGraderPool, GRADER_BUSY_MESSAGE, GraderBusyError, type GraderPool } from "./index.ts";
import { findMemoryLimits, MAX_MEMORY_PAGES, preparePyodideDir } from "./pyodide-files.mjs";

const pools: GraderPool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});
function pool(options: Parameters<typeof createGraderPool>[0]) {
  const p = createGraderPool(options);
  pools.push(p);
  return p;
}

const hello = { code: 'print("hello")\n', tests: [{ expectedOutput: "hello" }] };

describe("grader pool", () => {
  it("starts nothing until it is used", () => {
    const p = pool({ size: 1 });
    expect(p.stats()).toEqual({
      running: 0,
      queued: 0,
      hostPid: undefined,
      hostPids: [],
      interpreters: { started: 0, reused: 0 },
    });
  });

  it("refuses work beyond its queue with 'grader busy, try again', then recovers", async () => {
    const p = pool({ size: 1, maxQueue: 2 });
    await p.ready();
    const slow = { code: "import time\ntime.sleep(0.4)\n", tests: [{ expectedOutput: "" }] };
    const accepted = [
      p.grade(slow.code, slow.tests),
      p.grade(slow.code, slow.tests),
      p.grade(slow.code, slow.tests),
    ];
    const refused = p.grade(hello.code, hello.tests);
    await expect(refused).rejects.toBeInstanceOf(GraderBusyError);
    await expect(refused).rejects.toThrow(GRADER_BUSY_MESSAGE);
    for (const g of await Promise.all(accepted)) expect(g.passed).toBe(1);
    expect((await p.grade(hello.code, hello.tests)).passed).toBe(1);
  });

  it("survives its host process being killed: the running job is retried on a new host", async () => {
    const p = pool({ size: 1 });
    await p.ready();
    const first = p.stats().hostPid!;
    const job = p.grade("import time\ntime.sleep(1)\nprint('done')\n", [{ expectedOutput: "done" }]);
    await new Promise((r) => setTimeout(r, 300));
    process.kill(first, "SIGKILL");
    expect((await job).passed).toBe(1);
    expect(p.stats().hostPid).not.toBe(first);
    expect((await p.grade(hello.code, hello.tests)).passed).toBe(1);
  });

  it("grades with a time limit per test, not per submission", async () => {
    const p = pool({ size: 1 });
    const g = await p.grade(
      "import time\nn = int(input())\ntime.sleep(n / 10)\nprint(n)\n",
      [
        { input: "3", expectedOutput: "3" },
        { input: "3", expectedOutput: "3" },
        { input: "3", expectedOutput: "3" },
      ],
      { timeMs: 600 },
    );
    expect(g).toMatchObject({ passed: 3, total: 3, score: 100 });
  });

  it("scores 0 with no tests", async () => {
    const p = pool({ size: 1 });
    expect(await p.grade(hello.code, [])).toEqual({ passed: 0, total: 0, score: 0, results: [] });
  });
});

describe("the server's Pyodide copy", () => {
  it("caps wasm memory at 512 MiB and leaves the npm package untouched", () => {
    const dir = preparePyodideDir();
    const capped = findMemoryLimits(fs.readFileSync(path.join(dir, "pyodide.asm.wasm")));
    expect(capped.max).toBe(MAX_MEMORY_PAGES);
    expect(MAX_MEMORY_PAGES * 64 * 1024).toBe(512 * 1024 * 1024);
    const original = findMemoryLimits(fs.readFileSync(path.resolve("node_modules/pyodide/pyodide.asm.wasm")));
    expect(original.max).toBe(65536);
    // Still a valid module after the edit.
    expect(WebAssembly.validate(fs.readFileSync(path.join(dir, "pyodide.asm.wasm")))).toBe(true);
  });
});
