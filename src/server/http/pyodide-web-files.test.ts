// The browser's trimmed standard library, loaded in a real Pyodide: everything kept still imports
// (nothing kept needs a module left out), the modules GCSE programs use are there, and a module
// left out says so as CPython would. It is tested as a prepared directory serves it: without
// comments and docstrings (decision 074), every line where it was, in two zips: what a first Run
// imports compiled, the rest found in the second zip when a program imports it (decision 078).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { unzipSync, zipSync } from "fflate";
import { afterAll, describe, expect, it } from "vitest";
import { mountMoreStdlib } from "@/client/python/more-stdlib-file.ts";
import { loadHarness } from "@/shared/grading/load-harness.mjs";
import { installMoreStdlib, MORE_STDLIB_FILE, MORE_STDLIB_PATH } from "@/shared/grading/more-stdlib.mjs";
import {
  browserStdlib,
  emptyLockFile,
  LEFT_OUT,
  leftOut,
  lockIsLeftOver,
  parsePutBack,
  pyodidePackageDir,
  trimStdlib,
  WEB_FILES,
} from "./pyodide-web-files.mjs";

const source = pyodidePackageDir();
const fullZip = new Uint8Array(fs.readFileSync(path.join(source, "python_stdlib.zip")));
const trimmed = trimStdlib(fullZip, []);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pyodide-trimmed-"));
for (const file of [...Object.keys(WEB_FILES), "package.json", "pyodide.mjs.map"]) {
  if (file !== "python_stdlib.zip" && file !== MORE_STDLIB_FILE)
    fs.copyFileSync(path.join(source, file), path.join(dir, file));
}
fs.writeFileSync(
  path.join(dir, "pyodide-lock.json"),
  emptyLockFile(new Uint8Array(fs.readFileSync(path.join(source, "pyodide-lock.json")))),
);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

type Py = {
  runPython(code: string): unknown;
  globals: { set(k: string, v: unknown): void };
  FS: { writeFile(path: string, data: Uint8Array): void } & Parameters<typeof mountMoreStdlib>[0];
  makeMemorySnapshot(): Uint8Array;
};
const split = browserStdlib(fullZip, []);
/** The browser's Pyodide files with `first` as its python_stdlib.zip, in a folder of their own. */
function pyodideDir(first: Uint8Array): string {
  const at = fs.mkdtempSync(path.join(os.tmpdir(), "pyodide-first-"));
  for (const file of fs.readdirSync(dir)) fs.copyFileSync(path.join(dir, file), path.join(at, file));
  fs.writeFileSync(path.join(at, "python_stdlib.zip"), first);
  return at;
}
afterAll(() => {
  for (const entry of fs.readdirSync(os.tmpdir()))
    if (entry.startsWith("pyodide-first-"))
      fs.rmSync(path.join(os.tmpdir(), entry), { recursive: true, force: true });
});
async function loadFrom(first: Uint8Array, options: object = {}): Promise<Py> {
  const at = pyodideDir(first);
  const { loadPyodide } = (await import(path.join(at, "pyodide.mjs"))) as {
    loadPyodide: (o: object) => Promise<Py>;
  };
  return loadPyodide({ indexURL: `${at}/`, jsglobals: Object.create(null), ...options });
}
/** A real Pyodide on the browser's files (the stdlib as a prepared directory has it), the second
 * zip where the worker mounts it, unless `withMore` is false (a first Run that never fetches it). */
async function browserPyodide(withMore = true): Promise<Py> {
  const { first, more } = await split;
  fs.writeFileSync(path.join(dir, "python_stdlib.zip"), first);
  const { loadPyodide } = (await import(path.join(dir, "pyodide.mjs"))) as {
    loadPyodide: (o: object) => Promise<Py>;
  };
  const py = await loadPyodide({ indexURL: `${dir}/` });
  if (withMore) py.FS.writeFile(MORE_STDLIB_PATH, more);
  installMoreStdlib(py);
  return py;
}
const [harnessSource, turtleSource] = ["harness.py", "turtle.py"].map((f) =>
  fs.readFileSync(path.join(import.meta.dirname, "../../shared/grading", f), "utf8"),
);
/** As the browser's worker starts Python: the second zip mounted as a file fetched on first read
 * (`download` stands for the request; its calls are counted), the finder installed, then the
 * harness. */
