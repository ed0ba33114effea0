// 'New Assignment' modal: choose Create Custom Assignment or Use Premade Exercise; a premade
// entry opens the custom form pre-filled, so the teacher picks the class and may edit.
import { BookOpen, PenLine } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { useCreateAssignment } from "@/client/api/assignments.ts";
import { useClasses } from "@/client/api/classes.ts";
import { Alert } from "@/client/components/ui/alert.tsx";
import { Button, ButtonLink } from "@/client/components/ui/button.tsx";
import { Dialog } from "@/client/components/ui/dialog.tsx";
import { useFocusFirstError } from "@/client/components/ui/field.tsx";
import { ASSIGNMENT_MESSAGES } from "@/shared/api/assignments.ts";
import type { PremadeAssignment } from "@/shared/domain/premade-assignments.ts";
import { AssignmentFields } from "./assignment-fields.tsx";
import {
  type AssignmentFieldErrors,
  type AssignmentForm,
  assignmentFormChanged,
  emptyAssignmentForm,
  formFromPremade,
  toCreateBody,
} from "./assignment-form.ts";
import { PremadePicker } from "./premade-picker.tsx";

type Step = { kind: "choose" } | { kind: "premade" } | { kind: "custom"; from?: PremadeAssignment };

const TITLES: Record<Step["kind"], string> = {
  choose: "New Assignment",
  premade: "Use Premade Exercise",
  custom: "Create Custom Assignment",
};

export function NewAssignmentDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const [step, setStep] = useState<Step>({ kind: "choose" });
  const [form, setForm] = useState<AssignmentForm>(() => emptyAssignmentForm());
  // What the form started from (blank or a premade entry): only changes since then are "typed work".
  const [start, setStart] = useState<AssignmentForm>(form);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<AssignmentFieldErrors | undefined>();
  const { ref: formRef, focusFirstError } = useFocusFirstError();
  const classes = useClasses();
  const create = useCreateAssignment();
  const navigate = useNavigate();

  const onlyClass = classes.data?.length === 1 ? classes.data[0].id : "";
  const noClasses = classes.isSuccess && classes.data.length === 0;

  function close(next: boolean) {
    if (!next) {
      setStep({ kind: "choose" });
      setError(null);
      setFieldErrors(undefined);
      create.reset();
    }
    onOpenChange(next);
  }

  function startCustom(from?: PremadeAssignment) {
    const next = from ? formFromPremade(from, onlyClass) : emptyAssignmentForm(onlyClass);
    setForm(next);
    setStart(next);
    setError(null);
    setFieldErrors(undefined);
    setStep({ kind: "custom", from });
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const result = toCreateBody(form);
    if (!result.ok) {
      setError(result.message);
      setFieldErrors(result.errors);
      focusFirstError();
      return;
    }
    setError(null);
    setFieldErrors(undefined);
    create.mutate(result.body, {
      onSuccess: (created) => {
        close(false);
        navigate(`/teacher/assignments/${created.id}`, { state: { created: true } });
      },
      onError: (err) => setError(`Could not create the assignment: ${err.message}`),
    });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={TITLES[step.kind]}
      wide={step.kind === "custom"}
      dirty={step.kind === "custom" && assignmentFormChanged(form, start)}
      closeButton
    >
      {step.kind === "choose" && (
        <div className="grid gap-3 sm:grid-cols-2">
          <ChoiceButton
            icon={<PenLine className="size-5" aria-hidden />}
            title="Create Custom Assignment"
            text="Write your own task, starter code and test cases."
            onClick={() => startCustom()}
          />
          <ChoiceButton
            icon={<BookOpen className="size-5" aria-hidden />}
            title="Use Premade Exercise"
            text="Start from a ready-made exercise and adjust it."
            onClick={() => setStep({ kind: "premade" })}
          />
        </div>
      )}

      {step.kind === "premade" && (
        <div className="space-y-4">
          <PremadePicker onPick={(p) => startCustom(p)} />
          <Button variant="secondary" onClick={() => setStep({ kind: "choose" })}>
            Back
          </Button>
        </div>
      )}

      {step.kind === "custom" && (
        <form ref={formRef} onSubmit={submit} noValidate className="space-y-4">
          {step.from && (
            <Alert tone="info">
              Filled in from the premade exercise "{step.from.title}". Choose a class, change anything you
              like, then create the assignment.
            </Alert>
          )}
          {classes.isPending && <p className="text-sm text-slate-600">Loading your classes...</p>}
          {classes.isError && (
            <Alert tone="error">Could not load your classes: {classes.error.message}</Alert>
          )}
          {noClasses && (
            <Alert tone="info">
              <span className="flex flex-wrap items-center justify-between gap-3">
                {ASSIGNMENT_MESSAGES.noClasses}
                <ButtonLink to="/teacher/classes" variant="secondary" size="sm" onClick={() => close(false)}>
                  Go to Classes
                </ButtonLink>
              </span>
            </Alert>
          )}
          <AssignmentFields
            mode="create"
            form={form}
            onChange={setForm}
            classes={classes.data ?? []}
            disabled={create.isPending}
            errors={fieldErrors}
          />
          {error && <Alert tone="error">{error}</Alert>}
          <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
            <Button
              variant="secondary"
              onClick={() => setStep(step.from ? { kind: "premade" } : { kind: "choose" })}
              disabled={create.isPending}
            >
              Back
            </Button>
            <Button variant="secondary" onClick={() => close(false)} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" busy={create.isPending} disabled={!classes.data?.length}>
              Create Assignment
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

function ChoiceButton({
  icon,
  title,
  text,
  onClick,
}: {
  icon: React.ReactNode;
  title: string;
  text: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex flex-col items-start gap-2 rounded-xl border border-slate-200 p-5 text-left hover:border-brand-500 hover:bg-brand-50"
    >
      <span className="grid size-10 place-items-center rounded-lg bg-brand-50 text-brand-700">{icon}</span>
      <span className="font-semibold text-slate-900">{title}</span>
      <span className="text-sm text-slate-600">{text}</span>
    </button>
  );
}
