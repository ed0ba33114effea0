// Response headers and static serving: COOP/COEP/CSP everywhere, immutable hashed assets,
// a real 404 for a missing asset, the SPA for any other path, no dev mailbox in production.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "@/server/app.ts";
import { loadConfig } from "@/server/config.ts";
import { type Database, openPglite } from "@/server/db/client.ts";
import { handleError } from "@/server/errors.ts";
import { requestId } from "@/server/http/request-id.ts";
import type { AppEnv } from "@/server/types.ts";
import { errorBodySchema } from "@/shared/api/error-body.ts";
import { REQUEST_ID_HEADER } from "@/shared/api/errors.ts";

let database: Database;
let clientDir: string;
let app: ReturnType<typeof createApp>["app"];

beforeAll(async () => {
  database = await openPglite(undefined);
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "pyclass-client-"));
  fs.mkdirSync(path.join(clientDir, "assets"));
  fs.writeFileSync(path.join(clientDir, "index.html"), "<!doctype html><div id=root></div>");
  fs.writeFileSync(path.join(clientDir, "assets", "app-abc123.js"), "console.log(1)");
  app = createApp({ db: database.db, config: loadConfig({ NODE_ENV: "test" }), clientDir }).app;
});
afterAll(async () => {
  await database.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

const get = (p: string) => app.request(`http://localhost:3000${p}`);

describe("security headers", () => {
  for (const p of ["/", "/student/classes", "/api/health", "/api/me", "/assets/app-abc123.js"]) {
    it(`are on ${p}`, async () => {
      const res = await get(p);
      expect(res.headers.get("cross-origin-opener-policy")).toBe("same-origin");
      expect(res.headers.get("cross-origin-embedder-policy")).toBe("require-corp");
      expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(res.headers.get("x-powered-by")).toBeNull();
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    });
  }
});

describe("HSTS", () => {
  it("tells browsers to use https only when PUBLIC_URL is https", async () => {
    const secure = createApp({
      db: database.db,
      config: loadConfig({ NODE_ENV: "test", PUBLIC_URL: "https://pyclass.example.org" }),
      clientDir,
    }).app;
    for (const p of ["/", "/api/health", "/api/me"]) {
      const res = await secure.request(`https://pyclass.example.org${p}`);
      expect(res.headers.get("strict-transport-security"), p).toBe("max-age=31536000");
    }
  });

  it("is absent under http (a browser would otherwise refuse the plain-http server for a year)", async () => {
    expect((await get("/")).headers.get("strict-transport-security")).toBeNull();
    expect((await get("/api/health")).headers.get("strict-transport-security")).toBeNull();
  });
});

describe("static files", () => {
  it("serves the SPA for client routes, never cached stale", async () => {
    const res = await get("/teacher/dashboard");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("<div id=root>");
    expect(res.headers.get("cache-control")).toBe("no-cache");
  });

  it("caches hashed assets forever", async () => {
    const res = await get("/assets/app-abc123.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("immutable");
  });

  it("gives a missing asset a 404 rather than index.html", async () => {
    const res = await get("/assets/missing-123.js");
    expect(res.status).toBe(404);
    expect(res.headers.get("cache-control")).toBeNull();
  });
});

describe("production", () => {
  it("has no development mailbox", async () => {
    const prod = createApp({
      db: database.db,
      config: loadConfig({ NODE_ENV: "production", AUTH_SECRET: "x".repeat(40) }),
    }).app;
    const res = await prod.request("http://localhost:3000/api/dev/mailbox");
    expect(res.status).toBe(404);
  });

  it("refuses to start without AUTH_SECRET", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/AUTH_SECRET/);
  });
});

describe("cross-site writes", () => {
  const post = (headers: Record<string, string>) =>
    app.request("http://localhost:3000/api/classes", {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: JSON.stringify({ name: "Sneaky" }),
    });

  it("refuses a write from another origin before anything else", async () => {
    const res = await post({ Origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe("CROSS_SITE");
  });

  it("refuses a write the browser marks as cross-site", async () => {
    const res = await post({ "Sec-Fetch-Site": "cross-site" });
    expect(res.status).toBe(403);
  });

  it("lets same-origin writes reach the route's own checks", async () => {
    const res = await post({ Origin: "http://localhost:3000", "Sec-Fetch-Site": "same-origin" });
    expect(res.status).toBe(401);
  });
});

describe("error bodies (decision 045)", () => {
  /** The body keeps the contract and names the request its X-Request-Id header names. */
  async function errorOf(res: Response) {
    const id = res.headers.get(REQUEST_ID_HEADER);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const body = await res.json();
    const { error } = errorBodySchema.parse(body);
    expect(error.requestId).toBe(id);
    return { body, error };
  }

  it("name the request on an unknown API path and on a route's own refusal", async () => {
    const missing = await errorOf(await get("/api/nothing-here"));
    expect(missing.error.code).toBe("NOT_FOUND");
    const signedOut = await errorOf(await get("/api/me"));
    expect(signedOut.error.code).toBe("UNAUTHORIZED");
    expect(signedOut.error.requestId).not.toBe(missing.error.requestId);
  });

  it("give a refusal in front of Better Auth its code at the top level too, the shape its client reads", async () => {
    const res = await app.request("http://localhost:3000/api/auth/sign-in/email", {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: "{}",
    });
    expect(res.status).toBe(415);
    const { body, error } = await errorOf(res);
    expect(body.code).toBe("UNSUPPORTED_MEDIA_TYPE");
    expect(body.message).toBe(error.message);
  });

  it("answer an unexpected failure with a plain sentence quoting the id the log names", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const broken = new Hono<AppEnv>()
      .use("/api/*", requestId)
      .get("/api/boom", () => {
        throw new Error("secret detail: relation users does not exist");
      })
      .onError(handleError);
    const res = await broken.request("http://localhost/api/boom");
    expect(res.status).toBe(500);
    const { error } = await errorOf(res);
    expect(error.code).toBe("INTERNAL");
    expect(error.message).toContain(error.requestId);
    expect(error.message).not.toContain("secret");
    expect(String(logged.mock.calls[0]?.[0])).toContain(error.requestId);
    logged.mockRestore();
  });
});
