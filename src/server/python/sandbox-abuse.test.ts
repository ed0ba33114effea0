// The sandbox abuse suite: every probe runs in the real grader (sandboxed Pyodide) and must end
// as a failed test with a clear error, touch nothing on the host, and leave the grader answering.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGraderPool, type GraderPool } from "./index.ts";

const canary = `PYCLASS_CANARY_${randomBytes(6).toString("hex")}`;
const marker = path.join(os.tmpdir(), `pyclass-probe-${randomBytes(6).toString("hex")}`);
const SUCCESS = "ESCAPED";
const limits = { timeMs: 1500 };

let pool: GraderPool;
let hostPid: number | undefined;

beforeAll(async () => {
  // A secret in the server's environment that no student program may read.
  process.env.PYCLASS_TEST_SECRET = canary;
  pool = createGraderPool({ size: 2 });
  await pool.ready();
  hostPid = pool.stats().hostPid;
});

afterAll(async () => {
  await pool?.close();
  delete process.env.PYCLASS_TEST_SECRET;
  fs.rmSync(marker, { force: true });
});

/** Grades `code` with one test that only passes if the probe prints SUCCESS. */
async function probe(code: string, timeMs = limits.timeMs) {
  const started = performance.now();
  const grade = await pool.grade(code, [{ input: "", expectedOutput: SUCCESS }], { timeMs });
  const r = grade.results[0];
  return { ...r, wallMs: performance.now() - started, score: grade.score };
}

function expectFailedWith(r: { passed: boolean; output: string; error: string | null }, error: RegExp) {
  expect(r.passed).toBe(false);
  expect(r.error).toMatch(error);
  expect(r.output).not.toContain(canary);
}

describe("resource abuse", () => {
  it("interrupts `while True: pass` at the time limit", async () => {
    const r = await probe("while True:\n    pass\n");
    expectFailedWith(r, /^Error: TimeoutError: the program ran for more than 1.5 s.*\(line 2\)$/);
    expect(r.wallMs).toBeLessThan(limits.timeMs + 3000);
  });

  it("kills an uninterruptible C loop `sum(range(10**11))` and respawns", async () => {
    const r = await probe("print(sum(range(10**11)))\n");
    expectFailedWith(r, /^Error: TimeoutError/);
    expect(r.wallMs).toBeLessThan(limits.timeMs + 4000);
  });

  it("refuses a 2 GB string with MemoryError (wasm memory capped at 512 MiB)", async () => {
    const r = await probe("s = 'a' * (2 * 10**9)\nprint('ESCAPED')\n");
    expectFailedWith(r, /^Error: MemoryError \(line 1\)$/);
  });

  it("stops unbounded list growth with MemoryError", async () => {
    const r = await probe("x = []\nwhile True:\n    x.append('x' * 10**6)\n", 10_000);
    expectFailedWith(r, /^Error: MemoryError \(line 3\)$/);
  });

  it("clamps sys.setrecursionlimit(10**6) so deep recursion is a RecursionError", async () => {
    const r = await probe("import sys\nsys.setrecursionlimit(10**6)\ndef f(n):\n    return f(n + 1)\nf(0)\n");
    expectFailedWith(r, /^Error: RecursionError: maximum recursion depth exceeded.*\(line 4\)$/);
  });

  it("caps 50 MB of prints", async () => {
    const r = await probe("for i in range(5_000_000):\n    print('x' * 9)\n");
    expectFailedWith(r, /^\[output limit reached\]$/);
    expect(r.output.length).toBeLessThan(1_100_000);
    expect(r.output.endsWith("[output limit reached]")).toBe(true);
  });

  it("caps 50 MB written to sys.__stdout__", async () => {
    const r = await probe(
      "import sys\nfor i in range(5_000_000):\n    sys.__stdout__.write('y' * 9 + '\\n')\n",
    );
    expectFailedWith(r, /^\[output limit reached\]$/);
    expect(r.output.length).toBeLessThan(1_100_000);
  });

  it("caps 50 MB written straight to file descriptor 1 (JS-level cap)", async () => {
    const r = await probe("import os\nfor i in range(5_000_000):\n    os.write(1, b'z' * 9 + b'\\n')\n");
    expect(r.passed).toBe(false);
    expect(r.output.length).toBeLessThan(2_100_000);
    expect(r.output).toContain("[output limit reached]");
  });
});

