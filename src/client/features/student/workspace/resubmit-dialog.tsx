// Asked before handing in again work the teacher has already graded: the grade stays with the
// earlier submission, but the new one is what the teacher will look at next.
import { Button } from "@/client/components/ui/button.tsx";
import { Dialog } from "@/client/components/ui/dialog.tsx";
import { formatGrade } from "@/shared/domain/progress.ts";

export const RESUBMIT_QUESTION = "Your teacher has already graded this. Hand in again?";

export function ResubmitDialog({
  open,
  onOpenChange,
  grade,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The grade of the newest graded hand-in, if the teacher gave one (they may have left only notes). */
  grade: number | null;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={RESUBMIT_QUESTION}>
      <div className="space-y-4 text-sm text-slate-700">
        <p>
          {grade !== null ? `You got ${formatGrade(grade)}. ` : ""}Your teacher's grade and notes stay with
          your earlier submission under Previous Submissions. Your teacher will see the new one and can grade
          it again.
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            onClick={() => {
              onOpenChange(false);
              onConfirm();
            }}
          >
            Hand in again
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
