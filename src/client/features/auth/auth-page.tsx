// /auth: login, two-step sign-up, confirmation, forgot password and reset-sent (spec 01 §2).
import { ArrowLeft, MailCheck } from "lucide-react";
import { type FormEvent, type ReactNode, useState } from "react";
import { Navigate, useNavigate, useSearchParams } from "react-router";
import { useMe, useRefreshMe } from "@/client/api/me.ts";
import { Alert } from "@/client/components/ui/alert.tsx";
import { Button } from "@/client/components/ui/button.tsx";
import { TextField } from "@/client/components/ui/field.tsx";
import { Loading } from "@/client/components/ui/loading.tsx";
import { authClient } from "@/client/lib/auth-client.ts";
import {
  validateForgotPassword,
  validateSignIn,
  validateSignUpCredentials,
  validateSignUpName,
} from "@/shared/domain/auth-rules.ts";
import { AuthCard } from "./auth-card.tsx";
import { signInErrorMessage, signUpErrorMessage } from "./auth-errors.ts";

type Mode = "login" | "name" | "credentials" | "confirmation" | "forgot" | "reset-sent";

function BackLink({ onClick, children = "Back to sign in" }: { onClick: () => void; children?: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="mt-6 inline-flex items-center gap-1 text-sm text-brand-700 hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden />
      {children}
    </button>
  );
}

/** The e-mail field of the login, sign-up and forgot-password forms. */
function EmailField({
  value,
  onChange,
  autoFocus,
}: {
  value: string;
  onChange: (v: string) => void;
  autoFocus?: boolean;
}) {
  return (
    <TextField
      label="Email"
      type="email"
      autoComplete="email"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      autoFocus={autoFocus}
    />
  );
}

/** The confirmation and reset-sent screens: a link is on its way to the given address. */
function MailSent({ onBack, children }: { onBack: () => void; children: ReactNode }) {
  return (
    <AuthCard title="Check your email">
      <div className="flex flex-col items-center text-center">
        <MailCheck className="size-12 text-brand-600" aria-hidden />
        <p className="mt-4 text-slate-700">{children}</p>
        <p className="mt-2 text-sm text-slate-500">Can't see it? Check your spam or junk folder.</p>
      </div>
      <BackLink onClick={onBack} />
    </AuthCard>
  );
}

