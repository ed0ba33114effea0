import { describe, expect, it, vi } from "vitest";
import type { SessionUser } from "./guards.ts";
import { createSessionCache, sessionKey } from "./session-cache.ts";

const ada: SessionUser = {
  id: "u1",
  name: "Ada",
  email: "ada@example.com",
  role: "student",
  emailVerified: true,
};

describe("sessionKey", () => {
  it("keys on the session cookie only", () => {
    expect(sessionKey("theme=dark; better-auth.session_token=abc.def; other=1")).toBe(
      "better-auth.session_token=abc.def",
    );
    expect(sessionKey("__Secure-better-auth.session_token=xyz")).toBe(
      "__Secure-better-auth.session_token=xyz",
    );
  });
  it("has no key without a session cookie", () => {
    expect(sessionKey(undefined)).toBeNull();
    expect(sessionKey("theme=dark")).toBeNull();
    expect(sessionKey("fake-better-auth.session_token=abc")).toBeNull();
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
