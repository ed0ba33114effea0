// `npm start` with no settings is safe on a school network: it signs with a secret of its own
// (never one published in the source), and the development conveniences (the dev mailbox, the
// demo logins) answer only a browser on this computer. The app runs on a real loopback socket;
// a network client is a request relayed by a trusted proxy (TRUST_PROXY + X-Forwarded-For),
// a request carrying forwarding headers, or one under a foreign Host.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig, PUBLISHED_SECRETS } from "@/server/config.ts";
import { account, user } from "@/server/db/schema.ts";
import { createUser } from "../../../tests/factories/users.ts";
import { type ServedApp, serveApp } from "../../../tests/setup/serve-app.ts";
import { cookieFrom, createTestApp, type TestApp } from "../../../tests/setup/test-app.ts";
import { DEMO_ACCOUNTS } from "./demo-accounts.ts";

const OLD_DEV_SECRET = "pyclass-development-secret-do-not-use-in-production";

const tmpDirs: string[] = [];
function tmpDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pyclass-safe-"));
  tmpDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of tmpDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the signing secret", () => {
  it("is generated once per data directory when AUTH_SECRET is not set (mode 0600)", () => {
    const dir = tmpDir();
    const first = loadConfig({ DATA_DIR: dir }); // NODE_ENV defaults to development
    expect(first.env).toBe("development");
    expect(first.authSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(PUBLISHED_SECRETS).not.toContain(first.authSecret);
    expect(first.authSecret).not.toBe(OLD_DEV_SECRET);
    const file = path.join(dir, "auth-secret");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(first.authSecret);
    expect(loadConfig({ DATA_DIR: tmpDir() }).authSecret).not.toBe(first.authSecret);
  });

  it("refuses the value once published in the source, outside the tests", () => {
    for (const NODE_ENV of [undefined, "development", "production"]) {
      expect(() => loadConfig({ NODE_ENV, DATA_DIR: tmpDir(), AUTH_SECRET: OLD_DEV_SECRET })).toThrow(
        /AUTH_SECRET: this value is published/,
      );
    }
    expect(loadConfig({ NODE_ENV: "test", AUTH_SECRET: OLD_DEV_SECRET }).authSecret).toBe(OLD_DEV_SECRET);
  });

  it("uses AUTH_SECRET when given, and a test server listens on loopback only", () => {
    const own = "s".repeat(40);
    expect(loadConfig({ DATA_DIR: tmpDir(), AUTH_SECRET: own }).authSecret).toBe(own);
    expect(loadConfig({ NODE_ENV: "test" }).host).toBe("127.0.0.1");
    expect(loadConfig({ DATA_DIR: tmpDir() }).host).toBe("0.0.0.0");
  });
});

describe("development conveniences with the default configuration", () => {
  let t: TestApp;
  let server: ServedApp;
  const demo = DEMO_ACCOUNTS[0];

  beforeAll(async () => {
    // The default development configuration, plus a trusted local proxy so a test can stand in
    // for a network client (X-Forwarded-For: 10.0.0.5).
    const config = loadConfig({ DATA_DIR: tmpDir(), TRUST_PROXY: "loopback" });
    t = await createTestApp(config);
    server = await serveApp(t.app);
    // A demo account as the demo school would have it (created directly; the refusal is by address).
    await t.db.insert(user).values({
      id: "demo-teacher",
      name: demo.name,
      email: demo.email,
      emailVerified: true,
      role: demo.role,
    });
    const ctx = await t.auth.$context;
    await t.db.insert(account).values({
      id: "demo-teacher-account",
      accountId: "demo-teacher",
      providerId: "credential",
      userId: "demo-teacher",
      password: await ctx.password.hash("Demo-pass-123"),
    });
  });
  afterAll(async () => {
    await server.close();
    await t.close();
  });

  const network = { "X-Forwarded-For": "10.0.0.5" };

  it("serves the dev mailbox to this computer only", async () => {
    expect((await server.request("GET", "/api/dev/mailbox")).status).toBe(200);
    // A network client (through the trusted proxy), a forwarded request the server was not told
    // to trust, a rebinding Host, and an in-process request without any socket.
    expect((await server.request("GET", "/api/dev/mailbox", { headers: network })).status).toBe(404);
    expect(
      (await server.request("GET", "/api/dev/mailbox", { headers: { Forwarded: "for=10.0.0.5" } })).status,
    ).toBe(404);
    expect((await server.requestWithHost("GET", "/api/dev/mailbox", "school-pc.evil.example")).status).toBe(
      404,
    );
    expect((await t.request("GET", "/api/dev/mailbox")).status).toBe(404);
  });

  it("lets the demo logins in from this computer only", async () => {
    const body = { email: demo.email, password: "Demo-pass-123" };
    const remote = await server.request("POST", "/api/auth/sign-in/email", { body, headers: network });
    expect(remote.status).toBe(401);
    expect(cookieFrom(remote)).not.toContain("session_token=");
    const local = await server.request("POST", "/api/auth/sign-in/email", { body });
    expect(local.status).toBe(200);
    expect(cookieFrom(local)).toContain("session_token=");
  });

  it("signs sessions with the data directory's secret: an ordinary user from the network signs in", async () => {
    const u = await createUser(t); // signs in in-process, i.e. not from this computer
    expect((await t.request("GET", "/api/me", { cookie: u.cookie })).status).toBe(200);
    const res = await server.request("POST", "/api/auth/sign-in/email", {
      body: { email: u.email, password: u.password },
      headers: network,
    });
    expect(res.status).toBe(200);
  });
});
