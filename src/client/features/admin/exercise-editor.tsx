// One exercise's form, for Add Exercise and for inline edit: every field, the code in editors,
// hints and test cases as lists that keep one row, and Check — the solution graded by the server
// against these tests before saving.
import { CheckCircle2, Plus, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { useCheckExercise } from "@/client/api/admin.ts";
import { CodeEditor } from "@/client/components/code/code-editor.tsx";
import { TestCaseEditor } from "@/client/components/test-cases/test-case-editor.tsx";
import { Alert } from "@/client/components/ui/alert.tsx";
import { Button } from "@/client/components/ui/button.tsx";
import { TextAreaField, TextField } from "@/client/components/ui/field.tsx";
import { SelectField } from "@/client/components/ui/select-field.tsx";
import { TestResults } from "@/client/features/workspace/index.ts";
import { EXERCISE_DIFFICULTIES, EXERCISE_LANGUAGES } from "@/shared/api/exercise-file.ts";
import type { AdminCategory, CreateExerciseBody } from "@/shared/api/exercises.ts";
import {
  blankHint,
  CHECK_MESSAGES,
  canCreateExercise,
  canRemoveRow,
  checkRows,
  cleanTestCases,
  type ExerciseForm,
  removeRow,
  type TestCaseErrors,
  toExerciseBody,
} from "./exercise-form.ts";

const cap = (s: string) => s[0].toUpperCase() + s.slice(1);

export function ExerciseEditor({
  heading,
  initial,
  categories,
  submitLabel,
  busy,
  onSubmit,
  onCancel,
  onChecked,
}: {
  heading: string;
  initial: ExerciseForm;
  categories: AdminCategory[];
  submitLabel: string;
  busy: boolean;
  onSubmit: (body: CreateExerciseBody) => Promise<unknown>;
  onCancel: () => void;
  /** Told whether the solution passed its tests, after each Check. */
  onChecked?: (passed: boolean) => void;
}) {
  const [form, setForm] = useState(initial);
  const saveHint = useId();
  const [error, setError] = useState<string | null>(null);
  const [testCaseErrors, setTestCaseErrors] = useState<TestCaseErrors>({});
  const check = useCheckExercise();
  const [checkNote, setCheckNote] = useState<string | null>(null);
  const set = (patch: Partial<ExerciseForm>) => setForm((f) => ({ ...f, ...patch }));

  async function save() {
    const result = toExerciseBody(form);
    setTestCaseErrors(result.ok ? {} : result.testCaseErrors);
    if (!result.ok) return setError(result.message);
    setError(null);
    try {
      await onSubmit(result.body);
    } catch (e) {
      setError((e as Error).message);
    }
  }

  async function runCheck() {
    check.reset();
    setCheckNote(null);
    const { testCases, errors } = cleanTestCases(form.testCases);
    setTestCaseErrors(errors);
    if (!form.solution.trim()) return setCheckNote(CHECK_MESSAGES.noSolution);
    if (Object.keys(errors).length)
      return setCheckNote(
        Object.values(errors)[0].description ?? Object.values(errors)[0].expectedOutput ?? null,
      );
    if (testCases.length === 0) return setCheckNote(CHECK_MESSAGES.noTests);
    try {
      const grade = await check.mutateAsync({ solution: form.solution, testCases });
      const passed = grade.total > 0 && grade.passed === grade.total;
      setCheckNote(
        passed ? CHECK_MESSAGES.passes : CHECK_MESSAGES.fails(grade.total - grade.passed, grade.total),
      );
      onChecked?.(passed);
    } catch (e) {
      setCheckNote(`Check failed: ${(e as Error).message}`);
    }
  }

  const checkedTests = check.variables?.testCases ?? [];
  return (
    <section
      aria-label={heading}
      className="space-y-4 rounded-xl border border-brand-200 bg-white p-4 md:p-6"
    >
      <h3 className="text-lg font-semibold text-slate-900">{heading}</h3>
      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          label="Title"
          value={form.title}
          onChange={(e) => set({ title: e.target.value })}
          maxLength={200}
          required
        />
        <SelectField
          label="Category"
          value={form.categoryId}
          onChange={(e) => set({ categoryId: e.target.value })}
          required
        >
          <option value="">Choose a category</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Difficulty"
          value={form.difficulty}
          onChange={(e) => set({ difficulty: e.target.value as ExerciseForm["difficulty"] })}
        >
          {EXERCISE_DIFFICULTIES.map((d) => (
            <option key={d} value={d}>
              {cap(d)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Language"
          value={form.language}
          onChange={(e) => set({ language: e.target.value as ExerciseForm["language"] })}
        >
          {EXERCISE_LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {l === "cpp" ? "C++" : cap(l)}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Estimated time"
          placeholder="e.g. 15 minutes"
          value={form.estimatedTime}
          onChange={(e) => set({ estimatedTime: e.target.value })}
          maxLength={100}
        />
      </div>
      <TextAreaField
        label="Description"
        rows={4}
        value={form.description}
        onChange={(e) => set({ description: e.target.value })}
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <div>
          <p className="mb-1 text-sm font-medium text-slate-700" aria-hidden>
            Starter code
          </p>
          <CodeEditor
            label="Starter code"
            value={form.starterCode}
            onChange={(starterCode) => set({ starterCode })}
          />
        </div>
        <div>
          <p className="mb-1 text-sm font-medium text-slate-700" aria-hidden>
            Solution
          </p>
          <CodeEditor
            label="Solution"
            value={form.solution}
            onChange={(solution) => set({ solution })}
            onRun={runCheck}
          />
        </div>
      </div>
      <HintsEditor hints={form.hints} onChange={(hints) => set({ hints })} />
      <TestCaseEditor
        rows={form.testCases}
        onChange={(testCases) => set({ testCases })}
        errors={testCaseErrors}
        hiddenOption={false}
        solutionDrawingOption
        inputLabel="Input lines (one per line)"
      />
      <div className="space-y-3 rounded-lg border border-slate-200 p-4">
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="secondary" onClick={runCheck} busy={check.isPending}>
            <CheckCircle2 className="size-4" aria-hidden />
            {check.isPending ? "Checking..." : "Check"}
          </Button>
          <p className="text-sm text-slate-600">
            Runs the solution against these test cases on the server. Nothing is saved.
          </p>
        </div>
        <div role="status" aria-live="polite">
          {checkNote && <p className="text-sm font-medium text-slate-800">{checkNote}</p>}
        </div>
        {check.data && <TestResults results={checkRows(checkedTests, check.data)} showSource={false} />}
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button
          onClick={save}
          busy={busy}
          disabled={!canCreateExercise(form)}
          aria-describedby={canCreateExercise(form) ? undefined : saveHint}
        >
          {submitLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        {!canCreateExercise(form) && (
          <p id={saveHint} className="self-center text-xs text-slate-600">
            {submitLabel}: enter a title and choose a category first.
          </p>
        )}
      </div>
    </section>
  );
}

function HintsEditor({
  hints,
  onChange,
}: {
  hints: ExerciseForm["hints"];
  onChange: (h: ExerciseForm["hints"]) => void;
}) {
  const removable = canRemoveRow(hints);
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-slate-700">Hints</legend>
      <p className="mb-2 text-xs text-slate-500">
        Shown one at a time in the workspace. Empty hints are not saved.
      </p>
      <ol className="space-y-2">
        {hints.map((h, i) => (
          <li key={h.key} className="flex items-end gap-2">
            <TextField
              className="flex-1"
              label={`Hint ${i + 1}`}
              value={h.text}
              onChange={(e) =>
                onChange(hints.map((x) => (x.key === h.key ? { ...x, text: e.target.value } : x)))
              }
            />
            {removable && (
              <Button
                variant="ghost"
                size="md"
                aria-label={`Remove hint ${i + 1}`}
                onClick={() => onChange(removeRow(hints, h.key))}
              >
                <Trash2 className="size-4" aria-hidden />
              </Button>
            )}
          </li>
        ))}
      </ol>
      <Button
        variant="secondary"
        size="sm"
        className="mt-2"
        onClick={() => onChange([...hints, blankHint()])}
      >
        <Plus className="size-4" aria-hidden />
        Add Hint
      </Button>
    </fieldset>
  );
}
