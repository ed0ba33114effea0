// A Test Cases list editor: one fieldset per case (description, input, expected output, hidden),
// add, and remove while more than one remains. Used by the assignment form; any editor of test
// cases can use it with the rows of test-case-rows.ts.
import { Plus, Trash2 } from "lucide-react";
import { useId } from "react";
import { Button } from "@/client/components/ui/button.tsx";
import { FieldError, TextField } from "@/client/components/ui/field.tsx";
import {
  addTestCase,
  canRemoveTestCase,
  removeTestCase,
  type TestCaseRow,
  updateTestCase,
} from "./test-case-rows.ts";

const codeArea =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-sm text-slate-900 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-invalid:border-red-600 aria-invalid:ring-1 aria-invalid:ring-red-600";

/** Errors shown at a row's fields (by row key), e.g. a half-filled test case. */
export type TestCaseFieldErrors = Record<
  string,
  { description?: string; expectedOutput?: string; drawingModel?: string }
>;

export function TestCaseEditor({
  rows,
  onChange,
  disabled = false,
  errors = {},
  hiddenOption = true,
  drawingOption = false,
  solutionDrawingOption = false,
  inputLabel = "Input",
}: {
  rows: TestCaseRow[];
  onChange: (rows: TestCaseRow[]) => void;
  disabled?: boolean;
  errors?: TestCaseFieldErrors;
  /** The "Hidden from students" box (assignments have hidden tests; exercises don't). */
  hiddenOption?: boolean;
  /** The "Compare the drawing" box and its model answer (assignments' turtle drawing tests). */
  drawingOption?: boolean;
  /** "Compare the drawing" with the solution as the model (library exercises, decision 077). */
  solutionDrawingOption?: boolean;
  inputLabel?: string;
}) {
  const removable = canRemoveTestCase(rows);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <div className="mb-2 flex items-center justify-between gap-3">
        <h3 id={headingId} className="text-sm font-medium text-slate-700">
          Test Cases
        </h3>
        <span className="text-xs text-slate-500">
          {rows.length} {rows.length === 1 ? "test case" : "test cases"}
        </span>
      </div>
      <p className="mb-3 text-xs text-slate-500">
        Input is what the program reads, one line per input() answer. Expected output is what it prints:
        either as the screen shows it (questions and answers included) or just the printed lines. Every test
        case needs a description and an expected output; a completely empty row is not saved.
      </p>
      <ol className="space-y-3">
        {rows.map((row, i) => (
          <li key={row.key}>
            <TestCaseFields
              number={i + 1}
              row={row}
              disabled={disabled}
              errors={errors[row.key]}
              hiddenOption={hiddenOption}
              drawingOption={drawingOption}
              solutionDrawingOption={solutionDrawingOption}
              inputLabel={inputLabel}
              onChange={(patch) => onChange(updateTestCase(rows, row.key, patch))}
              onRemove={removable ? () => onChange(removeTestCase(rows, row.key)) : undefined}
            />
          </li>
        ))}
      </ol>
      <Button
        variant="secondary"
        size="sm"
        className="mt-3"
        onClick={() => onChange(addTestCase(rows))}
        disabled={disabled}
      >
        <Plus className="size-4" aria-hidden />
        Add Test Case
      </Button>
    </section>
  );
}

