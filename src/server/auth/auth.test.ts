// Accounts through the real HTTP API: sign-up → confirm → role, sign-in errors, reset, change e-mail.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES, NAME_MESSAGES } from "@/shared/domain/auth-rules.ts";
import { createUser } from "../../../tests/factories/users.ts";
import { cookieFrom, createTestApp, type TestApp } from "../../../tests/setup/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ adminEmails: ["head@school.example"] });
});
afterAll(() => t.close());

async function signUp(name: string, email: string, password = "Secret123!") {
  return t.request("POST", "/api/auth/sign-up/email", {
    body: { name, email, password, callbackURL: "/dashboard" },
  });
}

/** Follows an e-mailed link the way a browser would; returns the redirect and the cookies set. */
async function follow(link: string, cookie?: string) {
  const url = new URL(link);
  const res = await t.request("GET", url.pathname + url.search, { cookie });
  return { status: res.status, location: res.headers.get("location") ?? "", cookie: cookieFrom(res) };
}

describe("sign-up and confirmation", () => {
  it("sends a confirmation link, refuses sign-in until confirmed, then signs in as pending", async () => {
    const res = await signUp("Priya Shah", "priya@example.com");
    expect(res.status).toBe(200);
    const mail = await t.lastMail("priya@example.com");
    expect(mail.subject).toMatch(/Confirm/);
    expect(mail.link).toContain("/api/auth/verify-email?token=");

    const early = await t.request("POST", "/api/auth/sign-in/email", {
      body: { email: "priya@example.com", password: "Secret123!" },
    });
    expect(early.status).toBe(403);
    expect((await early.json()).code).toBe("EMAIL_NOT_VERIFIED");
    expect(cookieFrom(early)).not.toContain("session_token=");

    const confirmed = await follow(mail.link!);
    expect(confirmed.status).toBe(302);
    expect(confirmed.location).toContain("/dashboard");
    const me = await t.request("GET", "/api/me", { cookie: confirmed.cookie });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      name: "Priya Shah",
      email: "priya@example.com",
      role: "pending",
      emailVerified: true,
    });
  });

  it("tells a second sign-up with the same e-mail to sign in instead", async () => {
    await signUp("Tom", "tom@example.com");
    const again = await signUp("Tom Again", "TOM@example.com");
    expect(again.status).toBe(422);
    expect(await again.json()).toMatchObject({
      code: "USER_ALREADY_EXISTS",
      message: AUTH_MESSAGES.accountExists,
    });
  });

  it("refuses a password shorter than 6 characters", async () => {
    const res = await signUp("Short", "short@example.com", "abc12");
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe("PASSWORD_TOO_SHORT");
  });

  it("makes ADMIN_EMAILS addresses admins at sign-up", async () => {
    await signUp("Head Teacher", "head@school.example");
    const link = (await t.lastMail("head@school.example")).link!;
    const { cookie } = await follow(link);
    expect((await (await t.request("GET", "/api/me", { cookie })).json()).role).toBe("admin");
  });
});

describe("names", () => {
  const huge = "A".repeat(200_000);

  it("refuses a blank or over-long name at sign-up, with a clear message, and creates no account", async () => {
    for (const [i, [name, message]] of [
      ["   ", NAME_MESSAGES.required],
      ["", NAME_MESSAGES.required],
      [huge, NAME_MESSAGES.tooLong],
      ["B".repeat(101), NAME_MESSAGES.tooLong],
    ].entries()) {
      const email = `named-${i}@example.com`;
      const res = await signUp(name, email);
      expect(res.status, `${name.length} characters`).toBe(400);
      expect(await res.json()).toMatchObject({ code: "INVALID_NAME", message });
      expect(await t.lastMail(email)).toBeUndefined();
    }
  });

  it("trims a name at sign-up and allows exactly 100 characters", async () => {
    expect((await signUp("  Ada Lovelace  ", "ada-trim@example.com")).status).toBe(200);
    const { cookie } = await follow((await t.lastMail("ada-trim@example.com")).link!);
    expect((await (await t.request("GET", "/api/me", { cookie })).json()).name).toBe("Ada Lovelace");
    expect((await signUp("C".repeat(100), "hundred@example.com")).status).toBe(200);
  });

  it("refuses a blank, over-long or non-text name through Better Auth's update-user", async () => {
    const u = await createUser(t, { name: "Kept Name" });
    for (const [name, message] of [
      ["  ", NAME_MESSAGES.required],
      [huge, NAME_MESSAGES.tooLong],
      [42, NAME_MESSAGES.required],
    ] as const) {
      const res = await t.request("POST", "/api/auth/update-user", { cookie: u.cookie, body: { name } });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: "INVALID_NAME", message });
    }
    expect((await (await t.request("GET", "/api/me", { cookie: u.cookie })).json()).name).toBe("Kept Name");
    const ok = await t.request("POST", "/api/auth/update-user", {
      cookie: u.cookie,
      body: { name: "  New Name " },
    });
    expect(ok.status).toBe(200);
    expect((await (await t.request("GET", "/api/me", { cookie: u.cookie })).json()).name).toBe("New Name");
    // Our own settings route follows the same rule.
    const patched = await t.request("PATCH", "/api/me", { cookie: u.cookie, body: { name: huge } });
    expect(patched.status).toBe(400);
    expect((await patched.json()).error.message).toBe(NAME_MESSAGES.tooLong);
  });
});

