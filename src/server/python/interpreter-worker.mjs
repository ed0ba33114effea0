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
import Module, { createRequire, syncBuiltinESMExports } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parentPort, workerData } from "node:worker_threads";
import { drawingShape } from "../../shared/grading/drawing-shape.mjs";
import { closeJsBridges, hidePyodideApi } from "../../shared/grading/js-bridges.mjs";
import { loadHarness } from "../../shared/grading/load-harness.mjs";
import { attachConsole } from "../../shared/grading/pyodide-console.mjs";
import { recordPristine, watchImports } from "./interpreter-reset.mjs";

/** @typedef {{ pyodideDir: string, harnessPath: string, wasmModule?: WebAssembly.Module, snapshot?: SharedArrayBuffer, interrupt?: SharedArrayBuffer, makeSnapshot?: boolean }} WorkerData */
/** @type {WorkerData} */
const data = workerData;
const port = /** @type {import("node:worker_threads").MessagePort} */ (parentPort);

/** The program's console (every byte it writes, recorded outside Python), once attached. */
/** @type {import("../../shared/grading/pyodide-console.mjs").PyodideConsole | null} */
let programConsole = null;
const BLOCKED_PROCESS = "Error: running other programs is not allowed here\n";

function neutraliseChildProcess() {
  const refused = () => {
    // Said in the program's output, so ctypes/posix system() calls fail visibly, not just 127.
    programConsole?.print(BLOCKED_PROCESS);
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
  // Placed in the require cache under ws's own path, so Pyodide's require("ws") gets it and
  // the real module is never loaded (that took ≈12 ms of every interpreter's start).
  const wsPath = req.resolve("ws");
  const stub = new Module(wsPath);
  stub.filename = wsPath;
  stub.loaded = true;
  stub.exports = NoNetwork;
  req.cache[wsPath] = stub;
}

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
    // Pyodide's instance: watched from the start, so that it can be reused (interpreter-reset.mjs).
    const watch = data.makeSnapshot ? null : watchImports(imports);
    const instance = await instantiate(shared, imports);
    if (watch) wasmParts = { instance, imports, module: shared, watch };
    return { module: shared, instance };
  };
}

/** Pyodide's wasm instance and what recordPristine needs with it. */
/** @type {{ instance: WebAssembly.Instance, imports: Record<string, any>, module: WebAssembly.Module, watch: import("./interpreter-reset.mjs").ImportWatch } | null} */
let wasmParts = null;

// A clear message for the obvious attempts outside a run. During a run os.system (and
// posix.system) are harness.py's stand-in, which starts nothing: "clear" clears the console, any
// other command answers like a shell without it. Neither is the defence (a re-imported posix gets
// the original back); the neutralised spawnSync is.
const BLOCK_SYSTEM = `
def _pyclass_block_system():
    import os, posix
    def system(command):
        raise PermissionError("running other programs is not allowed here")
    os.system = posix.system = system
_pyclass_block_system()
del _pyclass_block_system
`;

/**
 * Pyodide's fixed JS reference slots that closing the bridges frees: the `js` globals, one of
 * its own functions, the API and `{}` (found by listing the slots before and after).
 */
const BRIDGE_SLOTS = [1, 4, 5, 6];

/**
 * The references (slot, version and tag bits, Pyodide 314's encoding) of BRIDGE_SLOTS, checked
 * against the slots' contents so that another encoding fails loudly instead of freeing a wrong one.
 * @param {any} module  Pyodide's Emscripten module
 */
function bridgeRefs(module) {
  return BRIDGE_SLOTS.map((slot) => {
    const ref = (module.__hiwire_slot_info(slot) & ~(2 ** 26 - 1)) | (slot << 1) | 1;
    if (module._hiwire_get(ref) !== module.__hiwire_get(slot)) throw new Error("unexpected hiwire reference");
    return ref;
  });
}

