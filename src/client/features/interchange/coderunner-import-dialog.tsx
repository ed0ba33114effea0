// 'Import from CodeRunner': a Moodle XML question bank → a preview of every question (what comes
// in, what is not carried, what can't be imported) → the teacher picks questions and a class (the
// admin a category and difficulty) and confirms. Nothing is saved before the confirm, and then the
// server reads the file again and saves all the chosen questions or none (decision 065).
import { FileUp } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { useAdminCategories } from "@/client/api/admin.ts";
import { useClasses } from "@/client/api/classes.ts";
import {
  useImportCodeRunnerAssignments,
  useImportCodeRunnerExercises,
  usePreviewCodeRunner,
} from "@/client/api/interchange.ts";
import { Alert } from "@/client/components/ui/alert.tsx";
import { Button } from "@/client/components/ui/button.tsx";
import { Dialog } from "@/client/components/ui/dialog.tsx";
import { SelectField } from "@/client/components/ui/select-field.tsx";
import { EXERCISE_DIFFICULTIES, type ExerciseDifficulty } from "@/shared/api/exercise-file.ts";
import {
  type CodeRunnerPreview,
  type ImportCreated,
  type ImportTarget,
  INTERCHANGE_LIMITS,
} from "@/shared/api/interchange.ts";
import { ImportFileStep, ImportStatus } from "./import-steps.tsx";
import { QuestionList } from "./question-list.tsx";
import { importableNumbers, importLabel } from "./read-file.ts";
import { useImportFile } from "./use-import-file.ts";

type Done = { kind: "done"; created: ImportCreated["created"]; where: string };

const MB = INTERCHANGE_LIMITS.fileBytes / 1024 / 1024;
const HELP: Record<ImportTarget, string> = {
  assignment: `A Moodle XML export of CodeRunner questions (at most ${MB} MB, ${INTERCHANGE_LIMITS.questions} questions). Each question you choose becomes an assignment of one of your classes. You see what each brings, and what is not carried, before anything is saved.`,
  exercise: `A Moodle XML export of CodeRunner questions (at most ${MB} MB, ${INTERCHANGE_LIMITS.questions} questions). Each question you choose becomes a library exercise, with its model answer. You see what each brings, and what is not carried, before anything is saved.`,
};

export function CodeRunnerImportDialog({ target }: { target: ImportTarget }) {
  const [chosen, setChosen] = useState<number[]>([]);
  const [classId, setClassId] = useState("");
  const [categoryId, setCategoryId] = useState("");
  const [difficulty, setDifficulty] = useState<ExerciseDifficulty>("easy");
  const preview = usePreviewCodeRunner();
  const toClass = useImportCodeRunnerAssignments();
  const toLibrary = useImportCodeRunnerExercises();
  const dialog = useImportFile<CodeRunnerPreview, Done>(
    (file) => preview.mutateAsync({ file, target }),
    (result) => setChosen(importableNumbers(result.questions)),
  );
  const { step, setStep } = dialog;
  const saving = toClass.isPending || toLibrary.isPending;
  const busy = preview.isPending || saving;

  return (
    <>
      <Button variant="secondary" onClick={dialog.start}>
        <FileUp className="size-4" aria-hidden />
        Import from CodeRunner
      </Button>
      <Dialog
        open={dialog.open}
        onOpenChange={(o) => !busy && dialog.setOpen(o)}
        title="Import from CodeRunner"
        description={HELP[target]}
        wide
        dirty={step.kind === "preview"}
      >
        {step.kind === "file" && (
          <ImportFileStep
            dialog={dialog}
            label="Moodle XML file (.xml)"
            accept=".xml,application/xml,text/xml"
            hint="In Moodle: Question bank → Export → Moodle XML format."
            reading={preview.isPending}
            busy={busy}
          />
        )}

        {step.kind === "preview" && (
          <PreviewStep
            step={step}
            target={target}
            chosen={chosen}
            setChosen={setChosen}
            classId={classId}
            setClassId={setClassId}
            categoryId={categoryId}
            setCategoryId={setCategoryId}
            difficulty={difficulty}
            setDifficulty={setDifficulty}
            saving={saving}
            error={dialog.error}
            onBack={dialog.back}
            onConfirm={(placeId, where) =>
              dialog.attempt(async () => {
                const result =
                  target === "assignment"
                    ? await toClass.mutateAsync({ file: step.text, classId: placeId, questions: chosen })
                    : await toLibrary.mutateAsync({
                        file: step.text,
                        categoryId: placeId,
                        difficulty,
                        questions: chosen,
                      });
                setStep({ kind: "done", created: result.created, where });
              })
            }
          />
        )}

        {step.kind === "done" && (
          <div className="space-y-4">
            <Alert tone="success">
              <p data-testid="import-done">
                Imported {step.created.length} {step.created.length === 1 ? "question" : "questions"}{" "}
                {target === "assignment" ? `as assignments of ${step.where}` : `into ${step.where}`}:
              </p>
              <ul className="mt-2 list-disc space-y-1 pl-5">
                {step.created.map((c) => (
                  <li key={c.id}>
                    {target === "assignment" ? (
                      <Link className="font-medium underline" to={`/teacher/assignments/${c.id}`}>
                        {c.name}
                      </Link>
                    ) : (
                      c.name
                    )}
                  </li>
                ))}
              </ul>
            </Alert>
            <div className="flex justify-end">
              <Button onClick={() => dialog.setOpen(false)}>Close</Button>
            </div>
          </div>
        )}
      </Dialog>
    </>
  );
}

