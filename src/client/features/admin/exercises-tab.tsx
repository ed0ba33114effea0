// Exercises: Import Exercises (JSON, or CodeRunner's Moodle XML), Add Exercise, and the library with inline edit and delete. An
// exercise whose solution failed its own tests in a Check here is flagged until it passes one.
import { AlertTriangle, FileDown, Pencil, Plus, Search, Trash2 } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useCreateExercise, useDeleteExercise, useUpdateExercise } from "@/client/api/admin.ts";
import { Alert } from "@/client/components/ui/alert.tsx";
import { Badge, type BadgeTone } from "@/client/components/ui/badge.tsx";
import { Button, buttonClass } from "@/client/components/ui/button.tsx";
import { ConfirmDialog } from "@/client/components/ui/confirm-dialog.tsx";
import { CategoryDifficultyFields } from "@/client/features/exercises/index.ts";
import { CodeRunnerImportDialog, exerciseCodeRunnerUrl } from "@/client/features/interchange/index.ts";
import { type AdminCategory, type AdminExercise, EXERCISE_MESSAGES } from "@/shared/api/exercises.ts";
import { ExerciseEditor } from "./exercise-editor.tsx";
import { emptyExerciseForm, formFromExercise } from "./exercise-form.ts";
import { editButtonId, useFocusTarget } from "./focus-target.ts";
import { ImportDialog } from "./import-dialog.tsx";

const DIFFICULTY_TONES: Record<AdminExercise["difficulty"], BadgeTone> = {
  easy: "green",
  medium: "yellow",
  hard: "red",
};
const cap = (s: string) => s[0].toUpperCase() + s.slice(1);

export type LibraryFilter = { query: string; category: string; difficulty: "" | AdminExercise["difficulty"] };

/** The library as filtered: a category, a difficulty, and a search of title, category and description. */
export function filterLibrary(exercises: AdminExercise[], f: LibraryFilter): AdminExercise[] {
  const q = f.query.trim().toLowerCase();
  return exercises.filter(
    (e) =>
      (!f.category || e.category.id === f.category) &&
      (!f.difficulty || e.difficulty === f.difficulty) &&
      (!q || [e.title, e.category.name, e.description].some((t) => t.toLowerCase().includes(q))),
  );
}

