// Sign-up, step 2 of 2: e-mail and password; the account is created and a confirmation link sent.
import { type FormEvent, useId, useState } from "react";
import { Alert } from "@/client/components/ui/alert.tsx";
import { Button } from "@/client/components/ui/button.tsx";
import { TextField, useFocusFirstError } from "@/client/components/ui/field.tsx";
import { authClient } from "@/client/lib/auth-client.ts";
import { validateSignUpCredentials } from "@/shared/domain/auth-rules.ts";
import { AuthCard } from "./auth-card.tsx";
import type { AuthDraft } from "./auth-draft.ts";
import { signUpErrorMessage } from "./auth-errors.ts";
import { BackLink } from "./back-link.tsx";
import { EmailField } from "./email-field.tsx";
import { fieldOfAuthError, invalidIf } from "./error-field.ts";

export function SignUpCredentialsStep({
  draft: { name, email, setEmail },
  onSignedUp,
  onBack,
}: {
  draft: AuthDraft;
  onSignedUp: () => void;
  onBack: () => void;
}) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const alertId = useId();
  const { ref: formRef, focusFirstError } = useFocusFirstError();
  const errorField = fieldOfAuthError(error, { name, email, password });
  const [busy, setBusy] = useState(false);

  async function signUp(e: FormEvent) {
    e.preventDefault();
    const problem = validateSignUpCredentials(name, email, password);
    if (problem) {
      setError(problem);
      return focusFirstError();
    }
    setBusy(true);
    setError(null);
    try {
      const { error: failure } = await authClient.signUp.email({
        name: name.trim(),
        email: email.trim(),
        password,
        callbackURL: "/dashboard",
      });
      if (failure) {
        setError(signUpErrorMessage(failure));
        return focusFirstError();
      }
      setPassword("");
      onSignedUp();
    } catch (err) {
      setError(signUpErrorMessage({ message: (err as Error).message }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title={`Nice to meet you, ${name.trim()}`} subtitle="Step 2 of 2: your e-mail and a password.">
      <form ref={formRef} onSubmit={signUp} noValidate className="space-y-4">
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
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          {...invalidIf("password", errorField, alertId)}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          hint="At least 6 characters."
        />
        <Button type="submit" className="w-full" busy={busy}>
          Create account
        </Button>
      </form>
      <BackLink onClick={onBack}>Back</BackLink>
    </AuthCard>
  );
}
