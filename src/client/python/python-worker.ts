/// <reference lib="webworker" />
// The browser's Python: one module worker holding Pyodide, served from our own origin. It starts
// from a memory snapshot kept in Cache Storage when it can (≈0.3 s) and makes one otherwise.
// input() blocks here on a SharedArrayBuffer until the page answers; Stop sets the interrupt
// buffer. Every program runs through harness.py's run_on_host, and what it shows is recorded
// and capped by pyodide-console.mjs and console-recorder.mjs: the same code as the server grader.
import { recordedRun } from "../../shared/grading/console-recorder.mjs";
import { commandMs, parseDrawingLine } from "../../shared/grading/drawing.ts";
import { drawingShape } from "../../shared/grading/drawing-shape.mjs";
import harnessSource from "../../shared/grading/harness.py?raw";
import {
  closeJsBridges,
  type HiwireModule,
  hidePyodideApi,
  type PyodideInternals,
} from "../../shared/grading/js-bridges.mjs";
import { loadHarness } from "../../shared/grading/load-harness.mjs";
import { installMoreStdlib, MORE_STDLIB_FILE } from "../../shared/grading/more-stdlib.mjs";
import {
  attachConsole,
  type PyodideConsole,
  type RunOptions,
} from "../../shared/grading/pyodide-console.mjs";
import { PYODIDE_BASE_PATH, PYODIDE_VERSION } from "../../shared/grading/pyodide-version.ts";
import turtleSource from "../../shared/grading/turtle.py?raw";
import type { HarnessRun } from "../../shared/grading/types.ts";
import { type EmscriptenFS, mountMoreStdlib } from "./more-stdlib-file.ts";
import {
  type FromWorker,
  OUTPUT_HEADER_BYTES,
  STDIN_CANCEL,
  STDIN_DATA,
  STDIN_HEADER_BYTES,
  STDIN_WAITING,
  type ToWorker,
} from "./protocol.ts";
import {
  createTraceRecorder,
  type TraceRecorder,
  type TraceRun,
  type TracingPython,
} from "./trace-recorder.ts";

type Pyodide = TracingPython & {
  runPython(code: string, options?: { filename?: string; globals?: unknown }): unknown;
  globals: { get(name: string): unknown };
  setInterruptBuffer(buffer: Int32Array): void;
  makeMemorySnapshot(): Uint8Array;
  unregisterJsModule(name: string): void;
  FS: EmscriptenFS;
  _module: HiwireModule;
  _api: PyodideInternals;
};
type LoadPyodide = (options: Record<string, unknown>) => Promise<Pyodide>;

const SNAPSHOT_CACHE = "pyclass-python";
/** FNV-1a: enough to tell harness versions apart in the cache key. */
function hashText(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16);
}
// The snapshot holds the harness (and the turtle module it provides) already loaded, so a new
// harness needs a new snapshot; and the options it was made with (`empty-jsglobals`: an older one
// was made with the worker's globalThis).
const SNAPSHOT_KEY = `/pyodide-snapshot/${PYODIDE_VERSION}/empty-jsglobals/${hashText(harnessSource)}-${hashText(turtleSource)}`;
/** The modules harness.py provides to programs. */
const HARNESS_MODULES = { turtle: turtleSource };
/** The page is told about new output at most every FLUSH_MS; it also polls the shared buffer each
 * frame, so output printed just before a long silent loop still shows. Without shared memory,
 * text is sent in batches (the first write of a run at once). */
const FLUSH_MS = 16;
const BATCH_CHARS = 8192;

const post = (msg: FromWorker) => (self as DedicatedWorkerGlobalScope).postMessage(msg);

let py: Pyodide;
let programConsole: PyodideConsole;
/** Visualise's recorder (decision 067), made at the first traced run. */
let traceRecorder: TraceRecorder | null = null;
let interrupt: Int32Array | null = null;
let stdinControl: Int32Array | null = null;
let stdinBytes: Uint8Array | null = null;
let outputHeader: Int32Array | null = null;
let outputBytes: Uint8Array | null = null;
const encoder = new TextEncoder();

