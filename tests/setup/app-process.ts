// A real PyClass server in its own process, for what app.request() cannot show: signals, SIGKILL,
// several instances on one database, the data directory's lock. It runs src/server/main.ts as
// `npm start` (scripts/start.mjs) does after its build step: the API needs no web build, and two
// instances building dist/ at once would race each other.
import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";
import { fileURLToPath } from "node:url";
import { type BrowserRequestOptions, browserRequest } from "./serve-app.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export type AppProcess = ReturnType<typeof spawnApp>;

/**
 * Starts the server with `env` on top of a test configuration (NODE_ENV=test, a free port,
 * SEED_EXERCISES=false) and returns at once; `ready()` waits for /api/health. The process leads
 * its own process group, so `crash()` kills it together with its grader processes, as a crash of
 * the machine's container or the OOM killer would.
 */
export function spawnApp(env: Record<string, string>, port: number) {
  const url = `http://127.0.0.1:${port}`;
  const publicUrl = `http://localhost:${port}`;
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      SEED_EXERCISES: "false",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const running = () => child.exitCode === null && child.signalCode === null;

  /** Waits until /api/health answers 200; throws with the server's output if it exits or stalls. */
  async function ready(timeoutMs = 120_000) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline && running()) {
      try {
        if ((await fetch(`${url}/api/health`)).ok) return;
      } catch {}
      await new Promise((r) => setTimeout(r, 150));
    }
    throw new Error(`the server on port ${port} did not start:\n${output}`);
  }

  /** A request as the browser on this computer sends it (same Origin), with a session cookie. */
  const request = (method: string, path: string, opts: BrowserRequestOptions = {}) =>
    browserRequest(url, publicUrl, method, path, opts);

  /** SIGKILL to the whole process group: no handler runs, nothing is flushed or released. */
  async function crash() {
    if (running() && child.pid) process.kill(-child.pid, "SIGKILL");
    return exited;
  }

  /** SIGTERM (graceful shutdown) and wait for the exit. */
  async function stop() {
    if (running()) child.kill("SIGTERM");
    return exited;
  }

  return { port, url, child, exited, ready, request, crash, stop, output: () => output };
}

/** spawnApp on a free port, waiting until it is healthy. */
export async function startApp(env: Record<string, string>): Promise<AppProcess> {
  const app = spawnApp(env, await freePort());
  try {
    await app.ready();
  } catch (e) {
    await app.crash();
    throw e;
  }
  return app;
}
