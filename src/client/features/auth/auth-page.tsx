// /auth: sign in, two-step sign-up, confirmation, forgot password and reset-sent (spec 01 §2).
// This page only moves between the screens; each form is in its own file.
import { useState } from "react";
import { Navigate, useSearchParams } from "react-router";
import { useMe } from "@/client/api/me.ts";
import { Loading } from "@/client/components/ui/loading.tsx";
import { startSignUp, useAuthDraft } from "./auth-draft.ts";
import { ForgotPasswordForm } from "./forgot-password-form.tsx";
import { MailSent } from "./mail-sent.tsx";
import { SignInForm } from "./sign-in-form.tsx";
import { SignUpCredentialsStep } from "./sign-up-credentials-step.tsx";
import { SignUpNameStep } from "./sign-up-name-step.tsx";

type Screen = "login" | "name" | "credentials" | "confirmation" | "forgot" | "reset-sent";

/** /auth opens on sign-in; /auth?mode=sign-up opens on sign-up's first step (the role is chosen after). */
function firstScreen(mode: string | null): Screen {
  return mode === "sign-up" ? "name" : "login";
}

export function AuthPage() {
  const me = useMe();
  const [params] = useSearchParams();
  const [screen, setScreen] = useState<Screen>(() => firstScreen(params.get("mode")));
  const draft = useAuthDraft();
  // An expired or broken e-mail link lands here with ?error=…; said once, on the first screen.
  const [linkError, setLinkError] = useState<string | null>(
    params.get("error") ? "This link is invalid or has expired. Please try again." : null,
  );

  if (me.isPending) return <Loading />;
  if (me.data) return <Navigate to="/dashboard" replace />;

  const go = (next: Screen) => {
    setLinkError(null);
    setScreen(next);
  };
  const email = draft.email.trim();

  switch (screen) {
    case "login":
      return (
        <SignInForm
          draft={draft}
          initialError={linkError}
          onForgotPassword={() => go("forgot")}
          onSignUp={() => {
            startSignUp(draft);
            go("name");
          }}
        />
      );
    case "name":
      return <SignUpNameStep draft={draft} onContinue={() => go("credentials")} onBack={() => go("login")} />;
    case "credentials":
      return (
        <SignUpCredentialsStep
          draft={draft}
          onSignedUp={() => go("confirmation")}
          onBack={() => go("name")}
        />
      );
    case "confirmation":
      return (
        <MailSent onBack={() => go("login")}>
          We have sent a confirmation link to <strong>{email}</strong>. Open it to confirm your address and
          finish setting up your account.
        </MailSent>
      );
    case "forgot":
      return <ForgotPasswordForm draft={draft} onSent={() => go("reset-sent")} onBack={() => go("login")} />;
    case "reset-sent":
      return (
        <MailSent onBack={() => go("login")}>
          If an account uses <strong>{email}</strong>, a link to reset its password is on its way.
        </MailSent>
      );
  }
}
