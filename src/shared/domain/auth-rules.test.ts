import { describe, expect, it } from "vitest";
import {
  AUTH_MESSAGES,
  isCommonPassword,
  isValidEmail,
  NAME_MESSAGES,
  newPasswordProblem,
  passwordStrength,
  validateForgotPassword,
  validateName,
  validateSignIn,
  validateSignUpCredentials,
  validateSignUpName,
} from "./auth-rules.ts";
import { COMMON_PASSWORDS } from "./common-passwords.ts";

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
  it("step 2 needs every field, a valid address and 6+ characters (then 8+, not a common one)", () => {
    expect(validateSignUpCredentials("Ada", "", "secret")).toBe("Please fill in all fields.");
    expect(validateSignUpCredentials("Ada", "ada@", "secret")).toBe("Please enter a valid email address.");
    expect(validateSignUpCredentials("Ada", "ada@x.io", "12345")).toBe(
      "Password must be at least 6 characters long.",
    );
    expect(validateSignUpCredentials("Ada", "ada@x.io", "123456")).toBe(
      "Choose a longer password: at least 8 characters.",
    );
    expect(validateSignUpCredentials("Ada", "ada@x.io", "Ada-loves-py")).toBeNull();
  });
  it("accepts ordinary addresses and rejects spaces", () => {
    expect(isValidEmail("first.last+tag@school.org.uk")).toBe(true);
    expect(isValidEmail("first last@school.org")).toBe(false);
  });
});

describe("password strength meter", () => {
  // A password the server refuses as a new one (under 8 characters, or a common one) is Weak however
  // many checks it meets: the meter must not make it look acceptable.
  it.each([
    ["", 0, "Weak"],
    ["abc", 1, "Weak"],
    ["abcdefgh", 2, "Weak"],
    ["zxqwvbnM", 3, "Fair"],
    ["abcdefH1", 4, "Good"],
    ["abcdeH1!", 5, "Strong"],
    ["Ab1!", 4, "Weak"],
    ["Ab1!x", 4, "Weak"],
    ["Ab1!xy", 4, "Weak"],
    ["Ab1!xyz", 4, "Weak"],
    ["Ab1!xyzw", 5, "Strong"],
    ["Password1", 4, "Weak"],
    ["P@ssw0rd", 5, "Weak"],
  ])("%j meets %i checks: %s", (pw, score, label) => {
    const result = passwordStrength(pw);
    expect(result.score).toBe(score);
    expect(result.label).toBe(label);
    expect(result.checks).toHaveLength(5);
  });
});

describe("the new-password rule", () => {
  it.each([
    ["12345", true, AUTH_MESSAGES.passwordTooShort],
    ["12345", false, AUTH_MESSAGES.passwordTooShortForNew],
    ["123456", true, AUTH_MESSAGES.passwordTooShortForNew],
    ["1234567", true, AUTH_MESSAGES.passwordTooShortForNew],
    ["1234567", false, AUTH_MESSAGES.passwordTooShortForNew],
    ["password", true, AUTH_MESSAGES.passwordTooCommon],
    ["PASSWORD", false, AUTH_MESSAGES.passwordTooCommon],
    ["12345678", false, AUTH_MESSAGES.passwordTooCommon],
    ["Qwerty123", false, AUTH_MESSAGES.passwordTooCommon],
    ["football1", false, AUTH_MESSAGES.passwordTooCommon],
    ["correct horse", true, null],
    ["Secret123!", false, null],
    ["tiger-lily-9", false, null],
  ])("%j (sign-up: %s) → %s", (pw, signUp, message) => {
    expect(newPasswordProblem(pw, { signUp })).toBe(message);
  });

  it("keeps the spec's message for under 6 characters at sign-up and adds one for 6–7 and for common ones", () => {
    expect(validateSignUpCredentials("Kai", "kai@example.com", "abc12")).toBe(
      "Password must be at least 6 characters long.",
    );
    expect(validateSignUpCredentials("Kai", "kai@example.com", "abc123x")).toBe(
      "Choose a longer password: at least 8 characters.",
    );
    expect(validateSignUpCredentials("Kai", "kai@example.com", "iloveyou")).toBe(
      "That password is too common. Choose one that is harder to guess.",
    );
    expect(validateSignUpCredentials("Kai", "kai@example.com", "Secret123!")).toBeNull();
  });

  it("ships a list of lower-case entries of 8+ characters, without the ones a class uses as examples", () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThan(300);
    for (const p of COMMON_PASSWORDS) {
      expect(p.length).toBeGreaterThanOrEqual(8);
      expect(p).toBe(p.toLowerCase());
    }
    expect(isCommonPassword("secret123!")).toBe(false);
  });
});
