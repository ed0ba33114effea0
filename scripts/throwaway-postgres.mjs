// Starts a throwaway PostgreSQL cluster from the installed server binaries (initdb, pg_ctl) on a
// free loopback port, for the Postgres test suite. Returns null when the binaries are missing.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

function findBin(name) {
  const fromPath = spawnSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" }).stdout.trim();
  if (fromPath) return fromPath;
  const root = "/usr/lib/postgresql";
  if (!fs.existsSync(root)) return null;
  for (const v of fs.readdirSync(root).sort().reverse()) {
    const p = path.join(root, v, "bin", name);
    if (fs.existsSync(p)) return p;
  }
  return null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export async function startThrowawayPostgres() {
  const initdb = findBin("initdb");
  const pgCtl = findBin("pg_ctl");
  if (!initdb || !pgCtl) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pyclass-pg-"));
  const dataDir = path.join(dir, "data");
  // initdb refuses to run as root: run the server as an unprivileged user then.
  const asUser =
    process.getuid?.() === 0 ? (spawnSync("id", ["postgres"]).status === 0 ? "postgres" : "nobody") : null;
  if (asUser) execFileSync("chown", ["-R", asUser, dir]);
  const run = (bin, args) => {
    const [cmd, argv] = asUser ? ["runuser", ["-u", asUser, "--", bin, ...args]] : [bin, args];
    const r = spawnSync(cmd, argv, { encoding: "utf8", cwd: dir });
    if (r.status !== 0) throw new Error(`${path.basename(bin)} failed: ${r.stderr || r.stdout}`);
  };
  const port = await freePort();
  run(initdb, ["-D", dataDir, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--no-sync"]);
  run(pgCtl, [
    "-D",
    dataDir,
    "-l",
    path.join(dir, "server.log"),
    "-w",
    "-t",
    "60",
    "-o",
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
    "start",
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run(pgCtl, ["-D", dataDir, "-m", "immediate", "stop"]);
      } catch {}
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
