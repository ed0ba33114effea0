// The data-directory lock: a second process is refused, a stale lock is taken over.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir, processStartTime } from "./lock.ts";

const dirs: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "pyclass-lock-"));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe("data directory lock", () => {
  it("refuses a second process with a clear message", async () => {
    const dir = tempDir();
    // Another live process holds the lock.
    const holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    try {
      fs.writeFileSync(path.join(dir, "pyclass.lock"), String(holder.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(/in use by another PyClass process/);
    } finally {
      holder.kill();
    }
  });

  it("refuses a second process whose lock records the holder's start time", async () => {
    const dir = tempDir();
    const holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    try {
      const started = processStartTime(holder.pid!);
      expect(started).toMatch(/^\d+$/);
      fs.writeFileSync(path.join(dir, "pyclass.lock"), `${holder.pid} ${started}`);
      expect(() => lockDataDir(dir)).toThrow(`in use by another PyClass process (pid ${holder.pid})`);
    } finally {
      holder.kill();
    }
  });

  it("takes over a lock whose pid now belongs to another process (a restarted container)", async () => {
    const dir = tempDir();
    // A live process, but not the one that took the lock: it started at another time.
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    try {
      fs.writeFileSync(path.join(dir, "pyclass.lock"), `${other.pid} 1`);
      const release = lockDataDir(dir);
      expect(fs.readFileSync(path.join(dir, "pyclass.lock"), "utf8")).toBe(
        `${process.pid} ${processStartTime(process.pid)}`,
      );
      release();
    } finally {
      other.kill();
    }
  });

  it("takes over a lock left by a process that died", async () => {
    const dir = tempDir();
    const dead = spawn(process.execPath, ["-e", ""]);
    await new Promise((r) => dead.on("exit", r));
    fs.writeFileSync(path.join(dir, "pyclass.lock"), String(dead.pid));
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, "pyclass.lock"), "utf8")).toMatch(
      new RegExp(`^${process.pid} \\d+$`),
    );
    release();
    expect(fs.existsSync(path.join(dir, "pyclass.lock"))).toBe(false);
  });
});
