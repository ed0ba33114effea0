// Which field an auth form's message is about, so the field is marked invalid, described by the
// message and focused (the message itself stays in the form's alert, in the spec's words).
import { AUTH_MESSAGES, NAME_MESSAGES } from "@/shared/domain/auth-rules.ts";

export type AuthField = "name" | "email" | "password";

const ORDER: AuthField[] = ["name", "email", "password"];

/** `values` holds the fields the form has; "fill in all fields" points at the first empty one. */
export function fieldOfAuthError(
  message: string | null,
  values: Partial<Record<AuthField, string>>,
): AuthField | null {
  if (!message) return null;
  const has = (f: AuthField) => values[f] !== undefined;
  switch (message) {
    case AUTH_MESSAGES.invalidEmail:
    case AUTH_MESSAGES.accountExists:
      return has("email") ? "email" : null;
    case AUTH_MESSAGES.passwordTooShort:
    case AUTH_MESSAGES.passwordTooShortForNew:
    case AUTH_MESSAGES.passwordTooCommon:
      return has("password") ? "password" : null;
    case NAME_MESSAGES.required:
    case NAME_MESSAGES.tooLong:
      return has("name") ? "name" : null;
    case AUTH_MESSAGES.signInRequired:
    case AUTH_MESSAGES.allFieldsRequired:
    case AUTH_MESSAGES.forgotRequired:
      return ORDER.find((f) => has(f) && !values[f]?.trim()) ?? null;
    default:
      return null;
  }
}

/** The attributes that mark `field` invalid and link it to the alert with id `alertId`. */
export function invalidIf(field: AuthField, errorField: AuthField | null, alertId: string) {
  return errorField === field ? { "aria-invalid": true as const, "aria-describedby": alertId } : {};
}
