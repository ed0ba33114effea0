// A yes/no question before a delete: the spec's confirmation text, Cancel and the action.
import { useState } from "react";
import { Alert } from "@/client/components/ui/alert.tsx";
import { Button } from "@/client/components/ui/button.tsx";
import { Dialog } from "@/client/components/ui/dialog.tsx";

export function ConfirmDelete({
  open,
  onOpenChange,
  title,
  question,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  question: string;
  onConfirm: () => Promise<unknown>;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!busy) {
          setError(null);
          onOpenChange(o);
        }
      }}
      title={title}
      description={question}
    >
      {error && <Alert tone="error">{error}</Alert>}
      <div className="mt-4 flex justify-end gap-2">
        <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="danger"
          busy={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await onConfirm();
              setError(null);
              onOpenChange(false);
            } catch (e) {
              setError((e as Error).message);
            } finally {
              setBusy(false);
            }
          }}
        >
          Delete
        </Button>
      </div>
    </Dialog>
  );
}
