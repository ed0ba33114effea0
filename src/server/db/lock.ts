// PGlite has no lock of its own and a second writer's rows are silently lost, so the app
// takes an exclusive lock file on the data directory and refuses to start when it is held.
// A process that was killed (SIGKILL, OOM, a crash) leaves its lock behind: the next start takes
// it over once the holder is gone. "Gone" also covers a pid the system has since given to another
// process (a restarted container counts pids from the start again): the lock records when its
// holder started, and a live process with another start time is not the holder.
import fs from "node:fs";
import path from "node:path";
import { openDataDir, PRIVATE_FILE } from "./data-dir.ts";

export class DataDirLockedError extends Error {}

/** In <DATA_DIR>: which process holds the directory ("<pid> <start time>"). */
export const LOCK_FILE = "pyclass.lock";

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** When `pid` started (clock ticks since boot, from Linux's /proc), or null where unknown. */
export function processStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Field 2, the command name, may hold spaces and ")": count from the last ")". Field 22 is
    // the start time, the 20th after it.
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}

/** The lock file's text: "<pid>" or "<pid> <start time>". */
function holderOf(text: string): { pid: number; startTime: string | null } {
  const [pid, startTime] = text.trim().split(/\s+/);
  return { pid: Number(pid), startTime: startTime ?? null };
}

function holdsLock({ pid, startTime }: { pid: number; startTime: string | null }): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !isAlive(pid)) return false;
  const now = processStartTime(pid);
  return startTime === null || now === null || now === startTime;
}

/** Creates `file` holding `text`, atomically: never an empty lock file for a rival to misread. */
function createWith(file: string, text: string): void {
  const draft = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(draft, text, { mode: PRIVATE_FILE });
  try {
    fs.linkSync(draft, file); // fails with EEXIST when the lock is held
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

function readIfThere(file: string): string | null {
  try {
    return fs.readFileSync(file, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw e;
  }
}

/**
 * Takes the lock or throws DataDirLockedError (DataDirModeError: a directory others may write to,
 * see openDataDir); returns a release function.
 */
export function lockDataDir(dir: string): () => void {
  openDataDir(dir);
  const file = path.join(dir, LOCK_FILE);
  const mine = `${process.pid} ${processStartTime(process.pid) ?? ""}`.trim();
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      createWith(file, mine);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(file, "utf8") === mine) fs.unlinkSync(file);
        } catch {}
      };
      process.once("exit", release);
      return release;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      const text = readIfThere(file);
      if (text === null) continue; // released meanwhile
      const holder = holderOf(text);
      if (holdsLock(holder)) {
        throw new DataDirLockedError(
          `The data directory ${dir} is in use by another PyClass process (pid ${holder.pid}). ` +
            "The embedded database allows one process only: stop the other one, set DATA_DIR to another " +
            "directory, or use PostgreSQL through DATABASE_URL.",
        );
      }
      // A stale lock from a process that died: remove it (unless it changed meanwhile) and retry.
      if (readIfThere(file) === text) fs.rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dir}.`);
}
