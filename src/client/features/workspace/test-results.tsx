// Test results of every workspace (assignment, playground, exercises to come): the summary, then
// pass/fail per case; a failed visible case expands to its input, the output and the expected
// output with a line diff, "What does this mean?" when the program stopped with an error, and the
// tips box "Why did this test fail?" always. Hidden cases the browser did not run say so.
import { ChevronDown, EyeOff, Lightbulb } from "lucide-react";
import { useState } from "react";
import { ClippedText } from "@/client/components/code/clipped-text.tsx";
import { DrawingPictures } from "@/client/components/code/drawing-pictures.tsx";
import { ErrorExplanation } from "@/client/components/code/error-explanation.tsx";
import { LineDiff } from "@/client/components/code/line-diff.tsx";
import { Badge } from "@/client/components/ui/badge.tsx";
import { explainError } from "@/shared/domain/error-explanations.ts";
import { failureTips } from "@/shared/domain/failure-tips.ts";
import { summaryText } from "@/shared/grading/score.ts";
import type { ResultRow, ResultSet } from "./result-rows.ts";

function Block({ title, text }: { title: string; text: string }) {
  return (
    <div>
      <h5 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{title}</h5>
      <ClippedText text={text} label={title} />
    </div>
  );
}

function Row({ row, defaultOpen, code }: { row: ResultRow; defaultOpen: boolean; code?: string }) {
  const [open, setOpen] = useState(defaultOpen);
  const [tipsOpen, setTipsOpen] = useState(false);
  const expandable = row.passed === false && !row.hidden;
  const status =
    row.passed === null ? (
      <Badge tone="slate">Checked when you submit</Badge>
    ) : (
      <Badge tone={row.passed ? "green" : "red"}>{row.passed ? "Passed" : "Failed"}</Badge>
    );
  return (
    <li className="rounded-lg border border-slate-200 bg-white">
      <button
        type="button"
        disabled={!expandable}
        onClick={() => setOpen(!open)}
        aria-expanded={expandable ? open : undefined}
        className="flex w-full items-center gap-2 px-3 py-2 text-left text-sm disabled:cursor-default"
      >
        {row.hidden && <EyeOff className="size-4 text-slate-500" aria-label="Hidden test" />}
        <span className="min-w-0 flex-1 truncate font-medium">{row.label}</span>
        {status}
        {expandable && (
          <ChevronDown className={`size-4 transition ${open ? "rotate-180" : ""}`} aria-hidden />
        )}
      </button>
      {expandable && open && (
        <div className="space-y-3 border-t border-slate-100 p-3">
          {row.input !== null && <Block title="Test input" text={row.input} />}
          <Block title="Your output" text={row.output ?? ""} />
          <Block title="Expected output" text={row.expected ?? ""} />
          {row.expected !== null && <LineDiff expected={row.expected} actual={row.output ?? ""} />}
          {row.drawing && (
            <DrawingPictures
              expected={row.drawing.expected}
              yours={row.drawing.yours}
              summary={row.drawing.summary}
            />
          )}
          {/* The error's own explanation, when there is one, and the spec's tips box: both (issue 19 #15). */}
          {explainError(row.error) && <ErrorExplanation error={row.error} code={code} />}
          <button
            type="button"
            onClick={() => setTipsOpen(!tipsOpen)}
            aria-expanded={tipsOpen}
            className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
          >
            <Lightbulb className="size-4" aria-hidden /> Why did this test fail?
          </button>
          {tipsOpen && (
            <ul
              className="space-y-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm"
              aria-label="Why did this test fail?"
            >
              {failureTips({
                expected: row.expected ?? "",
                actual: row.output ?? "",
                error: row.error,
              }).map((t) => (
                <li key={t.id}>
                  <strong className="block text-amber-900">{t.title}</strong>
                  <span className="text-amber-900">{t.text}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </li>
  );
}

const SOURCE_NOTES = {
  server: "(checked by PyClass when you submitted)",
  browser: "(checked in your browser)",
};

export function TestResults({
  results,
  showSource = true,
  openFailures = false,
}: {
  results: ResultSet | null;
  /** Say whether the browser or the server checked (the playground has only the browser). */
  showSource?: boolean;
  /** Show failed cases opened (the playground, where failures are the point). */
  openFailures?: boolean;
}) {
  if (!results) return <p className="text-sm text-slate-500">No test results yet</p>;
  const { unchecked } = results;
  return (
    <div className="space-y-3">
      <p className="text-sm font-medium">
        <span data-testid="test-summary">{summaryText(results.passed, results.total)}</span>
        {showSource && (
          <span className="ml-2 font-normal text-slate-500">{SOURCE_NOTES[results.source]}</span>
        )}
      </p>
      {unchecked > 0 && (
        <p className="text-xs text-slate-500">
          {unchecked} hidden {unchecked === 1 ? "test is" : "tests are"} checked only when you submit.
        </p>
      )}
      <ol className="space-y-2">
        {results.rows.map((row) => (
          <Row
            key={row.key}
            row={row}
            defaultOpen={openFailures && row.passed === false}
            code={results.code}
          />
        ))}
      </ol>
    </div>
  );
}
