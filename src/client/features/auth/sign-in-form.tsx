// Sign in with e-mail and password; an unconfirmed address is offered the confirmation link again.
import { type FormEvent, useId, useState } from "react";
import { useNavigate } from "react-router";
import { useRefreshMe } from "@/client/api/me.ts";
import { Alert } from "@/client/components/ui/alert.tsx";
import { Button } from "@/client/components/ui/button.tsx";
import { TextField, useFocusFirstError } from "@/client/components/ui/field.tsx";
import { authClient } from "@/client/lib/auth-client.ts";
import { validateSignIn } from "@/shared/domain/auth-rules.ts";
import { AuthCard } from "./auth-card.tsx";
import type { AuthDraft } from "./auth-draft.ts";
import { signInErrorMessage } from "./auth-errors.ts";
import { EmailField } from "./email-field.tsx";
import { fieldOfAuthError, invalidIf } from "./error-field.ts";

export function SignInForm({
  draft: { email, setEmail },
  initialError,
  onForgotPassword,
  onSignUp,
}: {
  draft: AuthDraft;
  /** Shown until the first attempt, e.g. why an e-mail link brought the visitor here. */
  initialError: string | null;
  onForgotPassword: () => void;
  onSignUp: () => void;
}) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState(initialError);
  const alertId = useId();
  const { ref: formRef, focusFirstError } = useFocusFirstError();
  const errorField = fieldOfAuthError(error, { email, password });
  const [busy, setBusy] = useState(false);
  // After an unconfirmed sign-in: offer the link again (null: not offered, else the outcome).
  const [resend, setResend] = useState<null | "offer" | "sending" | "sent" | "failed">(null);
  const navigate = useNavigate();
  const refreshMe = useRefreshMe();

  async function resendConfirmation() {
    setResend("sending");
    try {
      const { error: failure } = await authClient.sendVerificationEmail({
        email: email.trim(),
        callbackURL: "/dashboard",
      });
      setResend(failure ? "failed" : "sent");
    } catch {
      setResend("failed");
    }
  }

  async function signIn(e: FormEvent) {
    e.preventDefault();
    const problem = validateSignIn(email, password);
    if (problem) {
      setError(problem);
      return focusFirstError();
    }
    setBusy(true);
    setError(null);
    try {
      const { error: failure } = await authClient.signIn.email({ email: email.trim(), password });
      if (failure) {
        // An unconfirmed address never gets a session; make sure none lingers.
        if (failure.code === "EMAIL_NOT_VERIFIED") {
          await authClient.signOut().catch(() => {});
          setResend("offer");
        } else setResend(null);
        return setError(signInErrorMessage(failure));
      }
      await refreshMe();
      navigate("/dashboard", { replace: true });
    } catch {
      setError(signInErrorMessage(null));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Welcome back" subtitle="Sign in to continue learning and teaching Python.">
      <form ref={formRef} onSubmit={signIn} noValidate className="space-y-4">
        {error && (
          <Alert tone="error" id={alertId}>
            {error}
          </Alert>
        )}
        {resend && (
          <div className="text-sm" aria-live="polite">
            {resend === "sent" ? (
              <Alert tone="success">A new confirmation link is on its way to {email.trim()}.</Alert>
            ) : resend === "failed" ? (
              <Alert tone="error">The link could not be sent. Please try again in a minute.</Alert>
            ) : (
              <Button variant="secondary" size="sm" busy={resend === "sending"} onClick={resendConfirmation}>
                Send the confirmation link again
              </Button>
            )}
          </div>
        )}
        <EmailField value={email} onChange={setEmail} aria={invalidIf("email", errorField, alertId)} />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          {...invalidIf("password", errorField, alertId)}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="flex justify-end">
          <button type="button" onClick={onForgotPassword} className="text-sm text-brand-700 hover:underline">
            Forgot password?
          </button>
        </div>
        <Button type="submit" className="w-full" busy={busy}>
          Sign in
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        New to PyClass?{" "}
        <button type="button" onClick={onSignUp} className="font-medium text-brand-700 hover:underline">
          Get started
        </button>
      </p>
    </AuthCard>
  );
}
