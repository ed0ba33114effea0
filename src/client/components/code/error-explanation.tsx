// "What does this mean?" under a run's `Error: …` line: a disclosure with the plain-English
// explanation and a hint about the student's own line (the data: shared/domain/error-explanations.ts).
// Used by the output console and by the test results of every workspace.
import { HelpCircle } from "lucide-react";
import { Fragment, useId, useState } from "react";
import { explainError } from "@/shared/domain/error-explanations.ts";

/** Text with `code` in backticks, as the explanations write it. */
function WithCode({ text }: { text: string }) {
  return (
    <>
      {text.split("`").map((part, i) =>
        i % 2 === 1 ? (
          <code key={i} className="rounded bg-slate-100 px-1 font-mono text-[0.9em] text-slate-900">
            {part}
          </code>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

type Props = {
  /** The error line (or a whole console ending with it). Nothing shows unless it is a program's error. */
  error: string | null | undefined;
  /** The code that ran, to quote the line and find close names; without it the hint is general. */
  code?: string | null;
  /** `dark` inside the console, `light` on a white card. */
  variant?: "dark" | "light";
};

export function ErrorExplanation({ error, code, variant = "light" }: Props) {
  const [openFor, setOpenFor] = useState<string | null>(null);
  const panelId = useId();
  const explained = explainError(error, code ?? "");
  if (!explained || !error) return null;
  // A new error starts closed.
  const open = openFor === error;
  return (
    <div className="mt-2 font-sans" data-testid="error-explanation">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpenFor(open ? null : error)}
        className={`inline-flex items-center gap-1 rounded text-sm font-medium underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 ${
          variant === "dark"
            ? "text-amber-300 focus-visible:outline-amber-300"
            : "text-brand-700 focus-visible:outline-brand-700"
        }`}
      >
        <HelpCircle className="size-4" aria-hidden /> What does this mean?
      </button>
      {open && (
        <section
          id={panelId}
          aria-label="What does this mean?"
          className="mt-2 space-y-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-slate-900"
        >
          <h4 className="font-semibold text-amber-950">{explained.title}</h4>
          <p>{explained.explanation}</p>
          {explained.lineText && explained.line !== null && (
            <p>
              <span className="font-medium">Your line {explained.line}: </span>
              <code className="rounded bg-white px-1 font-mono text-slate-900 ring-1 ring-amber-200">
                {explained.lineText}
              </code>
            </p>
          )}
          {explained.hint && (
            <p>
              <span className="font-medium">Try this: </span>
              <WithCode text={explained.hint} />
            </p>
          )}
        </section>
      )}
    </div>
  );
}
