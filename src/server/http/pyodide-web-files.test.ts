// The browser's trimmed standard library, loaded in a real Pyodide: everything kept still imports
// (nothing kept needs a module left out), the modules GCSE programs use are there, and a module
// left out says so as CPython would.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { unzipSync } from "fflate";
import { afterAll, describe, expect, it } from "vitest";
import {
  LEFT_OUT,
  leftOut,
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
  if (file !== "python_stdlib.zip") fs.copyFileSync(path.join(source, file), path.join(dir, file));
}
fs.writeFileSync(path.join(dir, "python_stdlib.zip"), trimmed);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Modules a GCSE program (or the harness) may import. */
const GCSE = `math random time datetime string re json csv collections itertools functools statistics
copy decimal fractions textwrap operator typing dataclasses enum heapq bisect array calendar pprint os
sys secrets timeit hashlib pickle base64 tempfile shutil glob pathlib locale difflib struct queue
threading contextlib abc numbers unicodedata io warnings weakref inspect traceback keyword
zipfile colorsys this unittest doctest`.split(/\s+/);

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

  it("imports every module it keeps and every GCSE module in Pyodide; a left-out one is not found", async () => {
    const { loadPyodide } = (await import(path.join(dir, "pyodide.mjs"))) as {
      loadPyodide: (
        o: object,
      ) => Promise<{ runPython(code: string): unknown; globals: { set(k: string, v: unknown): void } }>;
    };
    const py = await loadPyodide({ indexURL: `${dir}/` });
    const tops = new Set<string>();
    for (const name of Object.keys(unzipSync(trimmed))) {
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
"£".encode("cp1252"); "x".encode("utf-16")
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
