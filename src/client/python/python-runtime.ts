// The page side of the browser's Python: owns the worker (python-worker.ts), turns its messages
// into a state React can subscribe to, and enforces Stop and the per-test time limit from
// outside the interpreter (interrupt first; if Python doesn't stop within 1 s, terminate the
// worker and start a new one, which takes ≈0.3 s from the snapshot).
//
// Degraded mode (page not crossOriginIsolated, so no SharedArrayBuffer): input() uses re-runs —
// the program runs until it needs a line nobody has typed yet, the page asks for it, then runs the
// program again from the start with all answers so far. Stop and time limits terminate the worker.

import type { TraceRecord } from "../../shared/domain/visualiser.ts";
import { interruptedRun, toTestResult } from "../../shared/grading/compare.ts";
import type { DrawCommand } from "../../shared/grading/drawing.ts";
import { type DrawingShape, readDrawingShape } from "../../shared/grading/drawing-shape.mjs";
import { wantsDrawing, withDrawing } from "../../shared/grading/drawing-test.ts";
import { gradeFrom } from "../../shared/grading/score.ts";
import {
  DEFAULT_MAX_OUTPUT,
  DEFAULT_TIME_LIMIT_MS,
  type GradeResult,
  type HarnessRun,
  type RunLimits,
  type TestCase,
  type TestResult,
} from "../../shared/grading/types.ts";
import {
  type FromWorker,
  OUTPUT_BUFFER_BYTES,
  OUTPUT_HEADER_BYTES,
  SIGINT,
  STDIN_BUFFER_BYTES,
  STDIN_CANCEL,
  STDIN_DATA,
  STDIN_HEADER_BYTES,
  type ToWorker,
} from "./protocol.ts";

export type PythonState = "loading" | "ready" | "running" | "waiting-for-input";

/** The last Run's turtle drawing (null: the program drew nothing). */
export type TurtleDrawing = {
  /** Which Run drew it: a new Run (a re-run too) starts a new drawing. */
  run: number;
  /** The commands so far, appended in place as they arrive; `count` says how many there are. */
  commands: DrawCommand[];
  count: number;
  /** "stopped": Stop was pressed, so the page shows the rest at once instead of animating it. */
  status: "drawing" | "done" | "stopped";
};

export type PythonSnapshot = {
  state: PythonState;
  /** The console: printed text, prompts and echoed input, then the error line if any — from the
   * program's last os.system("clear") on. */
  output: string;
  /** The run's warnings ("Warning (line N): …"), shown apart from the output. */
  warnings: string[];
  /** The prompt of the input() that is waiting for a line. */
  prompt: string | null;
  /** The turtle's drawing of the last Run, if it drew. */
  drawing: TurtleDrawing | null;
  /** Why Python could not start, if it could not. */
  loadError: string | null;
  /** "interactive": input() waits on the page; "rerun": degraded mode (see above). */
  inputMode: "interactive" | "rerun";
  /** Tests finished so far while runTests() is busy. */
  testsDone: number | null;
  startup: { ms: number; snapshot: "loaded" | "made" | "none"; phases: Record<string, number> } | null;
};

const STOP_GRACE_MS = 1000;

/** A finished run: the harness's run (null if the worker was killed) and where its console starts. */
type Finished = { run: HarnessRun | null; timeMs: number; shownFrom: number; drawing?: DrawingShape | null };

type Waiter = {
  id: number;
  resolve: (r: Finished) => void;
  /** Run (not Run Tests): the console streams, clears and shows warnings. */
  onOutput?: (text: string) => void;
  onClear?: () => void;
  onWarning?: (text: string) => void;
  onDrawing?: (commands: DrawCommand[]) => void;
  onTrace?: (trace: TraceRecord) => void;
};

/** Visualise: the run, its record of steps (null if the worker was killed) and where its console starts. */
export type VisualisedRun = { run: HarnessRun; trace: TraceRecord | null; shownFrom: number };

export class PythonRuntime {
  private worker: Worker | null = null;
  private ready: Promise<void> | null = null;
  private interrupt: Int32Array | null = null;
  private stdin: SharedArrayBuffer | null = null;
  private outputBuffer: SharedArrayBuffer | null = null;
  private outputRead = 0;
  /** The shared buffer's `clearedAt` the console last started from. */
  private outputClearedAt = 0;
  private outputDecoder = new TextDecoder();
  private polling = false;
  private nextId = 1;
  private waiter: Waiter | null = null;
  private stopRequested = false;
  private stopTimer: ReturnType<typeof setTimeout> | undefined;
  private answers: string[] | null = null;
  private listeners = new Set<() => void>();
  private snapshot: PythonSnapshot;
  private notifyQueued = false;
  private firstOutputPending = false;
  /** The current worker has said it is ready. */
  private loaded = false;

