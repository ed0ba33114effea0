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
import { createConsoleRecorder, splitInput } from "../../shared/grading/console-recorder.mjs";
import { closeJsBridges } from "../../shared/grading/js-bridges.mjs";

/** @typedef {{ pyodideDir: string, harnessPath: string, wasmModule?: WebAssembly.Module, snapshot?: SharedArrayBuffer, interrupt?: SharedArrayBuffer, makeSnapshot?: boolean }} WorkerData */
/** @type {WorkerData} */
const data = workerData;
const port = /** @type {import("node:worker_threads").MessagePort} */ (parentPort);

/** The running test's console: every byte the program writes, recorded outside Python. */
/** @type {import("../../shared/grading/console-recorder.mjs").ConsoleRecorder | null} */
let recorder = null;
const SIGINT = 2;
const BLOCKED_PROCESS = "Error: running other programs is not allowed here\n";

function neutraliseChildProcess() {
  const refused = () => {
    // Said in the program's output, so ctypes/posix system() calls fail visibly, not just 127.
    recorder?.print(BLOCKED_PROCESS);
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
  // `js` and `pyodide_js`, also where bootstrap already imported them (pyodide_js.mountNodeFS
  // would otherwise still mount the host's file system).
  closeJsBridges(py);
  if (data.interrupt) py.setInterruptBuffer(new Int32Array(data.interrupt));

  // Everything the program shows is recorded here, in JavaScript: bytes written to fd 1/2
  // (print, sys.__stdout__, os.write alike), console-only text written to the console device
  // (prompts), and each input line as it is consumed (echoed by us, not by Python).
  const EIO = 29; // Emscripten's (WASI) numbering
  const signal = data.interrupt ? new Int32Array(data.interrupt) : null;
  /** A refused write fails in Python (OSError); past the cap the program is also interrupted. */
  const refuse = () => {
    if (recorder?.limited() && signal) Atomics.store(signal, 0, SIGINT);
    return new py.FS.ErrnoError(EIO);
  };
  /** @param {TextDecoder} decoder */
  const writer = (decoder) => ({
    isatty: false,
    /** @param {Uint8Array} bytes */
    write(bytes) {
      const text = decoder.decode(bytes, { stream: true });
      if (recorder && !recorder.print(text)) throw refuse();
      return bytes.length;
    },
  });
  const decoders = [new TextDecoder(), new TextDecoder()];
  py.setStdout(writer(decoders[0]));
  py.setStderr(writer(decoders[1]));

  /** Input lines of the running test, and the bytes of the line being handed out. */
  /** @type {string[]} */
  let lines = [];
  /** @type {Uint8Array | null} */
  let pending = null;
  let pendingAt = 0;
  const encoder = new TextEncoder();
  py.setStdin({
    isatty: false,
    /** @param {Uint8Array} buffer */
    read(buffer) {
      if (!recorder) return 0;
      if (!pending) {
        if (lines.length === 0) return 0;
        const line = /** @type {string} */ (lines.shift());
        // The console shows each consumed line as typed, with its Enter.
        if (!recorder.console(`${line}\n`)) throw refuse();
        pending = encoder.encode(`${line}\n`);
        pendingAt = 0;
      }
      const n = Math.min(buffer.length, pending.length - pendingAt);
      buffer.set(pending.subarray(pendingAt, pendingAt + n));
      pendingAt += n;
      if (pendingAt >= pending.length) pending = null;
      return n;
    },
  });

  // Console-only text (prompts): a device the harness writes to. The program can write there
  // too, which only moves its own text from the output to the console-only part.
  const CONSOLE_DEVICE = "/dev/pyclass-console";
  const consoleDev = py.FS.makedev(64, 0);
  const consoleDecoder = new TextDecoder();
  py.FS.registerDevice(consoleDev, {
    open() {},
    close() {},
    read() {
      return 0;
    },
    /** @param {unknown} _stream @param {Int8Array} buffer @param {number} offset @param {number} length */
    write(_stream, buffer, offset, length) {
      const bytes = new Uint8Array(buffer.buffer, buffer.byteOffset + offset, length);
      const text = consoleDecoder.decode(bytes, { stream: true });
      if (recorder && !recorder.console(text)) throw refuse();
      return length;
    },
  });
  py.FS.mkdev(CONSOLE_DEVICE, consoleDev);
  const openConsole = () => py.FS.open(CONSOLE_DEVICE, "w").fd;
  let consoleFd = openConsole();

  // A clear message for the obvious attempts. Not the defence (a re-imported posix gets the
  // original back); the neutralised spawnSync above is.
  py.runPython(BLOCK_SYSTEM);
  // Normally restored with the snapshot; a plain load (no snapshot) runs it here.
  if (!data.snapshot) py.runPython(readFileSync(data.harnessPath, "utf8"), { filename: "harness.py" });
  // Taken once, before any student code runs.
  const runOnHost = py.globals.get("run_on_host");
  const PythonError = py.ffi.PythonError;
  port.postMessage({ type: "ready", ms: performance.now() - started });

  port.on("message", (/** @type {{type: string, code: string, input: string, maxOutput: number}} */ msg) => {
    if (msg?.type !== "test") return;
    if (signal) Atomics.store(signal, 0, 0);
    lines = splitInput(String(msg.input ?? ""));
    pending = null;
    recorder = createConsoleRecorder({ maxOutput: Number(msg.maxOutput) || 0 });
    /** @type {unknown} */
    let error = null;
    try {
      // The program may have closed or replaced the console descriptor in an earlier test.
      const stream = py.FS.getStream(consoleFd);
      if (!stream || stream.node?.rdev !== consoleDev) consoleFd = openConsole();
      const answer = runOnHost(String(msg.code ?? ""), consoleFd);
      if (typeof answer === "string" || answer === undefined || answer === null) error = answer ?? null;
      else {
        /** @type {any} */ (answer)?.destroy?.();
        error = UNREADABLE;
      }
    } catch (e) {
      if (!(e instanceof PythonError)) {
        // Not the program's exception: the interpreter itself failed (JS stack overflow, fatal
        // error). Report it and let the host recycle us.
        recorder = null;
        port.postMessage({ type: "fatal", message: e instanceof Error ? e.message : String(e) });
        return;
      }
      // The harness catches the program's exceptions, so it was itself replaced: say so.
      const type = /** @type {{type?: unknown}} */ (e).type;
      error = typeof type === "string" && /^[A-Za-z_][\w.]{0,99}$/.test(type) ? `Error: ${type}` : UNREADABLE;
    }
    // Bytes of a character split across writes.
    for (const d of decoders) recorder.print(d.decode());
    recorder.console(consoleDecoder.decode());
    const result = {
      type: "result",
      transcript: recorder.transcript(),
      output: recorder.output(),
      error,
      limited: recorder.limited(),
    };
    recorder = null;
    if (signal) Atomics.store(signal, 0, 0);
    port.postMessage(result);
  });
}

const UNREADABLE = "Error: the grader could not read this run";

main().catch((e) => {
  port.postMessage({ type: "fatal", message: e instanceof Error ? e.stack : String(e) });
});
