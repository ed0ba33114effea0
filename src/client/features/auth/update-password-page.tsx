// /update-password: opened from the reset e-mail (?token=…). The meter advises; it never blocks.
import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Alert } from "@/client/components/ui/alert.tsx";
import { Button, ButtonLink } from "@/client/components/ui/button.tsx";
import { TextField } from "@/client/components/ui/field.tsx";
import { authClient } from "@/client/lib/auth-client.ts";
import { AUTH_MESSAGES, newPasswordProblem } from "@/shared/domain/auth-rules.ts";
import { AuthCard } from "./auth-card.tsx";
import { updatePasswordErrorMessage } from "./auth-errors.ts";
import { PasswordStrengthMeter } from "./password-strength-meter.tsx";

export function UpdatePasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  if (!token || params.get("error")) {
    return (
      <AuthCard title="Update password">
        <Alert tone="error">
          This password reset link is invalid or has expired. Please ask for a new one.
        </Alert>
        <div className="mt-6">
          <ButtonLink to="/auth" variant="secondary">
            Back to sign in
          </ButtonLink>
        </div>
      </AuthCard>
    );
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!password || !token) return;
    // The meter advises; the server's rule for a new password (8+, not common) is said before sending.
    const problem = newPasswordProblem(password);
    if (problem) return setError(problem);
    setBusy(true);
    setError(null);
    try {
      const { error: failure } = await authClient.resetPassword({ newPassword: password, token });
      if (failure) return setError(updatePasswordErrorMessage(failure));
      setDone(true);
    } catch {
      setError(AUTH_MESSAGES.updatePasswordFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Update password" subtitle="Choose a new password for your account.">
      {done ? (
        <div className="space-y-6">
          <Alert tone="success">{AUTH_MESSAGES.passwordUpdated}</Alert>
          <Link to="/auth" className="inline-block text-sm font-medium text-brand-700 hover:underline">
            Sign in with your new password
          </Link>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-4">
          {error && <Alert tone="error">{error}</Alert>}
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoFocus
          />
          <PasswordStrengthMeter password={password} />
          <Button type="submit" className="w-full" busy={busy} disabled={!password}>
            Update password
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