export function ExercisesTab({
  exercises,
  categories,
}: {
  exercises: AdminExercise[];
  categories: AdminCategory[];
}) {
  const [adding, setAdding] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [filter, setFilter] = useState<LibraryFilter>({ query: "", category: "", difficulty: "" });
  /** Check results of this visit: exercise id → its solution passed its tests. */
  const [checked, setChecked] = useState<Record<string, boolean>>({});
  const create = useCreateExercise();
  const searchId = useId();
  const listHeading = useId();
  const addHint = useId();
  const search = useRef<HTMLInputElement>(null);
  const focusLater = useFocusTarget();
  const shown = filterLibrary(exercises, filter);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <ImportDialog />
        <CodeRunnerImportDialog target="exercise" />
        <Button
          onClick={() => {
            setNotice(null);
            setAdding(true);
          }}
          disabled={adding}
          aria-describedby={adding ? addHint : undefined}
        >
          <Plus className="size-4" aria-hidden />
          Add Exercise
        </Button>
        {adding && (
          <p id={addHint} className="text-xs text-slate-600">
            The new exercise form is open below.
          </p>
        )}
      </div>
      {notice && <Alert tone="success">{notice}</Alert>}
      {adding && (
        <ExerciseEditor
          heading="New exercise"
          initial={emptyExerciseForm()}
          categories={categories}
          submitLabel="Create exercise"
          busy={create.isPending}
          onSubmit={async (body) => {
            const made = await create.mutateAsync(body);
            setAdding(false);
            setNotice(`Exercise "${made.title}" added.`);
            focusLater({ id: editButtonId("exercise", made.id) });
          }}
          onCancel={() => setAdding(false)}
        />
      )}
      <h3 id={listHeading} tabIndex={-1} className="font-semibold text-slate-900 focus:outline-none">
        Library
      </h3>
      <div className="grid gap-3 md:grid-cols-[2fr_1fr_1fr]">
        <div>
          <label htmlFor={searchId} className="mb-1 block text-sm font-medium text-slate-700">
            Search exercises
          </label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-2.5 left-3 size-4 text-slate-400"
              aria-hidden
            />
            <input
              id={searchId}
              ref={search}
              type="search"
              value={filter.query}
              onChange={(e) => setFilter({ ...filter, query: e.target.value })}
              placeholder="Title, category or description"
              className="block w-full rounded-lg border border-slate-300 bg-white py-2 pr-3 pl-9 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
            />
          </div>
        </div>
        <CategoryDifficultyFields categories={categories} filter={filter} onChange={setFilter} />
      </div>
      <p role="status" className="text-xs text-slate-500">
        {shown.length} of {exercises.length} {exercises.length === 1 ? "exercise" : "exercises"}
      </p>
      {exercises.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
          No exercises yet. Add one, or import a file.
        </p>
      ) : shown.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
          <p>
            {filter.query.trim()
              ? `No exercises match “${filter.query.trim()}”${filter.category || filter.difficulty ? " with these filters" : ""}.`
              : "No exercises have this category and difficulty."}
          </p>
          <Button
            variant="secondary"
            size="sm"
            className="mt-3"
            onClick={() => {
              setFilter({ query: "", category: "", difficulty: "" });
              search.current?.focus();
            }}
          >
            {filter.query.trim() ? "Clear search" : "Clear filters"}
          </Button>
        </div>
      ) : (
        <ul className="space-y-3" aria-label="Exercises">
          {shown.map((e) => (
            <ExerciseRow
              key={e.id}
              exercise={e}
              categories={categories}
              failing={
                checked[e.id] === false || (checked[e.id] === undefined && e.solutionCheck === "failed")
              }
              onChecked={(passed) => setChecked((c) => ({ ...c, [e.id]: passed }))}
              onDeleted={() => focusLater({ id: listHeading, afterGone: editButtonId("exercise", e.id) })}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function ExerciseRow({
  exercise: e,
  categories,
  failing,
  onChecked,
  onDeleted,
}: {
  exercise: AdminExercise;
  categories: AdminCategory[];
  failing: boolean;
  onChecked: (passed: boolean) => void;
  onDeleted: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateExercise();
  const remove = useDeleteExercise();

  if (editing)
    return (
      <li>
        <ExerciseEditor
          heading={`Edit ${e.title}`}
          initial={formFromExercise(e)}
          categories={categories}
          submitLabel="Save"
          busy={update.isPending}
          onSubmit={async (body) => {
            await update.mutateAsync({ id: e.id, body });
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
          onChecked={onChecked}
        />
      </li>
    );

  return (
    <li className="flex flex-wrap items-start justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-slate-900">{e.title}</span>
          <Badge tone={DIFFICULTY_TONES[e.difficulty]}>{cap(e.difficulty)}</Badge>
          <Badge tone="purple">{e.category.name}</Badge>
          <Badge>
            {e.testCases.length} {e.testCases.length === 1 ? "test" : "tests"}
          </Badge>
          {!e.solution && <Badge tone="yellow">No solution</Badge>}
          {failing && (
            <Badge tone="red" data-testid="solution-fails">
              <AlertTriangle className="mr-1 size-3" aria-hidden />
              Solution fails its tests
            </Badge>
          )}
        </p>
        {e.description && (
          <p className="mt-1 line-clamp-2 whitespace-pre-line text-sm text-slate-600">{e.description}</p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          id={editButtonId("exercise", e.id)}
          aria-label={`Edit ${e.title}`}
          onClick={() => setEditing(true)}
        >
          <Pencil className="size-4" aria-hidden />
          Edit
        </Button>
        <a
          href={exerciseCodeRunnerUrl(e.id)}
          download
          className={buttonClass("secondary", "sm")}
          aria-label={`Export ${e.title} to CodeRunner (Moodle XML)`}
        >
          <FileDown className="size-4" aria-hidden />
          Export
        </a>
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Delete ${e.title}`}
          onClick={() => setConfirming(true)}
        >
          <Trash2 className="size-4" aria-hidden />
          Delete
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${e.title}?`}
        description={EXERCISE_MESSAGES.confirmDeleteExercise}
        confirmLabel="Delete"
        onConfirm={async () => {
          await remove.mutateAsync(e.id);
          onDeleted();
        }}
      />
    </li>
  );
}
