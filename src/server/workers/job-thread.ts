// One worker thread per server process for one kind of CPU-heavy job (reading an imported file,
// zipping a data export), so the work runs beside the event loop and every other request keeps
// its answer time (decision 076). Jobs wait in line, one at a time; past `maxWaiting` the caller
// gets the `busy` error (and past `maxWaitingPerCaller`, a named caller: one caller cannot fill the
// line for everyone); a job that outlives `timeLimitMs` has its thread terminated (the next job
// starts a fresh one) and the caller gets `failed`, as does a job whose thread crashed.
// The thread's side of the protocol: reply { jobId, ok: true, result } or { jobId, ok: false,
// error: { code, status, message } } (a refusal to pass on as it is) or { jobId, ok: false,
// message } (anything else: logged, answered with `failed`).
import { type ResourceLimits, type Transferable, Worker } from "node:worker_threads";
import { AppError } from "@/server/errors.ts";

export type JobThreadOptions = {
  /** For the log: "Import reader". */
  name: string;
  /** The worker's module: plain JavaScript (it must load without the server's TypeScript loader). */
  url: URL;
  maxWaiting: number;
  /** Jobs one named caller (a user's id) may have waiting; unset: only `maxWaiting` applies. */
  maxWaitingPerCaller?: number;
  timeLimitMs: number;
  busy: () => AppError;
  failed: () => AppError;
  resourceLimits?: ResourceLimits;
};

type Refusal = Pick<AppError, "code" | "status" | "message" | "headers">;
type Reply =
  | { jobId: number; ok: true; result: unknown }
  | { jobId: number; ok: false; error: Refusal }
  | { jobId: number; ok: false; message: string };

export class JobThread<J, R> {
  /** Tests shorten it to see a runaway job ended; the next job reads it again. */
  timeLimitMs: number;
  #worker: Worker | null = null;
  #nextJobId = 1;
  #waiting = 0;
  readonly #waitingBy = new Map<string, number>();
  #line: Promise<unknown> = Promise.resolve();
  #jobsDone = 0;

  constructor(private readonly options: JobThreadOptions) {
    this.timeLimitMs = options.timeLimitMs;
  }

  /** Jobs answered by a thread (a refusal counts: the thread did the work). */
  get jobsDone(): number {
    return this.#jobsDone;
  }

  /** The running thread's id (never the main thread's 0), or null before the first job. */
  get threadId(): number | null {
    return this.#worker?.threadId ?? null;
  }

  /**
   * Runs `job` on the thread after every job already in line; `transfer` moves buffers instead of
   * copying; a named `caller` gets a share of the line (`maxWaitingPerCaller`).
   */
  run(job: J, transfer: readonly Transferable[] = [], caller?: string): Promise<R> {
    const { maxWaiting, maxWaitingPerCaller = Number.POSITIVE_INFINITY } = this.options;
    const theirs = caller === undefined ? 0 : (this.#waitingBy.get(caller) ?? 0);
    if (this.#waiting >= maxWaiting || theirs >= maxWaitingPerCaller)
      return Promise.reject(this.options.busy());
    this.#waiting++;
    if (caller !== undefined) this.#waitingBy.set(caller, theirs + 1);
    const turn = this.#line.then(() => {
      this.#waiting--;
      if (caller !== undefined) {
        const left = (this.#waitingBy.get(caller) ?? 1) - 1;
        if (left > 0) this.#waitingBy.set(caller, left);
        else this.#waitingBy.delete(caller);
      }
      return this.#runNow(job, transfer);
    });
    this.#line = turn.catch(() => undefined);
    return turn;
  }

  /** Ends the thread (tests, shutdown); the next job starts a new one. */
  async stop(): Promise<void> {
    const w = this.#worker;
    this.#worker = null;
    if (w) await w.terminate();
  }

  #start(): Worker {
    const w = new Worker(this.options.url, { resourceLimits: this.options.resourceLimits });
    // Never what keeps the process alive: the server's socket does that.
    w.unref();
    w.on("error", (error) => console.error(`${this.options.name} thread failed:`, error));
    w.on("exit", () => {
      if (this.#worker === w) this.#worker = null;
    });
    return w;
  }

  #runNow(job: J, transfer: readonly Transferable[]): Promise<R> {
    this.#worker ??= this.#start();
    const w = this.#worker;
    const jobId = this.#nextJobId++;
    const { name, failed } = this.options;
    const limitMs = this.timeLimitMs;
    return new Promise<R>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        w.off("message", onMessage);
        w.off("exit", onExit);
      };
      const onMessage = (reply: Reply) => {
        if (reply.jobId !== jobId) return;
        done();
        this.#jobsDone++;
        if (reply.ok) resolve(reply.result as R);
        else if ("error" in reply) {
          const { code, status, message, headers } = reply.error;
          reject(new AppError(code, status, message, headers));
        } else {
          console.error(`${name} job ${jobId} failed:`, reply.message);
          reject(failed());
        }
      };
      const onExit = (exitCode: number) => {
        done();
        console.error(`${name} thread stopped (exit code ${exitCode}) during job ${jobId}`);
        reject(failed());
      };
      const timer = setTimeout(() => {
        done();
        console.error(`${name} job ${jobId} took over ${limitMs} ms; replacing the thread`);
        if (this.#worker === w) this.#worker = null;
        void w.terminate();
        reject(failed());
      }, limitMs);
      w.on("message", onMessage);
      w.on("exit", onExit);
      w.postMessage({ jobId, job }, transfer);
    });
  }
}
