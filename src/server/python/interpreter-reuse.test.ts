// One grading slot, one submission after another (decision 038): whatever a submission leaves
// behind in its interpreter, the next one on the same slot cannot see it — whether the slot put
// the interpreter back into its start state (reused) or had to start a new one. Each case says
// which of the two it expects, so a change that silently stops reusing interpreters (or reuses
// one it should not) fails here too.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGraderPool, type GraderPool } from "./index.ts";

let pool: GraderPool;

beforeAll(async () => {
  // No slices (decision 049): on a loaded machine a slow first run would start its job again, and
  // the interpreter its stopped run leaves (clean, put back) would change the counts asserted here.
  pool = createGraderPool({ size: 1, sliceMs: 0 });
  await pool.ready();
});

afterAll(async () => {
  await pool?.close();
});

/** Runs `code` as one test and returns what it printed, and whether its interpreter was reused. */
async function run(code: string, timeMs = 5000) {
  const before = pool.stats().interpreters.reused;
  const g = await pool.grade(code, [{ input: "", expectedOutput: "" }], { timeMs });
  return { output: g.results[0].output, reused: pool.stats().interpreters.reused > before };
}

/** Open descriptors as a program sees them (the console device is one). */
const LIST_FDS = [
  "import os",
  "fds = []",
  "for fd in range(64):",
  "    try:",
  "        os.fstat(fd)",
  "        fds.append(fd)",
  "    except OSError:",
  "        pass",
  "print(fds)",
].join("\n");

/** Counts copies of a marker anywhere in the interpreter's memory (ctypes reads it raw). */
const COUNT_MARKER = [
  "import ctypes",
  "marker = ('PYCLASS-' + 'LEFTOVER-').encode()",
  "end = ctypes.CDLL(None).sbrk(0)",
  "memory = ctypes.string_at(1024, end - 1024)",
  "print('copies:', 'many' if memory.count(marker) > 100 else 'few')",
].join("\n");

