// Remove a student from a class: they lose access; their submissions stay with the teacher.
import { UserMinus } from "lucide-react";
import { useState } from "react";
import { useRemoveMember } from "@/client/api/classes.ts";
import { Button } from "@/client/components/ui/button.tsx";
import { ConfirmDialog } from "@/client/components/ui/confirm-dialog.tsx";

export function RemoveStudentButton({
  klass,
  student,
}: {
  klass: { id: string; name: string };
  student: { id: string; name: string };
}) {
  const [open, setOpen] = useState(false);
  const remove = useRemoveMember();
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)} aria-label={`Remove ${student.name}`}>
        <UserMinus className="size-4" aria-hidden />
        Remove
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Remove ${student.name} from ${klass.name}?`}
        confirmLabel="Remove student"
        onConfirm={() => remove.mutateAsync({ classId: klass.id, studentId: student.id })}
      >
        <p>
          {student.name} will no longer see this class or its assignments. Nothing is deleted: their
          submissions and grades stay on your assignment pages, marked "left the class". They can join again
          with the class code.
        </p>
      </ConfirmDialog>
    </>
  );
}
