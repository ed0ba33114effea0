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
  type RunLimits,
  type TestCase,
  type TestResult,
} from "../../shared/grading/types.ts";
import {
  type HostRun,
  readHostMessage,
  readHostRun,
  UNREADABLE_MESSAGE,
  type Unreadable,
} from "./host-protocol.ts";

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
/** Wall time one submission may hold a grading slot for, all its tests together. */
export const SUBMISSION_BUDGET_MS = 20_000;
export const BUDGET_MESSAGE = `Error: not run - this program used up its ${SUBMISSION_BUDGET_MS / 1000} s of grading time`;
const BUDGET_TIMEOUT_LINE = `Error: TimeoutError: this program's tests ran for more than ${SUBMISSION_BUDGET_MS / 1000} s in total`;

function failed(message: string, timeMs: number): TestResult {
  return { passed: false, output: message, error: message, timeMs };
}

function toResult(test: TestCase, r: HostRun | Unreadable, limits: Required<RunLimits>): TestResult {
  const timeMs = Math.round(r.timeMs * 100) / 100;
  if ("unreadable" in r) return failed(UNREADABLE_MESSAGE, timeMs);
  if (r.reason === "timeout") {
    return toTestResult(test.expectedOutput, interruptedRun(r.run, "timeout", limits), timeMs);
  }
  if (r.reason === "budget") return failed(BUDGET_MESSAGE, timeMs);
  if (r.reason === "budget-timeout") {
    const run = interruptedRun(r.run, "timeout", limits);
    const head = run.transcript.slice(0, -run.error!.length);
    const plainHead = run.output.slice(0, -run.error!.length);
    return {
      passed: false,
      output: head + BUDGET_TIMEOUT_LINE,
      plainOutput: plainHead + BUDGET_TIMEOUT_LINE,
      error: BUDGET_TIMEOUT_LINE,
      timeMs,
    };
  }
  if (r.run === null) return failed(r.reason === "skipped" ? SKIPPED_MESSAGE : CRASH_MESSAGE, timeMs);
  return toTestResult(test.expectedOutput, r.run, timeMs);
}

/** The job's grade from the host's records: one per test, each checked; never throws. */
function gradeJob(job: Job, runs: unknown[]): GradeResult {
  return gradeFrom(
    job.tests.map((t, i) => {
      try {
        return toResult(t, readHostRun(runs[i], job.limits.maxOutput), job.limits);
      } catch {
        return failed(UNREADABLE_MESSAGE, 0);
      }
    }),
  );
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
      // Nothing from the host is trusted, and nothing thrown here may reach the web server.
      child.on("message", (raw: unknown) => {
        try {
          const msg = readHostMessage(raw);
          if (!msg) return;
          if (msg.type === "ready") return resolve();
          const job = running.get(msg.id);
          if (!job) return;
          finishJob(job);
          if (msg.type === "graded") job.resolve(gradeJob(job, msg.runs));
          else job.reject(new GraderError(`grading failed: ${msg.message}`));
          pump();
        } catch {
          // Unreachable by construction (every step above is checked); never rethrown.
        }
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