type CachedSnapshot = { cache: Cache | null; response: Response | undefined };

/**
 * The rest of the standard library, fetched when an import first needs it (decision 078): put in
 * place on every load, before the harness (one newer than the first zip this browser keeps may
 * import a module only the second has) and at once after a snapshot is restored (it drops the
 * zip directories the snapshot cached). The file is not in a snapshot; the finder, installed
 * again, replaces the snapshot's.
 */
function withMoreStdlib(py: Pyodide): Pyodide {
  mountMoreStdlib(py.FS, `${PYODIDE_BASE_PATH}${MORE_STDLIB_FILE}`);
  installMoreStdlib(py);
  return py;
}

/** Looks the snapshot up in Cache Storage (absent on insecure origins and in some modes). */
async function findSnapshot(): Promise<CachedSnapshot> {
  if (typeof caches === "undefined") return { cache: null, response: undefined };
  const cache = await caches.open(SNAPSHOT_CACHE).catch(() => null);
  const response = cache ? await cache.match(SNAPSHOT_KEY).catch(() => undefined) : undefined;
  return { cache, response };
}

async function loadWithSnapshot(
  loadPyodide: LoadPyodide,
  { cache, response }: CachedSnapshot,
  phases: Record<string, number>,
): Promise<{ py: Pyodide; snapshot: "loaded" | "made" | "none"; stored?: Promise<boolean> }> {
  // Not the worker's globalThis (Pyodide's default): the `js` module is closed anyway, and so no
  // JS reference slot holds an object with fetch (see hidePyodideApi).
  const options = { indexURL: PYODIDE_BASE_PATH, jsglobals: Object.create(null) as object };
  if (cache && response) {
    try {
      // A promise: Pyodide fetches and compiles its wasm while the snapshot is being read.
      const bytes = response.arrayBuffer().then((b) => new Uint8Array(b));
      return {
        py: withMoreStdlib(await loadPyodide({ ...options, _loadSnapshot: bytes })),
        snapshot: "loaded",
      };
    } catch {
      // A snapshot that no longer loads is dropped; the load below makes a new one.
      await cache.delete(SNAPSHOT_KEY).catch(() => {});
    }
  }
  if (cache) {
    try {
      const started = performance.now();
      const made = withMoreStdlib(await loadPyodide({ ...options, _makeSnapshot: true }));
      const loaded = performance.now();
      loadHarness(made, harnessSource, HARNESS_MODULES);
      const bytes = made.makeMemorySnapshot();
      // Written while the first program runs (decision 078): the first Run does not wait for the
      // disk. A tab closed within that moment makes the snapshot again next time.
      const stored = cache.put(SNAPSHOT_KEY, new Response(bytes as Uint8Array<ArrayBuffer>)).then(
        () => true,
        () => false,
      );
      // Where a first visit's start goes (the bench prints them): Pyodide's own load (the wasm
      // compiled, the stdlib mounted, Python started), then the snapshot made.
      Object.assign(phases, { pyodide: loaded - started, makeSnapshot: performance.now() - loaded });
      return { py: made, snapshot: "made", stored };
    } catch {
      // Fall through to a plain load.
    }
  }
  const plain = withMoreStdlib(await loadPyodide(options));
  loadHarness(plain, harnessSource, HARNESS_MODULES);
  return { py: plain, snapshot: "none" };
}

