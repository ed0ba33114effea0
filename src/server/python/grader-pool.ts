// The server's grading pool: `size` sandboxed grader host processes (grader-host.mjs), one per
// grading slot, each under an OS memory limit, behind a bounded queue. The pool schedules one
// TEST at a time in two levels (decision 049). Level 0: every job starts there, each test with a
// short slice (GRADER_SLICE_MS) instead of its time limit; GCSE programs finish in milliseconds.
// A test that outlives its slice is stopped and its job starts again from its first test at
// level 1, in an interpreter in its start state, with the full limits: what counts is one whole
// run, as if there had been no slice. Level 0 goes first, and waiting level-0 work may stop a
// level-1 test (the job starts again later, at most MAX_PREEMPTIONS times). Within a level the
// next test belongs to the class (assignment submissions; everything else is one group) whose
// unfinished jobs have used the least grading time, then to that class's least-served user,
// then to that user's oldest job: many accounts wait in turn with everyone else, and a class
// never takes more than its share from other classes. A job keeps its slot (and its
// interpreter) for its next test while it has used less than a slice (a second at level 1).
// One submission's run holds slots for at most SUBMISSION_BUDGET_MS in total; its later tests
// fail as not run.
// Every job starts in an interpreter in its start state: one put back into it after the previous
// job (decision 038), or a new one. Nothing a host sends is trusted (host-protocol.ts).
import { type ChildProcess, fork } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { interruptedRun, toTestResult } from "@/shared/grading/compare.ts";
import { wantsDrawing, withDrawing } from "@/shared/grading/drawing-test.ts";
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

/**
 * Who a job is graded for: fairness is per class (assignment submissions) and per user within
 * it. Jobs without a class (exercise saves) share one group; jobs without an owner are each
 * their own user in that group.
 */
export type GradingOwner = { userId: string; classId?: string | null };

/**
 * Default slice of a test's first run (GRADER_SLICE_MS): CPU time of its host, with at most
 * SLICE_WALL_FACTOR times as much wall time. The bank's 221 model solutions (897 tests: bench
 * fixtures and content/exercises) need at most 42 ms of wall time per test at load 6 (p99 17 ms);
 * 30 slices on 2 slots must stay well under 5 s (decision 049). A test over its slice still gets
 * its true result, later.
 */
export const DEFAULT_SLICE_MS = 100;

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
  /**
   * A test's first run is stopped after this long (level 0); 0 runs every test with its full
   * limit. Default DEFAULT_SLICE_MS; always 0 with reuseInterpreter.
   */
  sliceMs?: number;
};

export type GraderPool = {
  grade(code: string, tests: TestCase[], limits?: RunLimits, owner?: GradingOwner): Promise<GradeResult>;
  /**
   * Resolves once an interpreter is ready (grade() waits for this by itself); with `all`, once
   * every host is (a benchmark that measures the whole pool).
   */
  ready(all?: boolean): Promise<void>;
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
  /** Arrival order. */
  seq: number;
  /** The name hosts know this run by: a new one when the job starts again from its first test. */
  runId: string;
  runs: number;
  /** Fairness keys: the class group and the user. */
  group: string;
  user: string;
  /** 0: each test gets the slice; 1: each test gets its full limit. */
  level: 0 | 1;
  /** Times a level-1 test of this job was stopped for waiting level-0 work. */
  preemptions: number;
  code: string;
  tests: TestCase[];
  limits: Required<RunLimits>;
  resolve: (r: GradeResult) => void;
  reject: (e: Error) => void;
  results: TestResult[];
  /** Wall time the tests of this run have held slots for (the submission's budget). */
  usedMs: number;
  /** Wall time all its runs have held slots for, the discarded ones too (the scheduler's measure). */
  serviceMs: number;
  kills: number;
  /** Tests retried because their host died under them (once per job). */
  hostRetries: number;
  started: boolean;
  /** When its first test went to a host (performance.now()): reported with its result. */
  startedAt: number;
  running: boolean;
  done: boolean;
};

