// npm test: typecheck + lint, the exercise bank's check, unit and API tests on PGlite, the API
// tests again on a real PostgreSQL (a throwaway cluster, or TEST_DATABASE_URL), then the
// Playwright journeys.
// Any skipped or focused test fails the run: a skipped test is a hole, not a pass.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { startThrowawayPostgres } from "./throwaway-postgres.mjs";

const root = path.resolve(import.meta.dirname, "..");
const tmp = path.join(root, ".tmp");
fs.mkdirSync(tmp, { recursive: true });
const isCI = Boolean(process.env.CI);
const totals = { passed: 0, failed: 0, skipped: 0 };
const suites = [];

function step(title, cmd, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  suites.push(`${r.status === 0 ? "✔" : "✖"} ${title} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  return r.status === 0;
}

function vitest(title, args, env = {}) {
  const out = path.join(tmp, `vitest-${suites.length}.json`);
  const ok = step(
    title,
    "npx",
    ["vitest", "run", ...args, "--reporter=default", "--reporter=json", `--outputFile.json=${out}`],
    env,
  );
  if (!fs.existsSync(out)) return finish(false, `${title}: no report written`);
  const report = JSON.parse(fs.readFileSync(out, "utf8"));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  if (report.numPendingTests + report.numTodoTests > 0)
    return finish(false, `${title}: skipped tests are not allowed`);
  if (report.numTotalTests === 0) return finish(false, `${title}: no tests ran`);
  if (!ok) finish(false, `${title} failed`);
}

function playwright() {
  const out = path.join(tmp, "playwright.json");
  const ok = step(
    "Browser journeys (Playwright, Chromium)",
    "npx",
    ["playwright", "test", "--reporter=list,json"],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: out,
    },
  );
  if (!fs.existsSync(out)) return finish(false, "Playwright wrote no report");
  const { stats } = JSON.parse(fs.readFileSync(out, "utf8"));
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
  if (stats.skipped > 0) return finish(false, "Playwright: skipped tests are not allowed");
  if (stats.expected + stats.unexpected + stats.flaky === 0) return finish(false, "Playwright: no tests ran");
  if (!ok) finish(false, "Playwright journeys failed");
}

// Every exercise of content/exercises graded by the server's grader and CPython; an exercise
// counts as a passed or failed test, and each problem of the bank as a whole as a failed one.
function exerciseBank() {
  const out = path.join(tmp, "exercises-check.json");
  fs.rmSync(out, { force: true });
  const ok = step("Exercise bank (npm run exercises:check -- --require-bank)", "npx", [
    "tsx",
    "src/server/cli/exercises-check.ts",
    "--require-bank",
    "--report",
    out,
  ]);
  if (!fs.existsSync(out)) return finish(false, "Exercise bank: the check wrote no report");
  const report = JSON.parse(fs.readFileSync(out, "utf8"));
  totals.passed += report.passed;
  totals.failed += report.failed;
  if (!ok) finish(false, "Exercise bank check failed");
}

function finish(ok, reason) {
  console.log(`\n${suites.join("\n")}`);
  if (!ok) console.error(`\n✖ ${reason}`);
  console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exit(ok ? 0 : 1);
}

if (
  !step("Typecheck (tsc)", "npx", ["tsc", "--noEmit", "-p", "."]) ||
  !step("Typecheck sandbox .mjs (tsc checkJs)", "npx", ["tsc", "--noEmit", "-p", "tsconfig.sandbox.json"])
)
  finish(false, "Typecheck failed");
if (!step("Lint (biome)", "npx", ["biome", "check", "."])) finish(false, "Lint failed");
exerciseBank();
vitest("Unit, API (PGlite) and Python tests", []);

let pg = null;
let pgUrl = process.env.TEST_DATABASE_URL;
if (!pgUrl) {
  try {
    pg = await startThrowawayPostgres();
  } catch (e) {
    finish(false, `Could not start a throwaway PostgreSQL: ${e.message}`);
  }
  pgUrl = pg?.url;
  // finish() exits the process; stop the cluster on the way out whatever happens.
  process.on("exit", () => pg?.stop());
}
if (pgUrl) {
  vitest("API tests on PostgreSQL", ["--project", "api"], { TEST_DATABASE_URL: pgUrl });
  pg?.stop();
  pg = null;
} else if (isCI) {
  finish(false, "PostgreSQL server binaries (initdb, pg_ctl) not found: the PostgreSQL suite must run in CI");
} else {
  console.warn(
    "\n⚠ PostgreSQL suite NOT run: initdb/pg_ctl not found. Install Debian's postgresql or set TEST_DATABASE_URL.",
  );
  suites.push("⚠ API tests on PostgreSQL: NOT RUN (no server binaries)");
}

playwright();
finish(true);
