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
