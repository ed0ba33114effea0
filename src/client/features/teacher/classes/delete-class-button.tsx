// Delete a class: the question says how many assignments, submissions and students it takes with it.
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useClassDeletion, useDeleteClass } from "@/client/api/classes.ts";
import { Button } from "@/client/components/ui/button.tsx";
import { ConfirmDialog, countOf, problemText } from "@/client/features/teacher/confirm-dialog.tsx";

export function DeleteClassButton({ classId, name }: { classId: string; name: string }) {
  const [open, setOpen] = useState(false);
  const impact = useClassDeletion(classId, open);
  const remove = useDeleteClass();
  const navigate = useNavigate();
  const i = impact.data;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <Trash2 className="size-4" aria-hidden />
        Delete Class
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) remove.reset();
        }}
        title={`Delete ${name}?`}
        confirmLabel="Delete class"
        busy={remove.isPending}
        ready={impact.isSuccess}
        error={problemText(remove.error ?? impact.error)}
        onConfirm={() =>
          remove.mutate(classId, { onSuccess: () => navigate("/teacher/classes", { replace: true }) })
        }
      >
        {i ? (
          <p data-testid="deletion-impact">
            This deletes {countOf(i.assignments, "assignment")} and {countOf(i.submissions, "submission")}
            {i.students > 0 ? `, and takes ${countOf(i.students, "student")} out of the class` : ""}. It
            cannot be undone.
          </p>
        ) : (
          <p>Counting what this deletes…</p>
        )}
      </ConfirmDialog>
    </>
  );
}
