// npm start: builds the web app when the build is missing or older than the sources (with the
// Brotli and gzip forms of its files), prepares the browser's Pyodide once per version, then runs
// the server (SPA + API on one port).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  parsePutBack,
  preparedWebPyodide,
  prepareWebPyodide,
} from "../src/server/http/pyodide-web-files.mjs";
import { precompressDir } from "./precompress.mjs";

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
const stale = () => !fs.existsSync(built) || fs.statSync(built).mtimeMs < sources;
if (stale()) await buildClient();
// The browser's Pyodide: trimmed stdlib, Brotli and gzip made once per version (≈1 minute of CPU),
// beside the running server, which sends gzip made on the fly until they are there.
const putBack = parsePutBack(process.env.BROWSER_PYTHON_MODULES);
if (!preparedWebPyodide(putBack)) {
  prepareWebPyodide(putBack).catch((e) => console.error("Could not compress the browser's Python:", e));
}

/**
 * Builds into a folder of its own, then copies it in, one build at a time (a lock folder): several
 * servers started at once from one checkout (parallel browser runs) must never serve, or delete,
 * a half-written build, nor the chunks of the build a page already open came from.
 */
async function buildClient() {
  const lock = path.join(root, "dist/.build-lock");
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (e) {
      if (e.code !== "EEXIST") throw e;
      // A lock older than the longest build is left over from a killed start.
      if (Date.now() - fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs > 5 * 60_000) {
        fs.rmSync(lock, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error("another build has held dist/.build-lock for 10 minutes");
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    }
  }
  try {
    if (!stale()) return; // the start that held the lock built it
    console.log("Building the web app…");
    const out = path.join(root, `dist/client.build-${process.pid}`);
    const r = spawnSync("npx", ["vite", "build", "--logLevel", "warn", "--outDir", out, "--emptyOutDir"], {
      cwd: root,
      stdio: "inherit",
    });
    if (r.status !== 0) {
      process.exitCode = r.status ?? 1;
      throw new Error("the web app did not build");
    }
    await precompressDir(out);
    const current = path.join(root, "dist/client");
    if (!fs.existsSync(current)) fs.renameSync(out, current);
    else {
      // Into the folder a running server may be serving from: the new hashed assets beside the
      // old ones (a page already open still finds the chunks it loads later), index.html last.
      // A file outside assets/ keeps no Brotli or gzip form its new version lacks.
      for (const entry of fs.readdirSync(out)) {
        if (entry !== "index.html")
          fs.cpSync(path.join(out, entry), path.join(current, entry), { recursive: true });
      }
      for (const entry of fs.readdirSync(current)) {
        const form = /^(.*)\.(br|gz)$/.exec(entry);
        if (form && fs.existsSync(path.join(out, form[1])) && !fs.existsSync(path.join(out, entry)))
          fs.rmSync(path.join(current, entry));
      }
      fs.copyFileSync(path.join(out, "index.html"), path.join(current, "index.html"));
      fs.rmSync(out, { recursive: true, force: true });
    }
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
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
