// Built files go out in the Brotli or gzip form npm start made beside them (decision 069), with
// the isolation headers every response has.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Hono } from "hono";
import { afterAll, describe, expect, it } from "vitest";
import { securityHeaders } from "./security-headers.ts";
import { mountStatic } from "./static.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "static-"));
fs.mkdirSync(path.join(dir, "assets"));
fs.writeFileSync(path.join(dir, "index.html"), "<!doctype html><title>PyClass</title>");
fs.writeFileSync(path.join(dir, "assets/app-abc.js"), "plain");
fs.writeFileSync(path.join(dir, "assets/app-abc.js.br"), "brotli");
fs.writeFileSync(path.join(dir, "assets/app-abc.js.gz"), "gzip");
const app = new Hono();
app.use("*", securityHeaders({ https: false }));
mountStatic(app, dir);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const get = async (url: string, acceptEncoding?: string) => {
  const res = await app.request(url, {
    headers: acceptEncoding ? { "Accept-Encoding": acceptEncoding } : {},
  });
  return { res, body: await res.text() };
};

describe("built files", () => {
  it("sends Brotli, else gzip, else the file, cached forever and cross-origin isolated", async () => {
    const br = await get("/assets/app-abc.js", "gzip, deflate, br, zstd");
    expect(br.body).toBe("brotli");
    expect(br.res.headers.get("content-encoding")).toBe("br");
    expect(br.res.headers.get("content-type")).toMatch(/javascript/);
    expect(br.res.headers.get("vary")).toMatch(/Accept-Encoding/);
    expect(br.res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(br.res.headers.get("cross-origin-embedder-policy")).toBe("require-corp");
    expect(br.res.headers.get("cross-origin-opener-policy")).toBe("same-origin");
    expect(br.res.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    const gz = await get("/assets/app-abc.js", "gzip, deflate");
    expect(gz.body).toBe("gzip");
    expect(gz.res.headers.get("content-encoding")).toBe("gzip");
    const plain = await get("/assets/app-abc.js");
    expect(plain.body).toBe("plain");
    expect(plain.res.headers.get("content-encoding")).toBeNull();
  });

  it("still answers a route with index.html, and a missing asset with 404", async () => {
    expect((await get("/student/assignments/x", "br")).body).toContain("<title>PyClass</title>");
    expect((await get("/assets/gone.js", "br")).res.status).toBe(404);
  });
});
