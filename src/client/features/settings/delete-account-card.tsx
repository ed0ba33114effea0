// "Delete my account" (decision 060): the password in a dialog, then "check your e-mail"; the link
// schedules the deletion after a grace period in which signing in cancels it.
import { type FormEvent, useState } from "react";
import { useClearDeletion, useDeletion, useRequestDeletion } from "@/client/api/account.ts";
import { Alert } from "@/client/components/ui/alert.tsx";
import { Button } from "@/client/components/ui/button.tsx";
import { Card } from "@/client/components/ui/card.tsx";
import { problemText } from "@/client/components/ui/confirm-dialog.tsx";
import { Dialog } from "@/client/components/ui/dialog.tsx";
import { TextField } from "@/client/components/ui/field.tsx";
import { formatDateTime } from "@/client/lib/format.ts";
import type { Role } from "@/shared/domain/roles.ts";

function DeleteDialog({
  open,
  onOpenChange,
  graceDays,
  role,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  graceDays: number;
  role: Role;
}) {
  const [password, setPassword] = useState("");
  const request = useRequestDeletion();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    request.mutate({ password }, { onSuccess: () => onOpenChange(false) });
  };
  const close = (next: boolean) => {
    if (!next) {
      setPassword("");
      request.reset();
    }
    onOpenChange(next);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !request.isPending && close(next)}
      title="Delete your account?"
    >
      <form onSubmit={submit} noValidate className="space-y-4 text-sm text-slate-700">
        <p>
          Your account and everything in it will be deleted: your work, saves, help requests and history.
          {role === "student" &&
            " Your teachers keep your grades in their mark book under “Former student”, without your name or your code."}
        </p>
        <p>
          We will e-mail you a link to confirm. After you open it, you are signed out everywhere and the
          account is deleted after {graceDays} days. Changed your mind? Sign in before then and nothing is
          deleted.
        </p>
        <TextField
          label="Your password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoFocus
          aria-invalid={request.isError || undefined}
        />
        {request.error && <Alert tone="error">{problemText(request.error)}</Alert>}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => close(false)} disabled={request.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" busy={request.isPending} disabled={!password}>
            Send me the link
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export function DeleteAccountCard({ email, role }: { email: string; role: Role }) {
  const [open, setOpen] = useState(false);
  const deletion = useDeletion();
  const clear = useClearDeletion();
  const status = deletion.data;
  return (
    <Card className="border-red-200 p-6" id="delete-account">
      <h2 className="text-lg font-semibold">Delete my account</h2>
      {status?.status === "requested" ? (
        <div className="mt-3 space-y-3">
          <Alert tone="info">
            Check your e-mail: we sent a link to <strong>{email}</strong>. Open it before{" "}
            {formatDateTime(status.linkExpiresAt as string)} to confirm. Nothing is deleted until you do.
          </Alert>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={() => clear.mutate()} busy={clear.isPending}>
              Keep my account
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
              Send the link again
            </Button>
          </div>
          {clear.error && <Alert tone="error">{problemText(clear.error)}</Alert>}
        </div>
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-700">
            Delete your PyClass account and everything in it. You can download your data first.
            {role === "teacher" &&
              " If you own classes, transfer them to another teacher or delete them first."}
          </p>
          <div className="mt-4">
            <Button variant="danger" size="sm" onClick={() => setOpen(true)} disabled={!status}>
              Delete my account
            </Button>
          </div>
        </>
      )}
      {deletion.error && (
        <div className="mt-3">
          <Alert tone="error">{problemText(deletion.error)}</Alert>
        </div>
      )}
      <DeleteDialog open={open} onOpenChange={setOpen} graceDays={status?.graceDays ?? 14} role={role} />
    </Card>
  );
}
