import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadConfig } from "@/server/config.ts";
import type { SessionUser } from "@/server/types.ts";
import { addMember, createAssignment, createClass } from "../../../tests/factories/classroom.ts";
import { createUser } from "../../../tests/factories/users.ts";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app.ts";
import { sessionCookieName } from "./auth.ts";
import { createSessionCache, mayChangeSessions, mayChangeUser, sessionKey } from "./session-cache.ts";

const ada: SessionUser = {
  id: "u1",
  name: "Ada",
  email: "ada@example.com",
  role: "student",
  emailVerified: true,
};

const PLAIN = "better-auth.session_token";
const SECURE = "__Secure-better-auth.session_token";

describe("sessionKey", () => {
  it("keys on the session cookie only", () => {
    expect(sessionKey("theme=dark; better-auth.session_token=abc.def; other=1", PLAIN)).toBe(
      "better-auth.session_token=abc.def",
    );
    expect(sessionKey("__Secure-better-auth.session_token=xyz", SECURE)).toBe(
      "__Secure-better-auth.session_token=xyz",
    );
  });
  it("has no key without a session cookie", () => {
    expect(sessionKey(undefined, PLAIN)).toBeNull();
    expect(sessionKey("theme=dark", PLAIN)).toBeNull();
    expect(sessionKey("fake-better-auth.session_token=abc", PLAIN)).toBeNull();
  });
  it("under https keys on the __Secure- cookie Better Auth reads, never on a plain one beside it", () => {
    const real = "__Secure-better-auth.session_token=real.sig";
    expect(sessionKey(`better-auth.session_token=forged; ${real}`, SECURE)).toBe(real);
    expect(sessionKey(`better-auth.session_token=other; ${real}`, SECURE)).toBe(real);
    expect(sessionKey("better-auth.session_token=forged", SECURE)).toBeNull();
    // And under http the other way round.
    expect(sessionKey(`${real}; better-auth.session_token=plain`, PLAIN)).toBe(
      "better-auth.session_token=plain",
    );
  });
  it("covers every copy of the cookie, so a duplicate can't share a key with a different token", () => {
    expect(sessionKey(`${PLAIN}=a; ${PLAIN}=b`, PLAIN)).not.toBe(sessionKey(`${PLAIN}=a`, PLAIN));
    expect(sessionKey(`${PLAIN}=a; ${PLAIN}=b`, PLAIN)).not.toBe(sessionKey(`${PLAIN}=a; ${PLAIN}=c`, PLAIN));
  });
});

describe("the session cache in the app", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: "https://pyclass.example.org" });
  });
  afterAll(() => t.close());

  it("names the cookie Better Auth authenticates with", async () => {
    const ctx = await t.auth.$context;
    expect(ctx.authCookies.sessionToken.name).toBe(SECURE);
    expect(sessionCookieName(t.config)).toBe(SECURE);
    const http = loadConfig({ NODE_ENV: "test" });
    expect(sessionCookieName(http)).toBe(PLAIN);
  });

  it("under https, a plain cookie sent beside the real one is not cached as that user", async () => {
    const u = await createUser(t);
    const secure = u.cookie.split("; ").find((c) => c.startsWith(`${SECURE}=`))!;
    expect(secure).toBeTruthy();
    const both = await t.request("GET", "/api/me", { cookie: `${PLAIN}=forged-token; ${secure}` });
    expect(both.status).toBe(200);
    // Better Auth does not authenticate a plain cookie under https: neither may the cache.
    const plainOnly = await t.request("GET", "/api/me", { cookie: `${PLAIN}=forged-token` });
    expect(plainOnly.status).toBe(401);
    // And junk plain cookies don't split the cache: the real one is still served (and right).
    const again = await t.request("GET", "/api/me", { cookie: `${PLAIN}=junk-2; ${secure}` });
    expect((await again.json()).id).toBe(u.id);
  });
});

