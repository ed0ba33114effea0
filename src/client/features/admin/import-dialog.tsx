// 'Import Exercises': pick a JSON file; its outer shape is checked here, each exercise by the
// server; the spec 02 §8 texts say how it went, with the exercises that failed listed by title.
import { Upload } from "lucide-react";
import { useId, useState } from "react";
import { useAdminCategories, useImportExercises } from "@/client/api/admin.ts";
import { Alert } from "@/client/components/ui/alert.tsx";
import { Button } from "@/client/components/ui/button.tsx";
import { Dialog } from "@/client/components/ui/dialog.tsx";
import { FileField } from "@/client/components/ui/file-field.tsx";
import { IMPORT_LIMITS, IMPORT_MESSAGES } from "@/shared/api/exercise-file.ts";
import {
  type ImportOutcome,
  importFailure,
  importFileTooLarge,
  importOutcome,
  parseImportFile,
} from "./import-file.ts";

export function ImportDialog() {
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const run = useImportExercises();
  const categories = useAdminCategories();
  const id = useId();

  function reset() {
    setFile(null);
    setOutcome(null);
    run.reset();
  }

  async function start() {
    setOutcome(null);
    if (!file) return setOutcome({ tone: "error", message: IMPORT_MESSAGES.noFile, errors: [] });
    const tooLarge = importFileTooLarge(file.size);
    if (tooLarge) return setOutcome({ tone: "error", message: tooLarge, errors: [] });
    const parsed = parseImportFile(await file.text());
    if (!parsed.ok) return setOutcome({ tone: "error", message: parsed.message, errors: [] });
    try {
      setOutcome(importOutcome(await run.mutateAsync(parsed.file)));
    } catch (e) {
      setOutcome(importFailure((e as Error).message));
    }
  }

  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          reset();
          setOpen(true);
        }}
      >
        <Upload className="size-4" aria-hidden />
        Import Exercises
      </Button>
      <Dialog
        open={open}
        onOpenChange={(o) => !run.isPending && setOpen(o)}
        title="Import Exercises"
        dirty={file !== null && outcome === null}
        description={`A JSON file with an "exercises" array (at most ${IMPORT_LIMITS.exercises.toLocaleString("en-GB")} exercises, ${IMPORT_LIMITS.fileBytes / 1024 / 1024} MB). Each exercise needs a "title", a "description" and a "category" (the category's name, as listed below); the rest is optional, and each field fits the exercise form's limits.`}
      >
        <div className="space-y-4">
          <div className="text-sm text-slate-700">
            <pre className="whitespace-pre-wrap break-words rounded-lg bg-slate-100 p-2 text-xs text-slate-800">
              {'{ "exercises": [{ "title": "…", "description": "…", "category": "Selection" }] }'}
            </pre>
            <p className="mt-2 font-medium" id={`${id}-categories`}>
              Category names
            </p>
            {categories.data && categories.data.length > 0 ? (
              <ul aria-labelledby={`${id}-categories`} className="mt-1 flex flex-wrap gap-1">
                {categories.data.map((c) => (
                  <li key={c.id} className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-800">
                    {c.name}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-1 text-xs text-slate-600">
                {categories.isPending ? "Loading categories..." : "No categories yet: create one first."}
              </p>
            )}
          </div>
          <FileField
            label="Exercise file (.json)"
            accept="application/json,.json"
            onFile={(chosen) => {
              setOutcome(null);
              setFile(chosen);
            }}
          />
          <div aria-live="polite">
            {run.isPending && (
              <p role="status" className="text-sm font-medium text-slate-700">
                {IMPORT_MESSAGES.importing}
              </p>
            )}
            {outcome && (
              <Alert tone={outcome.tone}>
                <p data-testid="import-message">{outcome.message}</p>
                {outcome.errors.length > 0 && (
                  <ul className="mt-2 list-disc space-y-1 pl-5" aria-label="Exercises not imported">
                    {outcome.errors.map((e, i) => (
                      <li key={`${e.title}-${i}`}>
                        <span className="font-medium">{e.title || "(untitled)"}</span>: {e.message}
                      </li>
                    ))}
                  </ul>
                )}
              </Alert>
            )}
          </div>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={run.isPending}>
              Close
            </Button>
            <Button onClick={start} busy={run.isPending}>
              Import
            </Button>
          </div>
        </div>
      </Dialog>
    </>
  );
}
