// What other features use of the sign-in pages: the password strength meter (Settings).
export { PasswordStrengthMeter } from "./password-strength-meter.tsx";
