// One PyClass instance for `npm run load`, started as production would run it (NODE_ENV=production,
// rate limits and the request log on) on the given PostgreSQL, in its own process so the load
// generator never shares its event loop. Its stdout (the request log) goes to a file the report
// reads back for the server's own time per route.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, openSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "../../tests/setup/app-process.ts";

const root = path.resolve(fileURLToPath(new URL("../..", import.meta.url)));

export type Instance = { url: string; pid: number; logFile: string; stop: () => Promise<void> };

/** `trustLoopback`: read the client address from X-Forwarded-For (the run spreads addresses). */
export async function startInstance(databaseUrl: string, trustLoopback: boolean): Promise<Instance> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  mkdirSync(path.join(root, ".tmp"), { recursive: true });
  const logFile = path.join(root, ".tmp", `load-${process.pid}.log`);
  const log = openSync(logFile, "w");
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      AUTH_SECRET: randomBytes(32).toString("hex"),
      DATABASE_URL: databaseUrl,
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: url,
      REQUEST_LOG: "on",
      ...(trustLoopback ? { TRUST_PROXY: "loopback" } : {}),
    },
    stdio: ["ignore", log, log],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline && child.exitCode === null) {
    const res = await fetch(`${url}/api/health`).catch(() => null);
    if (res?.ok) {
      return {
        url,
        pid: child.pid!,
        logFile,
        stop: async () => {
          child.kill("SIGTERM");
          await exited;
        },
      };
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  child.kill("SIGKILL");
  throw new Error(`the instance did not start; its output is in ${logFile}`);
}

/** "METHOD /route" → milliseconds, from the instance's JSON request log. */
export function serverTimes(logFile: string): Map<string, number[]> {
  const times = new Map<string, number[]>();
  for (const line of readFileSync(logFile, "utf8").split("\n")) {
    if (!line.startsWith("{")) continue;
    try {
      const entry = JSON.parse(line) as { msg?: string; method?: string; route?: string; ms?: number };
      if (entry.msg !== "request" || typeof entry.ms !== "number") continue;
      const key = `${entry.method} ${entry.route}`;
      const list = times.get(key);
      if (list) list.push(entry.ms);
      else times.set(key, [entry.ms]);
    } catch {}
  }
  return times;
}
