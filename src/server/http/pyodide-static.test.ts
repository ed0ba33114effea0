import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { unzipSync } from "fflate";
import { Hono } from "hono";
import { afterAll, describe, expect, it } from "vitest";
import { PYODIDE_BASE_PATH } from "@/shared/grading/pyodide-version.ts";
import { acceptedEncodings, mountPyodide } from "./pyodide-static.ts";
import { webPyodideDir } from "./pyodide-web-files.mjs";

const emptyCache = fs.mkdtempSync(path.join(os.tmpdir(), "pyodide-web-"));
const app = new Hono();
mountPyodide(app, { cacheRoot: emptyCache });
const wasm = fs.readFileSync("node_modules/pyodide/pyodide.asm.wasm");
afterAll(() => fs.rmSync(emptyCache, { recursive: true, force: true }));

describe("/pyodide/<version>/", () => {
  it("serves the runtime files with their types; made here, not kept for good", async () => {
    const res = await app.request(`${PYODIDE_BASE_PATH}pyodide.asm.wasm`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/wasm");
    // No prepared directory yet: a browser must get the prepared (compiled, split) files once
    // they are there, not keep these until Pyodide's next version (decision 078).
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(Buffer.from(await res.arrayBuffer()).equals(wasm)).toBe(true);
    const mjs = await app.request(`${PYODIDE_BASE_PATH}pyodide.mjs`);
    expect(mjs.headers.get("content-type")).toMatch(/^text\/javascript/);
  });

  it("without a prepared directory, sends gzip made here to clients that accept it", async () => {
    const res = await app.request(`${PYODIDE_BASE_PATH}pyodide.asm.wasm`, {
      headers: { "Accept-Encoding": "gzip, deflate, br" },
    });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("vary")).toBe("Accept-Encoding");
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.length).toBeLessThan(wasm.length / 2);
    expect(gunzipSync(body).equals(wasm)).toBe(true);
  });

  it("sends the trimmed standard library, stored uncompressed in its zip", async () => {
    const res = await app.request(`${PYODIDE_BASE_PATH}python_stdlib.zip`);
    const names = Object.keys(unzipSync(new Uint8Array(await res.arrayBuffer())));
    expect(names).toContain("random.py");
    expect(names).toContain("encodings/utf_8.py");
    expect(names.some((n) => n.startsWith("email/"))).toBe(false);
    expect(names).not.toContain("encodings/shift_jis.py");
    // Made here, the second zip is the whole trimmed library again (decision 078): whichever form
    // of each zip a browser got, every module is in one of them.
    const more = await app.request(`${PYODIDE_BASE_PATH}python_stdlib_more.zip`);
    expect(more.headers.get("content-type")).toBe("application/zip");
    expect(Object.keys(unzipSync(new Uint8Array(await more.arrayBuffer()))).sort()).toEqual(names.sort());
  });

  it("answers hostile requests for the second zip with the file or a 404, never a 500", async () => {
    const url = `${PYODIDE_BASE_PATH}python_stdlib_more.zip`;
    const requests: [string, RequestInit, number][] = [
      [url, { headers: { "Accept-Encoding": "\u00ff;q=;;,,,br;q=abc, gzip;q=0.000" } }, 200],
      [url, { headers: { "Accept-Encoding": "x".repeat(100_000) } }, 200],
      [url, { headers: { Range: "bytes=0-10", "If-None-Match": "*", "If-Modified-Since": "garbage" } }, 200],
      [url, { method: "HEAD" }, 200],
      [url, { method: "POST", body: "x" }, 404],
      [`${url}%00`, {}, 404],
      [`${url}/`, {}, 404],
      [`${PYODIDE_BASE_PATH}PYTHON_STDLIB_MORE.ZIP`, {}, 404],
      [`${PYODIDE_BASE_PATH}python_stdlib_more.zip.gz`, {}, 404],
    ];
    for (const [to, init, status] of requests) {
      const res = await app.request(to, init);
      expect(res.status, `${to} ${JSON.stringify(init).slice(0, 80)}`).toBe(status);
      if (status === 200 && init.method !== "HEAD")
        expect(Object.keys(unzipSync(new Uint8Array(await res.arrayBuffer()))).length).toBeGreaterThan(100);
    }
  });

  it("serves nothing else: other files, other versions, paths", async () => {
    for (const url of [
      `${PYODIDE_BASE_PATH}package.json`,
      `${PYODIDE_BASE_PATH}..%2F..%2Fpackage.json`,
      `${PYODIDE_BASE_PATH}pyodide.asm.wasm.br`,
      "/pyodide/0.0.1/pyodide.mjs",
      "/pyodide/pyodide.mjs",
    ]) {
      expect((await app.request(url)).status, url).toBe(404);
    }
  });
});

describe("a prepared directory (npm start)", () => {
  // Stand-in files: what is served is read from the directory, not made here.
  const cacheRoot = fs.mkdtempSync(path.join(os.tmpdir(), "pyodide-web-"));
  const dir = webPyodideDir(["xml"], cacheRoot);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "pyodide.mjs"), "plain");
  fs.writeFileSync(path.join(dir, "pyodide.mjs.br"), "brotli");
  fs.writeFileSync(path.join(dir, "pyodide.mjs.gz"), "gzip");
  fs.writeFileSync(path.join(dir, ".complete"), "");
  const prepared = new Hono();
  mountPyodide(prepared, { putBack: ["xml"], cacheRoot });
  afterAll(() => fs.rmSync(cacheRoot, { recursive: true, force: true }));

  const get = async (acceptEncoding?: string) => {
    const res = await prepared.request(`${PYODIDE_BASE_PATH}pyodide.mjs`, {
      headers: acceptEncoding === undefined ? {} : { "Accept-Encoding": acceptEncoding },
    });
    return { encoding: res.headers.get("content-encoding"), body: await res.text(), res };
  };

  it("sends Brotli first, gzip to clients without it, plain to the rest", async () => {
    expect(await get("gzip, deflate, br, zstd")).toMatchObject({ encoding: "br", body: "brotli" });
    expect(await get("gzip, deflate")).toMatchObject({ encoding: "gzip", body: "gzip" });
    expect(await get("br;q=0, gzip")).toMatchObject({ encoding: "gzip", body: "gzip" });
    expect(await get()).toMatchObject({ encoding: null, body: "plain" });
    const { res } = await get("br");
    expect(res.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("vary")).toBe("Accept-Encoding");
  });

  it("is found only for the module list it was made for", () => {
    expect(webPyodideDir([], cacheRoot)).not.toBe(dir);
    expect(webPyodideDir(["xml.py"], cacheRoot)).toBe(dir);
  });
});

describe("acceptedEncodings", () => {
  it("reads the header as browsers and proxies write it", () => {
    expect(acceptedEncodings("gzip, deflate, br, zstd")).toEqual(["br", "gzip"]);
    expect(acceptedEncodings("GZIP;q=0.5, BR;q=1.0")).toEqual(["br", "gzip"]);
    expect(acceptedEncodings("br;q=0")).toEqual([]);
    expect(acceptedEncodings("identity")).toEqual([]);
    expect(acceptedEncodings(undefined)).toEqual([]);
  });
});
