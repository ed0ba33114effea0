// @ts-check
// A grader host: a child process of the server, started with an empty environment,
// --disallow-code-generation-from-strings and an OS memory limit (RLIMIT_DATA, see
// grader-pool.ts), that runs student programs in worker threads (interpreter-worker.mjs). The
// pool starts one host per grading slot and sends it one test at a time; the host runs each
// job's tests in that job's own interpreter, enforces the test's time limit (interrupt, then
// terminate) and answers with the run it built from the worker's record. A job's interpreter
// is one in its start state: either put back into it after the previous job
// (interpreter-reset.mjs, decision 038) or a new one, pre-spawned from a memory snapshot. The
// CLI instead keeps one interpreter for every job.
//
// IPC in:  {type: "test", seq, job, code, input, timeMs, maxOutput, graceMs?, cpuMs?, drawing?} · {type: "release", job}
//          · {type: "stop", seq, graceMs?} (the pool wants the slot back now: as if the time limit fired)
// IPC out: {type: "ready"} · {type: "ran", seq, run: {run|null, timeMs, reason, drawing?}, killed,
//          interpreters: {started, reused}} · {type: "failed", seq, message}
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { OUTPUT_LIMIT_LINE, recordedRun } from "../../shared/grading/console-recorder.mjs";
import { HARNESS_PATH, preparePyodideDir, TURTLE_PATH } from "./pyodide-files.mjs";

const WORKER_PATH = path.join(path.dirname(fileURLToPath(import.meta.url)), "interpreter-worker.mjs");
/** After an interrupt, how long the program may take to stop before its worker is killed. */
const INTERRUPT_GRACE_MS = 1000;
/** The shortest grace the pool may ask for (a slice's stop, decision 049). */
const MIN_GRACE_MS = 20;
/** How often a test with a CPU slice looks at the CPU it has used. */
const CPU_POLL_MS = 10;
const SIGINT = 2;

const options = JSON.parse(process.argv[2] ?? "{}");
const reuse = Boolean(options.reuse);
// One new interpreter stays ready (≈80–110 MB while idle) for a job whose predecessor left
// its interpreter unusable: it hides the ≈0.25 s start of the next.
const spareTarget = reuse ? 0 : 1;

/** @param {unknown} msg */
function send(msg) {
  if (process.connected) process.send?.(msg);
}

/** @type {SharedArrayBuffer | undefined} */
let snapshot;
const pyodideDir = preparePyodideDir(options.cacheRoot);
// The snapshot holds the harness (and the turtle module it provides) already loaded, made with
// the worker's load options: it is keyed by these files' content, so changing any makes a new one.
const snapshotHash = createHash("sha256")
  .update(fs.readFileSync(HARNESS_PATH))
  .update(fs.readFileSync(TURTLE_PATH))
  .update(fs.readFileSync(WORKER_PATH))
  .digest("hex")
  .slice(0, 16);
const snapshotPath = path.join(pyodideDir, `snapshot-${snapshotHash}.bin`);
/** Compiled once here, shared by every interpreter (see useSharedWasmModule in the worker). */
const wasmModule = await WebAssembly.compile(fs.readFileSync(path.join(pyodideDir, "pyodide.asm.wasm")));

/** @typedef {{ worker: Worker, interrupt: Int32Array, ready: Promise<void>, isReady: boolean, stopped: boolean, dead: boolean, reused: boolean, onMessage: ((m: any) => void) | null, onExit: (() => void) | null }} Slot */