function PreviewStep({
  step,
  target,
  chosen,
  setChosen,
  classId,
  setClassId,
  categoryId,
  setCategoryId,
  difficulty,
  setDifficulty,
  saving,
  error,
  onBack,
  onConfirm,
}: {
  step: { preview: CodeRunnerPreview };
  target: ImportTarget;
  chosen: number[];
  setChosen: (n: number[]) => void;
  classId: string;
  setClassId: (id: string) => void;
  categoryId: string;
  setCategoryId: (id: string) => void;
  difficulty: ExerciseDifficulty;
  setDifficulty: (d: ExerciseDifficulty) => void;
  saving: boolean;
  error: string | null;
  onBack: () => void;
  onConfirm: (placeId: string, where: string) => void;
}) {
  const classes = useClasses();
  const categories = useAdminCategories();
  const { questions, skipped } = step.preview;
  const places =
    target === "assignment"
      ? (classes.data ?? []).map((c) => ({ id: c.id, name: c.name }))
      : (categories.data ?? []).map((c) => ({ id: c.id, name: c.name }));
  const placeId = target === "assignment" ? classId : categoryId;
  const setPlace = target === "assignment" ? setClassId : setCategoryId;
  const place = places.find((p) => p.id === placeId) ?? (places.length === 1 ? places[0] : undefined);
  const ready = chosen.length > 0 && place !== undefined;
  const why =
    chosen.length === 0
      ? "Choose at least one question to import."
      : !place
        ? target === "assignment"
          ? "Choose the class to set them for."
          : "Choose the category to add them to."
        : null;

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        {questions.length} CodeRunner {questions.length === 1 ? "question" : "questions"} in the file. Nothing
        is saved until you press Import.
      </p>
      {skipped.length > 0 && (
        <Alert tone="info">
          <p className="font-medium">Left out of the preview</p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {skipped.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
        </Alert>
      )}
      <QuestionList
        questions={questions}
        chosen={chosen}
        disabled={saving}
        onToggle={(n, on) =>
          setChosen(on ? [...chosen, n].sort((a, b) => a - b) : chosen.filter((x) => x !== n))
        }
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label={target === "assignment" ? "Set them for class" : "Add them to category"}
          value={place?.id ?? ""}
          disabled={saving}
          onChange={(e) => setPlace(e.target.value)}
        >
          <option value="">{target === "assignment" ? "Choose a class" : "Choose a category"}</option>
          {places.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </SelectField>
        {target === "exercise" && (
          <SelectField
            label="Difficulty"
            value={difficulty}
            disabled={saving}
            onChange={(e) => setDifficulty(e.target.value as ExerciseDifficulty)}
          >
            {EXERCISE_DIFFICULTIES.map((d) => (
              <option key={d} value={d}>
                {d[0].toUpperCase() + d.slice(1)}
              </option>
            ))}
          </SelectField>
        )}
      </div>
      <ImportStatus busy={saving && "Importing..."} error={error} />
      <div className="flex flex-wrap items-center justify-end gap-2">
        {why && (
          <p id="import-why" className="mr-auto text-sm text-slate-600">
            {why}
          </p>
        )}
        <Button variant="secondary" onClick={onBack} disabled={saving}>
          Back
        </Button>
        <Button
          onClick={() => {
            if (place) onConfirm(place.id, place.name);
          }}
          busy={saving}
          disabled={!ready}
          aria-describedby={why ? "import-why" : undefined}
        >
          {importLabel(chosen.length)}
        </Button>
      </div>
    </div>
  );
}
