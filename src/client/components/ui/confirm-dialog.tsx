// "Are you sure?" before something that cannot be undone (or that the user may not mean): says what
// happens, Cancel and the confirm button. Built on the shared Dialog, so Escape and Cancel close it
// and focus goes back to the control that opened it. When onConfirm returns a promise the confirm
// button is busy until it settles (the dialog cannot be closed meanwhile), the dialog closes when it
// resolves and the refusal is shown in the dialog when it rejects.
import { type ReactNode, useEffect, useState } from "react";
import { ApiError } from "@/client/lib/api.ts";
import { Alert } from "./alert.tsx";
import { Button } from "./button.tsx";
import { Dialog } from "./dialog.tsx";

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel,
  tone = "danger",
  onConfirm,
  error: shownError = null,
  errorText = problemText,
  ready = true,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** The question in one sentence (the dialog's accessible description). */
  description?: string;
  /** What happens, in plain words, when one sentence is not enough. */
  children?: ReactNode;
  confirmLabel: string;
  /** "danger" (red) for what is lost; "primary" for a question that loses nothing. */
  tone?: "danger" | "primary";
  /** A promise keeps the dialog open and busy until it settles; anything else closes it at once. */
  onConfirm: () => unknown;
  /** A problem found before confirming (e.g. counting what is lost failed). */
  error?: string | null;
  /** The words for a failed confirm; the server's message by default. */
  errorText?: (error: unknown) => string | null;
  /** false while what is lost is still being counted: confirming waits for it. */
  ready?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (!open) setFailure(null);
  }, [open]);

  async function confirm() {
    setFailure(null);
    const result = onConfirm();
    if (!isThenable(result)) return onOpenChange(false);
    setBusy(true);
    try {
      await result;
      onOpenChange(false);
    } catch (e) {
      setFailure(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  const problem = failure ?? shownError;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title={title}
      description={description}
    >
      <div className="space-y-4 text-sm text-slate-700">
        {children}
        {problem && <Alert tone="error">{problem}</Alert>}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button variant={tone} onClick={confirm} busy={busy} disabled={!ready}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | null)?.then === "function";
}

/** The server's message, or what to do when it could not be reached. */
export function problemText(error: unknown): string | null {
  if (!error) return null;
  return error instanceof ApiError
    ? error.message
    : "PyClass could not be reached. Please check your connection and try again.";
}

/** "1 submission", "41 submissions". */
export function countOf(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}
