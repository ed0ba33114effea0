// /account/delete?token=…: opened from the "Delete my account" e-mail (decision 060). Opening the
// link changes nothing (mail scanners open links); the button confirms. No session needed.
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { confirmDeletion } from "@/client/api/account.ts";
import { meKeys } from "@/client/api/me.ts";
import { Alert } from "@/client/components/ui/alert.tsx";
import { Button, ButtonLink } from "@/client/components/ui/button.tsx";
import { problemText } from "@/client/components/ui/confirm-dialog.tsx";
import { formatDate } from "@/client/lib/format.ts";
import { AuthCard } from "./auth-card.tsx";

export function ConfirmDeletionPage() {
  const [params] = useSearchParams();
  const token = params.get("token");
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [dueAt, setDueAt] = useState<string | null>(null);

  async function confirm() {
    if (!token) return;
    setBusy(true);
    setError(null);
    try {
      setDueAt((await confirmDeletion(token)).dueAt);
      // Every session of the account has ended, this browser's too.
      qc.clear();
      qc.setQueryData(meKeys.all, null);
    } catch (e) {
      setError(problemText(e));
    } finally {
      setBusy(false);
    }
  }

  if (dueAt)
    return (
      <AuthCard title="Your account will be deleted">
        <div className="space-y-4 text-sm text-slate-700">
          <Alert tone="success">
            Your account will be deleted on <strong>{formatDate(dueAt)}</strong>. You have been signed out
            everywhere.
          </Alert>
          <p>Changed your mind? Sign in before then and nothing is deleted.</p>
          <ButtonLink to="/auth" variant="secondary">
            Sign in to keep my account
          </ButtonLink>
        </div>
      </AuthCard>
    );

  return (
    <AuthCard title="Delete your PyClass account?">
      <div className="space-y-4 text-sm text-slate-700">
        {!token ? (
          <Alert tone="error">This link is not complete. Open it again from the e-mail.</Alert>
        ) : (
          <>
            <p>
              If you confirm, you are signed out everywhere and your account is deleted after a few days, with
              your work, saves and history. The e-mail says how many days. If you sign in before then, nothing
              is deleted.
            </p>
            {error && <Alert tone="error">{error}</Alert>}
            <div className="flex flex-wrap gap-2">
              <Button variant="danger" onClick={confirm} busy={busy}>
                Yes, delete my account
              </Button>
              <ButtonLink to="/dashboard" variant="secondary">
                Keep my account
              </ButtonLink>
            </div>
          </>
        )}
      </div>
    </AuthCard>
  );
}
