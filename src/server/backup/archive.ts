// What a backup of the embedded database holds, as one .tar.gz:
//   manifest.json      what this is, when it was taken, which migrations the database had
//   database.tar       PGlite's own copy of its data directory (dumpDataDir)
//   data/<file>        the data directory's secrets beside the database: the signing secret made
//                      when AUTH_SECRET is unset, and the demo passwords (decision 004)
import { promisify } from "node:util";
import zlib from "node:zlib";
import { packTar, unpackTar } from "./tar.ts";

const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);

export const BACKUP_FORMAT = "pyclass-embedded-backup";

/**
 * The files of <DATA_DIR> a backup carries besides the database, and the only ones a restore
 * writes: a crafted archive can't place a file anywhere else.
 */
export const DATA_DIR_FILES = ["auth-secret", "demo-logins.json"] as const;
export type DataDirFile = (typeof DATA_DIR_FILES)[number];

export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  version: 1;
  createdAt: string;
  /** Migrations applied to the database when it was copied (drizzle's journal). */
  migrations: number;
  files: DataDirFile[];
};

export type Backup = {
  manifest: BackupManifest;
  database: Uint8Array;
  files: Partial<Record<DataDirFile, Uint8Array>>;
};

export class NotABackupError extends Error {}

export async function packBackup(backup: Omit<Backup, "manifest"> & Pick<BackupManifest, "migrations">) {
  const files = DATA_DIR_FILES.filter((name) => backup.files[name]);
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: 1,
    createdAt: new Date().toISOString(),
    migrations: backup.migrations,
    files,
  };
  const tar = packTar([
    { name: "manifest.json", data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) },
    { name: "database.tar", data: backup.database },
    ...files.map((name) => ({ name: `data/${name}`, data: backup.files[name] as Uint8Array })),
  ]);
  // Level 1: the database's free pages and WAL compress well at any level; speed matters more
  // on a school PC whose server keeps answering while the copy is compressed.
  return gzip(tar, { level: 1 });
}

export async function unpackBackup(archive: Buffer, from: string): Promise<Backup> {
  const notOurs = (why: string) =>
    new NotABackupError(`${from} is not a PyClass backup of the embedded database (${why}).`);
  let entries: ReturnType<typeof unpackTar>;
  try {
    entries = unpackTar(await gunzip(archive));
  } catch (e) {
    throw notOurs((e as Error).message);
  }
  const entry = (name: string) => entries.find((e) => e.name === name)?.data;
  const manifestData = entry("manifest.json");
  if (!manifestData) throw notOurs("no manifest.json");
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(Buffer.from(manifestData).toString("utf8"));
  } catch {
    throw notOurs("manifest.json is not JSON");
  }
  if (manifest.format !== BACKUP_FORMAT) throw notOurs(`format ${JSON.stringify(manifest.format)}`);
  if (manifest.version !== 1) throw notOurs(`version ${manifest.version}: made by a newer PyClass`);
  const database = entry("database.tar");
  if (!database) throw notOurs("no database.tar");
  const files: Backup["files"] = {};
  for (const name of DATA_DIR_FILES) {
    const data = entry(`data/${name}`);
    if (data) files[name] = data;
  }
  return { manifest, database, files };
}
