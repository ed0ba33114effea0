import fs from "node:fs";
import { gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { PYODIDE_BASE_PATH } from "@/shared/grading/pyodide-version.ts";
import { mountPyodide } from "./pyodide-static.ts";

const app = new Hono();
mountPyodide(app);
const wasm = fs.readFileSync("node_modules/pyodide/pyodide.asm.wasm");

describe("/pyodide/<version>/", () => {
  it("serves the runtime files with their types, cached forever", async () => {
    const res = await app.request(`${PYODIDE_BASE_PATH}pyodide.asm.wasm`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/wasm");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await res.arrayBuffer()).equals(wasm)).toBe(true);
    const mjs = await app.request(`${PYODIDE_BASE_PATH}pyodide.mjs`);
    expect(mjs.headers.get("content-type")).toMatch(/^text\/javascript/);
  });

  it("sends gzip to clients that accept it", async () => {
    const res = await app.request(`${PYODIDE_BASE_PATH}pyodide.asm.wasm`, {
      headers: { "Accept-Encoding": "gzip, deflate, br" },
    });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.length).toBeLessThan(wasm.length / 2);
    expect(gunzipSync(body).equals(wasm)).toBe(true);
  });

  it("serves nothing else: other files, other versions, paths", async () => {
    for (const url of [
      `${PYODIDE_BASE_PATH}package.json`,
      `${PYODIDE_BASE_PATH}..%2F..%2Fpackage.json`,
      "/pyodide/0.0.1/pyodide.mjs",
      "/pyodide/pyodide.mjs",
    ]) {
      expect((await app.request(url)).status, url).toBe(404);
    }
  });
});
