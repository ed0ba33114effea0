// Issue 17's auth edges: JSON nested thousands deep never reaches Better Auth (400, not 500), the
// profile picture field takes nothing (the product has none), and every new password — sign-up,
// reset, change — is 8+ characters and not a common one, with the rule's own messages.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INPUT_MESSAGES, jsonDepthExceeds, MAX_JSON_DEPTH } from "@/server/http/input-hygiene.ts";
import { AUTH_MESSAGES } from "@/shared/domain/auth-rules.ts";
import { createUser } from "../../../tests/factories/users.ts";
import { errorOf } from "../../../tests/setup/error-body.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../../tests/setup/test-app.ts";
import { IMAGE_MESSAGE } from "./auth.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const nested = (depth: number, inner = '"x"') => `${"[".repeat(depth)}${inner}${"]".repeat(depth)}`;

/** A raw JSON text as the body (the test-app helper would stringify an object). */
function postRaw(path: string, text: string, cookie?: string) {
  return t.app.request(`http://localhost:3000${path}`, {
    method: "POST",
    headers: {
      Origin: TEST_ORIGIN,
      "Content-Type": "application/json",
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: text,
  });
}

describe("JSON nested too deep", () => {
  it("is refused (400) before Better Auth reads sign-up's email or update-user's image", async () => {
    const deep = nested(5000);
    const signUp = await postRaw(
      "/api/auth/sign-up/email",
      `{"name":"Deep","email":${deep},"password":"Tiger-lily-9"}`,
    );
    expect(signUp.status).toBe(400);
    expect(await errorOf(signUp)).toEqual({
      code: "JSON_TOO_DEEP",
      message: INPUT_MESSAGES.tooDeep(MAX_JSON_DEPTH),
    });
    const u = await createUser(t);
    const update = await postRaw("/api/auth/update-user", `{"image":${deep}}`, u.cookie);
    expect(update.status).toBe(400);
    expect((await errorOf(update)).code).toBe("JSON_TOO_DEEP");
    // Every other route too (any JSON body).
    const me = await t.app.request("http://localhost:3000/api/me", {
      method: "PATCH",
      headers: { Origin: TEST_ORIGIN, "Content-Type": "application/json", Cookie: u.cookie },
      body: `{"name":${nested(100)}}`,
    });
    expect(me.status).toBe(400);
  });

  it("counts brackets only outside strings, to the limit and no further", () => {
    expect(jsonDepthExceeds(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonDepthExceeds(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonDepthExceeds(JSON.stringify({ code: "[".repeat(5000) }))).toBe(false);
    expect(jsonDepthExceeds(JSON.stringify({ code: `\\"${"{".repeat(500)}` }))).toBe(false);
    expect(jsonDepthExceeds(`{"a":[{"b":[{"c":${nested(40)}}]}]}`)).toBe(true);
  });
});

describe("the profile picture (image)", () => {
  it("takes nothing but null: a string, a long one, a number or an object is refused (400)", async () => {
    const u = await createUser(t);
    for (const image of [
      "https://example.com/me.png",
      `data:image/png;base64,${"A".repeat(500_000)}`,
      42,
      { a: 1 },
    ]) {
      const res = await t.request("POST", "/api/auth/update-user", { cookie: u.cookie, body: { image } });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: "INVALID_IMAGE", message: IMAGE_MESSAGE });
    }
    const signUp = await t.request("POST", "/api/auth/sign-up/email", {
      body: {
        name: "Pic",
        email: "pic@example.com",
        password: "Tiger-lily-9",
        image: "https://x.example/a.png",
      },
    });
    expect(signUp.status).toBe(400);
    expect(await t.lastMail("pic@example.com")).toBeUndefined();
    // null (what the product sends, or nothing) and a name change still work.
    const ok = await t.request("POST", "/api/auth/update-user", {
      cookie: u.cookie,
      body: { name: "Still Me", image: null },
    });
    expect(ok.status).toBe(200);
  });
});

describe("new passwords", () => {
  const cases: [string, string, string][] = [
    ["123456", "PASSWORD_TOO_SHORT", AUTH_MESSAGES.passwordTooShortForNew],
    ["1234567", "PASSWORD_TOO_SHORT", AUTH_MESSAGES.passwordTooShortForNew],
    ["password", "PASSWORD_TOO_COMMON", AUTH_MESSAGES.passwordTooCommon],
    ["Password1", "PASSWORD_TOO_COMMON", AUTH_MESSAGES.passwordTooCommon],
  ];

  it("at sign-up: the spec's message under 6, the rule's for 6–7 and for common ones; 8+ uncommon accepted", async () => {
    const signUp = (email: string, password: string) =>
      t.request("POST", "/api/auth/sign-up/email", { body: { name: "New", email, password } });
    const short = await signUp("short5@example.com", "abc12");
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({
      code: "PASSWORD_TOO_SHORT",
      message: AUTH_MESSAGES.passwordTooShort,
    });
    for (const [i, [password, code, message]] of cases.entries()) {
      const res = await signUp(`weak-${i}@example.com`, password);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code, message });
      expect(await t.lastMail(`weak-${i}@example.com`)).toBeUndefined();
    }
    expect((await signUp("strong@example.com", "Tiger-lily-9")).status).toBe(200);
  });

  it("at reset: refused with the rule's message, the token still usable for a good one", async () => {
    const u = await createUser(t);
    await t.request("POST", "/api/auth/request-password-reset", {
      body: { email: u.email, redirectTo: "/update-password" },
    });
    const link = (await t.lastMail(u.email)).link ?? "";
    const opened = await t.app.request(link, { redirect: "manual" });
    const token = new URL(opened.headers.get("location") ?? "", "http://localhost:3000").searchParams.get(
      "token",
    );
    expect(token).toBeTruthy();
    for (const [password, code, message] of [
      ...cases,
      ["12345", "PASSWORD_TOO_SHORT", AUTH_MESSAGES.passwordTooShortForNew],
    ]) {
      const res = await t.request("POST", "/api/auth/reset-password", {
        body: { newPassword: password, token },
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code, message });
    }
    const ok = await t.request("POST", "/api/auth/reset-password", {
      body: { newPassword: "Tiger-lily-9", token },
    });
    expect(ok.status).toBe(200);
  });

  it("at change: refused with the rule's message, the old password kept; a good one accepted", async () => {
    const u = await createUser(t);
    for (const [password, code, message] of cases) {
      const res = await t.request("POST", "/api/auth/change-password", {
        cookie: u.cookie,
        body: { currentPassword: u.password, newPassword: password },
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code, message });
    }
    const ok = await t.request("POST", "/api/auth/change-password", {
      cookie: u.cookie,
      body: { currentPassword: u.password, newPassword: "Tiger-lily-9" },
    });
    expect(ok.status).toBe(200);
  });

  it("does not apply to signing in: an account with an older 6-character password still signs in", async () => {
    const u = await createUser(t, { password: "abc123" });
    expect(u.cookie).toContain("session_token");
  });
});