async function workerPython(first: Uint8Array, download: () => Uint8Array, options: object = {}) {
  const py = await loadFrom(first, options);
  const fetches = { count: 0 };
  mountMoreStdlib(py.FS, "/pyodide/more.zip", () => {
    fetches.count++;
    return download();
  });
  installMoreStdlib(py);
  return { py, fetches };
}
/** A program run through the harness: its output, or its error line. */
function runThrough(py: Py, code: string, input = "") {
  py.globals.set("CODE", code);
  py.globals.set("INPUT", input);
  return py.runPython("_r = run_program(CODE, INPUT)\n_r['error'] or _r['output']") as string;
}
/** The zip without the named files. */
function without(zip: Uint8Array, names: string[]) {
  const files = unzipSync(zip);
  for (const name of names) delete files[name];
  return zipSync(files, { level: 0 });
}
const loaded = browserPyodide();
/** Every file of the two zips, a compiled module under its source's name. */
async function splitNames() {
  const { first, more } = await split;
  const named = (zip: Uint8Array) => Object.keys(unzipSync(zip)).map((n) => n.replace(/\.pyc$/, ".py"));
  return { first: named(first), more: named(more) };
}

/** Modules a GCSE program (or the harness) may import. */
const GCSE = `math random time datetime string re json csv collections itertools functools statistics
copy decimal fractions textwrap operator typing dataclasses enum heapq bisect array calendar pprint os
sys secrets timeit hashlib pickle base64 tempfile shutil glob pathlib locale difflib struct queue
threading contextlib abc numbers unicodedata io warnings weakref inspect traceback keyword
zipfile colorsys this unittest doctest`.split(/\s+/);

const strFromBytes = (b: Uint8Array) => new TextDecoder().decode(b);

