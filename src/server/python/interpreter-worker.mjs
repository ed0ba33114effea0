// @ts-check
// One sandboxed Pyodide interpreter in a worker thread of the grader host (grader-host.mjs).
// Plain JavaScript on purpose: the sandboxed process runs with code generation from strings
// disabled and no TypeScript loader (tsx would spawn esbuild, which the sandbox forbids).
//
// Hardening, in the order it must happen (see docs/decisions/002-python-runtime.md):
// 1. child_process is neutralised before Pyodide loads: Emscripten's system() calls
//    spawnSync(cmd, {shell: true}), so os.system would otherwise run host commands.
// 2. The `ws` module Pyodide uses for sockets is replaced by one that refuses to connect/listen.
// 3. Pyodide loads from a copy whose wasm memory is capped at 512 MiB, with an empty JS globals
//    object, no environment and an end-of-file stdin; then the `js` and `pyodide_js` bridges are
//    unregistered. The process runs with --disallow-code-generation-from-strings, which closes
//    the Function-constructor route from any JsProxy that remains.
import childProcess from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire, syncBuiltinESMExports } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parentPort, workerData } from "node:worker_threads";

/** @typedef {{ pyodideDir: string, harnessPath: string, wasmModule?: WebAssembly.Module, snapshot?: SharedArrayBuffer, interrupt?: SharedArrayBuffer, makeSnapshot?: boolean }} WorkerData */
/** @type {WorkerData} */
const data = workerData;
const port = /** @type {import("node:worker_threads").MessagePort} */ (parentPort);

// Capped below the Python-level cap's headroom: raw writes to fd 1/2 (os.write, io.FileIO)
// bypass the harness, so they get their own cap here.
const RAW_OUTPUT_CAP = 1_000_000;

/** Output written past sys.stdout (fd 1/2, and the note below) for the running test. */
let raw = "";
let rawOverflow = false;
const BLOCKED_PROCESS = "Error: running other programs is not allowed here\n";

function neutraliseChildProcess() {
  const refused = () => {
    // Said in the program's output, so ctypes/posix system() calls fail visibly, not just 127.
    if (raw.length + BLOCKED_PROCESS.length <= RAW_OUTPUT_CAP) raw += BLOCKED_PROCESS;
    return refusedResult();
  };
  const refusedResult = () => ({
    status: 127,
    signal: null,
    pid: 0,
    output: [],
    stdout: "",
    stderr: "",
    error: new Error("disabled"),
  });
  const throws = () => {
    throw new Error("Starting processes is disabled in the grader.");
  };
  // Returning (not throwing) from spawnSync keeps Emscripten's system() from aborting Pyodide.
  const cp = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (childProcess));
  cp.spawnSync = refused;
  cp.execSync = throws;
  cp.execFileSync = throws;
  cp.spawn = throws;
  cp.exec = throws;
  cp.execFile = throws;
  cp.fork = throws;
  syncBuiltinESMExports();
}

/** Set once Pyodide has loaded: an error Emscripten turns into a Python OSError. */
/** @type {(() => Error) | null} */
let permissionDenied = null;

function neutraliseSockets() {
  const req = createRequire(path.join(data.pyodideDir, "pyodide.asm.mjs"));
  // Emscripten calls this from connect() (inside a try: EHOSTUNREACH) and from listen() (no
  // try): a plain Error there is fatal to Pyodide, an FS.ErrnoError becomes PermissionError.
  function NoNetwork() {
    throw permissionDenied ? permissionDenied() : new Error("Network access is disabled in the grader.");
  }
  NoNetwork.Server = NoNetwork;
  NoNetwork.WebSocketServer = NoNetwork;
  const wsPath = req.resolve("ws");
  req(wsPath);
  const cached = req.cache[wsPath];
  if (!cached) throw new Error("could not neutralise ws");
  cached.exports = NoNetwork;
}

// Runs in __main__, where the harness also lives: a function, so it leaves no names behind.
const SCRUB_JS_REFERENCES = `
def _pyclass_scrub():
    import sys
    from pyodide.ffi import JsProxy
    for name in list(sys.modules):
        if name.split(".")[0] in ("js", "pyodide_js"):
            del sys.modules[name]
    for module in list(sys.modules.values()):
        namespace = getattr(module, "__dict__", None)
        if isinstance(namespace, dict):
            for key, value in list(namespace.items()):
                if isinstance(value, JsProxy):
                    del namespace[key]
_pyclass_scrub()
del _pyclass_scrub
`;

/**
 * The host compiles Pyodide's 9.6 MB wasm module once and shares it with every worker: V8 then
 * shares the compiled (and optimised) code instead of compiling it again per interpreter.
 */
function useSharedWasmModule() {
  const shared = data.wasmModule;
  if (!shared) return;
  const instantiate = WebAssembly.instantiate;
  /** @type {any} */
  const wasm = WebAssembly;
  wasm.instantiate = async (/** @type {any} */ source, /** @type {any} */ imports) => {
    if (source instanceof WebAssembly.Module) return instantiate(source, imports);
    return { module: shared, instance: await instantiate(shared, imports) };
  };
}

