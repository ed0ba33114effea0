// Brings a backup back into an EMPTY data directory. It never overwrites: a directory with anything
// in it (a database, a secret, even a lock file) is refused, so a mistyped DATA_DIR can't replace a
// school's live data with last week's.
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { migrationsFolder } from "@/server/db/client.ts";
import { privateDir, privateTree } from "@/server/db/data-dir.ts";
import { LOCK_FILE, lockDataDir } from "@/server/db/lock.ts";
import type { Backup } from "./archive.ts";

export class RestoreRefusedError extends Error {}

function refuseUnlessEmpty(dataDir: string, allowed: string[] = []): void {
  const found = fs.existsSync(dataDir) ? fs.readdirSync(dataDir).filter((f) => !allowed.includes(f)) : [];
  if (found.length > 0) {
    throw new RestoreRefusedError(
      `${dataDir} is not empty (it holds ${found.slice(0, 3).join(", ")}${found.length > 3 ? ", …" : ""}). ` +
        "A restore never overwrites: set DATA_DIR to a new or empty directory, or move this one aside first.",
    );
  }
}

/** How many migrations this PyClass knows (drizzle's journal). */
export function knownMigrations(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"));
  return (journal as { entries: unknown[] }).entries.length;
}

/**
 * A backup from a newer PyClass has tables this code doesn't know and migrations it would skip:
 * refused (e.g. rolling back the code at 8am and restoring last night's backup onto it).
 */
function refuseNewerThanThisCode(backup: Backup, known = knownMigrations()): void {
  if (backup.manifest.migrations > known)
    throw new RestoreRefusedError(
      `This backup was taken by a newer PyClass (its database has ${backup.manifest.migrations} migrations; ` +
        `this PyClass knows ${known}). Update PyClass, then restore it.`,
    );
}

/** Restores `backup` into `dataDir` (created if missing); returns the number of migrations it has. */
export async function restoreBackup(backup: Backup, dataDir: string): Promise<number> {
  refuseNewerThanThisCode(backup);
  refuseUnlessEmpty(dataDir);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // The lock keeps a server from starting on the directory while it is being filled.
  const release = lockDataDir(dataDir);
  const written: string[] = [];
  try {
    refuseUnlessEmpty(dataDir, [LOCK_FILE]); // something else may have raced us to it
    const dbDir = path.join(dataDir, "db");
    written.push(dbDir);
    privateDir(dbDir);
    const client = new PGlite(dbDir, { loadDataDir: new Blob([new Uint8Array(backup.database)]) });
    let migrations: number;
    try {
      // Reading a table proves the copy starts (PostgreSQL replays its WAL here if it must).
      [{ n: migrations }] = (
        await client.query<{ n: number }>("SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations")
      ).rows;
    } finally {
      await client.close();
      privateTree(dbDir); // PGlite wrote its files 0666 (data-dir.ts)
    }
    if (migrations !== backup.manifest.migrations) {
      throw new Error(
        `the restored database has ${migrations} migrations, its manifest says ${backup.manifest.migrations}`,
      );
    }
    for (const [name, data] of Object.entries(backup.files)) {
      const file = path.join(dataDir, name);
      fs.writeFileSync(file, data, { flag: "wx", mode: 0o600 });
      written.push(file);
    }
    return migrations;
  } catch (e) {
    // Only what this restore created goes: the directory was empty when it began.
    for (const p of written) fs.rmSync(p, { recursive: true, force: true });
    throw e;
  } finally {
    release();
  }
}
