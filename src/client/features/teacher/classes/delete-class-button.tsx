// Delete a class: the question says how many assignments, submissions and students it takes with it.
import { useClassDeletion, useDeleteClass } from "@/client/api/classes.ts";
import { countOf } from "@/client/components/ui/confirm-dialog.tsx";
import { ConfirmDeleteButton } from "@/client/features/teacher/confirm-delete-button.tsx";

export function DeleteClassButton({ classId, name }: { classId: string; name: string }) {
  return (
    <ConfirmDeleteButton
      id={classId}
      name={name}
      label="Delete Class"
      confirmLabel="Delete class"
      useImpact={useClassDeletion}
      useDelete={useDeleteClass}
      afterwards="/teacher/classes"
      describe={(i) => (
        <>
          This deletes {countOf(i.assignments, "assignment")} and {countOf(i.submissions, "submission")}
          {i.students > 0 ? `, and takes ${countOf(i.students, "student")} out of the class` : ""}. It cannot
          be undone.
        </>
      )}
    />
  );
}
