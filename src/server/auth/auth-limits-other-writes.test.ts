// Better Auth's writes beyond sign-in, sign-up and reset (update-user, change-password,
// change-email, sign-out, …): limited per signed-in user from any address, and per address,
// in the shared database table like the rest.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseTrustProxy } from "@/server/config/trust-proxy.ts";
import { hit, peek } from "@/server/limits/limits.ts";
import { createUser } from "../../../tests/factories/users.ts";
import { type ServedApp, serveApp } from "../../../tests/setup/serve-app.ts";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app.ts";
import { AUTH_LIMITS, authLimitKey, OTHER_AUTH_WRITE_LIMITS, OTHER_AUTH_WRITES } from "./auth-limits.ts";

let t: TestApp;
let server: ServedApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: true, trustProxy: parseTrustProxy("loopback") });
  server = await serveApp(t.app);
});
afterAll(async () => {
  await server.close();
  await t.close();
});

describe("other auth writes", () => {
  it("allow 30 a minute per signed-in user across every other write, from any address", async () => {
    const someone = await createUser(t);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await server.request(
        "POST",
        i % 2 ? "/api/auth/update-user" : "/api/auth/revoke-other-sessions",
        {
          cookie: someone.cookie,
          body: i % 2 ? { name: `Name ${i}` } : {},
          headers: { "X-Forwarded-For": `10.30.0.${i}` },
        },
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual(Array(30).fill(200));
    const refused = await server.request("POST", "/api/auth/update-user", {
      cookie: someone.cookie,
      body: { name: "One too many" },
      headers: { "X-Forwarded-For": "10.30.1.1" },
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect((await refused.json()).message).toMatch(
      /^Too many attempts\. Please wait \d+ seconds? and try again\.$/,
    );
    // The refused write did not happen; another user is not affected.
    const [row] = await t.db.query.user.findMany({ where: (u, { eq }) => eq(u.id, someone.id) });
    expect(row.name).toBe("Name 29");
    const other = await createUser(t);
    const allowed = await server.request("POST", "/api/auth/update-user", {
      cookie: other.cookie,
      body: { name: "Fine" },
      headers: { "X-Forwarded-For": "10.30.1.1" },
    });
    expect(allowed.status).toBe(200);
  });

  it("allow 10 password checks per user in 15 minutes (a stolen session can't guess the password)", async () => {
    const someone = await createUser(t);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await server.request("POST", "/api/auth/change-password", {
        cookie: someone.cookie,
        body: { currentPassword: `guess-${i}-Aa1!`, newPassword: "NewSecret123!" },
        headers: { "X-Forwarded-For": `2001:db8:${i}::1` },
      });
      statuses.push(res.status);
    }
    expect(statuses.every((s) => s === 400 || s === 401)).toBe(true);
    const refused = await server.request("POST", "/api/auth/verify-password", {
      cookie: someone.cookie,
      body: { password: someone.password },
      headers: { "X-Forwarded-For": "2001:db8:99::1" },
    });
    // verify-password has its own count; change-password is the one at its limit.
    expect(refused.status).toBe(200);
    const locked = await server.request("POST", "/api/auth/change-password", {
      cookie: someone.cookie,
      body: { currentPassword: someone.password, newPassword: "NewSecret123!" },
      headers: { "X-Forwarded-For": "2001:db8:99::1" },
    });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(60);
  });

  it("send at most 5 change-of-e-mail links an hour per user", async () => {
    const someone = await createUser(t);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await server.request("POST", "/api/auth/change-email", {
        cookie: someone.cookie,
        body: { newEmail: `new-${i}-${someone.id.slice(0, 6)}@example.com`, callbackURL: "/" },
        headers: { "X-Forwarded-For": `10.31.0.${i}` },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(AUTH_LIMITS["/change-email"][0]).toMatchObject({ scope: "user", max: 5 });
  });

  it("cap one address (or IPv6 /64) across users and sessionless requests, at a school's minute", async () => {
    const perAddress = OTHER_AUTH_WRITE_LIMITS.find((r) => r.scope === "address");
    expect(perAddress).toMatchObject({ max: 1000, windowMs: 60_000 });
    if (!perAddress) return;
    const key = authLimitKey(OTHER_AUTH_WRITES, "address", "2001:db8:77:1::1", "");
    for (let i = 0; i < 999; i++) await hit(t.db, key, perAddress);
    const signOut = (address: string) =>
      server.request("POST", "/api/auth/sign-out", { body: {}, headers: { "X-Forwarded-For": address } });
    expect((await signOut("2001:db8:77:1::2")).status).toBe(200);
    expect((await signOut("2001:db8:77:1:abcd::9")).status).toBe(429);
    expect((await signOut("2001:db8:77:2::1")).status).toBe(200);
    expect(await peek(t.db, key)).toBe(1001);
  });
});
