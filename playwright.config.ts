// Browser journeys in Debian's Chromium against the real server on a fresh embedded database.
import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 4310);
export const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  // Port and output folder can be moved so two runs on one machine don't collide.
  outputDir: `test-results/e2e-${port}`,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    // The service worker (decision 068) is tried only where a journey allows it (offline.spec.ts):
    // elsewhere every request reaches the server as it always did.
    serviceWorkers: "block",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    command: `rm -rf .tmp/e2e-data-${port} && node scripts/start.mjs`,
    url: `${baseURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      NODE_ENV: "test",
      PORT: String(port),
      DATA_DIR: `.tmp/e2e-data-${port}`,
      PUBLIC_URL: baseURL,
      RATE_LIMIT: "off",
      // signUpAdmin (helpers/auth.ts) signs this address up; it becomes an admin at sign-up.
      ADMIN_EMAILS: "admin@e2e.example.com",
      // Journeys sign teachers up at example.com; teacher-domains.spec.ts is refused elsewhere.
      TEACHER_EMAIL_DOMAINS: "example.com",
      // ctypes is left out of the browser's Python by default (decision 069); a teacher may put it
      // back, and then a forged JS reference must still reach nothing (browser-python-sandbox.spec).
      BROWSER_PYTHON_MODULES: "ctypes",
    },
    stdout: "pipe",
    stderr: "pipe",
  },
});