async function init(msg: Extract<ToWorker, { type: "init" }>) {
  const started = performance.now();
  try {
    const snapshot = findSnapshot(); // in parallel with importing Pyodide
    const { loadPyodide } = (await import(/* @vite-ignore */ `${PYODIDE_BASE_PATH}pyodide.mjs`)) as {
      loadPyodide: LoadPyodide;
    };
    const imported = performance.now();
    const loadPhases: Record<string, number> = {};
    const loaded = await loadWithSnapshot(loadPyodide, await snapshot, loadPhases);
    const pyodideLoaded = performance.now();
    py = loaded.py;
    // Code here may come from any teacher (starter code): without `js` it cannot act with the
    // student's session (fetch with their cookies) or touch the page's worker. Done after every
    // load, snapshot or not (a snapshot restores the modules). Pyodide's API stays in fixed JS
    // reference slots, where a program forging a reference with ctypes found it (and through it
    // globalThis): emptied too.
    closeJsBridges(py);
    hidePyodideApi(py);
    // Without shared memory (re-run mode) the buffer is still ours to set from this thread: the
    // console interrupts a program that needs a line it hasn't got, or passed the output cap.
    interrupt = msg.interrupt ? new Int32Array(msg.interrupt) : new Int32Array(1);
    Atomics.store(interrupt, 0, 0);
    py.setInterruptBuffer(interrupt);
    if (msg.output) {
      outputHeader = new Int32Array(msg.output, 0, 2);
      outputBytes = new Uint8Array(msg.output, OUTPUT_HEADER_BYTES);
    }
    if (msg.stdin) {
      stdinControl = new Int32Array(msg.stdin, 0, 2);
      stdinBytes = new Uint8Array(msg.stdin, STDIN_HEADER_BYTES);
    }
    // fd 0/1/2 and the console device, recorded outside Python (as on the server).
    programConsole = attachConsole(py, { interrupt });
    const now = performance.now();
    post({
      type: "ready",
      ms: now - started,
      snapshot: loaded.snapshot,
      phases: {
        import: imported - started,
        load: pyodideLoaded - imported,
        setup: now - pyodideLoaded,
        ...loadPhases,
      },
    });
    // Only once it is there: a put refused (storage full) leaves nothing to say.
    void loaded.stored?.then((ok) => ok && post({ type: "snapshot-stored", ms: performance.now() - now }));
  } catch (e) {
    post({ type: "load-failed", message: e instanceof Error ? e.message : String(e) });
  }
}

// Output of the current run.
let currentId = 0;
let pending = "";
let lastFlush = Number.NEGATIVE_INFINITY;

function flush() {
  if (outputHeader) {
    if (pending) post({ type: "stdout", id: currentId, text: null });
  } else if (pending) {
    post({ type: "stdout", id: currentId, text: pending });
  }
  pending = "";
  lastFlush = performance.now();
}

/** os.system("clear"): what was shown so far goes; the page starts the console again from here. */
function clearConsole() {
  if (outputHeader) Atomics.store(outputHeader, 1, Atomics.load(outputHeader, 0));
  flush();
  post({ type: "clear", id: currentId });
}

function emit(text: string) {
  if (outputHeader && outputBytes) {
    const bytes = encoder.encode(text);
    const at = Atomics.load(outputHeader, 0);
    const n = Math.min(bytes.length, outputBytes.length - at);
    outputBytes.set(bytes.subarray(0, n), at);
    Atomics.store(outputHeader, 0, at + n);
    pending = "x"; // something new to announce
  } else {
    pending += text;
  }
  if (pending.length >= BATCH_CHARS || performance.now() - lastFlush >= FLUSH_MS) flush();
}

/** The page animates the turtle's drawing; the program may draw at most this far ahead of it. */
const DRAWING_LEAD_MS = 100;
/** When the page's animation of what was sent so far ends (performance.now() here). */
let animationEnd = 0;

/** A line of the turtle's drawing: to the page, then (interactive mode) the program waits while
 * it is more than DRAWING_LEAD_MS ahead of the animation, as the standard turtle waits for its
 * window, so an endless spiral draws at its speed and Stop ends it where it is. */
function drawing(line: string) {
  const commands = parseDrawingLine(line);
  if (commands.length === 0) return;
  flush();
  post({ type: "drawing", id: currentId, commands });
  let ms = 0;
  for (const command of commands) ms += commandMs(command);
  if (ms === 0) return;
  animationEnd = Math.max(animationEnd, performance.now()) + ms;
  // Sleeping needs shared memory (the interrupt buffer): without it the page just catches up.
  if (!interrupt || !(interrupt.buffer instanceof SharedArrayBuffer)) return;
  for (;;) {
    const ahead = animationEnd - performance.now() - DRAWING_LEAD_MS;
    if (ahead <= 0 || Atomics.load(interrupt, 0) !== 0) return;
    Atomics.wait(interrupt, 0, 0, Math.min(ahead, 50));
  }
}

