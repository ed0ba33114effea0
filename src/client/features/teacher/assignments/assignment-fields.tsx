// The fields of an assignment, shared by the create form and edit mode. In edit mode the class
// cannot change and the language stays Python.

import { CodeEditor } from "@/client/components/code/code-editor.tsx";
import { TestCaseEditor } from "@/client/components/test-cases/test-case-editor.tsx";
import { TextAreaField, TextField } from "@/client/components/ui/field.tsx";
import { SelectField } from "@/client/components/ui/select-field.tsx";
import { LANGUAGE_OPTIONS } from "@/client/features/teacher/languages.ts";
import type { ClassSummary } from "@/shared/api/classes.ts";
import type { AssignmentFieldErrors, AssignmentForm } from "./assignment-form.ts";

type Props = {
  form: AssignmentForm;
  onChange: (form: AssignmentForm) => void;
  disabled?: boolean;
  /** Shown beside their fields after a refused save. */
  errors?: AssignmentFieldErrors;
} & ({ mode: "create"; classes: ClassSummary[] } | { mode: "edit"; className: string });

export function AssignmentFields(props: Props) {
  const { form, onChange, disabled = false, errors } = props;
  const set = <K extends keyof AssignmentForm>(key: K, value: AssignmentForm[K]) =>
    onChange({ ...form, [key]: value });

  return (
    <div className="space-y-4">
      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          label="Assignment Title"
          value={form.name}
          onChange={(e) => set("name", e.target.value)}
          required
          maxLength={200}
          disabled={disabled}
          error={errors?.name}
          autoFocus={props.mode === "create"}
        />
        {props.mode === "create" ? (
          <SelectField
            label="Class"
            value={form.classId}
            onChange={(e) => set("classId", e.target.value)}
            required
            error={errors?.classId}
            disabled={disabled || props.classes.length === 0}
          >
            <option value="">Choose a class</option>
            {props.classes.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </SelectField>
        ) : (
          <SelectField label="Class" value="locked" disabled hint="An assignment stays with its class.">
            <option value="locked">{props.className}</option>
          </SelectField>
        )}
      </div>
      <TextAreaField
        label="Description"
        value={form.description}
        onChange={(e) => set("description", e.target.value)}
        rows={4}
        disabled={disabled}
        placeholder="What should the program do? Students read this above their editor."
      />
      <div className="grid gap-4 md:grid-cols-2">
        <SelectField
          label="Programming Language"
          value="python"
          onChange={() => {}}
          disabled={props.mode === "edit" || disabled}
          hint={
            props.mode === "edit" ? "The language is locked to Python." : "Only Python is available for now."
          }
        >
          {LANGUAGE_OPTIONS.map((l) => (
            <option key={l.value} value={l.value} disabled={!l.available}>
              {l.label}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Due Date"
          type="date"
          value={form.dueDate}
          onChange={(e) => set("dueDate", e.target.value)}
          disabled={disabled}
          hint="Optional. Due by the end of that day."
        />
      </div>
      {/* The code editor, so Tab indents Python (Esc then Tab leaves it). */}
      <div>
        <p className="mb-1 text-sm font-medium text-slate-700" aria-hidden>
          Starter Code
        </p>
        <CodeEditor
          label="Starter Code"
          value={form.starterCode}
          onChange={(code) => set("starterCode", code)}
        />
      </div>
      <TestCaseEditor
        drawingOption
        rows={form.testCases}
        onChange={(rows) => set("testCases", rows)}
        disabled={disabled}
        errors={errors?.testCases}
      />
    </div>
  );
}