/** @returns {Promise<void>} */
async function ensureSnapshot() {
  if (fs.existsSync(snapshotPath)) {
    const bytes = fs.readFileSync(snapshotPath);
    snapshot = new SharedArrayBuffer(bytes.length);
    new Uint8Array(snapshot).set(bytes);
    return;
  }
  const worker = new Worker(WORKER_PATH, {
    workerData: { pyodideDir, harnessPath: HARNESS_PATH, wasmModule, makeSnapshot: true },
    env: {},
  });
  const bytes = await new Promise((resolve, reject) => {
    worker.on("message", (m) => (m.type === "snapshot" ? resolve(m.bytes) : reject(new Error(m.message))));
    worker.on("error", reject);
    worker.on("exit", () => reject(new Error("snapshot worker exited")));
  });
  await worker.terminate();
  const tmp = `${snapshotPath}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, bytes);
  fs.renameSync(tmp, snapshotPath);
  // Snapshots of older harness or worker versions are never read again (31 MB each).
  for (const file of fs.readdirSync(pyodideDir)) {
    if (/^snapshot-.*\.bin$/.test(file) && path.join(pyodideDir, file) !== snapshotPath) {
      fs.rmSync(path.join(pyodideDir, file), { force: true });
    }
  }
  snapshot = new SharedArrayBuffer(bytes.length);
  new Uint8Array(snapshot).set(bytes);
}

/** Interpreters this host started, and jobs that got one put back into its start state. */
const interpreters = { started: 0, reused: 0 };

/** @returns {Slot} */
function spawn() {
  interpreters.started++;
  const interrupt = new SharedArrayBuffer(4);
  const worker = new Worker(WORKER_PATH, {
    workerData: { pyodideDir, harnessPath: HARNESS_PATH, wasmModule, snapshot, interrupt },
    env: {},
    // Only the JS heap; wasm memory is capped by the patched module (this limit ignores it).
    resourceLimits: { maxOldGenerationSizeMb: 256 },
  });
  /** @type {Slot} */
  const slot = {
    worker,
    interrupt: new Int32Array(interrupt),
    dead: false,
    reused: false,
    isReady: false,
    stopped: false,
    onMessage: null,
    onExit: null,
    ready: Promise.resolve(),
  };
  slot.ready = new Promise((resolve, reject) => {
    slot.onMessage = (m) => {
      if (m.type === "ready") resolve();
      else reject(new Error(m.message));
    };
    slot.onExit = () => reject(new Error("interpreter exited while starting"));
  });
  slot.ready.then(
    () => {
      slot.isReady = true;
    },
    () => {},
  );
  // Messages come from the thread the student's program runs in: nothing here may throw.
  worker.on("message", (m) => {
    try {
      slot.onMessage?.(m);
    } catch {
      slot.dead = true;
      slot.worker.terminate().catch(() => {});
    }
  });
  worker.on("error", () => {
    slot.dead = true;
  });
  worker.on("exit", () => {
    slot.dead = true;
    slot.onExit?.();
  });
  return slot;
}

/** Ready (or starting) interpreters waiting for a job. */
/** @type {Slot[]} */
const spares = [];
/** The CLI's one warm interpreter. */
/** @type {Slot | null} */
let kept = null;
let snapshotFailures = 0;

function topUp() {
  while (spares.length < spareTarget) {
    const slot = spawn();
    slot.ready.catch(() => {});
    spares.push(slot);
  }
}

/** @returns {Promise<Slot>} */
async function take() {
  if (reuse && kept && !kept.dead) return kept;
  for (;;) {
    // The last one in first: an interpreter being put back is preferred to the new spare, which
    // stays for the next job that leaves its interpreter unusable. But one whose program was
    // stopped at its limit (a slice, decision 049: many of those in a row under a flood of
    // endless loops) is not waited for while another is ready: its reset is off the path.
    const last = spares.at(-1);
    const readyAt = last?.stopped && !last.isReady ? spares.findLastIndex((s) => s.isReady && !s.dead) : -1;
    const slot = (readyAt >= 0 ? spares.splice(readyAt, 1)[0] : spares.pop()) ?? spawn();
    topUp();
    try {
      await slot.ready;
      if (reuse) kept = slot;
      if (slot.reused) interpreters.reused++;
      return slot;
    } catch (e) {
      await slot.worker.terminate();
      // Not a start that failed: the job before left it in a state we do not put back.
      if (slot.reused) continue;
      // A snapshot that no longer loads (e.g. a corrupt file): drop it, use plain loads.
      if (snapshot && ++snapshotFailures >= 2) {
        snapshot = undefined;
        fs.rmSync(snapshotPath, { force: true });
        for (const s of spares.splice(0)) s.worker.terminate();
      } else if (!snapshot && ++snapshotFailures >= 4) {
        throw e;
      }
    }
  }
}

/**
 * The job is done with its interpreter: it is put back into its start state for the next job
 * (a spare again once the worker says so), or ended when that is not possible.
 * @param {Slot} slot
 */
function release(slot) {
  if (reuse && !slot.dead) return;
  if (slot.dead) {
    slot.worker.terminate();
    return;
  }
  slot.reused = true;
  slot.isReady = false;
  slot.ready = new Promise((resolve, reject) => {
    slot.onMessage = (m) => {
      if (m?.type === "reset" && m.clean === true) resolve();
      else reject(new Error(`not reusable: ${typeof m?.why === "string" ? m.why : "unknown"}`));
    };
    slot.onExit = () => reject(new Error("interpreter exited while resetting"));
  });
  slot.ready.then(
    () => {
      slot.onMessage = null;
      slot.onExit = null;
      slot.isReady = true;
    },
    () => {
      slot.dead = true;
      slot.worker.terminate();
    },
  );
  slot.worker.postMessage({ type: "reset" });
  spares.push(slot);
}

/** A record the host could not use: the pool reads it as a failed test. */
const UNREADABLE_RUN = { unreadable: true };

/**
 * The test's run, built here from the worker's record of what the program wrote (transcript,
 * output, whether the cap was reached) and the error line the harness claimed — each checked
 * for type and size, then merged by recordedRun (console-recorder.mjs, the same merge as the
 * browser's). Null when the record is unusable.
 * @param {any} m @param {number} maxOutput
 */
function buildRun(m, maxOutput) {
  const { transcript, output, error, limited } = m ?? {};
  // Code points never exceed UTF-16 units, and the recorder kept at most maxOutput of them.
  if (typeof transcript !== "string" || transcript.length > 2 * maxOutput) return null;
  if (typeof output !== "string" || output.length > transcript.length) return null;
  return recordedRun({ transcript, output, limited: limited === true, error });
}

/**
 * Runs one test; resolves with the run built from the worker's record, or null if the worker
 * had to be killed. A time limit that fired is final: the test fails as timed out, whatever the program did afterwards (what it printed after the
 * interrupt stays in its output, before the TimeoutError line).
 * @param {Slot} slot
 * @param {{code: string, input: string, timeMs: number, maxOutput: number, graceMs: number, cpuMs: number, drawing: boolean}} test
 * @param {(stop: (graceMs?: number) => void) => void} onStart  given the function that stops this test now
 */
function runTest(slot, test, onStart) {
  return new Promise((resolve) => {
    const started = performance.now();
    /** @type {"timeout" | null} */
    let reason = null;
    /** @type {NodeJS.Timeout | undefined} */
    let kill;
    /** @type {NodeJS.Timeout | undefined} */
    let cpuWatch;
    const finish = (/** @type {any} */ result) => {
      clearTimeout(limit);
      clearTimeout(kill);
      clearInterval(cpuWatch);
      slot.onMessage = null;
      slot.onExit = null;
      Atomics.store(slot.interrupt, 0, 0);
      resolve(result);
    };
    /**
     * Ends the test's thread, and answers only once it has gone: a killed program's JS heap (up to
     * this process's memory limit) must be given back before the next test's interpreter
     * allocates, or the two together can take the whole host down. Slices (decision 049) made this
     * common: a memory-hungry program stopped in its slice is run again at once in full.
     * @param {any} result
     */
    const endThenFinish = (result) => {
      slot.onMessage = null;
      slot.worker
        .terminate()
        .catch(() => {})
        .then(() => finish(result));
    };
    const stop = (graceMs = test.graceMs) => {
      if (reason !== null) return;
      clearTimeout(limit);
      clearInterval(cpuWatch);
      reason = "timeout";
      Atomics.store(slot.interrupt, 0, SIGINT);
      kill = setTimeout(() => {
        slot.dead = true;
        endThenFinish({ run: null, timeMs: performance.now() - started, reason });
      }, graceMs);
    };
    const limit = setTimeout(() => stop(), test.timeMs);
    if (test.cpuMs > 0) {
      // A slice (decision 049) is CPU time: this process runs one test at a time, so its CPU
      // is the program's (plus a reset or a spare starting beside it, which only ends a slice
      // sooner). A correct program on a loaded machine waits for a core but uses little of it.
      const cpu0 = process.cpuUsage();
      cpuWatch = setInterval(() => {
        const used = process.cpuUsage(cpu0);
        if ((used.user + used.system) / 1000 >= test.cpuMs) stop();
      }, CPU_POLL_MS);
    }
    onStart(stop);
    slot.onMessage = (m) => {
      if (m?.type === "result") {
        const run = buildRun(m, test.maxOutput);
        // Only a KeyboardInterrupt (ours) says where a timed-out program was.
        if (run && reason === "timeout" && !run.error?.startsWith("Error: KeyboardInterrupt"))
          run.line = null;
        // The cap was reached before the time limit (nothing is recorded after it fires).
        const why = run?.error === OUTPUT_LIMIT_LINE ? null : reason;
        // A drawing test's drawing (decision 064): the worker's normal form, checked by the pool.
        const drawing = test.drawing ? m.drawing : undefined;
        finish({ run: run ?? UNREADABLE_RUN, timeMs: performance.now() - started, reason: why, drawing });
      } else if (m?.type === "fatal") {
        slot.dead = true;
        endThenFinish({ run: null, timeMs: performance.now() - started, reason: reason ?? "crash" });
      }
    };
    slot.onExit = () => finish({ run: null, timeMs: performance.now() - started, reason: reason ?? "crash" });
    Atomics.store(slot.interrupt, 0, 0);
    slot.worker.postMessage({
      type: "test",
      code: test.code,
      input: test.input,
      maxOutput: test.maxOutput,
      drawing: test.drawing,
    });
  });
}

/** The interpreter of the job this host ran last (each job starts in one in its start state). */
/** @type {{ slot: Slot, job: string } | null} */
let current = null;

/** @param {string} job @returns {Promise<Slot>} */
async function interpreterFor(job) {
  if (reuse) return take();
  if (current && current.job === job && !current.slot.dead) return current.slot;
  if (current) release(current.slot);
  current = null;
  const slot = await take();
  current = { slot, job };
  return slot;
}

/** The test in flight, and how to stop it before its time limit (the pool's "stop"). */
/** @type {{ seq: number, stop: ((graceMs?: number) => void) | null, stopGraceMs: number | null } | null} */
let inFlight = null;

/** A grace the pool asked for, kept within [MIN_GRACE_MS, INTERRUPT_GRACE_MS]. @param {unknown} x */
function graceOf(x) {
  const ms = Number(x);
  return Number.isFinite(ms) && ms > 0
    ? Math.min(INTERRUPT_GRACE_MS, Math.max(MIN_GRACE_MS, ms))
    : INTERRUPT_GRACE_MS;
}

/** @param {{seq: number, job: string, code: string, input: string, timeMs: number, maxOutput: number, graceMs?: number, cpuMs?: number, drawing?: boolean}} msg */
async function runOne(msg) {
  /** @type {{ seq: number, stop: ((graceMs?: number) => void) | null, stopGraceMs: number | null }} */
  const flight = { seq: msg.seq, stop: null, stopGraceMs: null };
  inFlight = flight;
  const slot = await interpreterFor(String(msg.job));
  if (flight.stopGraceMs !== null) {
    // Stopped before it could start: the pool discards this run anyway.
    if (inFlight === flight) inFlight = null;
    send({
      type: "ran",
      seq: msg.seq,
      run: { run: null, timeMs: 0, reason: "timeout" },
      killed: false,
      interpreters,
    });
    return;
  }
  const r = await runTest(
    slot,
    {
      code: String(msg.code),
      input: String(msg.input ?? ""),
      timeMs: Number(msg.timeMs),
      maxOutput: Number(msg.maxOutput),
      graceMs: graceOf(msg.graceMs),
      cpuMs: Number.isFinite(Number(msg.cpuMs)) ? Math.max(0, Number(msg.cpuMs)) : 0,
      drawing: msg.drawing === true,
    },
    (stop) => {
      flight.stop = stop;
    },
  );
  if (inFlight === flight) inFlight = null;
  slot.stopped = r?.reason === "timeout";
  const killed = slot.dead;
  if (killed && current?.slot === slot) current = null;
  send({ type: "ran", seq: msg.seq, run: r, killed, interpreters });
}

// The pool (the web server) sends one test at a time and decides which job goes next.
process.on("message", (/** @type {any} */ msg) => {
  if (msg?.type === "test") {
    runOne(msg).catch((e) =>
      send({ type: "failed", seq: msg.seq, message: e instanceof Error ? e.message : String(e) }),
    );
  } else if (msg?.type === "stop" && inFlight && inFlight.seq === msg.seq) {
    inFlight.stopGraceMs = graceOf(msg.graceMs);
    inFlight.stop?.(inFlight.stopGraceMs);
  } else if (msg?.type === "release" && current && current.job === msg.job) {
    release(current.slot);
    current = null;
  }
});
// The server went away: nothing left to grade for.
process.on("disconnect", () => process.exit(0));

try {
  await ensureSnapshot();
} catch (e) {
  // Plain loads are slower (≈2 s per interpreter) but still correct.
  console.error(
    `grader: no memory snapshot (${e instanceof Error ? e.message : e}); loading Pyodide without one`,
  );
  snapshot = undefined;
}
topUp();
if (reuse) kept = await take();
else await spares[0]?.ready.catch(() => {});
send({ type: "ready" });