// A clear message for the obvious attempts. Not the defence (a re-imported posix gets the
// original back); the neutralised spawnSync is.
const BLOCK_SYSTEM = `
def _pyclass_block_system():
    import os, posix
    def system(command):
        raise PermissionError("running other programs is not allowed here")
    os.system = posix.system = system
_pyclass_block_system()
del _pyclass_block_system
`;

async function load() {
  neutraliseChildProcess();
  neutraliseSockets();
  useSharedWasmModule();
  const { loadPyodide } = await import(pathToFileURL(path.join(data.pyodideDir, "pyodide.mjs")).href);
  /** @type {Record<string, unknown>} */
  const options = {
    indexURL: `${data.pyodideDir}/`,
    jsglobals: Object.create(null),
    env: { HOME: "/home/pyodide" },
    stdin: () => null,
    // sys.executable would otherwise show this file's path on the host.
    _sysExecutable: "python",
    stdout: () => {},
    stderr: () => {},
  };
  if (data.makeSnapshot) options._makeSnapshot = true;
  else if (data.snapshot) options._loadSnapshot = new Uint8Array(data.snapshot);
  const py = await loadPyodide(options);
  // Globals Pyodide left behind for itself; nothing in Python may reach them, but drop them anyway.
  delete (/** @type {Record<string, unknown>} */ (globalThis).require);
  return py;
}

async function main() {
  const started = performance.now();
  const py = await load();
  if (data.makeSnapshot) {
    // The harness (and what it imports) goes into the snapshot: ≈100 ms less per interpreter.
    py.runPython(readFileSync(data.harnessPath, "utf8"), { filename: "harness.py" });
    const bytes = py.makeMemorySnapshot();
    port.postMessage({ type: "snapshot", bytes }, [bytes.buffer]);
    return;
  }
  const EACCES = 2; // Emscripten's (WASI) numbering
  permissionDenied = () => new py.FS.ErrnoError(EACCES);
  // Pyodide logs failed writes and fatal errors with console.*: a program catching errors in a
  // loop could flood the server's log. The host learns what it needs through messages.
  for (const level of /** @type {const} */ (["log", "info", "warn", "error", "debug"]))
    console[level] = () => {};
  py.unregisterJsModule("js");
  py.unregisterJsModule("pyodide_js");
  // Unregistering stops new imports, but bootstrap already imported both: drop them from
  // sys.modules and from every module that kept a reference (pyodide_js.mountNodeFS would
  // otherwise still mount the host's file system).
  py.runPython(SCRUB_JS_REFERENCES);
  if (data.interrupt) py.setInterruptBuffer(new Int32Array(data.interrupt));

  const rawWrite = {
    /** @param {Uint8Array} bytes */
    write(bytes) {
      if (raw.length + bytes.length > RAW_OUTPUT_CAP) {
        rawOverflow = true;
        throw new Error("output limit reached");
      }
      raw += new TextDecoder().decode(bytes);
      return bytes.length;
    },
  };
  py.setStdout(rawWrite);
  py.setStderr(rawWrite);
  py.setStdin({ stdin: () => null });

  // A clear message for the obvious attempts. Not the defence (a re-imported posix gets the
  // original back); the neutralised spawnSync above is.
  py.runPython(BLOCK_SYSTEM);
  // Normally restored with the snapshot; a plain load (no snapshot) runs it here.
  if (!data.snapshot) py.runPython(readFileSync(data.harnessPath, "utf8"), { filename: "harness.py" });
  const runProgramJson = py.globals.get("run_program_json");
  port.postMessage({ type: "ready", ms: performance.now() - started });

  port.on("message", (/** @type {{type: string, code: string, input: string, maxOutput: number}} */ msg) => {
    if (msg.type !== "test") return;
    if (data.interrupt) Atomics.store(new Int32Array(data.interrupt), 0, 0);
    raw = "";
    rawOverflow = false;
    const t0 = performance.now();
    try {
      const run = JSON.parse(runProgramJson(msg.code, msg.input, msg.maxOutput));
      if (raw) {
        run.transcript = appendRaw(run.transcript, run.error, raw);
        run.output = appendRaw(run.output, run.error, raw);
      }
      if (rawOverflow && run.error_type !== "OutputLimit") {
        run.error_type = "OutputLimit";
        run.error = "[output limit reached]";
        run.transcript = `${run.transcript.replace(/\n?$/, "\n")}[output limit reached]`;
        run.output = `${run.output.replace(/\n?$/, "\n")}[output limit reached]`;
      }
      port.postMessage({ type: "result", run, timeMs: performance.now() - t0 });
    } catch (e) {
      // The harness catches every Python exception, so reaching here means the interpreter
      // itself failed (JS stack overflow, fatal error): report it and let the host recycle us.
      port.postMessage({ type: "fatal", message: e instanceof Error ? e.message : String(e) });
    }
  });
}

/** Raw fd writes are appended before the error line, if any. */
function appendRaw(
  /** @type {string} */ text,
  /** @type {string|null} */ error,
  /** @type {string} */ extra,
) {
  if (error && text.endsWith(error)) {
    const head = text.slice(0, -error.length);
    return `${head}${extra}${extra.endsWith("\n") ? "" : "\n"}${error}`;
  }
  return text + extra;
}

main().catch((e) => {
  port.postMessage({ type: "fatal", message: e instanceof Error ? e.stack : String(e) });
});
