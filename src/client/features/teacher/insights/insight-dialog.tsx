// The frame both insights modals share: one read, its loading and failure states, and Close.
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Alert } from "@/client/components/ui/alert.tsx";
import { Button } from "@/client/components/ui/button.tsx";
import { Dialog } from "@/client/components/ui/dialog.tsx";

export function InsightDialog<T>({
  open,
  onClose,
  title,
  description,
  query,
  failedText,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: string;
  query: UseQueryResult<T, Error>;
  /** The spec's message when the read fails; the server's own message follows it. */
  failedText: string;
  children: (data: T) => ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title={title}
      description={description}
      wide
    >
      {query.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          Loading...
        </p>
      ) : query.isError ? (
        <Alert tone="error">
          {failedText}
          <span className="block text-xs">{query.error.message}</span>
        </Alert>
      ) : (
        children(query.data)
      )}
      <div className="mt-6 flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </Dialog>
  );
}
