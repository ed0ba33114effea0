// npm start: builds the web app when the build is missing or older than the sources, then
// runs the server (SPA + API on one port).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const built = path.join(root, "dist/client/index.html");

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(p));
    else newest = Math.max(newest, fs.statSync(p).mtimeMs);
  }
  return newest;
}

const sources = Math.max(
  newestMtime(path.join(root, "src/client")),
  newestMtime(path.join(root, "src/shared")),
  fs.statSync(path.join(root, "index.html")).mtimeMs,
  fs.statSync(path.join(root, "vite.config.ts")).mtimeMs,
);
if (!fs.existsSync(built) || fs.statSync(built).mtimeMs < sources) {
  console.log("Building the web app…");
  const r = spawnSync("npx", ["vite", "build", "--logLevel", "warn"], { cwd: root, stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const server = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
  cwd: root,
  stdio: "inherit",
});
// Pass stop signals on, so the server releases its data-directory lock and closes the database.
const stopSignals = ["SIGINT", "SIGTERM"];
for (const signal of stopSignals) process.on(signal, () => server.kill(signal));
// A stop we passed on ends cleanly; a server killed otherwise (SIGKILL by the OOM killer, a
// crash) exits as failed, 128 + the signal's number, so a supervisor restarts it.
server.on("exit", (code, signal) => {
  if (code !== null) process.exit(code);
  process.exit(stopSignals.includes(signal) ? 0 : 128 + (os.constants.signals[signal] ?? 0));
});