describe("the browser's standard library", () => {
  it("is smaller, stored, and leaves out what the list says", () => {
    const names = Object.keys(unzipSync(trimmed));
    expect(trimmed.length).toBeLessThan(fullZip.length * 2); // stored: larger than deflated, but…
    expect(names.length).toBeLessThan(Object.keys(unzipSync(fullZip)).length / 2);
    for (const out of ["email/", "xml/", "sqlite3/", "tarfile.py"])
      expect(
        names.some((n) => n.startsWith(out)),
        out,
      ).toBe(false);
  });

  it("puts modules back when asked", () => {
    expect(parsePutBack(" email, xml ,,")).toEqual(["email", "xml"]);
    expect(leftOut(["email", "tarfile"])).not.toContain("email");
    expect(leftOut(["email", "tarfile"])).not.toContain("tarfile.py");
    expect(leftOut([]).length).toBe(LEFT_OUT.length);
    const names = Object.keys(unzipSync(trimStdlib(fullZip, ["email", "encodings"])));
    expect(names).toContain("email/message.py");
    expect(names).toContain("encodings/shift_jis.py");
  });

  it("keeps of _pyrepl only what pdb imports, and all of it when put back", () => {
    const names = Object.keys(unzipSync(trimmed)).filter((n) => n.startsWith("_pyrepl/") && !n.endsWith("/"));
    expect(names.sort()).toEqual([
      "_pyrepl/__init__.py",
      "_pyrepl/trace.py",
      "_pyrepl/types.py",
      "_pyrepl/utils.py",
    ]);
    expect(Object.keys(unzipSync(trimStdlib(fullZip, ["_pyrepl"])))).toContain("_pyrepl/readline.py");
  });

  it("lists no packages in the lock file (none is served)", () => {
    const lock = JSON.parse(fs.readFileSync(path.join(dir, "pyodide-lock.json"), "utf8"));
    expect(lock.packages).toEqual({});
    expect(lock.info.python).toMatch(/^3\./);
  });

  it("has no comments or docstrings, every line where CPython's library has it", async () => {
    const py = await loaded;
    const names = await splitNames();
    const original = unzipSync(trimmed);
    const stripped = unzipSync((await split).more);
    expect([...new Set([...names.first, ...names.more])].sort()).toEqual(Object.keys(original).sort());
    for (const name of Object.keys(stripped).filter((n) => n.endsWith(".py"))) {
      const [a, b] = [strFromBytes(original[name]), strFromBytes(stripped[name])];
      expect(b.split("\n").length, name).toBe(a.split("\n").length);
    }
    const statistics = strFromBytes(stripped["statistics.py"]);
    expect(statistics.split("\n")[0]).toBe(""); // the module's docstring
    expect(statistics.split("\n").filter((l) => l.trim().startsWith("#"))).toEqual([]);
    const lines = strFromBytes(original["statistics.py"]).split("\n");
    const at = lines.findIndex((l) => l.includes("def mean("));
    expect(statistics.split("\n")[at]).toBe(lines[at]);
    // -OO's library still runs a program's own doctests and unit tests (decision 056's golden cases).
    expect(
      py.runPython(`
import doctest, io, types, unittest
m = types.ModuleType("m")
exec('def f():\\n    """\\n    >>> 1 + 1\\n    2\\n    """\\n', m.__dict__)
d = doctest.testmod(m)
class T(unittest.TestCase):
    def test_a(self):
        self.assertEqual(1, 1)
r = unittest.TextTestRunner(stream=io.StringIO()).run(unittest.defaultTestLoader.loadTestsFromTestCase(T))
f"{d.attempted} {d.failed} {r.testsRun} {len(r.failures)}"
`),
    ).toBe("1 0 1 0");
    py.globals.set("AT", at + 1);
    expect(
      py.runPython(
        "import statistics, inspect; statistics.mean.__doc__ is None and inspect.getsourcelines(statistics.mean)[1] == AT",
      ),
    ).toBe(true);
    // A compiled module keeps CPython's line numbers (tracebacks, warnings), not column ranges.
    const randomLines = strFromBytes(original["random.py"]).split("\n");
    py.globals.set("RANDINT_AT", randomLines.findIndex((l) => l.includes("def randint(")) + 1);
    expect(
      py
        .runPython(`
import random
code = random.randint.__code__
(random.__file__.endswith("random.pyc"), random.randint.__doc__ is None, code.co_firstlineno == RANDINT_AT,
 all(col is None for _l, _e, col, _ec in code.co_positions()))
`)
        ?.toString(),
    ).toBe("(True, True, True, True)");
  }, 120_000);

  it("holds in the first zip, compiled, everything a first Run imports, and nothing else", async () => {
    const names = await splitNames();
    const first = Object.keys(unzipSync((await split).first));
    expect(first.every((n) => n.endsWith(".pyc"))).toBe(true);
    for (const startup of [
      "random.py",
      "traceback.py",
      "asyncio/events.py",
      "_pyodide/_base.py",
      "datetime.py",
    ])
      expect(names.first, startup).toContain(startup);
    // os and codecs are frozen into the interpreter: their source is only ever read, never compiled.
    for (const later of [
      "statistics.py",
      "unittest/case.py",
      "doctest.py",
      "pdb.py",
      "encodings/cp437.py",
      "os.py",
      "codecs.py",
    ])
      expect(names.more, later).toContain(later);
    // With no second zip at all, first lessons' programs run: nothing they import is only there.
    const py = await browserPyodide(false);
    const [harness, turtle] = ["harness.py", "turtle.py"].map((f) =>
      fs.readFileSync(path.join(import.meta.dirname, "../../shared/grading", f), "utf8"),
    );
    loadHarness(py as never, harness, { turtle });
    py.globals.set(
      "PROGRAMS",
      [
        'n = int(input("How many? "))\nfor i in range(n):\n    print(i * "*")',
        "import random\nprint(random.randint(1, 6) in range(1, 7))",
        'import math, time, datetime\nprint(math.pi > 3, datetime.date(2026, 1, 2).strftime("%d/%m"))',
        "scores = {'a': 1}\nprint(scores['b'])",
        'import turtle\nturtle.forward(10)\nturtle.left(90)\nprint("drawn")',
      ].join("\0"),
    );
    const results = py.runPython(`
import sys
out = []
for program in PROGRAMS.split("\\0"):
    r = run_program(program, "3\\n")
    out.append(r["error"] or r["output"].strip())
try:
    import statistics
    out.append("statistics imported")
except ModuleNotFoundError:
    out.append("statistics not found")
" | ".join(out)
`);
    expect(results).toBe(
      "*\n** | True | True 02/01 | Error: KeyError: 'b' (line 2) | drawn | statistics not found",
    );
  }, 120_000);

  it("finds a module of the second zip once it can be read, never remembering it as missing", async () => {
    const py = await browserPyodide(false);
    const { more } = await split;
    const tryImport =
      "try:\n    import statistics\n    r = statistics.mean([1, 2, 6])\nexcept ModuleNotFoundError as e:\n    r = str(e)\nr";
    expect(py.runPython(tryImport)).toBe("No module named 'statistics'");
    py.FS.writeFile(MORE_STDLIB_PATH, more); // the connection is back
    expect(py.runPython(tryImport)).toBe(3);
    expect(py.runPython("import encodings.cp437, unittest, sys; encodings.cp437.__file__")).toBe(
      `${MORE_STDLIB_PATH}/encodings/cp437.py`,
    );
  }, 120_000);

  it("imports every module it keeps and every GCSE module in Pyodide; a left-out one is not found", async () => {
    const py = await loaded;
    const names = await splitNames();
    const tops = new Set<string>();
    for (const name of [...names.first, ...names.more]) {
      const top = name.split("/")[0].replace(/\.py$/, "");
      if (top && !top.includes("-") && (!top.startsWith("_") || top === "__future__")) tops.add(top);
    }
    py.globals.set("NAMES", [...tops, ...GCSE].join(" "));
    const failures = py.runPython(`
import io, contextlib, warnings
bad = []
with contextlib.redirect_stdout(io.StringIO()), warnings.catch_warnings():
    warnings.simplefilter("ignore")
    for n in NAMES.split():
        try:
            __import__(n)
        except BaseException as e:
            bad.append(f"{n}: {type(e).__name__}: {e}")
import datetime
datetime.datetime.strptime("2026-11-26", "%Y-%m-%d")
"£".encode("cp1252"); "x".encode("utf-16"); "bücher.example".encode("idna")
try:
    import email
    bad.append("email imported")
except ModuleNotFoundError as e:
    pass
"; ".join(bad)
`);
    expect(failures).toBe("");
  }, 120_000);
});