describe("role selection", () => {
  it("lets a pending user choose once and refuses a second choice", async () => {
    const u = await createUser(t, { role: "pending" });
    const first = await t.request("POST", "/api/me/role", { cookie: u.cookie, body: { role: "student" } });
    expect(first.status).toBe(200);
    expect((await first.json()).role).toBe("student");
    const second = await t.request("POST", "/api/me/role", { cookie: u.cookie, body: { role: "teacher" } });
    expect(second.status).toBe(409);
    expect((await second.json()).error.code).toBe("ROLE_ALREADY_CHOSEN");
    expect((await (await t.request("GET", "/api/me", { cookie: u.cookie })).json()).role).toBe("student");
  });

  it("never lets anyone choose admin", async () => {
    const u = await createUser(t, { role: "pending" });
    const res = await t.request("POST", "/api/me/role", { cookie: u.cookie, body: { role: "admin" } });
    expect(res.status).toBe(400);
    expect((await (await t.request("GET", "/api/me", { cookie: u.cookie })).json()).role).toBe("pending");
  });

  it("ignores a role sent in the sign-up body", async () => {
    const res = await t.request("POST", "/api/auth/sign-up/email", {
      body: { name: "Sneaky", email: "sneaky@example.com", password: "Secret123!", role: "admin" },
    });
    expect(res.status).toBeLessThan(500);
    const { cookie } = await follow((await t.lastMail("sneaky@example.com")).link!);
    expect((await (await t.request("GET", "/api/me", { cookie })).json()).role).toBe("pending");
  });
});

describe("sign-in", () => {
  it("rejects a wrong password with Better Auth's message and sets no session", async () => {
    const u = await createUser(t);
    const res = await t.request("POST", "/api/auth/sign-in/email", {
      body: { email: u.email, password: "wrong-password" },
    });
    expect(res.status).toBe(401);
    expect((await res.json()).message).toBe("Invalid email or password");
    expect(cookieFrom(res)).not.toContain("session_token=");
  });

  it("signs out", async () => {
    const u = await createUser(t);
    const out = await t.request("POST", "/api/auth/sign-out", { cookie: u.cookie });
    expect(out.status).toBe(200);
    expect((await t.request("GET", "/api/me", { cookie: u.cookie })).status).toBe(401);
  });
});

describe("password reset", () => {
  it("mails a link to /update-password, sets the new password and ends old sessions", async () => {
    const u = await createUser(t);
    const res = await t.request("POST", "/api/auth/request-password-reset", {
      body: { email: u.email, redirectTo: "/update-password" },
    });
    expect(res.status).toBe(200);
    const mail = await t.lastMail(u.email);
    const opened = await follow(mail.link!);
    expect(opened.status).toBe(302);
    const target = new URL(opened.location, "http://localhost:3000");
    expect(target.pathname).toBe("/update-password");
    const token = target.searchParams.get("token")!;
    expect(token).toBeTruthy();

    const reset = await t.request("POST", "/api/auth/reset-password", {
      body: { newPassword: "NewSecret456!", token },
    });
    expect(reset.status).toBe(200);
    expect((await t.request("GET", "/api/me", { cookie: u.cookie })).status).toBe(401);
    const oldPw = await t.request("POST", "/api/auth/sign-in/email", {
      body: { email: u.email, password: u.password },
    });
    expect(oldPw.status).toBe(401);
    const newPw = await t.request("POST", "/api/auth/sign-in/email", {
      body: { email: u.email, password: "NewSecret456!" },
    });
    expect(newPw.status).toBe(200);
  });

  it("answers the same for an unknown address (no account enumeration) and sends nothing", async () => {
    const res = await t.request("POST", "/api/auth/request-password-reset", {
      body: { email: "nobody@example.com", redirectTo: "/update-password" },
    });
    expect(res.status).toBe(200);
    expect(await t.lastMail("nobody@example.com")).toBeUndefined();
  });

  it("redirects an unknown token to /update-password with an error", async () => {
    const opened = await follow(
      "http://localhost:3000/api/auth/reset-password/not-a-token?callbackURL=%2Fupdate-password",
    );
    expect(opened.status).toBe(302);
    expect(opened.location).toContain("/update-password?error=INVALID_TOKEN");
  });
});

describe("settings", () => {
  it("updates the name and validates it", async () => {
    const u = await createUser(t);
    const ok = await t.request("PATCH", "/api/me", { cookie: u.cookie, body: { name: "  Grace Hopper  " } });
    expect(ok.status).toBe(200);
    expect((await ok.json()).name).toBe("Grace Hopper");
    const blank = await t.request("PATCH", "/api/me", { cookie: u.cookie, body: { name: "   " } });
    expect(blank.status).toBe(400);
    expect((await blank.json()).error.message).toBe("Please enter your name");
  });

  it("changes the e-mail only after the link sent to the new address is opened", async () => {
    const u = await createUser(t);
    const res = await t.request("POST", "/api/auth/change-email", {
      cookie: u.cookie,
      body: { newEmail: "renamed@example.com", callbackURL: "/dashboard" },
    });
    expect(res.status).toBe(200);
    expect((await (await t.request("GET", "/api/me", { cookie: u.cookie })).json()).email).toBe(u.email);
    const mail = await t.lastMail("renamed@example.com");
    expect(mail.link).toContain("/api/auth/verify-email?token=");
    const opened = await follow(mail.link!, u.cookie);
    expect(opened.status).toBe(302);
    expect((await (await t.request("GET", "/api/me", { cookie: u.cookie })).json()).email).toBe(
      "renamed@example.com",
    );
  });
});

describe("rate limiting", () => {
  it("limits repeated sign-in attempts per client", async () => {
    const limited = await createTestApp({ rateLimit: true });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        const res = await limited.request("POST", "/api/auth/sign-in/email", {
          body: { email: "x@example.com", password: "whatever1" },
        });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
