// Forgot password: ask for a reset link by e-mail (the answer never says whether the address exists).
import { type FormEvent, useId, useState } from "react";
import { Alert } from "@/client/components/ui/alert.tsx";
import { Button } from "@/client/components/ui/button.tsx";
import { useFocusFirstError } from "@/client/components/ui/field.tsx";
import { authClient } from "@/client/lib/auth-client.ts";
import { validateForgotPassword } from "@/shared/domain/auth-rules.ts";
import { AuthCard } from "./auth-card.tsx";
import type { AuthDraft } from "./auth-draft.ts";
import { BackLink } from "./back-link.tsx";
import { EmailField } from "./email-field.tsx";
import { fieldOfAuthError, invalidIf } from "./error-field.ts";

export function ForgotPasswordForm({
  draft: { email, setEmail },
  onSent,
  onBack,
}: {
  draft: AuthDraft;
  onSent: () => void;
  onBack: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const alertId = useId();
  const { ref: formRef, focusFirstError } = useFocusFirstError();
  const errorField = fieldOfAuthError(error, { email });
  const [busy, setBusy] = useState(false);

  async function requestReset(e: FormEvent) {
    e.preventDefault();
    const problem = validateForgotPassword(email);
    if (problem) {
      setError(problem);
      return focusFirstError();
    }
    setBusy(true);
    setError(null);
    try {
      const { error: failure } = await authClient.requestPasswordReset({
        email: email.trim(),
        redirectTo: "/update-password",
      });
      if (failure)
        return setError(
          failure.code === "TOO_MANY_REQUESTS"
            ? "Too many requests. Please wait a minute and try again."
            : (failure.message ?? "Failed to send password reset link."),
        );
      onSent();
    } catch {
      setError("Failed to send password reset link.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title="Reset your password"
      subtitle="Enter your e-mail and we will send you a link to choose a new password."
    >
      <form ref={formRef} onSubmit={requestReset} noValidate className="space-y-4">
        {error && (
          <Alert tone="error" id={alertId}>
            {error}
          </Alert>
        )}
        <EmailField
          value={email}
          onChange={setEmail}
          autoFocus
          aria={invalidIf("email", errorField, alertId)}
        />
        <Button type="submit" className="w-full" busy={busy}>
          Send reset link
        </Button>
      </form>
      <BackLink onClick={onBack} />
    </AuthCard>
  );
}
