// The server side of the similarity worker (dolos-worker.mjs): one worker thread per server
// process, started by the first report, one job at a time. A report's work runs beside the event
// loop, never on it, so the API keeps answering while a year group is compared. Jobs wait in
// line; past MAX_WAITING, or when a job outlives JOB_TIMEOUT_MS, the caller gets a plain 503 and
// (on a timeout) the worker is replaced.
import { Worker } from "node:worker_threads";
import { AppError } from "@/server/errors.ts";
import { type CodeRange, SIMILARITY_MESSAGES } from "@/shared/api/similarity.ts";

const WORKER_PATH = new URL("./dolos-worker.mjs", import.meta.url);
/** Reports waiting behind the running one before new ones are turned away. */
const MAX_WAITING = 8;
/**
 * Jobs one caller (a teacher) may have waiting: a teacher of another class who sent twenty pair
 * views at once filled the whole line, and every other teacher's report answered 503.
 */
const MAX_WAITING_PER_CALLER = 2;
/** A year group takes well under a second; a minute means something is wrong. */
const JOB_TIMEOUT_MS = 60_000;

export type Source = { id: string; code: string };
export type WorkerPair = {
  left: string;
  right: string;
  similarity: number;
  longest: number;
  overlap: number;
};
export type ReportResult = { pairs: WorkerPair[]; aboveFloor: number };
export type PairResult = {
  similarity: number;
  longest: number;
  fragments: { left: CodeRange; right: CodeRange; kgrams: number }[];
};
export type TokensResult = {
  ours: { tokens: string[]; mapping: string[] };
  dolos: { tokens: string[]; mapping: string[] };
};

type Job =
  | { kind: "report"; files: Source[]; template: string; floor: number; limit: number }
  | { kind: "pair"; files: [Source, Source]; template: string }
  | { kind: "tokens"; code: string };
type Reply =
  | { jobId: number; ok: true; result: unknown; cpuMs: number | null }
  | { jobId: number; ok: false; message: string };

let worker: Worker | null = null;
let nextJobId = 1;
let waiting = 0;
const waitingBy = new Map<string, number>();
let line: Promise<unknown> = Promise.resolve();
let reportsRun = 0;
let lastReport: { wallMs: number; cpuMs: number | null; files: number } | null = null;

/** How many reports the worker has computed in this process (tests: a cached report is not re-run). */
export function similarityReportsRun(): number {
  return reportsRun;
}

/** The last report's time on the worker: wall clock, and the worker thread's CPU (Linux) — the bench prints both. */
export function lastSimilarityReport() {
  return lastReport;
}

const busy = () => new AppError("BUSY", 503, SIMILARITY_MESSAGES.busy, { "Retry-After": "30" });
const failed = () => new AppError("BUSY", 503, SIMILARITY_MESSAGES.failed, { "Retry-After": "5" });

function startWorker(): Worker {
  const w = new Worker(WORKER_PATH, { resourceLimits: { maxOldGenerationSizeMb: 512 } });
  // Never what keeps the process alive: the server's socket does that.
  w.unref();
  w.on("error", (error) => console.error("Similarity worker failed:", error));
  w.on("exit", () => {
    if (worker === w) worker = null;
  });
  return w;
}

/** Runs one job on the worker, after every job already in line; a named `caller` gets a share of the line. */
function run(job: Job, caller?: string): Promise<{ result: unknown; cpuMs: number | null }> {
  const theirs = caller === undefined ? 0 : (waitingBy.get(caller) ?? 0);
  if (waiting >= MAX_WAITING || theirs >= MAX_WAITING_PER_CALLER) return Promise.reject(busy());
  waiting++;
  if (caller !== undefined) waitingBy.set(caller, theirs + 1);
  const turn = line.then(() => {
    waiting--;
    if (caller !== undefined) {
      const left = (waitingBy.get(caller) ?? 1) - 1;
      if (left > 0) waitingBy.set(caller, left);
      else waitingBy.delete(caller);
    }
    return runNow(job);
  });
  line = turn.catch(() => undefined);
  return turn;
}

function runNow(job: Job): Promise<{ result: unknown; cpuMs: number | null }> {
  worker ??= startWorker();
  const w = worker;
  const jobId = nextJobId++;
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      w.off("message", onMessage);
      w.off("exit", onExit);
    };
    const onMessage = (reply: Reply) => {
      if (reply.jobId !== jobId) return;
      done();
      if (reply.ok) resolve({ result: reply.result, cpuMs: reply.cpuMs });
      else {
        console.error("Similarity job failed:", reply.message);
        reject(failed());
      }
    };
    const onExit = () => {
      done();
      reject(failed());
    };
    const timer = setTimeout(() => {
      done();
      console.error(`Similarity job ${jobId} took over ${JOB_TIMEOUT_MS} ms; replacing the worker`);
      if (worker === w) worker = null;
      void w.terminate();
      reject(failed());
    }, JOB_TIMEOUT_MS);
    w.on("message", onMessage);
    w.on("exit", onExit);
    w.postMessage({ ...job, jobId });
  });
}

export async function runReport(
  files: Source[],
  template: string,
  floor: number,
  limit: number,
  caller?: string,
) {
  const started = performance.now();
  const { result, cpuMs } = await run({ kind: "report", files, template, floor, limit }, caller);
  reportsRun++;
  lastReport = { wallMs: performance.now() - started, cpuMs, files: files.length };
  return result as ReportResult;
}

export async function runPair(files: [Source, Source], template: string, caller?: string) {
  return (await run({ kind: "pair", files, template }, caller)).result as PairResult;
}

/** Dolos's tokeniser and the worker's cursor walk on one program (for the test that they agree). */
export async function compareTokenizers(code: string) {
  return (await run({ kind: "tokens", code })).result as TokensResult;
}

/** Ends the worker (tests, the bench); the next job starts a new one. */
export async function stopSimilarityWorker(): Promise<void> {
  const w = worker;
  worker = null;
  if (w) await w.terminate();
}
