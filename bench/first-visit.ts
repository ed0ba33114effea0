// A student's first visit (issue 23, decision 069): what the browser downloads before the first
// Run's output, and how long from opening the workspace to that output, on the production build
// (npm start: Brotli, trimmed standard library) in a fresh Chromium profile, once on localhost
// and once throttled to 10 Mbit/s by Chromium's own network emulation (CDP). The steady state: the
// browser's Pyodide is prepared (Brotli made) to completion before anything is timed, as a server
// that has been up a minute serves it (decision 074).
import type { ChildProcess } from "node:child_process";
import os from "node:os";
import { type Browser, chromium, type Page } from "@playwright/test";
import { parsePutBack, prepareWebPyodide } from "../src/server/http/pyodide-web-files.mjs";

type Row = (what: string, value: string, note?: string) => void;
type Conditions = { name: string; downloadBitsPerSecond: number | null; latencyMs: number };

const LAN: Conditions = { name: "LAN", downloadBitsPerSecond: null, latencyMs: 0 };
const SCHOOL_WIFI: Conditions = { name: "10 Mbit/s", downloadBitsPerSecond: 10_000_000, latencyMs: 20 };
/** Decimal megabytes, as browsers' developer tools count them. */
const BYTES_GOAL = 4_000_000;

async function signUp(page: Page, base: string) {
  const email = `first-visit-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const headers = { Origin: base };
  await page.request.post(`${base}/api/auth/sign-up/email`, {
    data: { name: "Bench", email, password: "Secret123!" },
    headers,
  });
  let link: string | null = null;
  for (let i = 0; i < 50 && !link; i++) {
    const res = await page.request.get(`${base}/api/dev/mailbox?to=${encodeURIComponent(email)}`);
    link = ((await res.json()) as { link: string | null }[])[0]?.link ?? null;
    if (!link) await new Promise((r) => setTimeout(r, 100));
  }
  if (!link) throw new Error("no confirmation e-mail");
  await page.request.get(link);
  await page.request.post(`${base}/api/me/role`, { data: { role: "student" }, headers });
}

/** One first visit in a fresh profile: bytes over the wire and time until "hi" is printed. */
async function firstVisit(browser: Browser, base: string, conditions: Conditions) {
  const context = await browser.newContext({ baseURL: base, serviceWorkers: "allow" });
  const page = await context.newPage();
  await signUp(page, base);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  if (conditions.downloadBitsPerSecond) {
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: conditions.latencyMs,
      downloadThroughput: conditions.downloadBitsPerSecond / 8,
      uploadThroughput: conditions.downloadBitsPerSecond / 8,
    });
  }
  // Bytes on the wire (headers and compressed bodies) of every request, the Python worker's too;
  // the service worker's precache (registered once Python is ready) counted apart: it runs in
  // the background and the first Run does not wait for it.
  let bytes = 0;
  let precacheBytes = 0;
  const files: { url: string; bytes: number; encoding: string; doneMs: number }[] = [];
  context.on("requestfinished", async (request) => {
    const sizes = await request.sizes().catch(() => null);
    if (!sizes) return;
    const n = sizes.responseBodySize + sizes.responseHeadersSize;
    if (request.serviceWorker()) {
      precacheBytes += n;
      return;
    }
    bytes += n;
    const response = await request.response().catch(() => null);
    const timing = request.timing();
    files.push({
      url: request.url().replace(base, ""),
      bytes: n,
      encoding: (await response?.headerValue("content-encoding").catch(() => null)) ?? "none",
      // When the body had arrived, from the moment the page was opened.
      doneMs: timing.startTime + timing.responseEnd - started,
    });
  });
  const started = Date.now();
  await page.goto("/playground");
  const editor = page.getByTestId("code-editor").locator(".cm-content");
  await editor.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText('print("hi")');
  const run = page.getByRole("button", { name: "Run", exact: true });
  await run.click({ timeout: 120_000 }); // waits until Python is ready and Run is enabled
  await page.getByTestId("output").getByText("hi").waitFor({ timeout: 60_000 });
  const ms = Date.now() - started;
  const bytesAtRun = bytes;
  const precacheAtRun = precacheBytes;
  // Where the time went: the worker's own phases (import of pyodide.mjs, Pyodide's load with the
  // wasm's compile and the snapshot, our setup), from the page's performance measure.
  const startup = await page.evaluate(() => {
    const m = performance.getEntriesByName("pyclass:python-startup")[0] as PerformanceMeasure | undefined;
    return m ? { startMs: m.startTime, ms: m.duration, detail: m.detail as Record<string, unknown> } : null;
  });
  await context.close();
  files.sort((a, b) => b.bytes - a.bytes);
  const small = files.filter((f) => f.bytes < 20_000);
  return {
    ms,
    bytes: bytesAtRun,
    precacheBytes: precacheAtRun,
    largest: files.filter((f) => f.bytes >= 20_000),
    small: { count: small.length, bytes: small.reduce((n, f) => n + f.bytes, 0) },
    startup,
  };
}

const mb = (n: number) => `${(n / 1_000_000).toFixed(2)} MB`;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(" ");

export async function firstVisitBench(row: Row, startServer: (port: number) => Promise<ChildProcess>) {
  console.log("\nFirst visit (fresh profile, production build: npm start's Brotli and trimmed stdlib)");
  // Made here to completion, once, as npm start makes it (it would otherwise be compressing beside
  // the server while we time it, and gzip be served meanwhile); a no-op when already made.
  const preparing = Date.now();
  await prepareWebPyodide(parsePutBack(process.env.BROWSER_PYTHON_MODULES));
  console.log(`  browser's Pyodide prepared in ${s(Date.now() - preparing)}; load average ${load()}`);
  const port = 4340 + (process.pid % 40);
  const base = `http://localhost:${port}`;
  const server = await startServer(port);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
  });
  try {
    for (const conditions of [LAN, SCHOOL_WIFI]) {
      const visit = await firstVisit(browser, base, conditions);
      if (conditions === LAN) {
        row(
          "first visit: bytes until the first Run's output",
          mb(visit.bytes),
          `goal ≤ ${mb(BYTES_GOAL)}; service worker precache meanwhile ${mb(visit.precacheBytes)}`,
        );
      }
      const goal = conditions === LAN ? "goal ≤ 2 s" : "goal ≤ 5 s";
      row(
        `first visit: open → first output (${conditions.name})`,
        s(visit.ms),
        `${goal}; ${mb(visit.bytes)} over the wire; load average ${load()}`,
      );
      // The encoding each large file came in (Brotli expected: Chromium asks for it on localhost
      // and over HTTPS, never over plain HTTP elsewhere) and when its body had arrived.
      for (const f of visit.largest)
        console.log(
          `      ${f.url.split("/").pop()?.padEnd(24)} ${mb(f.bytes)} ${f.encoding.padEnd(5)} done at ${s(f.doneMs)}`,
        );
      console.log(`      ${visit.small.count} smaller requests (under 20 kB each) ${mb(visit.small.bytes)}`);
      if (visit.startup) {
        const d = visit.startup.detail;
        // load = Pyodide's own (wasm compiled, stdlib mounted, Python started) + the snapshot made
        // and stored for the next visit.
        const phases = ["import", "load", "pyodide", "makeSnapshot", "storeSnapshot", "setup"]
          .filter((k) => d[k] !== undefined)
          .map((k) => `${k} ${s(Number(d[k]))}`)
          .join(", ");
        console.log(
          `      Python: worker started at ${s(visit.startup.startMs)}, ready after ${s(visit.startup.ms)} (snapshot ${String(d.snapshot)}; ${phases})`,
        );
      }
    }
  } finally {
    await browser.close();
    server.kill("SIGTERM");
  }
}