type Host = {
  index: number;
  child: ChildProcess;
  isReady: boolean;
  ready: Promise<void>;
  /** The test in flight on this host. */
  busy: {
    job: Job;
    seq: number;
    sentAt: number;
    budgetCut: boolean;
    /** Ran with the slice, not the test's limit: a timeout means "start again at level 1". */
    sliced: boolean;
    /** The pool asked the host to stop this test for level-0 work: the job starts again. */
    preempted: boolean;
    watchdog: NodeJS.Timeout;
  } | null;
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
/** At level 1 a job keeps its slot for its next test while its run has used less than this. */
const SCHEDULING_QUANTUM_MS = 1000;
/** Level-1 runs of one job that waiting level-0 work may stop; then its tests run to their end. */
export const MAX_PREEMPTIONS = 3;
/**
 * How long a test stopped at its slice (or preempted) may take to stop before its worker is
 * killed. An endless loop stops within microseconds once its thread runs, but at load 20 the
 * thread may wait 200 ms for a core; a kill costs a new interpreter (≈0.3 s of CPU).
 */
const STOP_GRACE_MS = 400;
/**
 * A slice is CPU time; its wall time is capped at this many slices (a program that sleeps or
 * waits). On a loaded machine a correct program's first test took 150-250 ms of wall time waiting
 * for a core (it needs a few ms of CPU): a wall-time slice sent it behind every loop's full run
 * (50 s at load 20).
 */
const SLICE_WALL_FACTOR = 2.5;
/** The group of jobs without a class. */
const NO_CLASS = "";
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
  // A drawing test also needs the drawing to match (decision 064).
  return withDrawing(test, toTestResult(test.expectedOutput, r.run, timeMs), r.drawing ?? null);
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
  // One warm interpreter for every job (the CLI) grades alone: nothing to share fairly, and a
  // sliced run would leave its state in the interpreter the full run uses.
  const sliceMs = options.reuseInterpreter ? 0 : Math.max(0, options.sliceMs ?? DEFAULT_SLICE_MS);
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
      const heldMs = performance.now() - busy.sentAt;
      job.usedMs += heldMs;
      job.serviceMs += heldMs;
      // A run the pool was stopping anyway starts again; otherwise a host that died under a
      // test (killed, or a bug): that test once more on a new host, then it fails; either way
      // only this job is affected.
      if (busy.preempted && !closed) startAgain(job, job.level);
      else if (job.hostRetries < 1 && !closed) job.hostRetries++;
      else finishTest(job, failed(CRASH_MESSAGE, heldMs), true);
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
    const heldMs = performance.now() - busy.sentAt;
    job.usedMs += heldMs;
    job.serviceMs += heldMs;
    host.lastJob = job;
    if (msg.type === "ran" && msg.interpreters) countInterpreters(host, msg.interpreters);
    if (msg.type === "failed") {
      endJob(job, new GraderError(`grading failed: ${msg.message}`));
      return;
    }
    if (busy.preempted || (busy.sliced && stoppedAtLimit(job, msg.run))) {
      // Whatever this partial run printed does not count: the job starts again at level 1.
      startAgain(job, 1);
      return;
    }
    if (msg.killed) job.kills++;
    finishTest(job, readResult(job, job.results.length, msg.run, busy.budgetCut), msg.killed);
  }

  /** Whether the host's record says the test's timer fired (at the slice, for a sliced test). */
  function stoppedAtLimit(job: Job, record: unknown): boolean {
    const r = readHostRun(record, job.limits.maxOutput);
    return "unreadable" in r || r.reason === "timeout";
  }

  /**
   * The job's run so far is discarded and it starts again from its first test at `level`, in an
   * interpreter in its start state (a new run name, so no host continues the old interpreter:
   * the stopped program may have left anything in it). Results are then those of one whole
   * run with the full limits, as without slicing.
   */
  function startAgain(job: Job, level: 0 | 1) {
    for (const h of hosts) {
      if (h?.lastJob === job) {
        send(h, { type: "release", job: job.runId });
        h.lastJob = null;
      }
    }
    job.level = level;
    job.runs++;
    job.runId = `${job.id}.${job.runs}`;
    job.results = [];
    job.usedMs = 0;
    job.kills = 0;
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
        send(h, { type: "release", job: job.runId });
        h.lastJob = null;
      }
    }
    if (outcome instanceof Error) job.reject(outcome);
    // When it ran: Submit Code answers at a time its run cannot set (decision "Hidden test timing").
    else job.resolve({ ...outcome, timing: { startedAt: job.startedAt, finishedAt: performance.now() } });
  }

  /**
   * Grading time used by each class group and each user: their unfinished jobs' service, the
   * tests in flight counted up to now; and how many tests each has in flight (ties go to fewer).
   */
  function usage(now: number) {
    const used = new Map<string, { ms: number; running: number }>();
    const add = (key: string, ms: number, running: number) => {
      const u = used.get(key) ?? { ms: 0, running: 0 };
      u.ms += ms;
      u.running += running;
      used.set(key, u);
    };
    const inFlight = new Map<Job, number>();
    for (const h of hosts) if (h?.busy) inFlight.set(h.busy.job, now - h.busy.sentAt);
    for (const job of jobs) {
      const running = inFlight.get(job);
      const ms = job.serviceMs + (running ?? 0);
      add(`g:${job.group}`, ms, running === undefined ? 0 : 1);
      add(`u:${job.user}`, ms, running === undefined ? 0 : 1);
    }
    return (key: string) => used.get(key) ?? { ms: 0, running: 0 };
  }

  /** Least used first, fewer in flight between equals; negative when `a` goes before `b`. */
  function compareUse(a: { ms: number; running: number }, b: { ms: number; running: number }) {
    return a.ms - b.ms || a.running - b.running;
  }

  /**
   * The next job for `host`: the lowest level waiting; in it the least-served class group, its
   * least-served user, that user's oldest job. The host's last job goes on instead while its run
   * has used less than a slice (a second at level 1): honest submissions run their tests back to
   * back, in the interpreter they started in.
   */
  function pick(host: Host): Job | null {
    const waiting = jobs.filter((j) => !j.running && !j.done);
    if (waiting.length === 0) return null;
    const level = Math.min(...waiting.map((j) => j.level));
    const candidates = waiting.filter((j) => j.level === level);
    const last = host.lastJob;
    const keep = level === 0 ? sliceMs : SCHEDULING_QUANTUM_MS;
    if (last && candidates.includes(last) && last.usedMs < keep) return last;
    const use = usage(performance.now());
    let best: Job | null = null;
    for (const job of candidates) {
      if (!best) {
        best = job;
        continue;
      }
      const order =
        compareUse(use(`g:${job.group}`), use(`g:${best.group}`)) ||
        compareUse(use(`u:${job.user}`), use(`u:${best.user}`)) ||
        job.seq - best.seq;
      if (order < 0) best = job;
    }
    return best;
  }

  /**
   * Level-0 work waits and no host is free: stop level-1 tests for it, the most recently started
   * first (least work lost), skipping jobs already stopped MAX_PREEMPTIONS times. Their jobs start
   * again later from their first test.
   */
  function preempt() {
    if (sliceMs <= 0) return;
    let waiting = jobs.filter((j) => j.level === 0 && !j.running && !j.done).length;
    if (waiting === 0) return;
    const busy = hosts.flatMap((h) => (h?.busy ? [h] : []));
    if (busy.length < hosts.filter((h) => h?.isReady).length) return; // a host is free
    waiting -= busy.filter((h) => h.busy!.preempted).length;
    const stoppable = busy
      .filter((h) => h.busy!.job.level === 1 && !h.busy!.preempted)
      .filter((h) => h.busy!.job.preemptions < MAX_PREEMPTIONS)
      .sort((a, b) => b.busy!.sentAt - a.busy!.sentAt);
    for (const h of stoppable) {
      if (waiting <= 0) break;
      h.busy!.preempted = true;
      h.busy!.job.preemptions++;
      send(h, { type: "stop", seq: h.busy!.seq, graceMs: STOP_GRACE_MS });
      waiting--;
    }
  }

  function dispatch(host: Host): boolean {
    const job = pick(host);
    if (!job) return false;
    const index = job.results.length;
    const left = SUBMISSION_BUDGET_MS - job.usedMs;
    const fullMs = Math.max(1, Math.min(job.limits.timeMs, left));
    // A slice only where it is shorter than what the test would get anyway: sliceMs of the
    // host's CPU, and at most SLICE_WALL_FACTOR times that of wall time (a program that waits).
    const sliced = job.level === 0 && sliceMs > 0 && sliceMs < fullMs;
    const timeMs = sliced ? Math.min(fullMs, sliceMs * SLICE_WALL_FACTOR) : fullMs;
    const seq = nextSeq++;
    const test = job.tests[index];
    const sent = send(host, {
      type: "test",
      seq,
      job: job.runId,
      code: job.code,
      input: test.input ?? "",
      timeMs,
      maxOutput: job.limits.maxOutput,
      ...(wantsDrawing(test) ? { drawing: true } : {}),
      // A sliced run's output never counts: it need not be given long to stop.
      ...(sliced ? { graceMs: STOP_GRACE_MS, cpuMs: sliceMs } : {}),
    });
    if (!sent) return false; // the exit handler restarts the host and pumps again
    if (!job.started) job.startedAt = performance.now();
    job.started = true;
    job.running = true;
    // Last line of defence if the host stops answering: kill it (its exit fails this test).
    const watchdog = setTimeout(() => host.child.kill("SIGKILL"), timeMs + WATCHDOG_SLACK_MS);
    host.busy = {
      job,
      seq,
      sentAt: performance.now(),
      budgetCut: !sliced && left < job.limits.timeMs,
      sliced,
      preempted: false,
      watchdog,
    };
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
    preempt();
  }

  return {
    grade(code, tests, limits = {}, owner) {
      if (closed) return Promise.reject(new GraderError("grader closed"));
      if (jobs.filter((j) => !j.started).length >= maxQueue) return Promise.reject(new GraderBusyError());
      if (tests.length === 0) return Promise.resolve(gradeFrom([]));
      return new Promise<GradeResult>((resolve, reject) => {
        const id = nextId++;
        jobs.push({
          id: String(id),
          seq: id,
          runId: `${id}.0`,
          runs: 0,
          group: owner?.classId ? `c:${owner.classId}` : NO_CLASS,
          user: owner ? `u:${owner.userId}` : `job:${id}`,
          level: sliceMs > 0 ? 0 : 1,
          preemptions: 0,
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
          serviceMs: 0,
          kills: 0,
          hostRetries: 0,
          started: false,
          startedAt: 0,
          running: false,
          done: false,
        });
        pump();
      });
    },
    async ready(all = false) {
      await ensureHosts();
      if (all) await Promise.all(hosts.map((h) => h?.ready));
    },
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
