// @ts-check
// The browser's copy of Pyodide (decision 069): the npm package's files with the standard library
// trimmed to what a GCSE program can use in a browser and stored uncompressed in its zip (so one
// Brotli stream compresses across all of it), each file kept beside its Brotli (quality 11) and
// gzip forms. Made once per Pyodide version and module list into node_modules/.cache by
// `npm start` (plain JS: scripts/start.mjs runs it without a TypeScript loader); the server serves
// what is there, or trims in memory and gzips on the fly when nothing was made (dev, tests).
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { unzipSync, zipSync } from "fflate";
import { loadHarness } from "../../shared/grading/load-harness.mjs";
import { MORE_STDLIB_FILE } from "../../shared/grading/more-stdlib.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));

/** The files the browser fetches from /pyodide/<version>/, and their types. */
export const WEB_FILES = {
  "pyodide.mjs": "text/javascript; charset=utf-8",
  "pyodide.asm.mjs": "text/javascript; charset=utf-8",
  "pyodide.asm.wasm": "application/wasm",
  "python_stdlib.zip": "application/zip",
  [MORE_STDLIB_FILE]: "application/zip",
  "pyodide-lock.json": "application/json; charset=utf-8",
};

/**
 * Top-level standard-library names left out of the browser's zip: networking and e-mail, other
 * processes, debuggers and profilers, test frameworks, packaging tools, archives and data formats
 * a GCSE program has no use for in a browser. Every name kept must still import (tested), and
 * Pyodide itself needs asyncio, logging, socket, selectors and subprocess, which stay. The
 * server's grader keeps the whole library. BROWSER_PYTHON_MODULES puts names back.
 */
export const LEFT_OUT = [
  "email",
  "mailbox.py",
  "smtplib.py",
  "imaplib.py",
  "poplib.py",
  "ftplib.py",
  "http",
  "urllib",
  "wsgiref",
  "xmlrpc",
  "socketserver.py",
  "xml",
  "html",
  "_markupbase.py",
  "netrc.py",
  "nturl2path.py",
  "mimetypes.py",
  "multiprocessing",
  // unittest and doctest stay (and what they import: argparse, gettext, pdb, bdb, cmd, _pyrepl): programs from real
  // courses call unittest.main() and doctest.testmod() (decision 056; the golden harness cases).
  "pydoc.py",
  "cProfile.py",
  "profile.py",
  "pstats.py",
  "trace.py",
  "tracemalloc.py",
  "tarfile.py",
  "zipapp.py",
  "compileall.py",
  "py_compile.py",
  "modulefinder.py",
  "pyclbr.py",
  "tabnanny.py",
  "pickletools.py",
  "sqlite3",
  "tomllib",
  "plistlib.py",
  "shelve.py",
  "wave.py",
  "ipaddress.py",
  "_pyio.py",
  "ctypes",
  "optparse.py",
  "getopt.py",
  "pty.py",
  "tty.py",
  "rlcompleter.py",
  "quopri.py",
  "uuid.py",
  "configparser.py",
  "shlex.py",
  "filecmp.py",
  "fileinput.py",
  "sched.py",
  "graphlib.py",
  "getpass.py",
  "symtable.py",
  "pkgutil.py",
  "runpy.py",
  "zoneinfo",
  "antigravity.py",
  "webbrowser.py",
  "__phello__",
  "__hello__.py",
  // Parts of kept packages nothing imports on this platform or at a program's import.
  "asyncio/windows_events.py",
  "asyncio/windows_utils.py",
  "asyncio/__main__.py",
  "logging/handlers.py",
  "logging/config.py",
  "importlib/metadata",
  "importlib/resources",
  "concurrent/futures/process.py",
  "concurrent/interpreters",
  "json/tool.py",
  "sysconfig/__main__.py",
  "_pydatetime.py",
  "_pylong.py",
  "platform.py",
];

/** encodings/: the Unicode ones, Latin-1, Windows-1252, DOS 437 and the text transforms. */
const ENCODINGS_KEPT = new Set([
  "__init__.py",
  "aliases.py",
  "ascii.py",
  "latin_1.py",
  "utf_8.py",
  "utf_8_sig.py",
  "utf_16.py",
  "utf_16_le.py",
  "utf_16_be.py",
  "utf_32.py",
  "utf_32_le.py",
  "utf_32_be.py",
  "charmap.py",
  "cp1252.py",
  "cp437.py",
  "iso8859_1.py",
  "iso8859_15.py",
  "raw_unicode_escape.py",
  "unicode_escape.py",
  "undefined.py",
  "idna.py",
  "punycode.py",
  "hex_codec.py",
  "base64_codec.py",
  "rot_13.py",
]);

/**
 * _pyrepl/: only what pdb imports (its colouring, pdb is kept for doctest); the rest is the
 * interactive console's line editor, which no program in a browser runs.
 */
