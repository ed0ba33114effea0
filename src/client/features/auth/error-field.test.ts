import { describe, expect, it } from "vitest";
import { AUTH_MESSAGES, NAME_MESSAGES } from "@/shared/domain/auth-rules.ts";
import { fieldOfAuthError, invalidIf } from "./error-field.ts";

describe("fieldOfAuthError (the field a message is about)", () => {
  it("points 'fill in all fields' at the first empty field, in the form's order", () => {
    const m = AUTH_MESSAGES.allFieldsRequired;
    expect(fieldOfAuthError(m, { name: "Ada", email: "", password: "" })).toBe("email");
    expect(fieldOfAuthError(m, { name: "Ada", email: "a@b.co", password: "" })).toBe("password");
    expect(fieldOfAuthError(AUTH_MESSAGES.signInRequired, { email: " ", password: "x" })).toBe("email");
  });
  it("names the field of each rule, only when the form has it", () => {
    expect(fieldOfAuthError(AUTH_MESSAGES.invalidEmail, { email: "x", password: "y" })).toBe("email");
    expect(fieldOfAuthError(AUTH_MESSAGES.passwordTooShort, { email: "x", password: "y" })).toBe("password");
    expect(fieldOfAuthError(NAME_MESSAGES.tooLong, { name: "n" })).toBe("name");
    expect(fieldOfAuthError(AUTH_MESSAGES.passwordTooShort, { email: "x" })).toBeNull();
  });
  it("leaves messages about no field (wrong password, network) on the form", () => {
    expect(fieldOfAuthError("Invalid email or password", { email: "x", password: "y" })).toBeNull();
    expect(fieldOfAuthError(null, { email: "" })).toBeNull();
  });
  it("marks only the field in error, linked to the alert", () => {
    expect(invalidIf("email", "email", "a1")).toEqual({ "aria-invalid": true, "aria-describedby": "a1" });
    expect(invalidIf("password", "email", "a1")).toEqual({});
  });
});
