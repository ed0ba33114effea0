// The thread's side of job-thread.ts: answers each { jobId, job } with its result, or with the
// refusal it threw (anything with a string `code` and a numeric `status`: an AppError, passed on
// as the HTTP answer), or with the message of anything else. Plain JavaScript, so a worker loads
// it without a TypeScript loader; checked by tsconfig.sandbox.json.
import { parentPort } from "node:worker_threads";

/**
 * @param {(job: any) => unknown} handle the job's work; a Uint8Array result is moved, not copied
 */
export function serveJobs(handle) {
  const port = parentPort;
  if (!port) throw new Error("serveJobs runs only in a worker thread");
  port.on("message", async (/** @type {{ jobId: number, job: unknown }} */ { jobId, job }) => {
    try {
      const result = await handle(job);
      const moved = result instanceof Uint8Array ? [/** @type {ArrayBuffer} */ (result.buffer)] : [];
      port.postMessage({ jobId, ok: true, result }, moved);
    } catch (error) {
      const refused = refusal(error);
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      port.postMessage(refused ? { jobId, ok: false, error: refused } : { jobId, ok: false, message });
    }
  });
}

/** @param {unknown} error */
function refusal(error) {
  if (!(error instanceof Error)) return null;
  const { code, status, headers } =
    /** @type {Error & { code?: unknown, status?: unknown, headers?: unknown }} */ (error);
  if (typeof code !== "string" || typeof status !== "number") return null;
  return { code, status, message: error.message, headers };
}
