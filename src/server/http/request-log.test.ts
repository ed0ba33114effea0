// The request log: one JSON line per /api request with the fields operators need, the route
// pattern instead of ids and tokens, and never a password, code, token or cookie.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { loadConfig } from "@/server/config.ts";
import { createTeacher, type TestUser } from "../../../tests/factories/users.ts";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app.ts";
import { type RequestLogLine, routeLabel } from "./request-log.ts";

let t: TestApp;
let teacher: TestUser;
let lines: string[] = [];
let spy: ReturnType<typeof vi.spyOn>;

beforeAll(async () => {
  t = await createTestApp({ requestLog: true });
  capture();
  teacher = await createTeacher(t);
  spy.mockRestore();
});
afterAll(() => t.close());

function capture() {
  lines = [];
  spy = vi.spyOn(console, "log").mockImplementation((line: unknown) => {
    lines.push(String(line));
  });
}
afterEach(() => spy?.mockRestore());

const parsed = () => lines.map((l) => JSON.parse(l) as RequestLogLine);

describe("request log", () => {
  it("writes one JSON line with id, method, route pattern, status, time and user id", async () => {
    capture();
    const res = await t.request("GET", "/api/classes/no-such-class-4711", { cookie: teacher.cookie });
    expect(lines).toHaveLength(1);
    const [line] = parsed();
    expect(line).toMatchObject({
      msg: "request",
      method: "GET",
      route: "/api/classes/:id",
      status: res.status,
      userId: teacher.id,
    });
    expect(line.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get("x-request-id")).toBe(line.id);
    expect(typeof line.ms).toBe("number");
    expect(line.ms).toBeGreaterThanOrEqual(0);
    expect(Number.isNaN(Date.parse(line.time))).toBe(false);
    expect(lines[0]).not.toContain("no-such-class-4711");
  });

  it("gives every request its own id and has no user id when signed out", async () => {
    capture();
    const a = await t.request("GET", "/api/me");
    const b = await t.request("GET", "/api/me");
    const [la, lb] = parsed();
    expect(la.status).toBe(a.status);
    expect(la.userId).toBeUndefined();
    expect(la.id).not.toBe(lb.id);
    expect(b.headers.get("x-request-id")).toBe(lb.id);
  });

  it("logs a sign-in without its password, e-mail or the session cookie", async () => {
    capture();
    const password = "Very-Secret-Pass-9931";
    const res = await t.request("POST", "/api/auth/sign-in/email", {
      body: { email: teacher.email, password: teacher.password },
    });
    expect(res.status).toBe(200);
    await t.request("POST", "/api/auth/sign-in/email", { body: { email: teacher.email, password } });
    expect(parsed().map((l) => [l.route, l.method])).toEqual([
      ["/api/auth/sign-in/email", "POST"],
      ["/api/auth/sign-in/email", "POST"],
    ]);
    const all = lines.join("\n");
    for (const secret of [password, teacher.password, teacher.email, ...res.headers.getSetCookie()]) {
      expect(all).not.toContain(secret);
    }
    const sessionToken = res.headers.getSetCookie()[0].split(";")[0].split("=")[1];
    expect(all).not.toContain(sessionToken);
  });

  it("logs errors with their status (a route that is not there is 404)", async () => {
    capture();
    await t.request("GET", "/api/nothing-here?token=abc123secret");
    const [line] = parsed();
    expect(line.status).toBe(404);
    expect(line.route).toBe("/api/*");
    expect(lines[0]).not.toContain("abc123secret");
  });

  it("keeps a token in an auth path out of the route", () => {
    expect(routeLabel("/api/auth/*", "/api/auth/reset-password/tok3nXYZ")).toBe("/api/auth/reset-password/*");
    expect(routeLabel("/api/auth/*", "/api/auth/verify-email")).toBe("/api/auth/verify-email");
    expect(routeLabel("/api/auth/*", "/api/auth/Tok3n")).toBe("/api/auth/*");
  });

  it("skips healthy health checks (a load balancer asks every few seconds)", async () => {
    capture();
    expect((await t.request("GET", "/api/health")).status).toBe(200);
    expect(lines).toEqual([]);
  });
});

describe("REQUEST_LOG", () => {
  it("is on by default, off under NODE_ENV=test, and either way when set", () => {
    expect(loadConfig({ NODE_ENV: "development", DATA_DIR: "/tmp/pyclass-cfg-test" }).requestLog).toBe(true);
    expect(loadConfig({ NODE_ENV: "test" }).requestLog).toBe(false);
    expect(loadConfig({ NODE_ENV: "test", REQUEST_LOG: "on" }).requestLog).toBe(true);
    expect(
      loadConfig({ NODE_ENV: "production", AUTH_SECRET: "x".repeat(40), REQUEST_LOG: "off" }).requestLog,
    ).toBe(false);
  });

  it("off: no line is written", async () => {
    const quiet = await createTestApp();
    try {
      capture();
      await quiet.request("GET", "/api/me");
      expect(lines).toEqual([]);
    } finally {
      await quiet.close();
    }
  });
});
