// A consistent copy of an open embedded database, taken by the process that owns it (the only one
// that may: PGlite is one process, decision 016). The server pauses only while PGlite copies its
// files into memory — synchronously, so the event loop waits too: ≈0.35–0.7 s of CPU for a
// 40–70 MB data directory (decision 041) — and compresses afterwards on libuv's thread pool.
import fs from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { type Backup, DATA_DIR_FILES, packBackup } from "./archive.ts";

/** `dataDir`: the <DATA_DIR> whose signing secret and demo logins go with the copy (none in memory). */
export async function snapshotPglite(client: PGlite, dataDir: string | undefined): Promise<Buffer> {
  const [{ n: migrations }] = (
    await client.query<{ n: number }>("SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations")
  ).rows;
  // A checkpoint first writes changed pages into the data files, so the restored copy starts
  // without replaying much WAL. Not needed for consistency: the copy below is one instant of
  // the files, which PostgreSQL recovers like a crashed server's (committed = kept).
  await client.exec("CHECKPOINT");
  // PGlite has one connection: holding its transaction lock means no one else's transaction is
  // half-way, so the copy holds exactly the transactions committed before it.
  const tarball = await client.transaction(() => client.dumpDataDir("none"));
  const files: Backup["files"] = {};
  for (const name of DATA_DIR_FILES) {
    if (!dataDir) break;
    try {
      files[name] = fs.readFileSync(path.join(dataDir, name));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
    }
  }
  return packBackup({ database: new Uint8Array(await tarball.arrayBuffer()), files, migrations });
}
