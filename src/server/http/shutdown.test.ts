// A real server process: SIGTERM while a request is still arriving. The request is answered, new
// connections are refused, the process exits 0 and the data directory's lock is gone.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../..", import.meta.url));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

let child: ChildProcess;
let port: number;
let dataDir: string;
let output = "";

beforeAll(async () => {
  port = await freePort();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pyclass-shutdown-"));
  child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${port}`,
      SEED_EXERCISES: "false",
      REQUEST_LOG: "on",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {}
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server did not start:\n${output}`);
}, 120_000);

afterAll(() => {
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("SIGTERM", () => {
  it("finishes the request in flight, refuses new ones, exits 0 and releases the lock", async () => {
    expect(fs.existsSync(path.join(dataDir, "pyclass.lock"))).toBe(true);
    const body = JSON.stringify({ email: "nobody@example.com", password: "Secret123!" });
    const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          port,
          method: "POST",
          path: "/api/auth/sign-in/email",
          headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) },
        },
        (res) => {
          let text = "";
          res.on("data", (d) => {
            text += d;
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on("error", reject);
      // Half the body now, SIGTERM, the rest a second later: the request is in flight throughout.
      req.write(body.slice(0, 10));
      setTimeout(() => child.kill("SIGTERM"), 200);
      setTimeout(() => req.end(body.slice(10)), 1200);
    });
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

    await new Promise((r) => setTimeout(r, 700));
    // Signalled: the listener is closed, so a new connection is refused.
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();

    const res = await answered;
    expect(res.status, res.text).toBe(401);
    expect(await exited).toBe(0);
    expect(output).toContain('"route":"/api/auth/sign-in/email","status":401');
    expect(output).toContain("PyClass stopped.");
    expect(fs.existsSync(path.join(dataDir, "pyclass.lock"))).toBe(false);
  }, 60_000);
});
