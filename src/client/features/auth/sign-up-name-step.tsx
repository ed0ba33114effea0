// Sign-up, step 1 of 2: the name, checked before the visitor moves on to e-mail and password.
import { type FormEvent, useId, useState } from "react";
import { Alert } from "@/client/components/ui/alert.tsx";
import { Button } from "@/client/components/ui/button.tsx";
import { TextField, useFocusFirstError } from "@/client/components/ui/field.tsx";
import { PrivacySummary } from "@/client/features/privacy/index.ts";
import { validateSignUpName } from "@/shared/domain/auth-rules.ts";
import { AuthCard } from "./auth-card.tsx";
import type { AuthDraft } from "./auth-draft.ts";
import { BackLink } from "./back-link.tsx";
import { fieldOfAuthError, invalidIf } from "./error-field.ts";

export function SignUpNameStep({
  draft: { name, setName },
  onContinue,
  onBack,
}: {
  draft: AuthDraft;
  onContinue: () => void;
  onBack: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const alertId = useId();
  const { ref: formRef, focusFirstError } = useFocusFirstError();
  const errorField = fieldOfAuthError(error, { name });

  function submit(e: FormEvent) {
    e.preventDefault();
    const problem = validateSignUpName(name);
    if (problem) {
      setError(problem);
      return focusFirstError();
    }
    onContinue();
  }

  return (
    <AuthCard title="Let's get you started" subtitle="Step 1 of 2: what should we call you?">
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-4">
        {error && (
          <Alert tone="error" id={alertId}>
            {error}
          </Alert>
        )}
        <TextField
          label="Your name"
          autoComplete="name"
          {...invalidIf("name", errorField, alertId)}
          value={name}
          onChange={(e) => setName(e.target.value)}
          autoFocus
        />
        <Button type="submit" className="w-full">
          Continue
        </Button>
      </form>
      <details open className="mt-4 text-sm">
        <summary className="cursor-pointer font-medium text-brand-700">
          Before you sign up: your privacy in short
        </summary>
        <div className="mt-2">
          <PrivacySummary headingLevel={3} />
        </div>
      </details>
      <BackLink onClick={onBack} />
    </AuthCard>
  );
}