function TestCaseFields({
  number,
  row,
  disabled,
  errors,
  hiddenOption,
  drawingOption,
  solutionDrawingOption,
  inputLabel,
  onChange,
  onRemove,
}: {
  number: number;
  row: TestCaseRow;
  disabled: boolean;
  errors?: TestCaseFieldErrors[string];
  hiddenOption: boolean;
  drawingOption: boolean;
  solutionDrawingOption: boolean;
  inputLabel: string;
  onChange: (patch: Partial<Omit<TestCaseRow, "key" | "id">>) => void;
  onRemove?: () => void;
}) {
  const id = useId();
  return (
    <fieldset className="relative rounded-lg border border-slate-200 bg-slate-50 p-4" disabled={disabled}>
      <legend className="float-left mb-3 h-8 text-sm leading-8 font-semibold text-slate-800">
        Test case {number}
      </legend>
      {onRemove && (
        <Button
          variant="ghost"
          size="sm"
          className="absolute top-3 right-3"
          onClick={onRemove}
          aria-label={`Remove test case ${number}`}
        >
          <Trash2 className="size-4" aria-hidden />
          Remove
        </Button>
      )}
      <div className="clear-both space-y-3">
        <TextField
          label="Description"
          value={row.description}
          onChange={(e) => onChange({ description: e.target.value })}
          placeholder="e.g. Greets Alex"
          maxLength={500}
          error={errors?.description}
        />
        <div className="grid gap-3 md:grid-cols-2">
          <div>
            <label htmlFor={`${id}-input`} className="mb-1 block text-sm font-medium text-slate-700">
              {inputLabel}
            </label>
            <textarea
              id={`${id}-input`}
              className={codeArea}
              rows={3}
              value={row.input}
              onChange={(e) => onChange({ input: e.target.value })}
              spellCheck={false}
            />
          </div>
          <div>
            <label htmlFor={`${id}-expected`} className="mb-1 block text-sm font-medium text-slate-700">
              Expected Output
            </label>
            <textarea
              id={`${id}-expected`}
              className={codeArea}
              rows={3}
              value={row.expectedOutput}
              onChange={(e) => onChange({ expectedOutput: e.target.value })}
              spellCheck={false}
              aria-invalid={errors?.expectedOutput ? true : undefined}
              aria-describedby={errors?.expectedOutput ? `${id}-expected-error` : undefined}
            />
            <FieldError id={`${id}-expected-error`} message={errors?.expectedOutput} />
          </div>
        </div>
        {hiddenOption && (
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              className="size-4 rounded border-slate-300 accent-brand-600"
              checked={row.hidden}
              onChange={(e) => onChange({ hidden: e.target.checked })}
            />
            Hidden from students
            <span className="text-xs text-slate-500">(they see only whether it passed)</span>
          </label>
        )}
        {drawingOption && (
          <DrawingOption id={id} row={row} error={errors?.drawingModel} onChange={onChange} />
        )}
        {solutionDrawingOption && (
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              className="mt-0.5 size-4 rounded border-slate-300 accent-brand-600"
              checked={row.compareDrawing === true}
              onChange={(e) => onChange({ compareDrawing: e.target.checked })}
            />
            <span>
              Compare the drawing
              <span className="block text-xs text-slate-500">
                The solution's turtle drawing with this input is recorded when you save: a student's lines and
                filled shapes must match it too.
              </span>
            </span>
          </label>
        )}
      </div>
    </fieldset>
  );
}

/**
 * "Compare the drawing" (decision 064): the model answer runs on the server when the assignment
 * is saved, and its turtle drawing is what a program must draw (as well as print the output).
 */
function DrawingOption({
  id,
  row,
  error,
  onChange,
}: {
  id: string;
  row: TestCaseRow;
  error?: string;
  onChange: (patch: Partial<Omit<TestCaseRow, "key" | "id">>) => void;
}) {
  const on = row.drawingModel !== undefined && row.drawingModel !== null;
  return (
    <div className="space-y-2">
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          className="size-4 rounded border-slate-300 accent-brand-600"
          checked={on}
          onChange={(e) => onChange({ drawingModel: e.target.checked ? (row.drawingModel ?? "") : null })}
        />
        Compare the drawing
        <span className="text-xs text-slate-500">
          (turtle programs: lines and filled shapes must match a model's)
        </span>
      </label>
      {on && (
        <div>
          <label htmlFor={`${id}-model`} className="mb-1 block text-sm font-medium text-slate-700">
            Model answer
          </label>
          <p id={`${id}-model-help`} className="mb-1 text-xs text-slate-500">
            A program that draws the right picture. PyClass runs it with this test's input when you save and
            keeps its drawing: a student's lines and filled shapes must match it to within half a pixel, in
            any order. Leave the expected output empty to use what the model answer prints. Students never see
            the model answer.
          </p>
          <textarea
            id={`${id}-model`}
            className={codeArea}
            rows={6}
            value={row.drawingModel ?? ""}
            onChange={(e) => onChange({ drawingModel: e.target.value })}
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-model-help ${id}-model-error` : `${id}-model-help`}
          />
          <FieldError id={`${id}-model-error`} message={error} />
        </div>
      )}
    </div>
  );
}