  constructor() {
    const isolated = typeof SharedArrayBuffer !== "undefined" && globalThis.crossOriginIsolated === true;
    this.snapshot = {
      state: "loading",
      output: "",
      warnings: [],
      prompt: null,
      drawing: null,
      loadError: null,
      inputMode: isolated ? "interactive" : "rerun",
      testsDone: null,
      startup: null,
    };
  }

  // ---- subscription (useSyncExternalStore) ----
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  private set(patch: Partial<PythonSnapshot>, urgent = false) {
    this.snapshot = { ...this.snapshot, ...patch };
    // Output can arrive thousands of times a second: tell React at most once per frame.
    if (urgent || typeof requestAnimationFrame === "undefined") return this.emit();
    if (this.notifyQueued) return;
    this.notifyQueued = true;
    requestAnimationFrame(() => this.emit());
  }

  private emit() {
    this.notifyQueued = false;
    for (const l of this.listeners) l();
  }

  // ---- worker lifecycle ----
  /** Starts the worker if it isn't running yet; safe to call often. */
  start(): Promise<void> {
    if (!this.ready) this.ready = this.spawn();
    return this.ready;
  }

  private spawn(): Promise<void> {
    performance.mark("pyclass:python-start");
    const worker = new Worker(new URL("./python-worker.ts", import.meta.url), { type: "module" });
    this.worker = worker;
    this.loaded = false;
    if (this.snapshot.inputMode === "interactive") {
      this.interrupt = new Int32Array(new SharedArrayBuffer(4));
      this.stdin = new SharedArrayBuffer(STDIN_HEADER_BYTES + STDIN_BUFFER_BYTES);
      this.outputBuffer = new SharedArrayBuffer(OUTPUT_HEADER_BYTES + OUTPUT_BUFFER_BYTES);
    }
    if (this.snapshot.testsDone === null) this.set({ state: "loading", loadError: null }, true);
    return new Promise<void>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<FromWorker>) => {
        const msg = event.data;
        if (msg.type === "ready") {
          this.loaded = true;
          performance.mark("pyclass:python-ready");
          performance.measure("pyclass:python-startup", {
            start: "pyclass:python-start",
            end: "pyclass:python-ready",
            detail: { snapshot: msg.snapshot, worker: msg.ms, ...msg.phases },
          });
          const busy = this.waiter !== null || this.snapshot.testsDone !== null || this.answers !== null;
          this.set(
            {
              state: busy ? this.snapshot.state : "ready",
              startup: { ms: msg.ms, snapshot: msg.snapshot, phases: msg.phases },
            },
            true,
          );
          resolve();
        } else if (msg.type === "snapshot-stored") {
          performance.mark("pyclass:snapshot-stored", { detail: { ms: msg.ms } });
        } else if (msg.type === "load-failed") {
          this.set({ loadError: msg.message }, true);
          reject(new Error(msg.message));
        } else this.onWorkerMessage(msg);
      };
      worker.onerror = (event) => {
        const message = event.message || "The Python worker could not start.";
        this.set({ loadError: message }, true);
        reject(new Error(message));
      };
      this.post({
        type: "init",
        interrupt: (this.interrupt?.buffer as SharedArrayBuffer | undefined) ?? null,
        stdin: this.stdin,
        output: this.outputBuffer,
      });
    }).catch((e: Error) => {
      // Let a later start() try again.
      this.ready = null;
      throw e;
    });
  }

  /** Kills the worker (the only way to stop C-level loops) and starts a fresh one. */
  private respawn() {
    this.worker?.terminate();
    this.worker = null;
    this.ready = this.spawn();
    // A failed start shows as loadError; the next run() or retry() tries again.
    this.ready.catch(() => {});
  }

  private post(msg: ToWorker) {
    this.worker?.postMessage(msg);
  }

  private onWorkerMessage(msg: FromWorker) {
    const w = this.waiter;
    if (!w || !("id" in msg) || msg.id !== w.id) return;
    if (msg.type === "stdout") {
      if (msg.text !== null) w.onOutput?.(msg.text);
      else this.pollOutput();
    } else if (msg.type === "clear") {
      // Shared buffer: pollOutput sees where (clearedAt); text mode: every earlier text has come.
      if (this.outputBuffer) this.pollOutput();
      else w.onClear?.();
    } else if (msg.type === "warning") {
      if (typeof msg.text === "string") w.onWarning?.(msg.text);
    } else if (msg.type === "trace") {
      w.onTrace?.(msg.trace);
    } else if (msg.type === "drawing") {
      if (Array.isArray(msg.commands)) w.onDrawing?.(msg.commands);
    } else if (msg.type === "input-request") {
      this.pollOutput();
      this.set({ state: "waiting-for-input", prompt: msg.prompt }, true);
    } else if (msg.type === "done") {
      this.pollOutput();
      const shownFrom = Number.isInteger(msg.shownFrom) && msg.shownFrom > 0 ? msg.shownFrom : 0;
      // A drawing test's drawing, checked like anything from the worker (decision 064).
      const drawing = msg.drawing === undefined ? undefined : readDrawingShape(msg.drawing);
      this.settle(msg.run, msg.timeMs, shownFrom, drawing);
    } else if (msg.type === "crashed") {
      // Python itself failed (not the program): this worker can't be trusted any more.
      this.settle(null, 0);
      this.respawn();
    }
  }

  private settle(run: HarnessRun | null, timeMs: number, shownFrom = 0, drawing?: DrawingShape | null) {
    const w = this.waiter;
    this.waiter = null;
    clearTimeout(this.stopTimer);
    w?.resolve({ run, timeMs, shownFrom, drawing });
  }

  /** Runs one program in the worker; resolves with the harness's run (null if it was killed). */
  private execute(
    msg: Omit<Extract<ToWorker, { type: "run" }>, "id"> | Omit<Extract<ToWorker, { type: "test" }>, "id">,
    view?: Pick<Waiter, "onOutput" | "onClear" | "onWarning" | "onDrawing" | "onTrace">,
  ) {
    const id = this.nextId++;
    if (this.interrupt) Atomics.store(this.interrupt, 0, 0);
    // The worker is idle now: empty the shared console buffer for this run.
    if (this.outputBuffer) {
      const header = new Int32Array(this.outputBuffer, 0, 2);
      Atomics.store(header, 0, 0);
      Atomics.store(header, 1, 0);
    }
    this.outputRead = 0;
    this.outputClearedAt = 0;
    this.outputDecoder = new TextDecoder();
    if (view?.onOutput && this.outputBuffer) this.startPolling();
    return new Promise<Finished>((resolve) => {
      this.waiter = { id, resolve, ...view };
      this.post({ ...msg, id } as ToWorker);
    });
  }

  /** Reads new bytes from the shared console buffer into the current run's output; after a clear
   * (the buffer's `clearedAt` moved), the console starts again from there. */
  private pollOutput() {
    const w = this.waiter;
    if (!w?.onOutput || !this.outputBuffer) return;
    const header = new Int32Array(this.outputBuffer, 0, 2);
    // clearedAt first: it is a value bytesWritten had, so bytesWritten read after it is never less.
    const clearedAt = Atomics.load(header, 1);
    const written = Atomics.load(header, 0);
    if (clearedAt !== this.outputClearedAt && clearedAt >= 0 && clearedAt <= written) {
      this.outputClearedAt = clearedAt;
      this.outputRead = clearedAt;
      this.outputDecoder = new TextDecoder();
      w.onClear?.();
    }
    if (written <= this.outputRead) return;
    // Copy out of shared memory first: TextDecoder refuses views on a SharedArrayBuffer.
    const bytes = new Uint8Array(this.outputBuffer, OUTPUT_HEADER_BYTES).slice(this.outputRead, written);
    this.outputRead = written;
    const text = this.outputDecoder.decode(bytes, { stream: true });
    if (text) w.onOutput(text);
  }

  /** While a program runs, look for output every frame (a silent loop sends no messages). */
  private startPolling() {
    if (this.polling) return;
    this.polling = true;
    const tick = () => {
      if (!this.waiter) {
        this.polling = false;
        return;
      }
      this.pollOutput();
      if (typeof requestAnimationFrame === "function") requestAnimationFrame(tick);
      else setTimeout(tick, 16);
    };
    tick();
  }

  /** Interrupt, then after the grace period kill and respawn. Resolves the current waiter. */
  private interruptCurrent() {
    if (!this.waiter) return;
    if (this.interrupt && this.stdin) {
      Atomics.store(this.interrupt, 0, SIGINT);
      const control = new Int32Array(this.stdin, 0, 2);
      Atomics.store(control, 0, STDIN_CANCEL);
      Atomics.notify(control, 0);
      clearTimeout(this.stopTimer);
      this.stopTimer = setTimeout(() => {
        this.settle(null, 0);
        this.respawn();
      }, STOP_GRACE_MS);
    } else {
      this.settle(null, 0);
      this.respawn();
    }
  }

  // ---- public API ----
  /** Runs `code` interactively: output streams into the snapshot; input() asks the page. */
  async run(code: string): Promise<HarnessRun> {
    return (await this.runProgram(code, false)).run;
  }

  /** Visualise (decision 067): runs `code` as run() does, recording its steps; no drawing is animated. */
  visualise(code: string): Promise<VisualisedRun> {
    return this.runProgram(code, true);
  }

  private async runProgram(code: string, trace: boolean): Promise<VisualisedRun> {
    if (this.waiter || this.answers) throw new Error("Python is already running a program.");
    await this.start();
    this.stopRequested = false;
    this.set({ state: "running", output: "", warnings: [], prompt: null, drawing: null }, true);
    performance.mark("pyclass:run-start");
    this.firstOutputPending = true;
    const rerun = this.snapshot.inputMode === "rerun";
    this.answers = rerun ? [] : null;
    for (;;) {
      // Each run (a re-run too) shows its own warnings and drawing.
      this.set({ warnings: [], drawing: null }, true);
      const drawingRun = this.nextId;
      let record: TraceRecord | null = null;
      const { run, shownFrom } = await this.execute(
        { type: "run", code, answers: this.answers, maxOutput: DEFAULT_MAX_OUTPUT, trace },
        {
          onTrace: (t) => {
            record = t;
          },
          onOutput: (text) => this.appendOutput(text),
          onClear: () => this.set({ output: "" }),
          onWarning: (text) => this.set({ warnings: [...this.snapshot.warnings, text] }),
          onDrawing: (commands) => this.addDrawing(drawingRun, commands),
        },
      );
      if (run && Array.isArray(run.warnings)) this.set({ warnings: run.warnings });
      if (run?.error_type === "InputNeeded" && !this.stopRequested) {
        // Re-run mode: show what the program printed, wait for the next line, run again.
        this.set(
          { state: "waiting-for-input", prompt: run.prompt ?? "", output: run.transcript.slice(shownFrom) },
          true,
        );
        const line = await new Promise<string | null>((resolve) => {
          this.pendingAnswer = resolve;
        });
        if (line === null)
          return { run: this.finishRun(interruptedRun(run, "stopped"), shownFrom), trace: record, shownFrom };
        this.answers!.push(line);
        this.set({ state: "running", prompt: null, output: "" }, true);
        continue;
      }
      const stopped = this.stopRequested || run === null || run.error_type === "KeyboardInterrupt";
      const partial = run ?? {
        transcript: this.snapshot.output,
        output: this.snapshot.output,
        error: null,
        error_type: null,
        line: null,
        prompt: null,
      };
      // Killed (run === null): the console as it stood, already from the last clear on.
      const from = run ? shownFrom : 0;
      return {
        run: this.finishRun(stopped ? interruptedRun(partial, "stopped") : partial, from),
        trace: record,
        shownFrom: from,
      };
    }
  }

  private pendingAnswer: ((line: string | null) => void) | null = null;

  private addDrawing(run: number, commands: DrawCommand[]) {
    const current = this.snapshot.drawing;
    const drawing =
      current?.run === run
        ? current
        : { run, commands: [] as DrawCommand[], count: 0, status: "drawing" as const };
    for (const command of commands) drawing.commands.push(command);
    this.set({ drawing: { ...drawing, count: drawing.commands.length } });
  }

  /** After a run: ready, or loading while a killed worker is being replaced. */
  private idleState(): PythonState {
    return this.loaded ? "ready" : "loading";
  }

  private appendOutput(text: string) {
    if (this.firstOutputPending) {
      this.firstOutputPending = false;
      performance.mark("pyclass:first-output");
      performance.measure("pyclass:run-first-output", "pyclass:run-start", "pyclass:first-output");
    }
    this.set({ output: this.snapshot.output + text });
  }

  /** `shownFrom`: the console shows the transcript from there (the program's last clear). */
  private finishRun(run: HarnessRun, shownFrom = 0): HarnessRun {
    this.answers = null;
    this.pendingAnswer = null;
    const drawing = this.snapshot.drawing;
    const status = this.stopRequested ? "stopped" : "done";
    this.set(
      {
        state: this.idleState(),
        output: run.transcript.slice(shownFrom),
        prompt: null,
        drawing: drawing ? { ...drawing, status } : null,
      },
      true,
    );
    return run;
  }

  /** Answers the waiting input() with one line (Enter in the inline input field). */
  sendInput(line: string) {
    if (this.snapshot.state !== "waiting-for-input") return;
    if (this.pendingAnswer) {
      const answer = this.pendingAnswer;
      this.pendingAnswer = null;
      answer(line);
      return;
    }
    if (!this.stdin) return;
    const bytes = new TextEncoder().encode(line).slice(0, STDIN_BUFFER_BYTES);
    new Uint8Array(this.stdin, STDIN_HEADER_BYTES).set(bytes);
    const control = new Int32Array(this.stdin, 0, 2);
    Atomics.store(control, 1, bytes.length);
    Atomics.store(control, 0, STDIN_DATA);
    Atomics.notify(control, 0);
    this.set({ state: "running", prompt: null }, true);
  }

  /** Stops the running program or test run: interrupt, and after 1 s restart the worker. */
  stop() {
    if (this.snapshot.state !== "running" && this.snapshot.state !== "waiting-for-input") return;
    this.stopRequested = true;
    // The drawing shows what the program drew so far at once, rather than animating on.
    const drawing = this.snapshot.drawing;
    if (drawing) this.set({ drawing: { ...drawing, status: "stopped" } }, true);
    if (this.pendingAnswer) {
      const answer = this.pendingAnswer;
      this.pendingAnswer = null;
      answer(null);
      return;
    }
    this.interruptCurrent();
  }

  /** Runs every test in a fresh namespace with a time limit each; scores like the server. */
  async runTests(code: string, tests: TestCase[], limits: RunLimits = {}): Promise<GradeResult> {
    if (this.waiter || this.answers) throw new Error("Python is already running a program.");
    await this.start();
    const timeMs = limits.timeMs ?? DEFAULT_TIME_LIMIT_MS;
    const maxOutput = limits.maxOutput ?? DEFAULT_MAX_OUTPUT;
    this.stopRequested = false;
    this.set({ state: "running", testsDone: 0 }, true);
    performance.mark("pyclass:run-tests-start");
    const results: TestResult[] = [];
    try {
      for (const [index, test] of tests.entries()) {
        if (this.stopRequested) {
          const message = "Error: not run - the tests were stopped";
          results.push({ passed: false, output: message, error: message, timeMs: 0 });
          continue;
        }
        await this.start();
        let timedOut = false;
        const limit = setTimeout(() => {
          timedOut = true;
          this.interruptCurrent();
        }, timeMs);
        const started = performance.now();
        const {
          run,
          timeMs: ran,
          drawing,
        } = await this.execute({
          type: "test",
          index,
          code,
          input: test.input ?? "",
          maxOutput,
          ...(wantsDrawing(test) ? { drawing: true } : {}),
        });
        clearTimeout(limit);
        const elapsed = run ? ran : performance.now() - started;
        let final = run;
        if (timedOut && (!run || run.error_type === "KeyboardInterrupt"))
          final = interruptedRun(run, "timeout", limits);
        else if (this.stopRequested && (!run || run.error_type === "KeyboardInterrupt"))
          final = interruptedRun(run, "stopped");
        results.push(
          final
            ? // A drawing test also needs the drawing to match, as on the server (decision 064);
              // a run cut short failed already and is not compared.
              final === run
              ? withDrawing(
                  test,
                  toTestResult(test.expectedOutput, final, Math.round(elapsed * 100) / 100),
                  drawing ?? null,
                )
              : toTestResult(test.expectedOutput, final, Math.round(elapsed * 100) / 100)
            : {
                passed: false,
                output: "Error: Python stopped unexpectedly",
                error: "Error: Python stopped unexpectedly",
                timeMs: elapsed,
              },
        );
        this.set({ testsDone: results.length }, true);
      }
    } finally {
      this.set({ state: this.idleState(), testsDone: null }, true);
    }
    performance.mark("pyclass:run-tests-end");
    performance.measure("pyclass:run-tests", "pyclass:run-tests-start", "pyclass:run-tests-end");
    return gradeFrom(results);
  }
}

let shared: PythonRuntime | null = null;

/** The tab's one Python runtime (one worker per tab). */
export function getPythonRuntime(): PythonRuntime {
  shared ??= new PythonRuntime();
  return shared;
}
