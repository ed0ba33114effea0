// Where backups go and how they are named, written and pruned. A backup holds the signing secret
// and every password hash: it is written 0600, never over an existing file, and never half-named
// (a crash mid-write leaves a .partial, not something that looks like a backup).
import fs from "node:fs";
import path from "node:path";
import { PRIVATE_DIR } from "@/server/db/data-dir.ts";

export type BackupKind = { ext: ".tar.gz" | ".dump" };
export const EMBEDDED: BackupKind = { ext: ".tar.gz" };
export const POSTGRES: BackupKind = { ext: ".dump" };

const PREFIX = "pyclass-";
export const DEFAULT_BACKUP_DIR = "backups";

/** 2026-11-23T03-05-09Z: sorts by time and is a valid file name everywhere (no colons). */
const stamp = (now: Date) =>
  now
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replaceAll(":", "-");

/** `target`: a file ending in the kind's extension, or a directory for a dated name (default ./backups). */
export function backupPath(target: string | undefined, kind: BackupKind, now = new Date()): string {
  if (target?.endsWith(kind.ext)) return path.resolve(target);
  return path.resolve(target ?? DEFAULT_BACKUP_DIR, `${PREFIX}${stamp(now)}${kind.ext}`);
}

export function writeNewFile(file: string, data: Uint8Array): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: PRIVATE_DIR });
  if (fs.existsSync(file)) throw new Error(`${file} already exists; a backup never overwrites one.`);
  const partial = `${file}.partial`;
  fs.writeFileSync(partial, data, { flag: "wx", mode: 0o600 });
  fs.renameSync(partial, file);
}

/** Deletes all but the newest `keep` dated backups of this kind in `dir`; returns what went. */
export function pruneBackups(dir: string, kind: BackupKind, keep: number): string[] {
  const dated = new RegExp(
    `^${PREFIX}\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\dZ${kind.ext.replaceAll(".", "\\.")}$`,
  );
  const old = fs
    .readdirSync(dir)
    .filter((name) => dated.test(name))
    .sort()
    .reverse()
    .slice(keep);
  for (const name of old) fs.unlinkSync(path.join(dir, name));
  return old;
}