/** input() in interactive mode: ask the page, then sleep until it answers or Stop cancels. */
function readLine(prompt: string): string {
  const control = stdinControl!;
  flush();
  Atomics.store(control, 0, STDIN_WAITING);
  post({ type: "input-request", id: currentId, prompt });
  for (;;) {
    Atomics.wait(control, 0, STDIN_WAITING, 500);
    const state = Atomics.load(control, 0);
    if (state === STDIN_DATA) {
      // Copy out of the shared buffer before decoding (TextDecoder refuses shared memory).
      const line = new TextDecoder().decode(stdinBytes!.slice(0, Atomics.load(control, 1)));
      Atomics.store(control, 0, STDIN_WAITING);
      return line;
    }
    if (state === STDIN_CANCEL || (interrupt && Atomics.load(interrupt, 0) !== 0)) {
      Atomics.store(control, 0, STDIN_WAITING);
      // The harness turns this into KeyboardInterrupt. (py.checkInterrupt() here would also
      // print a stray "KeyboardInterrupt" line into the program's output.)
      throw new Error("stopped");
    }
  }
}

function execute(
  id: number,
  code: string,
  options: Omit<RunOptions, "onText" | "onWarning" | "onClear" | "stream">,
  trace = false,
  /** A drawing test (decision 064): send the drawing's normal form with the result. */
  shape = false,
): void {
  currentId = id;
  animationEnd = 0;
  pending = "";
  lastFlush = Number.NEGATIVE_INFINITY;
  if (interrupt) Atomics.store(interrupt, 0, 0);
  const started = performance.now();
  try {
    if (trace && !traceRecorder) traceRecorder = createTraceRecorder(py);
    const steps: TraceRun | null = trace && traceRecorder ? traceRecorder.begin() : null;
    let record: ReturnType<PyodideConsole["run"]>;
    try {
      record = programConsole.run(code, {
        ...options,
        onText: (text) => {
          steps?.output(text);
          emit(text);
        },
        onWarning: (text) => post({ type: "warning", id, text }),
        onClear: () => {
          steps?.clear();
          clearConsole();
        },
        // Visualise keeps the drawing for its steps: nothing animated, the program never paced.
        onDrawing: steps ? steps.drawing : options.onDrawing,
        stream: true,
      });
    } finally {
      if (steps) post({ type: "trace", id, trace: steps.finish() });
    }
    // A Stop that came as the program ended must not fire later.
    if (interrupt) Atomics.store(interrupt, 0, 0);
    const run: HarnessRun = recordedRun(record);
    flush();
    const drawing = shape ? drawingShape(record.drawing, record.drawingLimited) : undefined;
    post({
      type: "done",
      id,
      run,
      timeMs: performance.now() - started,
      shownFrom: record.clearedAt,
      drawing,
    });
  } catch (e) {
    flush();
    post({ type: "crashed", id, message: e instanceof Error ? e.message : String(e) });
  }
}

self.onmessage = (event: MessageEvent<ToWorker>) => {
  const msg = event.data;
  if (msg.type === "init") void init(msg);
  else if (msg.type === "run") {
    const rerun = msg.answers !== null;
    execute(
      msg.id,
      msg.code,
      {
        input: rerun ? msg.answers!.map((a) => `${a}\n`).join("") : "",
        readLine: rerun || !stdinControl ? undefined : readLine,
        needMore: rerun,
        // Run Code shows the turtle's drawing; a test run's is not shown.
        onDrawing: drawing,
        maxOutput: msg.maxOutput,
        freshDir: false,
      },
      msg.trace === true,
    );
  } else if (msg.type === "test") {
    execute(
      msg.id,
      msg.code,
      { input: msg.input, maxOutput: msg.maxOutput, freshDir: true },
      false,
      msg.drawing,
    );
  }
};
