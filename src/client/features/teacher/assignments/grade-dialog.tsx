// 'Add Grade' / 'Edit Grade' modal: a grade out of 100 (empty = none) and optional notes.
import { type FormEvent, useState } from "react";
import { useGradeSubmission } from "@/client/api/submissions.ts";
import { Alert } from "@/client/components/ui/alert.tsx";
import { Button } from "@/client/components/ui/button.tsx";
import { Dialog } from "@/client/components/ui/dialog.tsx";
import { TextAreaField, TextField, useFocusFirstError } from "@/client/components/ui/field.tsx";
import type { Submission } from "@/shared/api/assignments.ts";
import { GRADE_MAX, GRADE_MIN, GRADE_RANGE_MESSAGE, GRADE_STEP } from "@/shared/domain/grade.ts";
import { type GradeForm, gradeFormFrom, toGradeBody } from "./grade-form.ts";

export function GradeDialog({
  submission,
  title,
  open,
  onOpenChange,
}: {
  submission: Submission;
  title: "Add Grade" | "Edit Grade";
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [form, setForm] = useState<GradeForm>(() => gradeFormFrom(submission));
  // A number field reports "" for text it cannot read; that must not save as "no grade".
  const [unreadable, setUnreadable] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const grade = useGradeSubmission(submission.assignmentId, submission.userId);
  // A range or format problem is the grade field's; a failed save is the form's.
  const [gradeError, setGradeError] = useState<string | null>(null);
  const { ref, focusFirstError } = useFocusFirstError();
  const saved = gradeFormFrom(submission);
  const dirty = form.grade !== saved.grade || form.notes !== saved.notes || unreadable;

  function change(next: boolean) {
    if (next) setForm(gradeFormFrom(submission));
    setError(null);
    setGradeError(null);
    setUnreadable(false);
    grade.reset();
    onOpenChange(next);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (unreadable) {
      setGradeError(GRADE_RANGE_MESSAGE);
      return focusFirstError();
    }
    const result = toGradeBody(form);
    if (!result.ok) {
      setGradeError(result.message);
      return focusFirstError();
    }
    setGradeError(null);
    setError(null);
    grade.mutate(
      { submissionId: submission.id, body: result.body },
      {
        onSuccess: () => change(false),
        onError: (err) => setError(`Could not save the grade: ${err.message}`),
      },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={change}
      title={title}
      description="Grades are out of 100. Notes are shown to the student."
      dirty={dirty}
    >
      <form ref={ref} onSubmit={submit} noValidate className="space-y-4">
        <TextField
          label="Grade (out of 100)"
          type="number"
          inputMode="decimal"
          min={GRADE_MIN}
          max={GRADE_MAX}
          step={GRADE_STEP}
          value={form.grade}
          onChange={(e) => {
            setUnreadable(e.currentTarget.validity.badInput);
            setForm({ ...form, grade: e.target.value });
          }}
          hint="Leave empty to save without a grade."
          error={gradeError}
          autoFocus
        />
        <TextAreaField
          label="Notes"
          value={form.notes}
          onChange={(e) => setForm({ ...form, notes: e.target.value })}
          rows={4}
          maxLength={5000}
          placeholder="Optional feedback for the student"
        />
        {error && <Alert tone="error">{error}</Alert>}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => change(false)} disabled={grade.isPending}>
            Cancel
          </Button>
          <Button type="submit" busy={grade.isPending}>
            Save Grade
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
