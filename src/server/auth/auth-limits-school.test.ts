// A school behind one NAT address: a lesson change brings hundreds of sign-ins from one address
// within a minute, and none may be refused (decision 043). Real sign-ins through a trusted proxy.

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseTrustProxy } from "@/server/config/trust-proxy.ts";
import { account, rateLimits, user } from "@/server/db/schema.ts";
import { hit, peek } from "@/server/limits/limits.ts";
import { type ServedApp, serveApp } from "../../../tests/setup/serve-app.ts";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app.ts";
import { AUTH_LIMITS, authLimitKey } from "./auth-limits.ts";

const SCHOOL = "203.0.113.50";
const STUDENTS = 150;
const PASSWORD = "Secret123!";

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

/** Verified students sharing one password hash (hashing 150 times would only slow the test). */
async function enrolStudents(prefix: string, n: number): Promise<string[]> {
  const hash = await (await t.auth.$context).password.hash(PASSWORD);
  const people = Array.from({ length: n }, (_, i) => ({ id: crypto.randomUUID(), i }));
  await t.db.insert(user).values(
    people.map(({ id, i }) => ({
      id,
      name: `Student ${i}`,
      email: `${prefix}-${i}@school.example`,
      emailVerified: true,
      role: "student",
    })),
  );
  await t.db.insert(account).values(
    people.map(({ id }) => ({
      id: crypto.randomUUID(),
      accountId: id,
      providerId: "credential",
      userId: id,
      password: hash,
    })),
  );
  return people.map(({ i }) => `${prefix}-${i}@school.example`);
}

describe("a school behind one address", () => {
  it("signs in 500 students within a minute from one address: none refused", {
    timeout: 180_000,
  }, async () => {
    const emails = await enrolStudents("nat", STUDENTS);
    const perAddress = AUTH_LIMITS["/sign-in/email"].find((r) => r.scope === "address");
    if (!perAddress) throw new Error("no per-address sign-in limit");
    const addressKey = authLimitKey("/sign-in/email", "address", SCHOOL, "");
    // 350 classmates signed in from the school's address moments ago…
    for (let i = 0; i < 500 - STUDENTS; i++) await hit(t.db, addressKey, perAddress);
    // The minute stays open however slow a shared test machine is: all 500 count in one window.
    await t.db
      .update(rateLimits)
      .set({ resetAt: new Date(Date.now() + 10 * 60_000) })
      .where(eq(rateLimits.key, addressKey));
    // …and 150 more now, four at a time as browsers would.
    const statuses: number[] = [];
    for (let i = 0; i < emails.length; i += 4) {
      const batch = emails.slice(i, i + 4).map((email) =>
        server.request("POST", "/api/auth/sign-in/email", {
          body: { email, password: PASSWORD },
          headers: { "X-Forwarded-For": SCHOOL },
        }),
      );
      statuses.push(...(await Promise.all(batch)).map((r) => r.status));
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(statuses).toHaveLength(STUDENTS);
    expect(await peek(t.db, addressKey)).toBe(500);
  });

  it("still stops one guesser at that address: 10 a minute per account", async () => {
    const [email] = await enrolStudents("guessed", 1);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await server.request("POST", "/api/auth/sign-in/email", {
        body: { email, password: "wrong-password" },
        headers: { "X-Forwarded-For": SCHOOL },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
  });
});