describe("the second zip in a hostile world (decision 078's review)", () => {
  it("holds every module but those of Pyodide's own start, so any deploy's first zip is completed by it", async () => {
    const { first, more } = await split;
    const inMore = Object.keys(unzipSync(more));
    // A first program's modules are in both; Pyodide's own start (the same in every deploy of one
    // Pyodide, whose version is in the URL) only in the first.
    for (const both of ["datetime.py", "csv.py"]) expect(inMore, both).toContain(both);
    for (const boot of ["random.py", "asyncio/events.py", "tempfile.py"])
      expect(inMore, boot).not.toContain(boot);
    // The first zip of a deploy whose first programs imported neither datetime nor csv, kept by a
    // browser for good (immutable, precached), beside this deploy's second zip; and a harness of a
    // later deploy importing a module this first zip lacks.
    const older = without(first, ["datetime.pyc", "csv.pyc"]);
    const { py, fetches } = await workerPython(older, () => more);
    loadHarness(py as never, `${harnessSource}\nimport statistics as _later\n`, { turtle: turtleSource });
    expect(fetches.count).toBe(1);
    expect(
      runThrough(
        py,
        'import datetime, csv, io\nprint(datetime.date(2026, 1, 2).strftime("%d/%m"), next(csv.reader(io.StringIO("a,b"))))',
      ),
    ).toBe("02/01 ['a', 'b']\n");
  }, 120_000);

  it("is never fetched by Pyodide's start, the harness or first lessons' programs; once by a later import", async () => {
    const { first, more } = await split;
    const { py, fetches } = await workerPython(first, () => more);
    loadHarness(py as never, harnessSource, { turtle: turtleSource });
    const programs: [string, string][] = [
      ['name = input("Name? ")\nprint("Hello", name)', "Hello Sam\n"],
      ["age = int(input())", "Error: ValueError: invalid literal for int() with base 10: 'Sam' (line 1)"],
      ["prnt('x')", "Error: NameError: name 'prnt' is not defined (line 1)"],
      [
        "def f(n):\n    return f(n + 1)\nf(0)",
        "Error: RecursionError: maximum recursion depth exceeded (line 2)",
      ],
      ["if True\n  print(1)", "Error: SyntaxError: expected ':' (line 1)"],
      ["import random, math, time\ntime.sleep(0.01)\nprint(random.randint(1, 1), math.floor(2.5))", "1 2\n"],
      ["import os\nos.system('cls')\nprint('cleared')", "cleared\n"],
      ["open('missing.txt')", "Error: FileNotFoundError: File not found: missing.txt (line 1)"],
      ["f = open('x.txt', 'w')\nf.write('hi')\nf.close()\nprint(open('x.txt').read())", "hi\n"],
      ["import string\nprint(string.ascii_lowercase[:3], f'{3.14159:.2f}')", "abc 3.14\n"],
      ["'a' + 1", 'Error: TypeError: can only concatenate str (not "int") to str (line 1)'],
      ["import turtle\nturtle.forward(10)\nprint('drawn')", "drawn\n"],
    ];
    for (const [code, expected] of programs) expect(runThrough(py, code, "Sam\n"), code).toBe(expected);
    expect(fetches.count).toBe(0);
    expect(runThrough(py, "import statistics, fractions, unittest\nprint(statistics.mean([1, 2, 6]))")).toBe(
      "3\n",
    );
    expect(runThrough(py, "import decimal, encodings.cp437\nprint(decimal.Decimal('1.5'))")).toBe("1.5\n");
    expect(fetches.count).toBe(1);
  }, 120_000);

  it("says a failed download is one (offline, a sign-in page), tries again at the next import, and finds no third-party module", async () => {
    const { first, more } = await split;
    let answer: () => Uint8Array = () => {
      throw new Error("offline");
    };
    const { py, fetches } = await workerPython(first, () => answer());
    loadHarness(py as never, harnessSource, { turtle: turtleSource });
    const failed =
      "Error: ModuleNotFoundError: statistics could not be loaded: this part of Python's library could not be downloaded. Check the connection and run the program again. (line 1)";
    expect(runThrough(py, "import statistics")).toBe(failed);
    // Not a standard module: the usual message, whatever the network.
    expect(runThrough(py, "import numpy")).toBe(
      "Error: ModuleNotFoundError: File not found: numpy (only Python's standard modules can be imported here) (line 1)",
    );
    // A program that tries an optional module still goes on.
    expect(runThrough(py, "try:\n    import fractions\nexcept ImportError:\n    print('without')")).toBe(
      "without\n",
    );
    // A school network's sign-in page (200, HTML) is a failed download too, not a zip kept for good.
    answer = () => new TextEncoder().encode("<html>Sign in to the school network</html>");
    expect(runThrough(py, "import statistics")).toBe(failed);
    answer = () => more;
    expect(runThrough(py, "import statistics\nprint(statistics.mean([1, 3]))")).toBe("2\n");
    expect(runThrough(py, "import numpy")).toContain("File not found: numpy");
    expect(fetches.count).toBe(5); // one request an import while it fails, none once it has not
  }, 120_000);

  it("after a snapshot is restored, reads both zips as mounted now, with one finder", async () => {
    const { first, more } = await split;
    // Made where the second zip was the whole library (an unprepared server), with a module read
    // from it; restored beside a prepared second zip: another layout under the same path.
    const whole = trimStdlib(fullZip, []);
    const made = await workerPython(first, () => whole, { _makeSnapshot: true });
    loadHarness(made.py as never, harnessSource, { turtle: turtleSource });
    made.py.runPython("import statistics");
    const snapshot = made.py.makeMemorySnapshot();
    // A program in the tab that made it harms only that tab: the snapshot was taken before.
    runThrough(
      made.py,
      `import os, sys
sys.meta_path[-1].importers.clear()
os.chmod("${MORE_STDLIB_PATH}", 0o666)
with open("${MORE_STDLIB_PATH}", "r+b") as f:
    f.write(b"broken" * 1000)
os.remove("${MORE_STDLIB_PATH}")`,
    );
    expect(runThrough(made.py, "import doctest")).toContain("File not found: doctest");
    const restored = await workerPython(first, () => more, { _loadSnapshot: snapshot });
    expect(
      runThrough(
        restored.py,
        "import sys, difflib, unittest, statistics\nprint(difflib.SequenceMatcher(None, 'ab', 'ac').ratio(), unittest.TestCase.__name__, sum(getattr(f, '__name__', '') == 'MoreStandardLibrary' for f in sys.meta_path))",
      ),
    ).toBe("0.5 TestCase 1\n");
  }, 120_000);
});

