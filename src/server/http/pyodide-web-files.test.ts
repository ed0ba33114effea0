// The browser's trimmed standard library, loaded in a real Pyodide: everything kept still imports
// (nothing kept needs a module left out), the modules GCSE programs use are there, and a module
// left out says so as CPython would. It is tested as a prepared directory serves it: without
// comments and docstrings (decision 074), every line where it was, in two zips: what a first Run
// imports compiled, the rest found in the second zip when a program imports it (decision 078).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { unzipSync } from "fflate";
import { afterAll, describe, expect, it } from "vitest";
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
  FS: { writeFile(path: string, data: Uint8Array): void };
};
const split = browserStdlib(fullZip, []);
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
    expect([...names.first, ...names.more].sort()).toEqual(Object.keys(original).sort());
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
