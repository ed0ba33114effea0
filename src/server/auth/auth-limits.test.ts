// Sign-in, sign-up and reset limits, counted in the database: per address + e-mail with a higher
// per-address ceiling (so one locked account doesn't lock out a school behind one NAT), 429 with
// Retry-After, and one allowance shared by every instance on the database. Client addresses come
// from a real loopback socket and a trusted proxy's X-Forwarded-For (TRUST_PROXY).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, type TestUser } from "../../../tests/factories/users.ts";
import { type ServedApp, serveApp } from "../../../tests/setup/serve-app.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../../tests/setup/test-app.ts";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import { createApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { hit, peek } from "../limits/limits.ts";
import { AUTH_LIMITS, authLimitKey } from "./auth-limits.ts";
import { parseTrustProxy } from "./client-address.ts";

let t: TestApp;
let server: ServedApp;
let victim: TestUser;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: true, trustProxy: parseTrustProxy("loopback") });
  server = await serveApp(t.app);
  victim = await createUser(t, { email: "victim@example.com" });
});
afterAll(async () => {
  await server.close();
  await t.close();
});

function signInFrom(address: string, email: string, password = "wrong-password") {
  return server.request("POST", "/api/auth/sign-in/email", {
    body: { email, password },
    headers: { "X-Forwarded-For": address },
  });
}

describe("sign-in limits", () => {
  it("lock one address + e-mail after 10 attempts a minute: 429, Retry-After, a clear message", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await signInFrom("10.0.0.5", victim.email)).status);
    expect(statuses).toEqual(Array(10).fill(401));
    const locked = await signInFrom("10.0.0.5", victim.email, victim.password);
    expect(locked.status).toBe(429);
    const retryAfter = Number(locked.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const body = await locked.json();
    expect(body.code).toBe("TOO_MANY_REQUESTS");
    expect(body.message).toBe(
      `Too many attempts. Please wait ${retryAfter} second${retryAfter === 1 ? "" : "s"} and try again.`,
    );
  });

  it("don't spill to another e-mail from that address, nor to that e-mail from another address", async () => {
    const classmate = await createUser(t);
    expect((await signInFrom("10.0.0.5", classmate.email, classmate.password)).status).toBe(200);
    expect((await signInFrom("10.0.0.6", victim.email, victim.password)).status).toBe(200);
    // The locked pair stays locked.
    expect((await signInFrom("10.0.0.5", victim.email, victim.password)).status).toBe(429);
  });

  it("cap one address at 100 sign-ins a minute across all e-mails", async () => {
    const [, perAddress] = AUTH_LIMITS["/sign-in/email"];
    expect(perAddress).toMatchObject({ scope: "address", max: 100 });
    // 98 sign-ins already made from 10.0.0.7 (counted straight into the shared table).
    for (let i = 0; i < 98; i++)
      await hit(t.db, authLimitKey("/sign-in/email", "address", "10.0.0.7", ""), perAddress);
    expect((await signInFrom("10.0.0.7", "a@example.com")).status).toBe(401);
    expect((await signInFrom("10.0.0.7", "b@example.com")).status).toBe(401);
    expect((await signInFrom("10.0.0.7", "c@example.com")).status).toBe(429);
    expect((await signInFrom("10.0.0.8", "c@example.com")).status).toBe(401);
  });

  it("read X-Forwarded-For only from a trusted proxy (TRUST_PROXY)", async () => {
    const attempts = async (request: ServedApp["request"]) => {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await request("POST", "/api/auth/sign-in/email", {
          body: { email: "roaming@example.com", password: "wrong-password" },
          headers: { "X-Forwarded-For": `192.0.2.${i}` },
        });
        statuses.push(res.status);
      }
      return statuses;
    };
    // Behind the trusted proxy: eleven different clients, none of them over its limit.
    expect(await attempts(server.request)).toEqual(Array(11).fill(401));
    // Without TRUST_PROXY the header is the client's own claim: all eleven are 127.0.0.1.
    const direct = await createTestApp({ rateLimit: true });
    const directServer = await serveApp(direct.app);
    try {
      expect((await attempts(directServer.request)).at(-1)).toBe(429);
    } finally {
      await directServer.close();
      await direct.close();
    }
  });
});

describe("password reset limits", () => {
  it("allow 5 requests a minute per address + e-mail", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await server.request("POST", "/api/auth/request-password-reset", {
        body: { email: "reset-me@example.com", redirectTo: "/update-password" },
        headers: { "X-Forwarded-For": "10.0.1.1" },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe("limits shared by every instance", () => {
  it("two app instances on one database share one allowance", async () => {
    const database = await createTestDb();
    const config = { ...loadConfig({ NODE_ENV: "test" }), rateLimit: true };
    const one = createApp({ db: database.db, config });
    const two = createApp({ db: database.db, config });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        const instance = i % 2 === 0 ? one : two;
        const res = await instance.app.request("http://localhost:3000/api/auth/sign-in/email", {
          method: "POST",
          headers: { Origin: TEST_ORIGIN, "Content-Type": "application/json" },
          body: JSON.stringify({ email: "shared@example.com", password: "wrong-password" }),
        });
        statuses.push(res.status);
      }
      // Ten attempts between them, not ten each.
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(statuses.slice(10)).toEqual([429, 429]);
      // Two apps in one process could share a module-level counter (Better Auth's in-memory
      // limiter is one): show the allowance lives in the database every process reads.
      const key = authLimitKey("/sign-in/email", "address+email", "", "shared@example.com");
      expect(await peek(database.db, key)).toBe(12);
      // What another process wrote to the table counts here: ten attempts made elsewhere.
      const elsewhere = authLimitKey("/sign-in/email", "address+email", "", "elsewhere@example.com");
      for (let i = 0; i < 10; i++) await hit(database.db, elsewhere, AUTH_LIMITS["/sign-in/email"][0]);
      const res = await one.app.request("http://localhost:3000/api/auth/sign-in/email", {
        method: "POST",
        headers: { Origin: TEST_ORIGIN, "Content-Type": "application/json" },
        body: JSON.stringify({ email: "elsewhere@example.com", password: "wrong-password" }),
      });
      expect(res.status).toBe(429);
    } finally {
      await one.grader.close();
      await two.grader.close();
      await database.close();
    }
  });
});