/** The modules harness.py provides to programs: turtle.py, which sits beside it. */
function harnessModules() {
  return { turtle: readFileSync(path.join(path.dirname(data.harnessPath), "turtle.py"), "utf8") };
}

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
    // Everything that only changes Python's state goes into the snapshot, so no interpreter
    // started from it repeats it: the harness (and what it imports, ≈100 ms), the closed
    // bridges (a walk over every module, ≈25 ms) and the system() message.
    // Closing the bridges frees the JS reference slots of the `js` and `pyodide_js` modules,
    // but a snapshot must hold Pyodide's fixed slots: held here, released after each restore.
    for (const ref of bridgeRefs(py._module)) py._module._hiwire_incref(ref);
    closeJsBridges(py);
    py.runPython(BLOCK_SYSTEM);
    loadHarness(py, readFileSync(data.harnessPath, "utf8"), harnessModules());
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
  if (data.interrupt) py.setInterruptBuffer(new Int32Array(data.interrupt));
  // The fixed slots the snapshot kept (see above): now nothing holds them, as after a plain load.
  if (data.snapshot) for (const ref of bridgeRefs(py._module)) py._module._hiwire_decref(ref);
  else {
    // Normally restored with the snapshot (see above); a plain load does it here.
    // `js` and `pyodide_js`, also where bootstrap already imported them (pyodide_js.mountNodeFS
    // would otherwise still mount the host's file system).
    closeJsBridges(py);
    py.runPython(BLOCK_SYSTEM);
    loadHarness(py, readFileSync(data.harnessPath, "utf8"), harnessModules());
  }
  // Pyodide's API, still in fixed JS reference slots: a forged reference (ctypes) reached it.
  hidePyodideApi(py);
  // Everything the program shows is recorded in JavaScript (pyodide-console.mjs, shared with the
  // browser worker): bytes written to fd 1/2, console-only text (prompts) written to a console
  // device, each input line as it is consumed. Attached once, before any student code runs.
  const signal = data.interrupt ? new Int32Array(data.interrupt) : null;
  const attached = attachConsole(py, { interrupt: signal });
  programConsole = attached;
  // The state every submission starts from; "reset" brings the interpreter back to it.
  /** @type {ReturnType<typeof recordPristine> | null} */
  let pristine = null;
  try {
    if (wasmParts) pristine = recordPristine({ py, ...wasmParts });
  } catch {
    // Never reused then (every job gets a new interpreter, as before), but still usable.
  }
  let testsSinceReset = 0;
  port.postMessage({ type: "ready", ms: performance.now() - started });

  port.on(
    "message",
    (
      /** @type {{type: string, code: string, input: string, maxOutput: number, drawing?: boolean}} */ msg,
    ) => {
      if (msg?.type === "reset") {
        /** @type {string | null} */
        let why = "no recorded state";
        try {
          if (pristine) why = pristine.restore(testsSinceReset);
        } catch (e) {
          why = `failed: ${e instanceof Error ? e.message : e}`;
        }
        testsSinceReset = 0;
        port.postMessage({ type: "reset", clean: why === null, why });
        return;
      }
      if (msg?.type !== "test") return;
      testsSinceReset++;
      if (signal) Atomics.store(signal, 0, 0);
      /** @type {import("../../shared/grading/pyodide-console.mjs").ConsoleRecord} */
      let record;
      try {
        record = attached.run(String(msg.code ?? ""), {
          input: String(msg.input ?? ""),
          maxOutput: Number(msg.maxOutput) || 0,
        });
      } catch (e) {
        // Not the program's exception: the interpreter itself failed (JS stack overflow, fatal
        // error). Report it and let the host recycle us.
        port.postMessage({ type: "fatal", message: e instanceof Error ? e.message : String(e) });
        return;
      }
      if (signal) Atomics.store(signal, 0, 0);
      const { transcript, output, error, limited } = record;
      // A drawing test (decision 064): the drawing's normal form, small and bounded, not its lines.
      const drawing = msg.drawing === true ? drawingShape(record.drawing, record.drawingLimited) : undefined;
      port.postMessage({ type: "result", transcript, output, error, limited, drawing });
    },
  );
}

main().catch((e) => {
  port.postMessage({ type: "fatal", message: e instanceof Error ? e.stack : String(e) });
});
