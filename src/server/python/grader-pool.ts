// The server's grading pool: `size` sandboxed grader host processes (grader-host.mjs), one per
// grading slot, each under an OS memory limit, behind a bounded queue. The pool schedules one
// TEST at a time, least attained service first: the job that has used the least grading time
// runs next, so a new correct submission overtakes endless loops, and a job keeps its slot
// (and its interpreter) while nobody waiting has used a second less than it. One submission
// holds slots for at most SUBMISSION_BUDGET_MS in total; its later tests fail as not run.
// Every job starts in an interpreter in its start state: one put back into it after the previous
// job (decision 038), or a new one. Nothing a host sends is trusted (host-protocol.ts).
import { type ChildProcess, fork } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { interruptedRun, toTestResult } from "@/shared/grading/compare.ts";
import { gradeFrom } from "@/shared/grading/score.ts";
import {
  DEFAULT_MAX_OUTPUT,
  DEFAULT_TIME_LIMIT_MS,
  type GradeResult,
  type RunLimits,
  type TestCase,
  type TestResult,
} from "@/shared/grading/types.ts";
import {
  type HostRun,
  type HostRunMessage,
  type InterpreterCounts,
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
  /** Tests graded at once (one host process each); default: the number of CPUs. */
  size?: number;
  /** Submissions waiting to start beyond those; more are refused with GraderBusyError. */
  maxQueue?: number;
  /** Keep one warm interpreter for every job (the CLI); the server never does this. */
  reuseInterpreter?: boolean;
  /** Where the capped Pyodide copy and its snapshot live (default node_modules/.cache). */
  cacheRoot?: string;
  /** OS limit on each host's data memory (RLIMIT_DATA), in MiB; 0 for none. Default 1024. */
  memoryLimitMb?: number;
};

export type GraderPool = {
  grade(code: string, tests: TestCase[], limits?: RunLimits): Promise<GradeResult>;
  /** Resolves once an interpreter is ready (grade() waits for this by itself). */
  ready(): Promise<void>;
  /**
   * Jobs started and not finished, jobs not started, the first host's pid and every host's, and
   * the interpreters the hosts started and reused (decision 038) so far.
   */
  stats(): {
    running: number;
    queued: number;
    hostPid: number | undefined;
    hostPids: number[];
    interpreters: InterpreterCounts;
  };
  close(): Promise<void>;
};

type Job = {
  id: string;
  code: string;
  tests: TestCase[];
  limits: Required<RunLimits>;
  resolve: (r: GradeResult) => void;
  reject: (e: Error) => void;
  results: TestResult[];
  /** Wall time its tests have held slots for (the scheduler's attained service). */
  usedMs: number;
  kills: number;
  /** Tests retried because their host died under them (once per job). */
  hostRetries: number;
  started: boolean;
  running: boolean;
  done: boolean;
};

type Host = {
  index: number;
  child: ChildProcess;
  isReady: boolean;
  ready: Promise<void>;
  /** The test in flight on this host. */
  busy: { job: Job; seq: number; sentAt: number; budgetCut: boolean; watchdog: NodeJS.Timeout } | null;
  /** The job whose interpreter this host holds. */
  lastJob: Job | null;
  /** What the host last said about its interpreters (counted since it started). */
  interpreters: InterpreterCounts;
};

const CRASH_MESSAGE =
  "Error: the program stopped the Python interpreter (too deep recursion or too much memory?)";
const SKIPPED_MESSAGE = "Error: not run - earlier tests of this program had to be stopped";
/** Wall time one submission may hold a grading slot for, all its tests together. */
export const SUBMISSION_BUDGET_MS = 20_000;
export const BUDGET_MESSAGE = `Error: not run - this program used up its ${SUBMISSION_BUDGET_MS / 1000} s of grading time`;
const BUDGET_TIMEOUT_LINE = `Error: TimeoutError: this program's tests ran for more than ${SUBMISSION_BUDGET_MS / 1000} s in total`;
/** Tests of one job whose interpreter had to be killed; beyond this the rest are not run. */
const MAX_KILLS_PER_JOB = 3;
/** A job keeps its slot unless a waiting one has used this much less grading time. */
const SCHEDULING_QUANTUM_MS = 1000;
/** Beyond a test's limit and the host's interrupt grace: then the host is presumed stuck. */
const WATCHDOG_SLACK_MS = 15_000;
const DEFAULT_MEMORY_LIMIT_MB = 1024;
const PRLIMIT = ["/usr/bin/prlimit", "/bin/prlimit"].find((p) => fs.existsSync(p));

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

