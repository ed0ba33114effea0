// A hostile review of the browser's Pyodide route (decisions 069, 074): a file name is looked up in
// WEB_FILES, so a name every object has (constructor, toString, __proto__) must be a 404 like any
// other, never a 500 (nor a read of a file beside the package's).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Hono } from "hono";
import { afterAll, describe, expect, it } from "vitest";
import { PYODIDE_BASE_PATH } from "@/shared/grading/pyodide-version.ts";
import { mountPyodide } from "./pyodide-static.ts";
import { WEB_FILES, webPyodideDir } from "./pyodide-web-files.mjs";

const emptyCache = fs.mkdtempSync(path.join(os.tmpdir(), "pyodide-web-attacks-"));
const app = new Hono();
mountPyodide(app, { cacheRoot: emptyCache });
afterAll(() => fs.rmSync(emptyCache, { recursive: true, force: true }));

describe("/pyodide/<version>/<file>: names an object inherits", () => {
  it("are 404, with and without an Accept-Encoding", async () => {
    for (const name of ["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf"]) {
      for (const headers of [{}, { "Accept-Encoding": "gzip, br" }] as Record<string, string>[]) {
        const res = await app.request(`${PYODIDE_BASE_PATH}${name}`, { headers });
        expect(res.status, `${name} ${JSON.stringify(headers)}`).toBe(404);
      }
    }
  });
});

describe("a prepared directory replaced while the server runs", () => {
  // Two starts on one machine (or a stale lock taken over by two at once) may both prepare: the
  // second removes the directory the first put in place and renames its own there. A read in that
  // moment must not leave the file a 500 until the server restarts.
  const cacheRoot = fs.mkdtempSync(path.join(os.tmpdir(), "pyodide-web-attacks-"));
  const dir = webPyodideDir([], cacheRoot);
  const makeDir = () => {
    fs.mkdirSync(dir, { recursive: true });
    for (const file of Object.keys(WEB_FILES))
      for (const [suffix, text] of [
        ["", "plain"],
        [".br", "brotli"],
        [".gz", "gzip"],
      ])
        fs.writeFileSync(path.join(dir, `${file}${suffix}`), text);
    fs.writeFileSync(path.join(dir, ".complete"), "");
  };
  makeDir();
  const replaced = new Hono();
  mountPyodide(replaced, { cacheRoot });
  afterAll(() => fs.rmSync(cacheRoot, { recursive: true, force: true }));
  const get = (file: string, encoding?: string) =>
    replaced.request(`${PYODIDE_BASE_PATH}${file}`, {
      headers: encoding ? { "Accept-Encoding": encoding } : {},
    });

  it("serves from the package in the gap, and the new directory once it is there", async () => {
    expect(await (await get("pyodide.mjs", "br")).text()).toBe("brotli");
    fs.rmSync(dir, { recursive: true, force: true });
    const inGap = await get("pyodide.asm.mjs");
    expect(inGap.status).toBe(200);
    const inGapBrotli = await get("pyodide-lock.json", "br");
    expect(inGapBrotli.status).toBe(200);
    makeDir();
    for (const [file, encoding, body] of [
      ["pyodide.asm.mjs", undefined, "plain"],
      ["pyodide-lock.json", "br", "brotli"],
    ] as const) {
      const res = await get(file, encoding);
      expect(res.status, file).toBe(200);
      expect(await res.text(), file).toBe(body);
    }
  });
});
