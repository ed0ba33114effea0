// npm run backup [-- <file.tar.gz | directory>] [--keep N]
// The embedded database: a consistent copy, asked of the running server or, when none runs, taken
// from the data directory directly. PostgreSQL: prints the pg_dump line (its own tools do it best).
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { backupPath, EMBEDDED, POSTGRES, pruneBackups, writeNewFile } from "@/server/backup/backup-files.ts";
import { requestBackup } from "@/server/backup/endpoint.ts";
import { snapshotPglite } from "@/server/backup/snapshot.ts";
import { loadStorageConfig } from "@/server/config.ts";
import { DataDirModeError, PRIVATE_DIR, privateTree } from "@/server/db/data-dir.ts";
import { DataDirLockedError, lockDataDir } from "@/server/db/lock.ts";

function fail(message: string, code = 1): never {
  console.error(`✖ ${message}`);
  process.exit(code);
}

const { values, positionals } = parseArgs({ options: { keep: { type: "string" } }, allowPositionals: true });
const keep = values.keep === undefined ? undefined : Number(values.keep);
if (positionals.length > 1 || (keep !== undefined && !(Number.isInteger(keep) && keep >= 1)))
  fail("Usage: npm run backup [-- <file.tar.gz | directory>] [--keep N]  (N ≥ 1)", 2);

const { databaseUrl, dataDir } = loadStorageConfig();

if (databaseUrl) {
  // The URL holds a password: the line names the variable, never its value.
  const file = backupPath(positionals[0], POSTGRES);
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: PRIVATE_DIR });
  console.log("PyClass is on PostgreSQL (DATABASE_URL): back it up with PostgreSQL's pg_dump, e.g.");
  console.log(`pg_dump --format=custom --file="${file}" "$DATABASE_URL"`);
  console.log(`Restore into an EMPTY database with: npm run restore "${file}" (prints the pg_restore line).`);
  process.exit(0);
}

if (!fs.existsSync(path.join(dataDir, "db", "PG_VERSION")))
  fail(`There is no embedded database in ${dataDir} (DATA_DIR) to back up.`);

const file = backupPath(positionals[0], EMBEDDED);
let archive: Buffer;
let from: string;
let release: (() => void) | null = null;
try {
  release = lockDataDir(dataDir);
} catch (e) {
  if (e instanceof DataDirModeError) fail(e.message);
  if (!(e instanceof DataDirLockedError)) throw e;
}
try {
  if (release) {
    // No server runs: open the database here (PGlite recovers it as a server start would).
    const client = new PGlite(path.join(dataDir, "db"));
    try {
      archive = await snapshotPglite(client, dataDir);
    } finally {
      await client.close();
      privateTree(path.join(dataDir, "db")); // PGlite wrote any new file 0666 (data-dir.ts)
    }
    from = `${dataDir} (no server was running)`;
  } else {
    archive = await requestBackup(dataDir);
    from = `the PyClass server running on ${dataDir}`;
  }
  writeNewFile(file, archive);
} catch (e) {
  fail((e as Error).message);
} finally {
  release?.();
}
console.log(`Backed up ${from}`);
console.log(
  `to ${file} (${(archive.length / 1e6).toFixed(1)} MB; it holds password hashes and the signing secret: keep it private).`,
);
if (keep !== undefined) {
  const gone = pruneBackups(path.dirname(file), EMBEDDED, keep);
  if (gone.length)
    console.log(`Deleted ${gone.length} older backup${gone.length > 1 ? "s" : ""} (--keep ${keep}).`);
}
