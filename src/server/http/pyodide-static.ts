// Serves the browser's Pyodide from the npm package at /pyodide/<version>/<file>: our own origin
// (CSP 'self', COEP same-origin), versioned URLs cached forever, gzip made once and kept.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import type { Env, Hono } from "hono";
import { PYODIDE_BASE_PATH } from "@/shared/grading/pyodide-version.ts";

const FILES: Record<string, string> = {
  "pyodide.mjs": "text/javascript; charset=utf-8",
  "pyodide.asm.mjs": "text/javascript; charset=utf-8",
  "pyodide.asm.wasm": "application/wasm",
  "python_stdlib.zip": "application/zip",
  "pyodide-lock.json": "application/json; charset=utf-8",
};
const IMMUTABLE = "public, max-age=31536000, immutable";
const gzipAsync = promisify(gzip);

export function mountPyodide<E extends Env>(app: Hono<E>) {
  const dir = path.dirname(createRequire(import.meta.url).resolve("pyodide"));
  const plain = new Map<string, Buffer>();
  const gzipped = new Map<string, Promise<Buffer>>();

  app.get(`${PYODIDE_BASE_PATH}:file`, async (c) => {
    const file = c.req.param("file");
    const type = FILES[file];
    if (!type) return c.text("Not found", 404);
    let body = plain.get(file);
    if (!body) {
      body = await fs.promises.readFile(path.join(dir, file));
      plain.set(file, body);
    }
    const headers: Record<string, string> = {
      "Content-Type": type,
      "Cache-Control": IMMUTABLE,
      Vary: "Accept-Encoding",
    };
    if (/\bgzip\b/.test(c.req.header("Accept-Encoding") ?? "")) {
      let zipped = gzipped.get(file);
      if (!zipped) {
        zipped = gzipAsync(body, { level: 6 });
        gzipped.set(file, zipped);
      }
      const gz = await zipped;
      headers["Content-Encoding"] = "gzip";
      return c.body(gz as Uint8Array<ArrayBuffer>, 200, headers);
    }
    return c.body(body as Uint8Array<ArrayBuffer>, 200, headers);
  });
  app.all("/pyodide/*", (c) => c.text("Not found", 404));
}
