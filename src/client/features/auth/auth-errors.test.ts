import { describe, expect, it } from "vitest";
import { signInErrorMessage, signUpErrorMessage, updatePasswordErrorMessage } from "./auth-errors.ts";

describe("sign-in error messages", () => {
  it("maps an unconfirmed address to the spec's text", () => {
    expect(
      signInErrorMessage({ code: "EMAIL_NOT_VERIFIED", status: 403, message: "Email not verified" }),
    ).toBe("Please confirm your email address before signing in. Check your inbox for a confirmation link.");
  });
  it("shows the backend's message, else the generic one", () => {
    expect(
      signInErrorMessage({
        code: "INVALID_EMAIL_OR_PASSWORD",
        status: 401,
        message: "Invalid email or password",
      }),
    ).toBe("Invalid email or password");
    expect(signInErrorMessage(null)).toBe("An unexpected error occurred. Please try again.");
  });
  it("asks to wait a minute when the sign-in limit refuses (TOO_MANY_REQUESTS)", () => {
    expect(
      signInErrorMessage({ code: "TOO_MANY_REQUESTS", status: 429, message: "Too many attempts." }),
    ).toBe("Too many sign-in attempts. Please wait a minute and try again.");
  });
  it("asks to come back in a few seconds when the server's password hashing is backlogged (503)", () => {
    const busy = "PyClass is busy signing people in. Please try again in a few seconds.";
    expect(signInErrorMessage({ code: "BUSY", status: 503 })).toBe(busy);
    expect(signUpErrorMessage({ code: "BUSY", status: 503 })).toBe(busy);
  });
});

describe("sign-up error messages", () => {
  it("maps the catalogue's cases", () => {
    expect(signUpErrorMessage({ code: "USER_ALREADY_EXISTS" })).toBe(
      "An account with this email already exists. Please try signing in instead.",
    );
    expect(signUpErrorMessage({ code: "PASSWORD_TOO_SHORT" })).toBe(
      "Password must be at least 6 characters long.",
    );
    expect(signUpErrorMessage({ code: "X", message: "Database down" })).toBe("Signup error: Database down");
  });
});

describe("update password errors", () => {
  it("show the catalogue message, never the server's raw text", () => {
    expect(updatePasswordErrorMessage({ code: "PASSWORD_TOO_SHORT", message: "Password too short" })).toBe(
      "Failed to update password.",
    );
    expect(updatePasswordErrorMessage({ message: "Invalid token" })).toBe("Failed to update password.");
    expect(updatePasswordErrorMessage(null)).toBe("Failed to update password.");
  });
});

describe("the new-password rule's refusals", () => {
  const longer = "Choose a longer password: at least 8 characters.";
  const common = "That password is too common. Choose one that is harder to guess.";
  it("are shown in their own words at sign-up and on the update-password page", () => {
    for (const show of [signUpErrorMessage, updatePasswordErrorMessage]) {
      expect(show({ code: "PASSWORD_TOO_SHORT", message: longer })).toBe(longer);
      expect(show({ code: "PASSWORD_TOO_COMMON", message: common })).toBe(common);
    }
  });
});