describe("a snapshot made on another deploy's first zip (decision 078's review)", () => {
  it("reads the first zip mounted now, not the directory the snapshot cached", async () => {
    const { first, more } = await split;
    // Before 078, or from an unprepared server: the whole library, as source, under the same URL.
    const whole = trimStdlib(fullZip, []);
    const made = await workerPython(whole, () => whole, { _makeSnapshot: true });
    loadHarness(made.py as never, harnessSource, { turtle: turtleSource });
    const restored = await workerPython(first, () => more, { _loadSnapshot: made.py.makeMemorySnapshot() });
    expect(
      runThrough(
        restored.py,
        "import json, datetime, statistics\nprint(json.dumps([datetime.date(2026, 1, 2).day]), statistics.mean([1, 3]))",
      ),
    ).toBe("[2] 2\n");
  }, 120_000);
});

describe("the preparation's lock", () => {
  it("is taken over when the start that made it is gone, never while it runs", () => {
    const lock = fs.mkdtempSync(path.join(os.tmpdir(), "pyodide-lock-"));
    try {
      expect(lockIsLeftOver(lock)).toBe(false); // just taken: no process named yet
      fs.writeFileSync(path.join(lock, "pid"), String(process.pid));
      expect(lockIsLeftOver(lock)).toBe(false);
      const gone = spawnSync(process.execPath, ["-e", "0"]).pid;
      fs.writeFileSync(path.join(lock, "pid"), String(gone));
      expect(lockIsLeftOver(lock)).toBe(true);
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  });
});