/** One test's result from the host's record, checked; never throws. */
function readResult(job: Job, index: number, record: unknown, budgetCut: boolean): TestResult {
  try {
    const r = readHostRun(record, job.limits.maxOutput);
    if (budgetCut && !("unreadable" in r) && r.reason === "timeout") r.reason = "budget-timeout";
    return toResult(job.tests[index], r, job.limits);
  } catch {
    return failed(UNREADABLE_MESSAGE, 0);
  }
}

export function createGraderPool(options: GraderPoolOptions = {}): GraderPool {
  const size = Math.max(1, options.size ?? os.availableParallelism());
  const maxQueue = options.maxQueue ?? size * 25;
  const memoryLimitMb = options.memoryLimitMb ?? DEFAULT_MEMORY_LIMIT_MB;
  if (memoryLimitMb > 0 && PRLIMIT === undefined) {
    console.warn("grader: prlimit (util-linux) not found - grader memory is not limited by the OS");
  }
  /** Jobs not finished, in arrival order. */
  const jobs: Job[] = [];
  const hosts: (Host | null)[] = Array.from({ length: size }, () => null);
  let firstReady: Promise<void> | null = null;
  let startFailures = 0;
  let closed = false;
  let nextId = 1;
  let nextSeq = 1;
  /** Interpreters started and reused by every host so far, including hosts that have exited. */
  const interpreters: InterpreterCounts = { started: 0, reused: 0 };

  function countInterpreters(host: Host, now: InterpreterCounts) {
    // Counts only grow within one host; a smaller number is not believed.
    interpreters.started += Math.max(0, now.started - host.interpreters.started);
    interpreters.reused += Math.max(0, now.reused - host.interpreters.reused);
    host.interpreters = {
      started: Math.max(now.started, host.interpreters.started),
      reused: Math.max(now.reused, host.interpreters.reused),
    };
  }

  function send(host: Host, msg: unknown): boolean {
    try {
      if (!host.child.connected) return false;
      host.child.send(msg as object);
      return true;
    } catch {
      return false;
    }
  }

  function startHost(index: number): Host {
    const args = [JSON.stringify({ reuse: options.reuseInterpreter, cacheRoot: options.cacheRoot })];
    // No tsx loader and no inherited flags: the host is plain JS, hardened by these flags; its
    // data memory (JS heap, wasm memory, array buffers from pyodide.ffi) is bounded by the OS.
    const flags = ["--disallow-code-generation-from-strings"];
    const limited = memoryLimitMb > 0 && PRLIMIT !== undefined;
    const child = fork(HOST_PATH, args, {
      ...(limited
        ? {
            execPath: PRLIMIT,
            execArgv: [`--data=${memoryLimitMb * 1024 * 1024}`, process.execPath, ...flags],
          }
        : { execArgv: flags }),
      env: {},
      stdio: ["ignore", "inherit", "inherit", "ipc"],
      serialization: "advanced",
    });
    const host: Host = {
      index,
      child,
      isReady: false,
      ready: Promise.resolve(),
      busy: null,
      lastJob: null,
      interpreters: { started: 0, reused: 0 },
    };
    host.ready = new Promise<void>((resolve, reject) => {
      // Nothing from the host is trusted, and nothing thrown here may reach the web server.
      child.on("message", (raw: unknown) => {
        try {
          const msg = readHostMessage(raw);
          if (!msg) return;
          if (msg.type === "ready") {
            host.isReady = true;
            startFailures = 0;
            resolve();
          } else onRan(host, msg);
          pump();
        } catch {
          // Unreachable by construction (every step is checked); never rethrown.
        }
      });
      // e.g. send() racing a host that just died: the exit handler below deals with its jobs;
      // an unhandled 'error' event would take the whole web server down.
      child.on("error", () => {});
      child.on("exit", (code, signal) => {
        try {
          reject(new GraderError(`grader host exited (${signal ?? code})`));
          onExit(host);
        } catch {
          // As above: never rethrown.
        }
      });
    });
    host.ready.catch(() => {});
    hosts[index] = host;
    return host;
  }

  /** Starts the hosts: the first alone (it may have to make the snapshot), then the others. */
  function ensureHosts(): Promise<void> {
    if (closed) return Promise.reject(new GraderError("grader closed"));
    if (!hosts[0]) firstReady = startHost(0).ready;
    const first = firstReady!;
    first.then(
      () => {
        for (let i = 1; i < size; i++) if (!hosts[i] && !closed) startHost(i);
        pump();
      },
      () => {},
    );
    return first;
  }

  function onExit(host: Host) {
    if (hosts[host.index] === host) hosts[host.index] = null;
    if (host.index === 0) firstReady = null;
    if (!host.isReady) startFailures++;
    const busy = host.busy;
    host.busy = null;
    if (busy) {
      clearTimeout(busy.watchdog);
      const { job } = busy;
      job.running = false;
      job.usedMs += performance.now() - busy.sentAt;
      // A host that died under a test (killed, or a bug): that test once more on a new host,
      // then it fails; either way only this job is affected.
      if (job.hostRetries < 1 && !closed) job.hostRetries++;
      else finishTest(job, failed(CRASH_MESSAGE, performance.now() - busy.sentAt), true);
    }
    if (closed) return;
    if (startFailures >= 3) {
      // Hosts that cannot even start (e.g. a broken Pyodide copy): give up on what waits.
      startFailures = 0;
      for (const job of [...jobs])
        if (!job.running) endJob(job, new GraderError("grading failed, try again"));
      return;
    }
    if (jobs.length > 0) {
      if (host.index === 0) ensureHosts();
      else if (hosts[0]?.isReady) startHost(host.index);
    }
    pump();
  }

  function onRan(host: Host, msg: HostRunMessage) {
    const busy = host.busy;
    if (!busy || msg.seq !== busy.seq) return;
    clearTimeout(busy.watchdog);
    host.busy = null;
    const { job } = busy;
    job.running = false;
    job.usedMs += performance.now() - busy.sentAt;
    host.lastJob = job;
    if (msg.type === "ran" && msg.interpreters) countInterpreters(host, msg.interpreters);
    if (msg.type === "failed") {
      endJob(job, new GraderError(`grading failed: ${msg.message}`));
      return;
    }
    if (msg.killed) job.kills++;
    finishTest(job, readResult(job, job.results.length, msg.run, busy.budgetCut), msg.killed);
  }

  /** Records the next test's result; fills in the tests that will not run; resolves when done. */
  function finishTest(job: Job, result: TestResult, _killed: boolean) {
    if (job.done) return;
    job.results.push(result);
    while (job.results.length < job.tests.length) {
      if (job.kills >= MAX_KILLS_PER_JOB) job.results.push(failed(SKIPPED_MESSAGE, 0));
      else if (job.usedMs >= SUBMISSION_BUDGET_MS) job.results.push(failed(BUDGET_MESSAGE, 0));
      else break;
    }
    if (job.results.length >= job.tests.length) endJob(job, gradeFrom(job.results));
  }

  function endJob(job: Job, outcome: GradeResult | Error) {
    if (job.done) return;
    job.done = true;
    const at = jobs.indexOf(job);
    if (at >= 0) jobs.splice(at, 1);
    // Its interpreter is of no further use: free it now rather than at the next job.
    for (const h of hosts) {
      if (h?.lastJob === job) {
        send(h, { type: "release", job: job.id });
        h.lastJob = null;
      }
    }
    if (outcome instanceof Error) job.reject(outcome);
    else job.resolve(outcome);
  }

  /** The next job for `host`: least grading time used first, arrival order between equals. */
  function pick(host: Host): Job | null {
    let best: Job | null = null;
    for (const job of jobs) {
      if (job.running || job.done) continue;
      if (!best || job.usedMs < best.usedMs) best = job;
    }
    const last = host.lastJob;
    if (best && last && last !== best && !last.running && !last.done) {
      // Stay with the job whose interpreter this host holds unless someone waits who has used
      // clearly less: honest submissions run their tests back to back.
      if (last.usedMs <= best.usedMs + SCHEDULING_QUANTUM_MS) return last;
    }
    return best;
  }

  function dispatch(host: Host): boolean {
    const job = pick(host);
    if (!job) return false;
    const index = job.results.length;
    const left = SUBMISSION_BUDGET_MS - job.usedMs;
    const timeMs = Math.max(1, Math.min(job.limits.timeMs, left));
    const seq = nextSeq++;
    const test = job.tests[index];
    const sent = send(host, {
      type: "test",
      seq,
      job: job.id,
      code: job.code,
      input: test.input ?? "",
      timeMs,
      maxOutput: job.limits.maxOutput,
    });
    if (!sent) return false; // the exit handler restarts the host and pumps again
    job.started = true;
    job.running = true;
    // Last line of defence if the host stops answering: kill it (its exit fails this test).
    const watchdog = setTimeout(() => host.child.kill("SIGKILL"), timeMs + WATCHDOG_SLACK_MS);
    host.busy = { job, seq, sentAt: performance.now(), budgetCut: left < job.limits.timeMs, watchdog };
    return true;
  }

  function pump() {
    if (closed) return;
    if (jobs.some((j) => !j.running)) {
      if (!hosts[0]) ensureHosts();
      else if (hosts[0].isReady) for (let i = 1; i < size; i++) if (!hosts[i]) startHost(i);
    }
    for (const host of hosts) {
      if (host?.isReady && !host.busy && host.child.connected) dispatch(host);
    }
  }

  return {
    grade(code, tests, limits = {}) {
      if (closed) return Promise.reject(new GraderError("grader closed"));
      if (jobs.filter((j) => !j.started).length >= maxQueue) return Promise.reject(new GraderBusyError());
      if (tests.length === 0) return Promise.resolve(gradeFrom([]));
      return new Promise<GradeResult>((resolve, reject) => {
        const id = nextId++;
        jobs.push({
          id: String(id),
          code,
          tests,
          limits: {
            timeMs: limits.timeMs ?? DEFAULT_TIME_LIMIT_MS,
            maxOutput: limits.maxOutput ?? DEFAULT_MAX_OUTPUT,
          },
          resolve,
          reject,
          results: [],
          usedMs: 0,
          kills: 0,
          hostRetries: 0,
          started: false,
          running: false,
          done: false,
        });
        pump();
      });
    },
    ready: ensureHosts,
    stats: () => {
      const pids = hosts.flatMap((h) =>
        h?.child.pid !== undefined && h.child.exitCode === null ? [h.child.pid] : [],
      );
      return {
        running: jobs.filter((j) => j.started).length,
        queued: jobs.filter((j) => !j.started).length,
        hostPid: hosts[0]?.child.pid,
        hostPids: pids,
        interpreters: { ...interpreters },
      };
    },
    async close() {
      closed = true;
      for (const job of [...jobs]) endJob(job, new GraderError("grader closed"));
      const exits: Promise<unknown>[] = [];
      for (const host of hosts) {
        if (!host) continue;
        if (host.busy) clearTimeout(host.busy.watchdog);
        if (host.child.exitCode === null && host.child.signalCode === null) {
          exits.push(new Promise((r) => host.child.once("exit", r)));
          host.child.kill("SIGKILL");
        }
      }
      hosts.fill(null);
      await Promise.all(exits);
    },
  };
}
