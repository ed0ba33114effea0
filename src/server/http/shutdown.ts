// Graceful stop on SIGTERM/SIGINT: no new connections, requests in flight (grading included) may
// finish for up to `graceMs`, then `cleanup` (grader, database, lock) and exit 0. A second signal
// exits at once (one within a second of the first is the same Ctrl-C, relayed).
import type { Server } from "node:http";

export const SHUTDOWN_GRACE_MS = 25_000;

export type ShutdownOptions = {
  server: Server;
  cleanup: () => Promise<void>;
  /** Ends long-lived responses (live streams) as the stop begins, so they never hold the drain. */
  beforeDrain?: () => void;
  graceMs?: number;
  log?: (line: string) => void;
  exit?: (code: number) => void;
};

/** Stops `server` accepting; resolves true when every open request finished within `graceMs`. */
export async function drain(server: Server, graceMs: number): Promise<boolean> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // Keep-alive connections that fall idle after their last response would hold close() open.
  server.closeIdleConnections();
  const sweep = setInterval(() => server.closeIdleConnections(), 100);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<true>((resolve) => {
    timer = setTimeout(() => resolve(true), graceMs);
  });
  try {
    const late = await Promise.race([closed.then(() => false as const), timedOut]);
    if (late) server.closeAllConnections();
    return !late;
  } finally {
    clearInterval(sweep);
    clearTimeout(timer);
  }
}

export function handleShutdownSignals({
  server,
  cleanup,
  beforeDrain = () => {},
  graceMs = SHUTDOWN_GRACE_MS,
  log = (line) => console.log(line),
  exit = (code) => process.exit(code),
}: ShutdownOptions): void {
  let stopping = 0;
  const onSignal = async (signal: NodeJS.Signals) => {
    // Ctrl-C under `npm start` reaches us twice at once (from the terminal and from scripts/start.mjs):
    // only a signal sent later means "stop now".
    if (stopping && Date.now() - stopping < 1000) return;
    if (stopping) {
      log(`${signal} again: stopping now.`);
      exit(1);
      return;
    }
    stopping = Date.now();
    log(`${signal}: stopping — finishing requests in flight (up to ${graceMs / 1000} s)…`);
    let code = 0;
    try {
      beforeDrain();
      if (!(await drain(server, graceMs))) log("Some requests were still running; they were cut off.");
      await cleanup();
      log("PyClass stopped.");
    } catch (e) {
      console.error(e instanceof Error ? e.message : e);
      code = 1;
    }
    exit(code);
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}