export function AuthPage() {
  const me = useMe();
  const [params] = useSearchParams();
  const [mode, setMode] = useState<Mode>("login");
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(
    params.get("error") ? "This link is invalid or has expired. Please try again." : null,
  );
  const [busy, setBusy] = useState(false);
  // After an unconfirmed sign-in: offer the link again (null: not offered, else the outcome).
  const [resend, setResend] = useState<null | "offer" | "sending" | "sent" | "failed">(null);
  const navigate = useNavigate();
  const refreshMe = useRefreshMe();

  if (me.isPending) return <Loading />;
  if (me.data) return <Navigate to="/dashboard" replace />;

  const go = (next: Mode) => {
    setError(null);
    setResend(null);
    setMode(next);
  };

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
    if (problem) return setError(problem);
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

  function nameStep(e: FormEvent) {
    e.preventDefault();
    const problem = validateSignUpName(name);
    if (problem) return setError(problem);
    go("credentials");
  }

  async function signUp(e: FormEvent) {
    e.preventDefault();
    const problem = validateSignUpCredentials(name, email, password);
    if (problem) return setError(problem);
    setBusy(true);
    setError(null);
    try {
      const { error: failure } = await authClient.signUp.email({
        name: name.trim(),
        email: email.trim(),
        password,
        callbackURL: "/dashboard",
      });
      if (failure) return setError(signUpErrorMessage(failure));
      setPassword("");
      go("confirmation");
    } catch (err) {
      setError(signUpErrorMessage({ message: (err as Error).message }));
    } finally {
      setBusy(false);
    }
  }

  async function forgot(e: FormEvent) {
    e.preventDefault();
    const problem = validateForgotPassword(email);
    if (problem) return setError(problem);
    setBusy(true);
    setError(null);
    try {
      const { error: failure } = await authClient.requestPasswordReset({
        email: email.trim(),
        redirectTo: "/update-password",
      });
      if (failure)
        return setError(
          failure.status === 429
            ? "Too many requests. Please wait a minute and try again."
            : (failure.message ?? "Failed to send password reset link."),
        );
      go("reset-sent");
    } catch {
      setError("Failed to send password reset link.");
    } finally {
      setBusy(false);
    }
  }

  const banner = error && <Alert tone="error">{error}</Alert>;

  if (mode === "login") {
    return (
      <AuthCard title="Welcome back" subtitle="Sign in to continue learning and teaching Python.">
        <form onSubmit={signIn} noValidate className="space-y-4">
          {banner}
          {resend && (
            <div className="text-sm" aria-live="polite">
              {resend === "sent" ? (
                <Alert tone="success">A new confirmation link is on its way to {email.trim()}.</Alert>
              ) : resend === "failed" ? (
                <Alert tone="error">The link could not be sent. Please try again in a minute.</Alert>
              ) : (
                <Button
                  variant="secondary"
                  size="sm"
                  busy={resend === "sending"}
                  onClick={resendConfirmation}
                >
                  Send the confirmation link again
                </Button>
              )}
            </div>
          )}
          <EmailField value={email} onChange={setEmail} />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <div className="flex justify-end">
            <button
              type="button"
              onClick={() => go("forgot")}
              className="text-sm text-brand-700 hover:underline"
            >
              Forgot password?
            </button>
          </div>
          <Button type="submit" className="w-full" busy={busy}>
            Sign in
          </Button>
        </form>
        <p className="mt-6 text-center text-sm text-slate-600">
          New to PyClass?{" "}
          <button
            type="button"
            onClick={() => go("name")}
            className="font-medium text-brand-700 hover:underline"
          >
            Get started
          </button>
        </p>
      </AuthCard>
    );
  }

  if (mode === "name") {
    return (
      <AuthCard title="Let's get you started" subtitle="Step 1 of 2: what should we call you?">
        <form onSubmit={nameStep} noValidate className="space-y-4">
          {banner}
          <TextField
            label="Your name"
            autoComplete="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            autoFocus
          />
          <Button type="submit" className="w-full">
            Continue
          </Button>
        </form>
        <BackLink onClick={() => go("login")} />
      </AuthCard>
    );
  }

  if (mode === "credentials") {
    return (
      <AuthCard
        title={`Nice to meet you, ${name.trim()}`}
        subtitle="Step 2 of 2: your e-mail and a password."
      >
        <form onSubmit={signUp} noValidate className="space-y-4">
          {banner}
          <EmailField value={email} onChange={setEmail} autoFocus />
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            hint="At least 6 characters."
          />
          <Button type="submit" className="w-full" busy={busy}>
            Create account
          </Button>
        </form>
        <BackLink onClick={() => go("name")}>Back</BackLink>
      </AuthCard>
    );
  }

  if (mode === "confirmation") {
    return (
      <MailSent onBack={() => go("login")}>
        We have sent a confirmation link to <strong>{email.trim()}</strong>. Open it to confirm your address
        and finish setting up your account.
      </MailSent>
    );
  }

  if (mode === "forgot") {
    return (
      <AuthCard
        title="Reset your password"
        subtitle="Enter your e-mail and we will send you a link to choose a new password."
      >
        <form onSubmit={forgot} noValidate className="space-y-4">
          {banner}
          <EmailField value={email} onChange={setEmail} autoFocus />
          <Button type="submit" className="w-full" busy={busy}>
            Send reset link
          </Button>
        </form>
        <BackLink onClick={() => go("login")} />
      </AuthCard>
    );
  }

  return (
    <MailSent onBack={() => go("login")}>
      If an account uses <strong>{email.trim()}</strong>, a link to reset its password is on its way.
    </MailSent>
  );
}
