// While the server runs, only it may read the embedded database (one process, decision 016), so
// `npm run backup` asks it for the copy. The server listens for that on a loopback port of its
// own — never on the app's port, so no network client can reach it — and writes the port and a
// random token to <DATA_DIR>/backup-endpoint.json (0600, like auth-secret): whoever can read that
// file may copy the data directory anyway, and no one else can ask.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { Database } from "@/server/db/client.ts";
import { LOCK_FILE } from "@/server/db/lock.ts";
import { snapshotPglite } from "./snapshot.ts";

export const ENDPOINT_FILE = "backup-endpoint.json";

type Endpoint = { pid: number; port: number; token: string };

const endpointFile = (dataDir: string) => path.join(dataDir, ENDPOINT_FILE);

function sameToken(given: string, token: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/**
 * Starts answering backup requests for an embedded database (does nothing on PostgreSQL); the
 * listener never keeps the process alive and its file goes when the process exits. Never throws:
 * a server that can't offer backups still serves the school.
 */
export async function serveBackups(database: Database, dataDir: string): Promise<http.Server | null> {
  // drizzle keeps the driver's client; Database types every driver as node-postgres's.
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.kind !== "pglite" || !(client instanceof PGlite)) return null;
  const token = crypto.randomBytes(32).toString("hex");
  const server = http.createServer((req, res) => {
    const auth = req.headers.authorization ?? "";
    if (req.method !== "POST" || req.url !== "/backup") return void res.writeHead(404).end();
    if (!sameToken(auth.replace(/^Bearer /, ""), token)) return void res.writeHead(401).end();
    snapshotPglite(client, dataDir).then(
      (archive) => res.writeHead(200, { "Content-Type": "application/gzip" }).end(archive),
      (e: Error) => res.writeHead(503, { "Content-Type": "text/plain" }).end(e.message),
    );
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(0, "127.0.0.1", () => resolve());
    });
    server.unref();
    const { port } = server.address() as AddressInfo;
    const file = endpointFile(dataDir);
    const partial = `${file}.${process.pid}`;
    fs.writeFileSync(partial, JSON.stringify({ pid: process.pid, port, token } satisfies Endpoint), {
      mode: 0o600,
    });
    fs.renameSync(partial, file); // replaces a crashed server's file in one step
    process.once("exit", () => {
      try {
        if ((JSON.parse(fs.readFileSync(file, "utf8")) as Endpoint).pid === process.pid) fs.unlinkSync(file);
      } catch {}
    });
    return server;
  } catch (e) {
    server.close();
    console.error(`Backups while running are unavailable: ${(e as Error).message}`);
    return null;
  }
}

export class NoBackupEndpointError extends Error {}

/** Asks the server running on `dataDir` for a backup archive. */
export async function requestBackup(dataDir: string): Promise<Buffer> {
  let endpoint: Endpoint;
  try {
    endpoint = JSON.parse(fs.readFileSync(endpointFile(dataDir), "utf8"));
  } catch {
    throw new NoBackupEndpointError(
      `The process using ${dataDir} does not offer backups (an older PyClass, or \`npm run admin\` or ` +
        "`npm run restore` still running). Wait for it to finish, or stop it, and run this again.",
    );
  }
  // A crashed server's file may outlive it; the token goes only to the process holding the lock.
  const [holder] = fs.readFileSync(path.join(dataDir, LOCK_FILE), "utf8").trim().split(/\s+/); // "<pid> <start>"
  if (holder !== String(endpoint.pid)) {
    throw new NoBackupEndpointError(
      `The process using ${dataDir} (pid ${holder}) does not offer backups (\`npm run admin\` or ` +
        "`npm run restore` still running?). Wait for it to finish, or stop it, and run this again.",
    );
  }
  let res: Response;
  try {
    res = await fetch(`http://127.0.0.1:${endpoint.port}/backup`, {
      method: "POST",
      headers: { Authorization: `Bearer ${endpoint.token}` },
    });
  } catch (e) {
    throw new NoBackupEndpointError(
      `The PyClass server using ${dataDir} (pid ${endpoint.pid}) did not answer on its backup port ` +
        `(${(e as Error).cause ?? (e as Error).message}). If it is stopping, run this again when it has stopped.`,
    );
  }
  if (!res.ok)
    throw new Error(`The PyClass server could not make the backup (${res.status}): ${await res.text()}`);
  return Buffer.from(await res.arrayBuffer());
}
