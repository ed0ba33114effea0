// A student's first visit (issue 23, decision 069): what the browser downloads before the first
// Run's output, and how long from opening the workspace to that output, on the production build
// (npm start: Brotli, trimmed standard library) in a fresh Chromium profile, once on localhost
// and once throttled to 10 Mbit/s by Chromium's own network emulation (CDP).
import type { ChildProcess } from "node:child_process";
import { type Browser, chromium, type Page } from "@playwright/test";

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
  const files: { url: string; bytes: number }[] = [];
  context.on("requestfinished", async (request) => {
    const sizes = await request.sizes().catch(() => null);
    if (!sizes) return;
    const n = sizes.responseBodySize + sizes.responseHeadersSize;
    if (request.serviceWorker()) {
      precacheBytes += n;
      return;
    }
    bytes += n;
    files.push({ url: request.url().replace(base, ""), bytes: n });
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
  await context.close();
  files.sort((a, b) => b.bytes - a.bytes);
  return { ms, bytes: bytesAtRun, precacheBytes: precacheAtRun, largest: files.slice(0, 4) };
}

const mb = (n: number) => `${(n / 1_000_000).toFixed(2)} MB`;

export async function firstVisitBench(row: Row, startServer: (port: number) => Promise<ChildProcess>) {
  console.log("\nFirst visit (fresh profile, production build: npm start's Brotli and trimmed stdlib)");
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
          `goal ≤ ${mb(BYTES_GOAL)}; largest: ${visit.largest.map((f) => `${f.url.split("/").pop()} ${mb(f.bytes)}`).join(", ")}; service worker precache meanwhile ${mb(visit.precacheBytes)}`,
        );
      }
      const goal = conditions === LAN ? "goal ≤ 2 s" : "goal ≤ 5 s";
      row(
        `first visit: open → first output (${conditions.name})`,
        `${(visit.ms / 1000).toFixed(2)} s`,
        `${goal}; ${mb(visit.bytes)} over the wire`,
      );
    }
  } finally {
    await browser.close();
    server.kill("SIGTERM");
  }
}
