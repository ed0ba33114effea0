// A Delete button whose question first counts what goes with the deletion (GET …/deletion), then
// deletes and leaves for the list page. Deleting an assignment and deleting a class differ only
// in their words, their two API hooks and where they go afterwards.
import type { UseMutationResult, UseQueryResult } from "@tanstack/react-query";
import { Trash2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "@/client/components/ui/button.tsx";
import { ConfirmDialog, problemText } from "@/client/components/ui/confirm-dialog.tsx";

export function ConfirmDeleteButton<Impact>({
  id,
  name,
  label,
  confirmLabel,
  useImpact,
  useDelete,
  describe,
  afterwards,
}: {
  id: string;
  name: string;
  /** The button: "Delete Class". */
  label: string;
  /** The dialog's red button: "Delete class". */
  confirmLabel: string;
  /** Counts what is lost; asked only while the dialog is open. */
  useImpact: (id: string, enabled: boolean) => UseQueryResult<Impact, Error>;
  useDelete: () => UseMutationResult<unknown, Error, string>;
  /** What is lost, in plain words, once counted. */
  describe: (impact: Impact) => ReactNode;
  /** Where to go once deleted (the page of the thing is gone). */
  afterwards: string;
}) {
  const [open, setOpen] = useState(false);
  const impact = useImpact(id, open);
  const remove = useDelete();
  const navigate = useNavigate();
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <Trash2 className="size-4" aria-hidden />
        {label}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Delete ${name}?`}
        confirmLabel={confirmLabel}
        ready={impact.isSuccess}
        error={problemText(impact.error)}
        onConfirm={async () => {
          await remove.mutateAsync(id);
          navigate(afterwards, { replace: true });
        }}
      >
        {impact.data ? (
          <p data-testid="deletion-impact">{describe(impact.data)}</p>
        ) : (
          <p>Counting what this deletes…</p>
        )}
      </ConfirmDialog>
    </>
  );
}
