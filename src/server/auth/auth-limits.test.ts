// Sign-in, sign-up and reset limits, counted in the database: per address + e-mail with a higher
// per-address ceiling (so one locked account doesn't lock out a school behind one NAT), 429 with
// Retry-After, and one allowance shared by every instance on the database. Client addresses come
// from a real loopback socket and a trusted proxy's X-Forwarded-For (TRUST_PROXY).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@/server/app.ts";
import { parseTrustProxy } from "@/server/config/trust-proxy.ts";
import { loadConfig } from "@/server/config.ts";
import { hit, peek } from "@/server/limits/limits.ts";
import { createUser, type TestUser } from "../../../tests/factories/users.ts";
import { errorOf } from "../../../tests/setup/error-body.ts";
import { type ServedApp, serveApp } from "../../../tests/setup/serve-app.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../../tests/setup/test-app.ts";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import { AUTH_LIMITS, authLimitKey } from "./auth-limits.ts";
import { JSON_ONLY_MESSAGE } from "./json-bodies-only.ts";

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

describe("bodies the limits cannot read", () => {
  it("refuse a sign-in posted as a form, multipart or text (415): none escapes the per-account limits", async () => {
    const form = new URLSearchParams({ email: victim.email, password: "wrong-password" });
    const multipart = new FormData();
    multipart.set("email", victim.email);
    multipart.set("password", "wrong-password");
    const bodies: [BodyInit, Record<string, string>][] = [
      [form, {}],
      [multipart, {}],
      [JSON.stringify({ email: victim.email, password: "x" }), { "Content-Type": "text/plain" }],
    ];
    for (const [body, headers] of bodies) {
      const res = await fetch(`${server.url}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { Origin: TEST_ORIGIN, "X-Forwarded-For": "10.0.9.1", ...headers },
        body,
      });
      expect(res.status).toBe(415);
      // Better Auth's shape (its client reads code and message) beside ours.
      const shape = await res.clone().json();
      expect([shape.code, shape.message]).toEqual(["UNSUPPORTED_MEDIA_TYPE", JSON_ONLY_MESSAGE]);
      expect(await errorOf(res)).toEqual({ code: "UNSUPPORTED_MEDIA_TYPE", message: JSON_ONLY_MESSAGE });
    }
    // The JSON one is read and answered as ever (a wrong password).
    expect((await signInFrom("10.0.9.1", victim.email)).status).toBe(401);
  });

  it("let every JSON auth write through as before (sign-out)", async () => {
    const someone = await createUser(t, { email: "signs-out@example.com" });
    const res = await server.request("POST", "/api/auth/sign-out", { body: {}, cookie: someone.cookie });
    expect(res.status).toBe(200);
  });
});

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

  it("cap one address across all e-mails at a school's minute (1000), not lower", async () => {
    const perAddress = AUTH_LIMITS["/sign-in/email"].find((r) => r.scope === "address");
    expect(perAddress).toMatchObject({ max: 1000, windowMs: 60_000 });
    if (!perAddress) return;
    // 998 sign-ins already made from 10.0.0.7 (counted straight into the shared table).
    for (let i = 0; i < 998; i++)
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

describe("per-account limits, from any address", () => {
  it("hold one address + account at 30 attempts in 15 minutes (the minute's 10, three times over); other addresses go on", async () => {
    const target = await createUser(t);
    const rule = AUTH_LIMITS["/sign-in/email"].find((r) => r.tag === "15m");
    expect(rule).toMatchObject({ scope: "address+email", max: 30, windowMs: 15 * 60_000 });
    if (!rule) return;
    // 30 attempts from 198.51.100.1 over the last quarter hour (counted straight into the table).
    for (let i = 0; i < 30; i++)
      await hit(
        t.db,
        authLimitKey("/sign-in/email", rule.scope, "198.51.100.1", target.email, rule.tag),
        rule,
      );
    const locked = await signInFrom("198.51.100.1", target.email, target.password);
    expect(locked.status).toBe(429);
    const retryAfter = Number(locked.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect((await locked.json()).message).toBe(
      `Too many attempts. Please wait ${retryAfter} seconds and try again.`,
    );
    // The guesses from that address lock that address, not the account (decision 054).
    expect((await signInFrom("198.51.100.2", target.email, target.password)).status).toBe(200);
  });

  it("count an attempt refused per address + e-mail nowhere else (it uses up none of the account's ceiling)", async () => {
    const target = await createUser(t);
    const ceiling = AUTH_LIMITS["/sign-in/email"].find((r) => r.tag === "ceiling");
    const key = authLimitKey("/sign-in/email", "email", "", target.email, ceiling?.tag);
    const before = await peek(t.db, key); // the factory's own sign-in
    for (let i = 0; i < 25; i++) await signInFrom("10.20.0.1", target.email);
    // 10 counted, 15 refused at the first rule: the account's ceiling has counted 10 more.
    expect((await peek(t.db, key)) - before).toBe(10);
    expect((await signInFrom("10.22.0.1", target.email, target.password)).status).toBe(200);
  });

  it("send at most 5 password-reset e-mails an hour to one address, from any number of clients", async () => {
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 6; i++) {
      last = await server.request("POST", "/api/auth/request-password-reset", {
        body: { email: "Reset-Me@example.com", redirectTo: "/update-password" },
        headers: { "X-Forwarded-For": `10.0.1.${i}` },
      });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(Number(last?.headers.get("retry-after"))).toBeGreaterThan(15 * 60);
    // A confirmation e-mail has its own allowance.
    const confirm = await server.request("POST", "/api/auth/send-verification-email", {
      body: { email: "reset-me@example.com" },
      headers: { "X-Forwarded-For": "10.0.1.9" },
    });
    expect(confirm.status).toBe(200);
  });
});

describe("IPv6 clients", () => {
  it("count per /64: a new address in the same /64 is the same client, however it is written", async () => {
    const target = await createUser(t);
    const spellings = [
      "2001:db8:1:2::1",
      "2001:db8:1:2::2",
      "2001:0db8:0001:0002:0000:0000:0000:0003",
      "2001:DB8:1:2:ffff:ffff:ffff:ffff",
      "2001:db8:1:2:a:b:c:d",
      "2001:db8:1:2::6",
      "2001:db8:1:2::7",
      "2001:db8:1:2::8",
      "2001:db8:1:2::9",
      "2001:db8:1:2::a",
    ];
    for (const address of spellings) expect((await signInFrom(address, target.email)).status).toBe(401);
    expect((await signInFrom("2001:db8:1:2:1234::1", target.email, target.password)).status).toBe(429);
    // The next /64 is another client.
    expect((await signInFrom("2001:db8:1:3::1", target.email, target.password)).status).toBe(200);
  });

  it("count an IPv4-mapped address as the IPv4 address", async () => {
    const target = await createUser(t);
    for (let i = 0; i < 10; i++) {
      const address = i % 2 === 0 ? "::ffff:192.0.2.44" : "192.0.2.44";
      expect((await signInFrom(address, target.email)).status).toBe(401);
    }
    expect((await signInFrom("192.0.2.44", target.email, target.password)).status).toBe(429);
    expect((await signInFrom("::ffff:c000:22c", target.email, target.password)).status).toBe(429);
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
