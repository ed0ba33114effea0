// Delete an assignment: the question says how many submissions (from how many students) go with it.
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useAssignmentDeletion, useDeleteAssignment } from "@/client/api/assignments.ts";
import { Button } from "@/client/components/ui/button.tsx";
import { ConfirmDialog, countOf, problemText } from "@/client/features/teacher/confirm-dialog.tsx";

export function DeleteAssignmentButton({ assignmentId, name }: { assignmentId: string; name: string }) {
  const [open, setOpen] = useState(false);
  const impact = useAssignmentDeletion(assignmentId, open);
  const remove = useDeleteAssignment();
  const navigate = useNavigate();
  const i = impact.data;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <Trash2 className="size-4" aria-hidden />
        Delete Assignment
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) remove.reset();
        }}
        title={`Delete ${name}?`}
        confirmLabel="Delete assignment"
        busy={remove.isPending}
        ready={impact.isSuccess}
        error={problemText(remove.error ?? impact.error)}
        onConfirm={() =>
          remove.mutate(assignmentId, {
            onSuccess: () => navigate("/teacher/assignments", { replace: true }),
          })
        }
      >
        {i ? (
          <p data-testid="deletion-impact">
            This deletes the assignment, its test cases and {countOf(i.submissions, "submission")}
            {i.students > 0 ? ` from ${countOf(i.students, "student")}` : ""}, grades included. It cannot be
            undone.
          </p>
        ) : (
          <p>Counting what this deletes…</p>
        )}
      </ConfirmDialog>
    </>
  );
}
