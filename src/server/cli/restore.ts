// npm run restore <backup.tar.gz>: brings a backup of the embedded database back into an EMPTY
// DATA_DIR (refuses any other). On PostgreSQL it prints the pg_restore line for a pg_dump file.
import fs from "node:fs";
import path from "node:path";
import { NotABackupError, unpackBackup } from "@/server/backup/archive.ts";
import { RestoreRefusedError, restoreBackup } from "@/server/backup/restore.ts";
import { loadStorageConfig } from "@/server/config.ts";

function fail(message: string, code = 1): never {
  console.error(`✖ ${message}`);
  process.exit(code);
}

const [file, ...extra] = process.argv.slice(2);
if (!file || extra.length) fail("Usage: npm run restore <backup file>", 2);
const { databaseUrl, dataDir } = loadStorageConfig();

if (databaseUrl) {
  console.log("PyClass is on PostgreSQL (DATABASE_URL): restore a pg_dump file into an EMPTY database,");
  console.log("then point DATABASE_URL at it (the URL holds a password, so the line names the variable):");
  console.log(
    `pg_restore --no-owner --no-privileges --exit-on-error --dbname="$DATABASE_URL" "${path.resolve(file)}"`,
  );
  process.exit(0);
}

let archive: Buffer;
try {
  archive = fs.readFileSync(file);
} catch (e) {
  fail(`Cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
}
try {
  const backup = await unpackBackup(archive, file);
  await restoreBackup(backup, dataDir);
  const { files, createdAt } = backup.manifest;
  console.log(`Restored ${file} (taken ${createdAt}) into ${dataDir}.`);
  console.log(
    files.includes("auth-secret")
      ? "It brought its signing secret: sessions stay signed in unless AUTH_SECRET is set to another value."
      : "It has no signing secret (the server used AUTH_SECRET): start with the same AUTH_SECRET to keep sessions; " +
          "with another, everyone signs in again (passwords are unchanged).",
  );
  console.log(`Start PyClass on it with DATA_DIR=${dataDir}.`);
} catch (e) {
  if (e instanceof RestoreRefusedError || e instanceof NotABackupError) fail(e.message);
  fail(`Restore failed: ${(e as Error).message}`);
}
