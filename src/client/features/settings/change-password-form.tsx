// Change the password directly (issue 19 item 15): the current one and a new one (8+, not common,
// the server's rule said before sending), other sessions signed out. The e-mailed reset link stays
// for someone who has forgotten the current one.
import { type FormEvent, Fragment, useState } from "react";
import { Button } from "@/client/components/ui/button.tsx";
import { TextField } from "@/client/components/ui/field.tsx";
import { PasswordStrengthMeter } from "@/client/features/auth/index.ts";
import { authClient } from "@/client/lib/auth-client.ts";
import { AUTH_MESSAGES, newPasswordProblem } from "@/shared/domain/auth-rules.ts";

export const CHANGE_PASSWORD_MESSAGES = {
  required: "Please fill in your current password and a new one.",
  mismatch: "The two new passwords are not the same.",
  same: "Choose a new password that is different from your current one.",
  wrongCurrent: "Your current password is not right.",
  tooMany: "Too many tries. Please wait a few minutes, or send yourself a reset link.",
  changed: "Password changed. You stay signed in here; other devices have been signed out.",
} as const;

type PasswordField = "current" | "next" | "again";

/** The form's three fields, in order; the strength meter follows the new password. */
const FIELDS: { name: PasswordField; label: string; autoComplete: string }[] = [
  { name: "current", label: "Current password", autoComplete: "current-password" },
  { name: "next", label: "New password", autoComplete: "new-password" },
  { name: "again", label: "New password again", autoComplete: "new-password" },
];

/** Better Auth's refusal as a sentence for the person typing. */
function refusal(error: { status?: number; code?: string; message?: string }): string {
  if (error.code === "INVALID_PASSWORD") return CHANGE_PASSWORD_MESSAGES.wrongCurrent;
  if (error.status === 429) return CHANGE_PASSWORD_MESSAGES.tooMany;
  if (error.status === 503) return AUTH_MESSAGES.busy;
  if (error.status !== undefined && error.status < 500 && error.message) return error.message;
  return AUTH_MESSAGES.updatePasswordFailed;
}

export function ChangePasswordForm({
  onDone,
  onCancel,
}: {
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState<Record<PasswordField, string>>({ current: "", next: "", again: "" });
  const [error, setError] = useState<{ field: PasswordField; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const { current, next, again } = values;
    if (!current || !next)
      return setError({ field: current ? "next" : "current", text: CHANGE_PASSWORD_MESSAGES.required });
    const problem = newPasswordProblem(next);
    if (problem) return setError({ field: "next", text: problem });
    if (next === current) return setError({ field: "next", text: CHANGE_PASSWORD_MESSAGES.same });
    if (again !== next) return setError({ field: "again", text: CHANGE_PASSWORD_MESSAGES.mismatch });
    setBusy(true);
    setError(null);
    try {
      const { error: failure } = await authClient.changePassword({
        currentPassword: current,
        newPassword: next,
        revokeOtherSessions: true,
      });
      if (failure) {
        const text = refusal(failure);
        return setError({ field: text === CHANGE_PASSWORD_MESSAGES.wrongCurrent ? "current" : "next", text });
      }
      onDone(CHANGE_PASSWORD_MESSAGES.changed);
    } catch {
      setError({ field: "next", text: AUTH_MESSAGES.updatePasswordFailed });
    } finally {
      setBusy(false);
    }
  }

  const errorFor = (field: PasswordField) => (error?.field === field ? error.text : null);
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      {FIELDS.map(({ name, label, autoComplete }) => (
        <Fragment key={name}>
          <TextField
            label={label}
            type="password"
            autoComplete={autoComplete}
            value={values[name]}
            onChange={(e) => {
              const value = e.target.value;
              setValues((v) => ({ ...v, [name]: value }));
            }}
            error={errorFor(name)}
          />
          {name === "next" && <PasswordStrengthMeter password={values.next} />}
        </Fragment>
      ))}
      <div className="flex gap-2">
        <Button type="submit" size="sm" busy={busy}>
          Change password
        </Button>
        <Button variant="secondary" size="sm" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
