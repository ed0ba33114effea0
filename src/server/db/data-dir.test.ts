// The data directory is private: what PyClass creates there is 0600 (files) and 0700 (folders)
// whatever the umask and DATA_DIR's own mode, and a DATA_DIR others may write to is refused.
// These run as root here and in CI: root ignores modes for access, but the bits are still there.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { unpackBackup } from "@/server/backup/archive.ts";
import { backupPath, EMBEDDED, writeNewFile } from "@/server/backup/backup-files.ts";
import { requestBackup } from "@/server/backup/endpoint.ts";
import { restoreBackup } from "@/server/backup/restore.ts";
import { loadConfig } from "@/server/config.ts";
import { freePort, spawnApp, startApp } from "../../../tests/setup/app-process.ts";
import { DataDirModeError } from "./data-dir.ts";
import { lockDataDir } from "./lock.ts";

const dirs: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "pyclass-modes-"));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const modeOf = (p: string) => fs.statSync(p).mode & 0o777;

/** Every path under `root` (not `root` itself) with its mode, as "path 0600". */
function modesUnder(root: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(root, { withFileTypes: true, recursive: true })) {
    const p = path.join(entry.parentPath, entry.name);
    out.push(`${path.relative(root, p)} ${modeOf(p).toString(8).padStart(4, "0")}`);
  }
  return out.sort();
}

/** The paths whose mode is not 0600 (a file) or 0700 (a folder). */
function notPrivate(root: string): string[] {
  return modesUnder(root).filter((line) => {
    const [rel, mode] = line.split(" ");
    return mode !== (fs.statSync(path.join(root, rel)).isDirectory() ? "0700" : "0600");
  });
}

/** Runs `fn` under umask 000 (children spawned meanwhile inherit it): modes must not rely on it. */
async function withOpenUmask<T>(fn: () => Promise<T>): Promise<T> {
  const before = process.umask(0);
  try {
    return await fn();
  } finally {
    process.umask(before);
  }
}

describe("a DATA_DIR that others may write to", () => {
  it("stops the server before it writes anything, naming the chmod to run", async () => {
    const dir = tempDir();
    fs.chmodSync(dir, 0o777);
    const app = spawnApp({ DATA_DIR: dir }, await freePort());
    try {
      const ended = await Promise.race([app.exited, new Promise((r) => setTimeout(r, 45_000, null))]);
      expect(ended, app.output()).toEqual({ code: 1, signal: null });
    } finally {
      await app.crash();
    }
    expect(app.output()).toContain(`chmod 700 ${dir}`);
    expect(app.output()).toContain("writable by other accounts");
    expect(fs.readdirSync(dir)).toEqual([]);
  }, 90_000);

  it("is refused for the signing secret, the lock and a restore too; group-writable counts", async () => {
    for (const mode of [0o777, 0o770, 0o1777, 0o702]) {
      const dir = tempDir();
      fs.chmodSync(dir, mode);
      expect(() => loadConfig({ DATA_DIR: dir })).toThrow(`chmod 700 ${dir}`);
      expect(() => lockDataDir(dir)).toThrow(DataDirModeError);
      expect(fs.readdirSync(dir)).toEqual([]);
    }
  });

  it("is accepted when others may only read it (0755): what PyClass puts inside is private", () => {
    const dir = tempDir();
    fs.chmodSync(dir, 0o755);
    const release = lockDataDir(dir);
    expect(modesUnder(dir)).toEqual(["pyclass.lock 0600"]);
    release();
  });
});

describe("what PyClass creates in the data directory", () => {
  it("is 0600/0700 under umask 000 in a DATA_DIR made 0755 beforehand: database, secret, demo logins, lock, backups", async () => {
    const dir = path.join(tempDir(), "data");
    fs.mkdirSync(dir, { mode: 0o755 });
    fs.chmodSync(dir, 0o755);
    const backups = path.join(tempDir(), "nested", "backups");
    // Development mode: the signing secret comes from the data directory and the demo school is
    // seeded with its logins file.
    const app = await withOpenUmask(() =>
      startApp({ DATA_DIR: dir, NODE_ENV: "development", HOST: "127.0.0.1", RATE_LIMIT: "off" }),
    );
    try {
      // While it runs: the database folder is closed to others and every other file is private.
      expect(modeOf(path.join(dir, "db"))).toBe(0o700);
      const top = fs.readdirSync(dir).sort();
      expect(top).toEqual(
        expect.arrayContaining([
          "auth-secret",
          "backup-endpoint.json",
          "db",
          "demo-logins.json",
          "pyclass.lock",
        ]),
      );
      expect(notPrivate(dir).filter((line) => !line.startsWith(`db${path.sep}`))).toEqual([]);
      const file = backupPath(backups, EMBEDDED);
      const archive = await requestBackup(dir);
      await withOpenUmask(async () => writeNewFile(file, archive));
      expect(notPrivate(path.dirname(path.dirname(backups)))).toEqual([]);

      // A restore of that backup into a fresh directory is private too.
      const restored = path.join(tempDir(), "restored");
      await withOpenUmask(async () => restoreBackup(await unpackBackup(archive, file), restored));
      expect(modeOf(restored)).toBe(0o700);
      expect(notPrivate(restored)).toEqual([]);
    } finally {
      await app.stop();
    }
    // Stopped: every file the database wrote while running, too.
    expect(notPrivate(dir)).toEqual([]);
    expect(modeOf(dir)).toBe(0o755); // the administrator's own choice is left alone
  }, 180_000);
});
