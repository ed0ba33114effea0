// The server side of the similarity worker (dolos-worker.mjs): a JobThread (decision 076), one
// worker thread per server process, started by the first report, one job at a time. A report's
// work runs beside the event loop, never on it, so the API keeps answering while a year group is
// compared. Jobs wait in line; past MAX_WAITING (or a teacher's share of it), or when a job
// outlives JOB_TIMEOUT_MS or crashes its thread, the caller gets a plain 503 and the next job
// runs on a fresh thread.
import { AppError } from "@/server/errors.ts";
import { JobThread } from "@/server/workers/job-thread.ts";
import { type CodeRange, SIMILARITY_MESSAGES } from "@/shared/api/similarity.ts";

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
/** The thread's answer and its CPU time for the job (Linux; null elsewhere). */
type Answer = { result: unknown; cpuMs: number | null };

export const similarityThread = new JobThread<Job, Answer>({
  name: "Similarity worker",
  url: new URL("./dolos-worker.mjs", import.meta.url),
  maxWaiting: MAX_WAITING,
  maxWaitingPerCaller: MAX_WAITING_PER_CALLER,
  timeLimitMs: JOB_TIMEOUT_MS,
  busy: () => new AppError("BUSY", 503, SIMILARITY_MESSAGES.busy, { "Retry-After": "30" }),
  failed: () => new AppError("BUSY", 503, SIMILARITY_MESSAGES.failed, { "Retry-After": "5" }),
  // Dolos's index of a year group fits well within this; more is a hand-in built to exhaust memory.
  resourceLimits: { maxOldGenerationSizeMb: 512 },
});

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

export async function runReport(
  files: Source[],
  template: string,
  floor: number,
  limit: number,
  caller?: string,
) {
  const started = performance.now();
  const { result, cpuMs } = await similarityThread.run(
    { kind: "report", files, template, floor, limit },
    [],
    caller,
  );
  reportsRun++;
  lastReport = { wallMs: performance.now() - started, cpuMs, files: files.length };
  return result as ReportResult;
}

export async function runPair(files: [Source, Source], template: string, caller?: string) {
  return (await similarityThread.run({ kind: "pair", files, template }, [], caller)).result as PairResult;
}

/** Dolos's tokeniser and the worker's cursor walk on one program (for the test that they agree). */
export async function compareTokenizers(code: string) {
  return (await similarityThread.run({ kind: "tokens", code })).result as TokensResult;
}

/** Ends the worker (tests, the bench); the next job starts a new one. */
export function stopSimilarityWorker(): Promise<void> {
  return similarityThread.stop();
}
