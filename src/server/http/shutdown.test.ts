// A real server process: SIGTERM while a request is still arriving. The request is answered, new
// connections are refused, the process exits 0 and the data directory's lock is gone.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppProcess, startApp } from "../../../tests/setup/app-process.ts";

let app: AppProcess;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pyclass-shutdown-"));
  app = await startApp({ DATA_DIR: dataDir, REQUEST_LOG: "on" });
}, 120_000);

afterAll(async () => {
  await app?.crash();
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
          port: app.port,
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
      setTimeout(() => app.child.kill("SIGTERM"), 200);
      setTimeout(() => req.end(body.slice(10)), 1200);
    });

    await new Promise((r) => setTimeout(r, 700));
    // Signalled: the listener is closed, so a new connection is refused.
    await expect(fetch(`${app.url}/api/health`)).rejects.toThrow();

    const res = await answered;
    expect(res.status, res.text).toBe(401);
    expect((await app.exited).code).toBe(0);
    expect(app.output()).toContain('"route":"/api/auth/sign-in/email","status":401');
    expect(app.output()).toContain("PyClass stopped.");
    expect(fs.existsSync(path.join(dataDir, "pyclass.lock"))).toBe(false);
  }, 60_000);
});
