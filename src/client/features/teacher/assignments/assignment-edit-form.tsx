// Edit mode of an assignment: the fields become editable (language locked to Python) and Save
// sends a PATCH; failure shows the spec's 'Error updating assignment' with what went wrong.
import { type FormEvent, useState } from "react";
import { useUpdateAssignment } from "@/client/api/assignments.ts";
import { Alert } from "@/client/components/ui/alert.tsx";
import { Button } from "@/client/components/ui/button.tsx";
import { Card } from "@/client/components/ui/card.tsx";
import { useFocusFirstError } from "@/client/components/ui/field.tsx";
import { ASSIGNMENT_MESSAGES, type TeacherAssignmentDetail } from "@/shared/api/assignments.ts";
import { AssignmentFields } from "./assignment-fields.tsx";
import {
  type AssignmentFieldErrors,
  type AssignmentForm,
  formFromAssignment,
  toUpdateBody,
} from "./assignment-form.ts";

export function AssignmentEditForm({
  assignment,
  onSaved,
  onCancel,
}: {
  assignment: TeacherAssignmentDetail;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const [form, setForm] = useState<AssignmentForm>(() => formFromAssignment(assignment));
  const [error, setError] = useState<{ title: string; detail?: string } | null>(null);
  const [fieldErrors, setFieldErrors] = useState<AssignmentFieldErrors | undefined>();
  const { ref, focusFirstError } = useFocusFirstError();
  const update = useUpdateAssignment(assignment.id);

  function submit(e: FormEvent) {
    e.preventDefault();
    const result = toUpdateBody(form, assignment.testCases.length);
    if (!result.ok) {
      setError({ title: result.message });
      setFieldErrors(result.errors);
      focusFirstError();
      return;
    }
    setError(null);
    setFieldErrors(undefined);
    update.mutate(result.body, {
      onSuccess: onSaved,
      onError: (err) => setError({ title: ASSIGNMENT_MESSAGES.updateFailed, detail: err.message }),
    });
  }

  return (
    <Card className="p-5">
      <form ref={ref} onSubmit={submit} noValidate className="space-y-4">
        <h3 className="text-lg font-semibold">Edit Assignment</h3>
        <AssignmentFields
          mode="edit"
          form={form}
          onChange={setForm}
          className={assignment.class.name}
          disabled={update.isPending}
          errors={fieldErrors}
        />
        {error && (
          <Alert tone="error">
            <p className="font-medium">{error.title}</p>
            {error.detail && <p className="mt-1">{error.detail}</p>}
          </Alert>
        )}
        <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
          <Button variant="secondary" onClick={onCancel} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" busy={update.isPending}>
            Save Changes
          </Button>
        </div>
      </form>
    </Card>
  );
}
