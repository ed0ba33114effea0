// Maps Better Auth's error answers to the spec's catalogue (spec 01 §8).
import type { ErrorCode } from "@/shared/api/errors.ts";
import { AUTH_MESSAGES } from "@/shared/domain/auth-rules.ts";

/** Better Auth's error: its codes, or ours (ErrorCode) for the refusals the server adds in front of it. */
export type AuthFailure =
  | { code?: ErrorCode | (string & {}); message?: string; status?: number }
  | null
  | undefined;

export function signInErrorMessage(error: AuthFailure): string {
  if (!error) return AUTH_MESSAGES.unexpected;
  if (error.code === "EMAIL_NOT_VERIFIED") return AUTH_MESSAGES.unconfirmed;
  if (error.code === "TOO_MANY_REQUESTS")
    return "Too many sign-in attempts. Please wait a minute and try again.";
  if (error.code === "BUSY") return AUTH_MESSAGES.busy;
  // "Login: backend error — the backend message is shown".
  if (error.message) return error.message;
  return AUTH_MESSAGES.unexpected;
}

/** The new-password rule's own messages (too short, too common), whichever form the code came to. */
function newPasswordMessage(error: AuthFailure): string | null {
  if (error?.code === "PASSWORD_TOO_COMMON") return AUTH_MESSAGES.passwordTooCommon;
  if (error?.code === "PASSWORD_TOO_SHORT" && error.message === AUTH_MESSAGES.passwordTooShortForNew)
    return AUTH_MESSAGES.passwordTooShortForNew;
  return null;
}

/**
 * Update password: the catalogue has one message, and the server's own text is never shown,
 * except the new-password rule's (under 8 characters, a common password), which say what to do.
 */
export function updatePasswordErrorMessage(error: AuthFailure): string {
  return newPasswordMessage(error) ?? AUTH_MESSAGES.updatePasswordFailed;
}

export function signUpErrorMessage(error: AuthFailure): string {
  if (error?.code === "USER_ALREADY_EXISTS" || error?.code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL") {
    return AUTH_MESSAGES.accountExists;
  }
  const rule = newPasswordMessage(error);
  if (rule) return rule;
  if (error?.code === "PASSWORD_TOO_SHORT") return AUTH_MESSAGES.passwordTooShort;
  if (error?.code === "BUSY") return AUTH_MESSAGES.busy;
  return `Signup error: ${error?.message ?? "please try again."}`;
}
