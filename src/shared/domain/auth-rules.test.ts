import { describe, expect, it } from "vitest";
import {
  AUTH_MESSAGES,
  isValidEmail,
  NAME_MESSAGES,
  passwordStrength,
  validateForgotPassword,
  validateName,
  validateSignIn,
  validateSignUpCredentials,
  validateSignUpName,
} from "./auth-rules.ts";

describe("names", () => {
  it("are trimmed, non-blank and at most 100 characters", () => {
    expect(validateName("  Ada  ")).toBeNull();
    expect(validateName("A".repeat(100))).toBeNull();
    expect(validateName(` ${"A".repeat(100)} `)).toBeNull();
    expect(validateName("A".repeat(101))).toBe(NAME_MESSAGES.tooLong);
    expect(validateName("A".repeat(200_000))).toBe("Names can be at most 100 characters.");
    expect(validateName("   ")).toBe("Please enter your name");
    expect(validateName(42)).toBe(NAME_MESSAGES.required);
    expect(validateSignUpName("A".repeat(101))).toBe(NAME_MESSAGES.tooLong);
  });
});

describe("sign-in rules", () => {
  it("needs both fields", () => {
    expect(validateSignIn("", "x")).toBe("Please enter both email and password.");
    expect(validateSignIn("a@b.co", "")).toBe("Please enter both email and password.");
    expect(validateSignIn("   ", "pw")).toBe(AUTH_MESSAGES.signInRequired);
  });
  it("needs a plausible address", () => {
    expect(validateSignIn("not-an-email", "pw")).toBe("Please enter a valid email address.");
    expect(validateSignIn("a@b", "pw")).toBe("Please enter a valid email address.");
    expect(validateSignIn("pupil@school.sch.uk", "pw")).toBeNull();
  });
});

describe("forgot password", () => {
  it("asks for the address, then checks its shape", () => {
    expect(validateForgotPassword("")).toBe("Please enter your email address.");
    expect(validateForgotPassword("nope")).toBe("Please enter a valid email address.");
    expect(validateForgotPassword("a@b.co")).toBeNull();
  });
});

describe("sign-up rules", () => {
  it("step 1 needs a non-blank name", () => {
    expect(validateSignUpName("  ")).toBe("Please enter your name");
    expect(validateSignUpName("Ada")).toBeNull();
  });
  it("step 2 needs every field, a valid address and 6+ characters", () => {
    expect(validateSignUpCredentials("Ada", "", "secret")).toBe("Please fill in all fields.");
    expect(validateSignUpCredentials("Ada", "ada@", "secret")).toBe("Please enter a valid email address.");
    expect(validateSignUpCredentials("Ada", "ada@x.io", "12345")).toBe(
      "Password must be at least 6 characters long.",
    );
    expect(validateSignUpCredentials("Ada", "ada@x.io", "123456")).toBeNull();
  });
  it("accepts ordinary addresses and rejects spaces", () => {
    expect(isValidEmail("first.last+tag@school.org.uk")).toBe(true);
    expect(isValidEmail("first last@school.org")).toBe(false);
  });
});

describe("password strength meter", () => {
  // Below the sign-up minimum a password is Weak however many checks it meets: the meter must not
  // make a password look acceptable that the server refuses.
  it.each([
    ["", 0, "Weak"],
    ["abc", 1, "Weak"],
    ["abcdefgh", 2, "Weak"],
    ["abcdefgH", 3, "Fair"],
    ["abcdefH1", 4, "Good"],
    ["abcdeH1!", 5, "Strong"],
    ["Ab1!", 4, "Weak"],
    ["Ab1!x", 4, "Weak"],
    ["Ab1!xy", 4, "Good"],
  ])("%j meets %i checks: %s", (pw, score, label) => {
    const result = passwordStrength(pw);
    expect(result.score).toBe(score);
    expect(result.label).toBe(label);
    expect(result.checks).toHaveLength(5);
  });
});
