// Delete an assignment: the question says how many submissions (from how many students) go with it.
import { useAssignmentDeletion, useDeleteAssignment } from "@/client/api/assignments.ts";
import { countOf } from "@/client/components/ui/confirm-dialog.tsx";
import { ConfirmDeleteButton } from "@/client/features/teacher/confirm-delete-button.tsx";

export function DeleteAssignmentButton({ assignmentId, name }: { assignmentId: string; name: string }) {
  return (
    <ConfirmDeleteButton
      id={assignmentId}
      name={name}
      label="Delete Assignment"
      confirmLabel="Delete assignment"
      useImpact={useAssignmentDeletion}
      useDelete={useDeleteAssignment}
      afterwards="/teacher/assignments"
      describe={(i) => (
        <>
          This deletes the assignment, its test cases and {countOf(i.submissions, "submission")}
          {i.students > 0 ? ` from ${countOf(i.students, "student")}` : ""}, grades included. It cannot be
          undone.
        </>
      )}
    />
  );
}
