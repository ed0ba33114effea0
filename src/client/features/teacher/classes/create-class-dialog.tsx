// 'Create New Class' modal: name and description, checked with the shared schema first; errors
// beside their field, a counter instead of a silent cut at the length limit, and a question before
// typed work is thrown away.
import { type FormEvent, useState } from "react";
import { useCreateClass } from "@/client/api/classes.ts";
import { Alert } from "@/client/components/ui/alert.tsx";
import { Button } from "@/client/components/ui/button.tsx";
import { Dialog } from "@/client/components/ui/dialog.tsx";
import { TextAreaField, TextField, useFocusFirstError } from "@/client/components/ui/field.tsx";
import { CLASS_DESCRIPTION_MAX, CLASS_NAME_MAX, CreateClassBody } from "@/shared/api/classes.ts";

type Errors = { name?: string; description?: string };

/** "12 / 100 characters", and how far over once past the limit. */
function counter(text: string, max: number): string {
  const n = text.trim().length;
  return n > max ? `${n} / ${max} characters: ${n - max} too many` : `${n} / ${max} characters`;
}

export function CreateClassDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const create = useCreateClass();
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<string | null>(null);
  const { ref, focusFirstError } = useFocusFirstError();

  function reset(next: boolean) {
    if (!next) {
      setName("");
      setDescription("");
      setErrors({});
      setError(null);
      create.reset();
    }
    onOpenChange(next);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const checked = CreateClassBody.safeParse({ name, description });
    if (!checked.success) {
      const at = (field: keyof Errors) => checked.error.issues.find((i) => i.path[0] === field)?.message;
      setErrors({ name: at("name"), description: at("description") });
      setError(null);
      focusFirstError();
      return;
    }
    setErrors({});
    setError(null);
    create.mutate(
      { name: name.trim(), description: description.trim() },
      {
        onSuccess: () => reset(false),
        onError: (err) => setError(`Could not create the class: ${err.message}`),
      },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={reset}
      title="Create New Class"
      description="Students join with the class code you get once the class is made."
      dirty={name.trim() !== "" || description.trim() !== ""}
    >
      <form ref={ref} onSubmit={submit} noValidate className="space-y-4">
        {error && <Alert tone="error">{error}</Alert>}
        <TextField
          label="Class Name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="e.g. Year 10 Computer Science"
          required
          autoFocus
          error={errors.name}
          hint={counter(name, CLASS_NAME_MAX)}
        />
        <TextAreaField
          label="Description"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          placeholder="Optional: set, year group or anything that helps you tell classes apart"
          rows={3}
          error={errors.description}
          hint={counter(description, CLASS_DESCRIPTION_MAX)}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => reset(false)} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" busy={create.isPending}>
            Create Class
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