describe("a submission after another on the same grading slot", () => {
  it("sees none of the previous one's module state, though its interpreter is reused", async () => {
    const left = await run(
      [
        "import __main__, builtins, math, sys, types",
        "answer = 'a global of the last student'",
        "__main__.secret = 'from the last student'",
        "builtins.SECRET = 'from the last student'",
        "builtins.print = lambda *args, **kwargs: None",
        "math.pi = 3",
        "sys.modules['answers'] = types.SimpleNamespace(hidden='42')",
        "sys.setrecursionlimit(60)",
        "open('notes.txt', 'w').write('in the working folder')",
      ].join("\n"),
    );
    expect(left.output).toBe("");
    const next = await run(
      [
        "import __main__, builtins, math, os, sys",
        "def depth(n):",
        "    return 0 if n == 0 else depth(n - 1)",
        "print(hasattr(__main__, 'secret'), hasattr(builtins, 'SECRET'), math.pi)",
        "print('answers' in sys.modules, depth(200), os.path.exists('notes.txt'), 'answer' in globals())",
      ].join("\n"),
    );
    expect(next.output).toBe("False False 3.141592653589793\nFalse 0 False False\n");
    expect(next.reused).toBe(true);
  });

  it("sees none of the previous one's interpreter-wide settings, hooks and caches", async () => {
    // Every part of this lives in wasm memory: without the reset (the CLI's reuseInterpreter)
    // the second fingerprint shows the pattern, the variable, the hooks and the precision.
    const fingerprint = [
      "import atexit, decimal, linecache, os, random, re, signal, sys, warnings",
      "print([k for k in linecache.cache if 'SECRET' in k], [p for p in re._cache2 if 'SECRET' in str(p)])",
      "print(os.environ.get('ANSWER'), os.getenv('ANSWER2'), sys.gettrace(), sys.getprofile(), atexit._ncallbacks())",
      "print(signal.getsignal(signal.SIGINT), len(warnings.filters), decimal.getcontext().prec, len(sys.modules))",
      "print(random.random() == random.Random('SECRET').random(), sys.path[0], sys.argv, len(sys.path_importer_cache))",
    ].join("\n");
    const fresh = await run(fingerprint);
    const left = await run(
      [
        "import atexit, decimal, linecache, os, random, re, signal, sys, warnings, csv, fractions",
        "re.compile('SECRET-([0-9]+)-hidden')",
        "os.environ['ANSWER'] = '42'",
        "os.putenv('ANSWER2', '43')",
        "random.seed('SECRET')",
        "sys.settrace(lambda *a: None)",
        "sys.setprofile(lambda *a: None)",
        "atexit.register(print, 'SECRET at exit')",
        "signal.signal(signal.SIGINT, lambda *a: None)",
        "warnings.simplefilter('ignore')",
        "decimal.getcontext().prec = 5",
        "sys.path.insert(0, '/tmp')",
        "sys.argv.append('SECRET')",
        "sys.addaudithook(lambda *a: None)",
        "linecache.cache['<SECRET>'] = (1, None, ['x'], '<SECRET>')",
        "print('dirtied')",
        "raise ValueError('SECRET')",
      ].join("\n"),
    );
    expect(left.output).toMatch(/^dirtied\n/);
    const next = await run(fingerprint);
    expect(fresh.output).not.toContain("SECRET");
    expect(next).toEqual({ output: fresh.output, reused: true });
  });

  it("cannot find data the previous one left in freed memory", async () => {
    // The probe can find such data: a second test of the same submission sees the first's.
    const probe = `import sys\nif sys.stdin.readline().strip() == 'leave':\n    kept = ('PYCLASS-' + 'LEFTOVER-') * 100000\n    del kept\nelse:\n${COUNT_MARKER.replace(/^/gm, "    ")}\n`;
    const same = await pool.grade(probe, [
      { input: "leave", expectedOutput: "" },
      { input: "look", expectedOutput: "copies: many" },
    ]);
    expect(same.results[1].output).toBe("look\ncopies: many\n");

    await run(
      "kept = ('PYCLASS-' + 'LEFTOVER-') * 100000\nsaved = bytearray(kept.encode())\ndel kept, saved\n",
    );
    const next = await run(COUNT_MARKER);
    expect(next.output).toBe("copies: few\n");
    expect(next.reused).toBe(true);
  });

  it("cannot read the input the previous one left unread", async () => {
    // Three bytes of a hidden case's input are read from fd 0; the rest waits in the console's
    // reader (JavaScript), which starts empty for every run.
    const left = await pool.grade("import os\nprint(os.read(0, 3))", [
      { input: "hidden input\nsecond line", expectedOutput: "" },
    ]);
    expect(left.results[0].output).toContain("b'hid'");
    const next = await run("import os, sys\nprint(os.read(0, 100), repr(sys.stdin.read()))");
    expect(next).toEqual({ output: "b'' ''\n", reused: true });
  });

  it("sees no file the previous one wrote to /tmp (that interpreter is not reused)", async () => {
    await run("open('/tmp/answers.txt', 'w').write('42')\n");
    const next = await run("import os\nprint(os.path.exists('/tmp/answers.txt'))");
    expect(next.output).toBe("False\n");
    expect(next.reused).toBe(false);
  });

  it("sees no file the previous one hid from folder listings (named __proto__)", async () => {
    // Emscripten keeps a folder's entries in a plain object: this entry becomes its prototype.
    await run("open('/tmp/__proto__', 'w').write('42')\n");
    const next = await run("import os\nprint(os.path.exists('/tmp/__proto__'))");
    expect(next).toEqual({ output: "False\n", reused: false });
  });

  it("cannot read a message left in the order of folder entries (renamed away and back)", async () => {
    // A hidden case's input, one bit per entry of /dev: an entry renamed away and back moves to
    // the end of its folder's listing, and nothing else about the folder changes.
    const listing = "import os\nprint(os.listdir('/dev'))";
    const fresh = await run(listing);
    await pool.grade(
      [
        "import os",
        "for bit, name in zip(input(), ['null', 'tty1', 'random', 'urandom', 'shm']):",
        "    if bit == '1':",
        "        os.rename('/dev/' + name, '/dev/moved')",
        "        os.rename('/dev/moved', '/dev/' + name)",
      ].join("\n"),
      [{ input: "10110", expectedOutput: "" }],
    );
    const next = await run(listing);
    expect(next).toEqual({ output: fresh.output, reused: false });
  });

  it("sees no descriptor the previous one left open (that interpreter is not reused)", async () => {
    const fresh = await run(LIST_FDS);
    await run("import os\nkept = [os.open('/tmp', os.O_RDONLY), open('kept.txt', 'w')]\n");
    const next = await run(LIST_FDS);
    expect(next.output).toBe(fresh.output);
    expect(next.reused).toBe(false);
  });

  it("is unaffected by a previous one that rewrote interpreter memory with ctypes", async () => {
    await run(
      "import ctypes, math\nctypes.c_double.from_address(id(math.pi) + 8).value = 3.0\nprint(math.pi)",
    );
    const next = await run("import math\nprint(math.pi)");
    expect(next.output).toBe("3.141592653589793\n");
    // ctypes is JavaScript-side work (libffi): its interpreter is never reused.
    expect(next.reused).toBe(false);
  });

  it("is unaffected by a previous one that changed JavaScript objects through pyodide.ffi", async () => {
    // Array.prototype.push is what the recorder collects output with.
    await run("from pyodide.ffi import to_js\nto_js([]).constructor.prototype.push = None\n");
    const next = await run("print('recorded')");
    expect(next.output).toBe("recorded\n");
    expect(next.reused).toBe(false);
  });

  it("cannot reach Pyodide's API through a forged JS reference (ctypes)", async () => {
    // A JsProxy's reference sits 36 bytes into it, (2 * slot + 1) | version << 26 in Pyodide 314's
    // encoding. Fixed slots 1-6 held jsglobals, the public API, the internal API, a scheduler, the
    // internal API again and {}. With the API a program could mount the host's folders
    // (mountNodeFS) and write into the snapshot later interpreters load from
    // (config._loadSnapshot). A wrong version (or a freed slot) is a fatal error: each guess is a
    // program of its own, and one whose interpreter stopped reached nothing.
    const stopped =
      "Error: the program stopped the Python interpreter (too deep recursion or too much memory?)";
    const reachedSlots: number[] = [];
    for (const slot of [1, 2, 3, 4, 5, 6])
      for (const version of [0, 1, 2]) {
        const probe = await run(
          [
            "import ctypes, os",
            "from pyodide.ffi import to_js",
            "os.makedirs('/tmp/host', exist_ok=True)",
            "proxy = to_js([0])",
            "cell = ctypes.c_uint32.from_address(id(proxy) + 36)",
            `original, cell.value = cell.value, ${(2 * slot + 1) | (version << 26)}`,
            "try:",
            "    proxy.mountNodeFS('/tmp/host', '/etc')",
            "except Exception:",
            "    pass",
            "names = ('mountNodeFS', 'config', '_api', 'public_api', 'FS', '_module', 'process', 'require')",
            "found = [n for n in names if hasattr(proxy, n)]",
            "cell.value = original  # dropping a proxy to a fixed slot would stop the interpreter",
            "print(found, os.listdir('/tmp/host'))",
          ].join("\n"),
        );
        expect([stopped, "[] []\n"], `slot ${slot}, version ${version}`).toContain(probe.output);
        if (probe.output !== stopped) reachedSlots.push(slot);
      }
    // The guesses do reach the slots that stay held (the API's, emptied): the probe can fail.
    expect(reachedSlots).toEqual(expect.arrayContaining([2, 3]));
    const next = await run("import os\nprint(os.path.exists('/tmp/host'))");
    expect(next).toEqual({ output: "False\n", reused: false });
  });

  it("draws other random numbers than the previous one, reused or new (not the snapshot's)", async () => {
    // Every interpreter starts from one memory snapshot, and a reset puts its memory back: without
    // a reseed per run, random would start in the same state for every submission on every host.
    const draw = "import random\nprint(random.random(), random.getrandbits(64))";
    const first = await run(draw);
    const reused = await run(draw);
    expect(reused.reused).toBe(true);
    await run("import os\nkept = os.open('/tmp', os.O_RDONLY)");
    const renewed = await run(draw);
    expect(renewed.reused).toBe(false);
    for (const { output } of [first, reused, renewed]) expect(output).toMatch(/^0\.\d+ \d+\n$/);
    expect(new Set([first.output, reused.output, renewed.output]).size).toBe(3);
  });

  it("is unaffected by a previous one whose interpreter had to be killed", async () => {
    await run("sum(range(10**11))\n", 300);
    const next = await run("import math\nprint(math.pi)");
    expect(next.output).toBe("3.141592653589793\n");
    expect(next.reused).toBe(false);
  });

  it("cannot tell how much memory the previous one used (a grown interpreter is not reused)", async () => {
    await run("kept = list(range(10**6))\n");
    const next = await run("print('ok')");
    expect(next).toEqual({ output: "ok\n", reused: false });
  });

  it("reuses the interpreter of a program that reads input, sleeps, prints and fails", async () => {
    await pool.grade("import time\nname = input('Name? ')\ntime.sleep(0.01)\nprint(1 / len(name))\n", [
      { input: "", expectedOutput: "" },
    ]);
    const next = await run("print('ok')");
    expect(next).toEqual({ output: "ok\n", reused: true });
  });
});