describe("session cache", () => {
  it("remembers a lookup for a few seconds, then forgets it", () => {
    vi.useFakeTimers();
    try {
      const cache = createSessionCache({ ttlMs: 5_000 });
      cache.set("k", ada);
      cache.set("anon", null);
      expect(cache.get("k")).toEqual(ada);
      expect(cache.get("anon")).toBeNull();
      expect(cache.get("missing")).toBeUndefined();
      vi.advanceTimersByTime(5_001);
      expect(cache.get("k")).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
  it("drops every session of a changed user", () => {
    const cache = createSessionCache();
    cache.set("phone", ada);
    cache.set("laptop", ada);
    cache.set("other", { ...ada, id: "u2" });
    cache.forgetUser("u1");
    expect(cache.get("phone")).toBeUndefined();
    expect(cache.get("laptop")).toBeUndefined();
    expect(cache.get("other")?.id).toBe("u2");
  });
  it("stays bounded", () => {
    const cache = createSessionCache({ max: 2 });
    cache.set("a", ada);
    cache.set("b", ada);
    cache.set("c", ada);
    expect(cache.get("a")).toBeUndefined();
    expect(cache.get("c")).toEqual(ada);
  });
});

describe("which auth requests clear the cache", () => {
  it("keeps it for sign-in, sign-up and mail requests: they never end a session anyone holds", () => {
    for (const path of [
      "/api/auth/sign-in/email",
      "/api/auth/sign-up/email",
      "/api/auth/request-password-reset",
      "/api/auth/send-verification-email",
    ])
      expect(mayChangeSessions("POST", path)).toBe(false);
    expect(mayChangeSessions("GET", "/api/auth/get-session")).toBe(false);
  });

  it("clears it for everything that may end or change a session", () => {
    for (const path of [
      "/api/auth/sign-out",
      "/api/auth/reset-password",
      "/api/auth/change-password",
      "/api/auth/change-email",
      "/api/auth/update-user",
      "/api/auth/revoke-sessions",
      "/api/auth/delete-user",
      "/api/auth/sign-in/email/../../sign-out",
    ])
      expect(mayChangeSessions("POST", path)).toBe(true);
    expect(mayChangeSessions("GET", "/api/auth/verify-email?token=x")).toBe(true);
  });
});

describe("which writes drop the writer's cached sessions", () => {
  it("keeps them for activity batches (every open workspace, every 10 s); drops them for other writes", () => {
    expect(mayChangeUser("POST", "/api/activity")).toBe(false);
    expect(mayChangeUser("GET", "/api/me")).toBe(false);
    for (const [method, path] of [
      ["PATCH", "/api/me"],
      ["POST", "/api/me/role"],
      ["POST", "/api/activity/../me"],
      ["POST", "/api/activity/extra"],
      ["POST", "/api/assignments/x/submissions"],
    ])
      expect(mayChangeUser(method, path)).toBe(true);
  });

  it("a student's activity batch doesn't make their next request read the session again", async () => {
    const t = await createTestApp();
    try {
      const student = await createUser(t);
      const teacher = await createUser(t, { role: "teacher" });
      const cls = await createClass(t, teacher);
      await addMember(t, cls, student);
      const work = await createAssignment(t, teacher, cls.id);
      const getSession = vi.spyOn(t.auth.api, "getSession");
      const sessionId = crypto.randomUUID();
      for (let seq = 0; seq < 3; seq++) {
        const res = await t.request("POST", "/api/activity", {
          cookie: student.cookie,
          body: { assignmentId: work.id, sessionId, seq, events: [{ type: "run", at: seq }] },
        });
        expect(res.status).toBe(201);
      }
      expect(getSession.mock.calls.length).toBeLessThanOrEqual(1);
      // A write that may change the user does drop it: the next request reads the session again.
      getSession.mockClear();
      await t.request("PATCH", "/api/me", { cookie: student.cookie, body: { name: "Renamed" } });
      await t.request("GET", "/api/me", { cookie: student.cookie });
      expect(getSession).toHaveBeenCalled();
    } finally {
      await t.close();
    }
  });
});
