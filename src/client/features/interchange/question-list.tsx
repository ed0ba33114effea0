// A CodeRunner preview's questions: each with a tick box (disabled when it can't be imported, and
// saying why), what it brings, and the list of what is not carried — read before anything is saved.
import { Badge } from "@/client/components/ui/badge.tsx";
import type { PreviewQuestion } from "@/shared/api/interchange.ts";
import { NotCarried } from "./import-steps.tsx";
import { testsSummary } from "./read-file.ts";

export function QuestionList({
  questions,
  chosen,
  onToggle,
  disabled,
}: {
  questions: PreviewQuestion[];
  chosen: number[];
  onToggle: (n: number, on: boolean) => void;
  disabled: boolean;
}) {
  return (
    <ul className="space-y-3" aria-label="Questions in the file">
      {questions.map((q) => {
        const id = `question-${q.number}`;
        return (
          <li
            key={q.number}
            className="rounded-lg border border-slate-200 p-3"
            data-testid="import-question"
            aria-labelledby={`${id}-name`}
          >
            <div className="flex items-start gap-3">
              <input
                id={id}
                type="checkbox"
                className="mt-1 size-4 shrink-0 accent-brand-600"
                checked={chosen.includes(q.number)}
                disabled={disabled || !q.importable}
                aria-describedby={`${id}-what`}
                onChange={(e) => onToggle(q.number, e.target.checked)}
              />
              <div className="min-w-0 flex-1">
                <label htmlFor={id} id={`${id}-name`} className="font-medium break-words text-slate-900">
                  {q.number}. {q.name}
                </label>
                <p
                  id={`${id}-what`}
                  className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700"
                >
                  {q.importable ? (
                    <Badge tone="green">Can be imported</Badge>
                  ) : (
                    <Badge tone="red">Can't be imported</Badge>
                  )}
                  <span>{testsSummary(q.draft.testCases)}</span>
                  {q.draft.starterCode.trim() !== "" && <span>· starter code</span>}
                </p>
                {q.draft.description && (
                  <p className="mt-1 line-clamp-3 text-sm whitespace-pre-line text-slate-600">
                    {q.draft.description}
                  </p>
                )}
                {q.problems.length > 0 && (
                  <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-red-800">
                    {q.problems.map((p) => (
                      <li key={p}>{p}</li>
                    ))}
                  </ul>
                )}
                <NotCarried items={q.notCarried} testId="not-carried" className="mt-2" />
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
