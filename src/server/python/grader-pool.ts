// The server's grading pool: one sandboxed grader host process (grader-host.mjs) running up to
// `size` submissions at a time, each in a fresh Pyodide interpreter, behind a bounded queue.
import { type ChildProcess, fork } from "node:child_process";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { interruptedRun, toTestResult } from "../../shared/grading/compare.ts";
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

const HOST_PATH = fileURLToPath(new URL("./grader-host.mjs", import.meta.url));

export const GRADER_BUSY_MESSAGE = "grader busy, try again";

/** Thrown when the queue is full; callers answer 503 with this message. */
export class GraderBusyError extends Error {
  constructor() {
    super(GRADER_BUSY_MESSAGE);
    this.name = "GraderBusyError";
  }
}

/** Thrown when grading itself failed (not the student's program): try again later. */
export class GraderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "GraderError";
  }
}

export type GraderPoolOptions = {
  /** Submissions graded at once; default: the number of CPUs. */
  size?: number;
  /** Submissions waiting beyond those; more are refused with GraderBusyError. */
  maxQueue?: number;
  /** Keep one warm interpreter for every job (the CLI); the server never does this. */
  reuseInterpreter?: boolean;
  /** Where the capped Pyodide copy and its snapshot live (default node_modules/.cache). */
  cacheRoot?: string;
};

export type GraderPool = {
  grade(code: string, tests: TestCase[], limits?: RunLimits): Promise<GradeResult>;
  /** Resolves once an interpreter is ready (grade() waits for this by itself). */
  ready(): Promise<void>;
  stats(): { running: number; queued: number; hostPid: number | undefined };
  close(): Promise<void>;
};

type HostRun = { run: HarnessRun | null; timeMs: number; reason: null | "timeout" | "crash" | "skipped" };
type Job = {
  id: string;
  code: string;
  tests: TestCase[];
  limits: Required<RunLimits>;
  resolve: (r: GradeResult) => void;
  reject: (e: Error) => void;
  attempts: number;
  watchdog?: NodeJS.Timeout;
};

const CRASH_MESSAGE =
  "Error: the program stopped the Python interpreter (too deep recursion or too much memory?)";
const SKIPPED_MESSAGE = "Error: not run - earlier tests of this program had to be stopped";

function toResult(test: TestCase, r: HostRun, limits: Required<RunLimits>): TestResult {
  const timeMs = Math.round(r.timeMs * 100) / 100;
  if (r.reason === "timeout") {
    return toTestResult(test.expectedOutput, interruptedRun(r.run, "timeout", limits), timeMs);
  }
  if (r.run === null) {
    const message = r.reason === "skipped" ? SKIPPED_MESSAGE : CRASH_MESSAGE;
    return { passed: false, output: message, error: message, timeMs };
  }
  return toTestResult(test.expectedOutput, r.run, timeMs);
}

export function createGraderPool(options: GraderPoolOptions = {}): GraderPool {
  const size = Math.max(1, options.size ?? os.availableParallelism());
  const maxQueue = options.maxQueue ?? size * 25;
  const queue: Job[] = [];
  const running = new Map<string, Job>();
  let host: ChildProcess | null = null;
  let hostReady: Promise<void> | null = null;
  let closed = false;
  let nextId = 1;

  function startHost(): Promise<void> {
    const child = fork(
      HOST_PATH,
      [JSON.stringify({ size, reuse: options.reuseInterpreter, cacheRoot: options.cacheRoot })],
      {
        // No tsx loader and no inherited flags: the host is plain JS, hardened by these flags.
        execArgv: ["--disallow-code-generation-from-strings"],
        env: {},
        stdio: ["ignore", "inherit", "inherit", "ipc"],
        serialization: "advanced",
      },
    );
    host = child;
    const ready = new Promise<void>((resolve, reject) => {
      child.on("message", (msg: { type: string; id?: string; runs?: HostRun[]; message?: string }) => {
        if (msg.type === "ready") return resolve();
        const job = msg.id ? running.get(msg.id) : undefined;
        if (!job) return;
        finishJob(job);
        if (msg.type === "graded" && msg.runs) {
          job.resolve(gradeFrom(job.tests.map((t, i) => toResult(t, msg.runs![i], job.limits))));
        } else {
          job.reject(new GraderError(`grading failed: ${msg.message ?? "unknown error"}`));
        }
        pump();
      });
      // e.g. send() racing a host that just died: the exit handler below deals with its jobs;
      // an unhandled 'error' event would take the whole web server down.
      child.on("error", () => {});
      child.on("exit", (code, signal) => {
        reject(new GraderError(`grader host exited (${signal ?? code})`));
        if (host === child) {
          host = null;
          hostReady = null;
        }
        // Jobs that were running are retried once on a new host, then given up.
        for (const job of [...running.values()]) {
          finishJob(job);
          if (job.attempts < 2 && !closed) queue.unshift(job);
          else job.reject(new GraderError("grading failed, try again"));
        }
        if (!closed) pump();
      });
    });
    ready.catch(() => {});
    return ready;
  }

  function ensureHost(): Promise<void> {
    if (!hostReady) hostReady = startHost();
    return hostReady;
  }

  function finishJob(job: Job) {
    clearTimeout(job.watchdog);
    running.delete(job.id);
  }

  function pump() {
    if (closed) return;
    while (running.size < size && queue.length > 0) {
      const job = queue.shift()!;
      running.set(job.id, job);
      job.attempts++;
      ensureHost().then(
        () => {
          if (!running.has(job.id)) return;
          // Last line of defence if the host itself stops answering: every test at its limit
          // plus kill and respawn, generously.
          const budget = job.tests.length * (job.limits.timeMs + 4000) + 60_000;
          job.watchdog = setTimeout(() => host?.kill("SIGKILL"), budget);
          host?.send({
            type: "grade",
            id: job.id,
            code: job.code,
            tests: job.tests.map((t) => ({ input: t.input ?? "" })),
            timeMs: job.limits.timeMs,
            maxOutput: job.limits.maxOutput,
          });
        },
        (e: Error) => {
          finishJob(job);
          if (job.attempts < 2) {
            queue.unshift(job);
            pump();
          } else job.reject(e);
        },
      );
    }
  }

  return {
    grade(code, tests, limits = {}) {
      if (closed) return Promise.reject(new GraderError("grader closed"));
      if (queue.length >= maxQueue) return Promise.reject(new GraderBusyError());
      if (tests.length === 0) return Promise.resolve(gradeFrom([]));
      return new Promise<GradeResult>((resolve, reject) => {
        queue.push({
          id: String(nextId++),
          code,
          tests,
          limits: {
            timeMs: limits.timeMs ?? DEFAULT_TIME_LIMIT_MS,
            maxOutput: limits.maxOutput ?? DEFAULT_MAX_OUTPUT,
          },
          resolve,
          reject,
          attempts: 0,
        });
        pump();
      });
    },
    ready: ensureHost,
    stats: () => ({ running: running.size, queued: queue.length, hostPid: host?.pid }),
    async close() {
      closed = true;
      for (const job of [...queue.splice(0), ...running.values()]) {
        finishJob(job);
        job.reject(new GraderError("grader closed"));
      }
      const child = host;
      host = null;
      if (child && child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGKILL");
        await exited;
      }
    },
  };
}
