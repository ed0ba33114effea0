import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { packTar, unpackTar } from "./tar.ts";

describe("the backup's tar", () => {
  const entries = [
    { name: "manifest.json", data: Buffer.from('{"a":1}\n') },
    { name: "data/empty", data: new Uint8Array(0) },
    { name: "database.tar", data: Buffer.alloc(1500, 7) }, // not a multiple of 512
  ];

  it("reads back what it wrote, byte for byte", () => {
    const back = unpackTar(packTar(entries));
    expect(back.map((e) => [e.name, Buffer.from(e.data).toString("hex"), e.mode])).toEqual(
      entries.map((e) => [e.name, Buffer.from(e.data).toString("hex"), 0o600]),
    );
  });

  it("is a tar the system's tar lists and extracts", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pyclass-tar-"));
    try {
      fs.writeFileSync(path.join(dir, "x.tar"), packTar(entries));
      expect(execFileSync("tar", ["tf", "x.tar"], { cwd: dir, encoding: "utf8" }).trim().split("\n")).toEqual(
        entries.map((e) => e.name),
      );
      execFileSync("tar", ["xf", "x.tar"], { cwd: dir });
      expect(fs.readFileSync(path.join(dir, "database.tar"))).toEqual(entries[2].data);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses a damaged header or a truncated file", () => {
    const tar = packTar(entries);
    const damaged = Buffer.from(tar);
    damaged[3] ^= 1; // a byte of the first name
    expect(() => unpackTar(damaged)).toThrow("tar: damaged header");
    expect(() => unpackTar(tar.subarray(0, 512 * 4))).toThrow("tar: truncated archive");
  });
});