const PYREPL_KEPT = new Set(["__init__.py", "utils.py", "types.py", "trace.py"]);

/**
 * Packages of which only some files are kept; putting the package's name back keeps it all.
 * @type {Record<string, Set<string>>}
 */
const PARTLY_KEPT = { encodings: ENCODINGS_KEPT, _pyrepl: PYREPL_KEPT };

/**
 * "email, xml" → ["email", "xml"]: the names BROWSER_PYTHON_MODULES puts back.
 * @param {string | undefined} text
 */
export function parsePutBack(text) {
  return (text ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * The names left out once `putBack` is honoured ("xml" and "xml.py" both name a module).
 * @param {string[]} putBack
 */
export function leftOut(putBack) {
  const back = new Set(putBack.map((n) => n.replace(/\.py$/, "")));
  return LEFT_OUT.filter((n) => !back.has(n.replace(/\.py$/, "")));
}

/**
 * The trimmed standard library as a zip whose entries are stored, not deflated.
 * @param {Uint8Array} zip the package's python_stdlib.zip
 * @param {string[]} putBack
 */
export function trimStdlib(zip, putBack) {
  const out = new Set(leftOut(putBack));
  /** @type {Record<string, [Uint8Array, { level: 0 }]>} */
  const kept = {};
  for (const [name, data] of Object.entries(unzipSync(zip))) {
    const [top, rest] = [name.split("/")[0], name.split("/").slice(1).join("/")];
    if (out.has(top) || [...out].some((o) => o.includes("/") && (name === o || name.startsWith(`${o}/`))))
      continue;
    const partly = Object.hasOwn(PARTLY_KEPT, top) ? PARTLY_KEPT[top] : null;
    if (partly && rest && !putBack.includes(top) && !partly.has(rest)) continue;
    kept[name] = [data, { level: 0 }];
  }
  return zipSync(kept, { level: 0 });
}

/** @type {string[] | undefined} */
let harnessText;
/**
 * The platform's own Python the browser loads before any program: its imports are startup's. Read
 * once: the server asks for the prepared directory's name on every request until it exists.
 */
function harnessFiles() {
  harnessText ??= ["harness.py", "turtle.py"].map((f) =>
    fs.readFileSync(path.join(here, "../../shared/grading", f), "utf8"),
  );
  return harnessText;
}

/**
 * Programs like a first lesson's, run through the harness to find what a first Run imports: input
 * and print, the modules GCSE programs start with, dates, an error, a warning, the turtle.
 */
const FIRST_RUNS = [
  'name = input("Name? ")\nprint("Hello", name, int("4") * 2.5, round(3.14159, 2), f"{7:>3}")',
  "import random, math, time\nprint(random.randint(1, 6), random.choice('ab'), math.sqrt(16), time.time() > 0)",
  'import datetime, csv\nprint(datetime.date(2026, 11, 26).strftime("%d/%m/%Y"))',
  "x = [1, 2, 3]\nprint(x[5])",
  "print(1 / 0)",
  'import warnings\nwarnings.warn("careful")',
  "import turtle\nt = turtle.Turtle()\nt.forward(50)\nt.left(90)",
];

/**
 * The standard library's files (zip paths, e.g. "asyncio/events.py") a first Run has imported in
 * the browser: Pyodide's own start, the harness, and FIRST_RUNS run through it (`startup`), and
 * those of Pyodide's own start alone (`boot`). Found in a fresh Pyodide, as the browser's worker
 * starts one.
 */
async function startupFiles() {
  const { loadPyodide } = await import(path.join(pyodidePackageDir(), "pyodide.mjs"));
  const py = await loadPyodide({ indexURL: `${pyodidePackageDir()}/`, jsglobals: Object.create(null) });
  py.runPython(`
def _stdlib_files():
    import os, sys
    root = os.path.dirname(os.__file__) + "/"
    found = set()
    for module in list(sys.modules.values()):
        file = getattr(module, "__file__", None)
        # Frozen modules (os, codecs, importlib's bootstrap...) name a file but come from the
        # interpreter itself: compiling them again would only add bytes.
        frozen = getattr(getattr(module, "__spec__", None), "origin", None) == "frozen"
        if isinstance(file, str) and file.startswith(root) and file.endswith(".py") and not frozen:
            found.add(file[len(root):])
    return sorted(found)
`);
  const files = () => {
    const list = py.runPython("_stdlib_files()");
    try {
      return new Set(/** @type {string[]} */ (list.toJs()));
    } finally {
      list.destroy();
    }
  };
  const boot = files();
  const [harness, turtle] = harnessFiles();
  loadHarness(py, harness, { turtle });
  py.globals.set("FIRST_RUNS", py.toPy(FIRST_RUNS));
  py.runPython(`
for _program in FIRST_RUNS:
    run_program(_program, "Sam\\n")
`);
  return { startup: files(), boot };
}

// Compiled as the browser's zipimport finds it: a .pyc beside no source is used as it is (no
// timestamp to check). Without column ranges (-X no_debug_ranges): a third smaller, and only a
// traceback's ^^^ marks under a line of the library itself need them; line numbers are kept.
const COMPILE_PYC = `
def compile_pyc(source, filename):
    import importlib.util, marshal
    try:
        code = compile(source, filename, "exec", dont_inherit=True)
    except SyntaxError:
        return None
    return importlib.util.MAGIC_NUMBER + bytes(12) + marshal.dumps(code)
`;

/**
 * The standard library as the browser gets it from a prepared directory, in two zips (decision
 * 078). `first`: what a first Run imports (startupFiles), compiled, so the browser does not
 * compile ~125 modules from source before its first output (1.2 s of a 2.8 s first start here);
 * the rest, `more`, as source without comments and docstrings (strip-python.py, run in Pyodide:
 * the library is Python 3.14's, newer than any Python this machine may have; decision 074). Line
 * numbers are kept in both. The browser fetches `more` the first time a program imports a module
 * that is only there (more-stdlib.mjs). `more` also holds the source of what `first` holds, but
 * for Pyodide's own start: both are cached for good under one URL each, so a browser may hold the
 * first zip of one deploy and the second of another, whose harness or first programs imported
 * other modules at startup; whatever such a first zip lacks, the second has (Pyodide's own start
 * cannot differ: a new Pyodide is a new URL).
 * @param {Uint8Array} zip the package's python_stdlib.zip
 * @param {string[]} putBack
 */
export async function browserStdlib(zip, putBack) {
  const files = unzipSync(trimStdlib(zip, putBack));
  const { startup, boot } = await startupFiles();
  const { loadPyodide } = await import(path.join(pyodidePackageDir(), "pyodide.mjs"));
  const py = await loadPyodide({ indexURL: `${pyodidePackageDir()}/`, env: { PYTHONNODEBUGRANGES: "1" } });
  py.runPython(fs.readFileSync(path.join(here, "strip-python.py"), "utf8"));
  py.runPython(COMPILE_PYC);
  const root = /** @type {string} */ (py.runPython("import os; os.path.dirname(os.__file__)"));
  const strip = py.globals.get("strip");
  const compilePyc = py.globals.get("compile_pyc");
  const decoder = new TextDecoder("utf-8", { fatal: true });
  /** @type {Record<string, [Uint8Array, { level: 0 }]>} */
  const first = {};
  /** @type {Record<string, [Uint8Array, { level: 0 }]>} */
  const more = {};
  try {
    for (const [name, data] of Object.entries(files)) {
      let bytes = data;
      let stripped = null;
      if (name.endsWith(".py")) {
        let text = null;
        try {
          text = decoder.decode(data);
        } catch {
          // Not UTF-8 (a declared other encoding): kept as it is.
        }
        if (text !== null) {
          stripped = strip(text);
          bytes = new TextEncoder().encode(stripped);
        }
      }
      if (!boot.has(name)) more[name] = [bytes, { level: 0 }];
      if (!startup.has(name)) continue;
      const pyc = stripped === null ? null : compilePyc(stripped, `${root}/${name}`);
      if (pyc) {
        first[`${name}c`] = [pyc.toJs(), { level: 0 }];
        pyc.destroy();
      } else {
        first[name] = [bytes, { level: 0 }];
      }
    }
  } finally {
    strip.destroy();
    compilePyc.destroy();
  }
  return { first: zipSync(first, { level: 0 }), more: zipSync(more, { level: 0 }) };
}

/**
 * pyodide-lock.json without its packages: this server serves none of them (only WEB_FILES), so
 * the list of 357 wheels was 22 kB of Brotli naming files no student could fetch.
 * @param {Uint8Array} bytes
 */
export function emptyLockFile(bytes) {
  const lock = JSON.parse(new TextDecoder().decode(bytes));
  return new TextEncoder().encode(JSON.stringify({ ...lock, packages: {} }));
}

export function pyodidePackageDir() {
  return path.dirname(createRequire(import.meta.url).resolve("pyodide"));
}

/** @type {string | undefined} */
let version;
function pyodideVersion() {
  version ??= JSON.parse(fs.readFileSync(path.join(pyodidePackageDir(), "package.json"), "utf8")).version;
  return version;
}

const defaultCacheRoot = () => path.resolve(here, "../../../node_modules/.cache/pyclass-pyodide");

/** What preparation does to the files, in the directory's name: a change makes a new directory. */
const PREPARED_FORM = "stripped-stdlib,startup-compiled-2,more-zip-but-boot,empty-lock";

/**
 * Where the prepared files for this version and module list live.
 * @param {string[]} putBack
 */
export function webPyodideDir(putBack, cacheRoot = defaultCacheRoot()) {
  const key = createHash("sha256")
    .update(
      `${PREPARED_FORM}:${leftOut(putBack).join(",")}:${Object.values(PARTLY_KEPT)
        .map((k) => [...k])
        .join(",")}`,
    )
    // What startup imports depends on the harness: a changed harness makes the first zip again.
    .update(harnessFiles().join("\0"))
    .digest("hex")
    .slice(0, 12);
  return path.join(cacheRoot, `web-${pyodideVersion()}-${key}`);
}

/**
 * The prepared directory, if a complete one exists.
 * @param {string[]} putBack
 */
export function preparedWebPyodide(putBack, cacheRoot = defaultCacheRoot()) {
  const dir = webPyodideDir(putBack, cacheRoot);
  return fs.existsSync(path.join(dir, ".complete")) ? dir : null;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Brotli at its best quality with a 16 MB window (the wasm and the stdlib are one stream each).
 * @param {Uint8Array} bytes
 */
export function brotliBest(bytes) {
  return brotli(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_LGWIN]: 24,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}

/** @param {Uint8Array} bytes */
export function gzipBest(bytes) {
  return gzip(bytes, { level: 9 });
}

/**
 * A lock left by a start that was killed while compressing (a bench or test stopping its server):
 * its process is gone, or, with no process named yet, it is older than any compression.
 * @param {string} lock
 */
export function lockIsLeftOver(lock) {
  let owner = 0;
  try {
    owner = Number(fs.readFileSync(path.join(lock, "pid"), "utf8").trim()) || 0;
  } catch {
    // Not written yet (the lock was taken a moment ago), or gone with the lock.
  }
  if (owner > 0) {
    try {
      process.kill(owner, 0);
      return false;
    } catch (e) {
      return /** @type {NodeJS.ErrnoException} */ (e).code === "ESRCH";
    }
  }
  const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
  return age > 10 * 60_000;
}

/**
 * Makes the directory once (≈40 s of CPU for the wasm's Brotli), in a private folder renamed into
 * place so a server never reads a half-written one. One process makes it (a lock folder); others
 * started meanwhile wait for it. Returns it.
 * @param {string[]} putBack
 */
export async function prepareWebPyodide(putBack, cacheRoot = defaultCacheRoot()) {
  const dir = webPyodideDir(putBack, cacheRoot);
  const lock = `${dir}.lock`;
  fs.mkdirSync(cacheRoot, { recursive: true });
  for (;;) {
    if (preparedWebPyodide(putBack, cacheRoot)) return dir;
    try {
      fs.mkdirSync(lock);
      fs.writeFileSync(path.join(lock, "pid"), String(process.pid));
      break;
    } catch (e) {
      if (/** @type {NodeJS.ErrnoException} */ (e).code !== "EEXIST") throw e;
      if (lockIsLeftOver(lock)) fs.rmSync(lock, { recursive: true, force: true });
      else await new Promise((r) => setTimeout(r, 1000));
    }
  }
  try {
    if (preparedWebPyodide(putBack, cacheRoot)) return dir;
    // Folders a killed start left half-written.
    for (const entry of fs.readdirSync(cacheRoot)) {
      if (entry.startsWith(`${path.basename(dir)}.tmp-`))
        fs.rmSync(path.join(cacheRoot, entry), { recursive: true, force: true });
    }
    const tmp = `${dir}.tmp-${process.pid}-${randomBytes(4).toString("hex")}`;
    fs.mkdirSync(tmp, { recursive: true });
    const source = pyodidePackageDir();
    const stdlib = await browserStdlib(
      new Uint8Array(fs.readFileSync(path.join(source, "python_stdlib.zip"))),
      putBack,
    );
    for (const file of Object.keys(WEB_FILES)) {
      let bytes =
        file === "python_stdlib.zip"
          ? stdlib.first
          : file === MORE_STDLIB_FILE
            ? stdlib.more
            : new Uint8Array(fs.readFileSync(path.join(source, file)));
      if (file === "pyodide-lock.json") bytes = emptyLockFile(bytes);
      const [br, gz] = await Promise.all([brotliBest(bytes), gzipBest(bytes)]);
      fs.writeFileSync(path.join(tmp, file), bytes);
      fs.writeFileSync(path.join(tmp, `${file}.br`), br);
      fs.writeFileSync(path.join(tmp, `${file}.gz`), gz);
    }
    fs.writeFileSync(path.join(tmp, ".complete"), "");
    fs.rmSync(dir, { recursive: true, force: true });
    fs.renameSync(tmp, dir);
    return dir;
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}