describe("escapes to the host", () => {
  it("has no `js` module: import js; js.process.exit()", async () => {
    const r = await probe("import js\njs.process.exit(1)\n");
    expectFailedWith(r, /^Error: ModuleNotFoundError: File not found: js/);
  });

  it("cannot read the server's environment through js.process.env", async () => {
    const r = await probe("import js\nprint(js.process.env.PYCLASS_TEST_SECRET)\n");
    expectFailedWith(r, /ModuleNotFoundError/);
  });

  it("cannot read the server's environment through os.environ", async () => {
    const r = await probe(
      "import os\nprint(dict(os.environ))\nprint(os.environ.get('PYCLASS_TEST_SECRET', 'none'))\n",
    );
    expect(r.passed).toBe(false);
    expect(r.output).not.toContain(canary);
    expect(r.output).toContain("none");
  });

  it("cannot run JavaScript with pyodide.code.run_js", async () => {
    const r = await probe(
      "from pyodide.code import run_js\nprint(run_js('globalThis.process.env.PYCLASS_TEST_SECRET'))\n",
    );
    expectFailedWith(r, /^Error: /);
  });

  it("cannot mount the host file system with pyodide_js.mountNodeFS", async () => {
    const r = await probe(
      "import pyodide_js\npyodide_js.mountNodeFS('/host', '/')\nprint(open('/host/etc/passwd').read())\n",
    );
    expectFailedWith(r, /ModuleNotFoundError: File not found: pyodide_js/);
  });

  it("cannot build functions from strings via to_js([]).constructor.constructor", async () => {
    const r = await probe(
      "from pyodide.ffi import to_js\nf = to_js([]).constructor.constructor('return globalThis.process')\nprint(f().env.PYCLASS_TEST_SECRET)\n",
    );
    expectFailedWith(r, /^Error: JsException: EvalError: Code generation from strings disallowed/);
  });

  it("cannot run shell commands with os.system (the harness's stand-in starts nothing)", async () => {
    // os.system is harness.py's during a run: "clear" clears, anything else answers like a shell
    // without that command (status 127 << 8), as CPython carries on after it.
    const r = await probe(`import os\nprint(os.system('touch ${marker}'))\n`);
    expect(r.passed).toBe(false);
    expect(r.error).toBeNull();
    expect(r.output).toBe("32512\n");
    expect(fs.existsSync(marker)).toBe(false);
  });

  it("cannot run shell commands with ctypes.CDLL(None).system", async () => {
    const r = await probe(
      `import ctypes\nstatus = ctypes.CDLL(None).system(b'touch ${marker}')\nprint('ESCAPED' if status == 0 else status)\n`,
    );
    expect(r.passed).toBe(false);
    expect(r.output).toContain("Error: running other programs is not allowed here");
    expect(fs.existsSync(marker)).toBe(false);
  });

  it("cannot run shell commands through a re-imported posix", async () => {
    const r = await probe(
      `import sys\nsys.modules.pop('posix', None)\nimport posix\nstatus = posix.system('touch ${marker}')\nprint('ESCAPED' if status == 0 else status)\n`,
    );
    expect(r.passed).toBe(false);
    expect(r.output).toContain("Error: running other programs is not allowed here");
    expect(r.output.trim()).not.toBe(SUCCESS);
    expect(fs.existsSync(marker)).toBe(false);
  });

  it("cannot connect a socket to a port on the host", async () => {
    let connections = 0;
    const server = net.createServer((s) => {
      connections++;
      s.destroy();
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as net.AddressInfo).port;
    try {
      const r = await probe(
        `import socket\ns = socket.create_connection(('127.0.0.1', ${port}), timeout=1)\ns.sendall(b'hello')\nprint('ESCAPED')\n`,
      );
      expectFailedWith(r, /^Error: /);
      expect(connections).toBe(0);
    } finally {
      server.close();
    }
  });

  it("cannot open a listening socket on the host", async () => {
    const port = await freePort();
    const run = probe(
      `import socket, time\ns = socket.socket()\ns.bind(('127.0.0.1', ${port}))\ns.listen()\nprint('listening', flush=True)\ntime.sleep(1)\nprint('ESCAPED')\n`,
      3000,
    );
    // While the program runs, nothing may be listening on that port.
    await new Promise((r) => setTimeout(r, 700));
    expect(await canConnect(port)).toBe(false);
    const r = await run;
    expectFailedWith(r, /^Error: PermissionError: .*Permission denied \(line 4\)$/);
    expect(await canConnect(port)).toBe(false);
  });

  it("has no js.fetch", async () => {
    const r = await probe("import js\njs.fetch('http://127.0.0.1:1/')\n");
    expectFailedWith(r, /ModuleNotFoundError/);
  });

  it("cannot read the host's /etc/passwd", async () => {
    const r = await probe("print(open('/etc/passwd').read())\n");
    expectFailedWith(r, /^Error: FileNotFoundError: File not found: \/etc\/passwd \(line 1\)$/);
    expect(r.output).not.toContain("root:");
  });

  it("finds no JavaScript object anywhere in the interpreter's reachable Python objects", async () => {
    // Bootstrap imported pyodide_js (mountNodeFS, FS, loadPackage) into several modules; the
    // worker scrubs them. A JsProxy left in any module, dict, list or closure would show here.
    const r = await probe(
      [
        "import gc, sys",
        "from pyodide.ffi import JsProxy",
        "found = [n for n, m in sys.modules.items() if isinstance(m, JsProxy)]",
        "for o in gc.get_objects():",
        "    values = list(o.values()) if isinstance(o, dict) else list(o) if isinstance(o, (list, tuple)) else []",
        "    for c in (getattr(o, '__closure__', None) or ()):",
        "        try: values.append(c.cell_contents)",
        "        except ValueError: pass",
        "    found += [repr(v)[:40] for v in values if isinstance(v, JsProxy)]",
        "print('ESCAPED' if found else 'none', found)",
      ].join("\n"),
    );
    expect(r.passed).toBe(false);
    expect(r.error).toBeNull();
    expect(r.output.trim()).toBe("none []");
  });
});

describe("the grader after the abuse", () => {
  it("is still the same process and grades the next job normally", async () => {
    expect(pool.stats().hostPid).toBe(hostPid);
    const grade = await pool.grade('name = input("Name? ")\nprint(f"Hello {name}")\n', [
      { input: "Ada", expectedOutput: "Hello Ada" },
      { input: "Alan", expectedOutput: "Name? Alan\nHello Alan" },
    ]);
    expect(grade).toMatchObject({ passed: 2, total: 2, score: 100 });
  });

  it("does not let one student's endless C loop delay another's grading", async () => {
    let slowDone = 0;
    const slow = pool
      .grade("print(sum(range(10**11)))\n", [{ expectedOutput: "" }], { timeMs: 5000 })
      .then((g) => {
        slowDone = performance.now();
        return g;
      });
    await new Promise((r) => setTimeout(r, 200));
    const started = performance.now();
    const fast = await pool.grade("print(6 * 7)\n", [{ expectedOutput: "42" }]);
    const fastDone = performance.now();
    expect(fast.passed).toBe(1);
    expect(fastDone - started).toBeLessThan(3000);
    expect((await slow).passed).toBe(0);
    expect(fastDone).toBeLessThan(slowDone);
  });

  it("keeps the server process responsive while programs abuse the grader", async () => {
    // The web server hosts the pool; grading happens in another process, so its event loop
    // must not stall while an endless C loop and a memory bomb are being graded.
    const abuse = Promise.all([
      pool.grade("print(sum(range(10**11)))\n", [{ expectedOutput: "" }], { timeMs: 2000 }),
      pool.grade("x = []\nwhile True:\n    x.append(' ' * 10**6)\n", [{ expectedOutput: "" }], {
        timeMs: 2000,
      }),
    ]);
    let worstLag = 0;
    const until = performance.now() + 2000;
    while (performance.now() < until) {
      const t = performance.now();
      await new Promise((r) => setTimeout(r, 5));
      worstLag = Math.max(worstLag, performance.now() - t - 5);
    }
    const graded = await abuse;
    expect(graded.map((g) => g.passed)).toEqual([0, 0]);
    // Generous for a loaded 2-core CI machine; a blocked loop would lag by seconds.
    expect(worstLag).toBeLessThan(1000);
  });

  it("gives every submission a fresh interpreter (no module state leaks)", async () => {
    await pool.grade("import math\nmath.pi = 3\n", [{ expectedOutput: "" }]);
    const g = await pool.grade("import math\nprint(math.pi)\n", [{ expectedOutput: "3.141592653589793" }]);
    expect(g.passed).toBe(1);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}
