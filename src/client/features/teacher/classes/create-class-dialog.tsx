// 'Create New Class' modal: name and description, checked with the shared schema first.
import { type FormEvent, useState } from "react";
import { useCreateClass } from "@/client/api/classes.ts";
import { Alert } from "@/client/components/ui/alert.tsx";
import { Button } from "@/client/components/ui/button.tsx";
import { Dialog } from "@/client/components/ui/dialog.tsx";
import { TextAreaField, TextField } from "@/client/components/ui/field.tsx";
import { CreateClassBody } from "@/shared/api/classes.ts";

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
  const [error, setError] = useState<string | null>(null);

  function reset(next: boolean) {
    if (!next) {
      setName("");
      setDescription("");
      setError(null);
      create.reset();
    }
    onOpenChange(next);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const checked = CreateClassBody.safeParse({ name, description });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? "Please check the form.");
      return;
    }
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
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {error && <Alert tone="error">{error}</Alert>}
        <TextField
          label="Class Name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="e.g. Year 10 Computer Science"
          maxLength={100}
          required
          autoFocus
        />
        <TextAreaField
          label="Description"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          placeholder="Optional: set, year group or anything that helps you tell classes apart"
          rows={3}
          maxLength={1000}
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
