// "Are you sure?" for what cannot be undone: says what is lost, Cancel and a red confirm button,
// the server's refusal shown in place. Built on the shared Dialog (focus trap, focus returned).
import type { ReactNode } from "react";
import { Alert } from "@/client/components/ui/alert.tsx";
import { Button } from "@/client/components/ui/button.tsx";
import { Dialog } from "@/client/components/ui/dialog.tsx";
import { ApiError } from "@/client/lib/api.ts";

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  children,
  confirmLabel,
  onConfirm,
  busy,
  error,
  ready = true,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** What is lost, in plain words. */
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  busy: boolean;
  error: string | null;
  /** false while what is lost is still being counted: confirming waits for it. */
  ready?: boolean;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)} title={title}>
      <div className="space-y-4 text-sm text-slate-700">
        {children}
        {error && <Alert tone="error">{error}</Alert>}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} busy={busy} disabled={!ready}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

/** "1 submission", "41 submissions". */
export function countOf(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

/** The server's message, or what to do when it could not be reached. */
export function problemText(error: unknown): string | null {
  if (!error) return null;
  return error instanceof ApiError
    ? error.message
    : "PyClass could not be reached. Please check your connection and try again.";
}
