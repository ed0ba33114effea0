// Categories: Add Category (needs a name), inline edit of name, description and display order,
// and delete — refused while the category still holds exercises.
import { Pencil, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { useCreateCategory, useDeleteCategory, useUpdateCategory } from "@/client/api/admin.ts";
import { Alert } from "@/client/components/ui/alert.tsx";
import { Badge } from "@/client/components/ui/badge.tsx";
import { Button } from "@/client/components/ui/button.tsx";
import { ConfirmDialog } from "@/client/components/ui/confirm-dialog.tsx";
import { TextAreaField, TextField } from "@/client/components/ui/field.tsx";
import { ApiError } from "@/client/lib/api.ts";
import { type AdminCategory, EXERCISE_MESSAGES } from "@/shared/api/exercises.ts";
import { editButtonId, useFocusTarget } from "./focus-target.ts";

/** Why a category's Delete is disabled, shown beside it and read with it. */
export const deleteBlockedReason = (count: number) =>
  `Delete: this category still holds ${count} ${count === 1 ? "exercise" : "exercises"}. Move or delete ${count === 1 ? "it" : "them"} first.`;

type Draft = { name: string; description: string; displayOrder: string };

/** A name the server refused as taken (409) belongs beside the Name field, not in the alert. */
const nameTaken = (error: Error | null) =>
  error instanceof ApiError && error.code === "CATEGORY_NAME_TAKEN" ? error.message : null;

function CategoryFields({
  draft,
  onChange,
  nameError,
}: {
  draft: Draft;
  onChange: (d: Draft) => void;
  nameError: string | null;
}) {
  return (
    <div className="grid gap-3 md:grid-cols-[2fr_3fr_8rem]">
      <TextField
        label="Name"
        value={draft.name}
        onChange={(e) => onChange({ ...draft, name: e.target.value })}
        maxLength={200}
        required
        error={nameError}
      />
      <TextAreaField
        label="Description"
        rows={1}
        value={draft.description}
        onChange={(e) => onChange({ ...draft, description: e.target.value })}
      />
      <TextField
        label="Display order"
        type="number"
        min={0}
        value={draft.displayOrder}
        onChange={(e) => onChange({ ...draft, displayOrder: e.target.value })}
      />
    </div>
  );
}

const toBody = (d: Draft) => ({
  name: d.name.trim(),
  description: d.description,
  displayOrder: Math.max(0, Math.trunc(Number(d.displayOrder) || 0)),
});

export function CategoriesTab({ categories }: { categories: AdminCategory[] }) {
  const create = useCreateCategory();
  const nextOrder = String(categories.reduce((m, c) => Math.max(m, c.displayOrder), 0) + 1);
  const [draft, setDraft] = useState<Draft>({ name: "", description: "", displayOrder: "" });
  const [added, setAdded] = useState<string | null>(null);
  const focusLater = useFocusTarget();
  const listHeading = useId();
  const createHint = useId();
  const noName = draft.name.trim() === "";

  return (
    <div className="space-y-6">
      <form
        className="space-y-3 rounded-xl border border-slate-200 bg-white p-4"
        onSubmit={async (e) => {
          e.preventDefault();
          const body = toBody({ ...draft, displayOrder: draft.displayOrder || nextOrder });
          const made = await create.mutateAsync(body).catch(() => null);
          if (made) {
            setAdded(`Category "${made.name}" added.`);
            setDraft({ name: "", description: "", displayOrder: "" });
            focusLater({ id: editButtonId("category", made.id) });
          }
        }}
      >
        <h3 className="font-semibold text-slate-900">Add Category</h3>
        <CategoryFields
          draft={{ ...draft, displayOrder: draft.displayOrder || nextOrder }}
          onChange={(d) => {
            setAdded(null);
            if (d.name !== draft.name) create.reset();
            setDraft(d);
          }}
          nameError={nameTaken(create.error)}
        />
        {create.error && !nameTaken(create.error) && <Alert tone="error">{create.error.message}</Alert>}
        {added && <Alert tone="success">{added}</Alert>}
        {/* Spec 02 §7: the 'Add Category' form's button is 'Create category'. */}
        <div className="flex flex-wrap items-center gap-3">
          <Button
            type="submit"
            disabled={noName}
            busy={create.isPending}
            aria-describedby={noName ? createHint : undefined}
          >
            Create category
          </Button>
          {noName && (
            <p id={createHint} className="text-xs text-slate-600">
              Enter a name to create the category.
            </p>
          )}
        </div>
      </form>
      <h3 id={listHeading} tabIndex={-1} className="font-semibold text-slate-900 focus:outline-none">
        Categories ({categories.length})
      </h3>
      {categories.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
          No categories yet. Add one above.
        </p>
      ) : (
        <ul className="space-y-3" aria-label="Categories">
          {categories.map((c) => (
            <CategoryRow
              key={c.id}
              category={c}
              onDeleted={() => focusLater({ id: listHeading, afterGone: editButtonId("category", c.id) })}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function CategoryRow({ category: c, onDeleted }: { category: AdminCategory; onDeleted: () => void }) {
  const update = useUpdateCategory();
  const remove = useDeleteCategory();
  const [editing, setEditing] = useState<Draft | null>(null);
  const [confirming, setConfirming] = useState(false);
  const inUse = c.exerciseCount > 0;
  const reasonId = useId();

  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4">
      {editing ? (
        <form
          className="space-y-3"
          aria-label={`Edit ${c.name}`}
          onSubmit={async (e) => {
            e.preventDefault();
            const ok = await update.mutateAsync({ id: c.id, body: toBody(editing) }).catch(() => null);
            if (ok) setEditing(null);
          }}
        >
          <CategoryFields
            draft={editing}
            onChange={(d) => {
              if (d.name !== editing.name) update.reset();
              setEditing(d);
            }}
            nameError={nameTaken(update.error)}
          />
          {update.error && !nameTaken(update.error) && <Alert tone="error">{update.error.message}</Alert>}
          <div className="flex gap-2">
            <Button
              type="submit"
              size="sm"
              busy={update.isPending}
              disabled={editing.name.trim() === ""}
              aria-describedby={editing.name.trim() === "" ? `${reasonId}-save` : undefined}
            >
              Save
            </Button>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                update.reset();
                setEditing(null);
              }}
            >
              Cancel
            </Button>
            {editing.name.trim() === "" && (
              <p id={`${reasonId}-save`} className="self-center text-xs text-slate-600">
                Enter a name to save the category.
              </p>
            )}
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-medium text-slate-900">{c.name}</span>
              <Badge>Order {c.displayOrder}</Badge>
              <Badge tone="blue">
                {c.exerciseCount} {c.exerciseCount === 1 ? "exercise" : "exercises"}
              </Badge>
            </p>
            {c.description && <p className="mt-1 text-sm text-slate-600">{c.description}</p>}
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <Button
              variant="secondary"
              size="sm"
              id={editButtonId("category", c.id)}
              aria-label={`Edit ${c.name}`}
              onClick={() =>
                setEditing({ name: c.name, description: c.description, displayOrder: String(c.displayOrder) })
              }
            >
              <Pencil className="size-4" aria-hidden />
              Edit
            </Button>
            <Button
              variant="secondary"
              size="sm"
              aria-label={`Delete ${c.name}`}
              disabled={inUse}
              aria-describedby={inUse ? reasonId : undefined}
              onClick={() => setConfirming(true)}
            >
              <Trash2 className="size-4" aria-hidden />
              Delete
            </Button>
          </div>
          {inUse && (
            <p id={reasonId} className="w-full text-xs text-slate-600">
              {deleteBlockedReason(c.exerciseCount)}
            </p>
          )}
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${c.name}?`}
        description={EXERCISE_MESSAGES.confirmDeleteCategory}
        confirmLabel="Delete"
        onConfirm={async () => {
          await remove.mutateAsync(c.id);
          onDeleted();
        }}
      />
    </li>
  );
}
