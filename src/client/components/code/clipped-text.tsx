// A long program output shown in a bounded scroll box: the first lines, then "Show more". A test
// that printed 100,000 lines must expand at once, not freeze the tab building one huge text.
import { useState } from "react";
import { lineCount } from "@/shared/domain/failure-tips.ts";
import { headLines } from "@/shared/grading/diff.ts";

export const FIRST_LINES = 200;
const MORE_LINES = 1_000;

export function ClippedText({ text, label }: { text: string; label: string }) {
  const [limit, setLimit] = useState(FIRST_LINES);
  const { head, total } = headLines(text, limit);
  const rest = total - limit;
  return (
    <div>
      {/* A scroll box a keyboard can reach and scroll; `relative` keeps its contents inside it. */}
      <section
        aria-label={label}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable
        tabIndex={0}
        className="relative mt-1 max-h-48 overflow-auto rounded bg-slate-50 p-2"
      >
        <pre className="font-mono text-sm whitespace-pre-wrap">{head || " "}</pre>
      </section>
      {rest > 0 && (
        <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600">
          Showing the first {lineCount(limit)} of {lineCount(total)}.
          <button
            type="button"
            onClick={() => setLimit((n) => n + MORE_LINES)}
            className="font-medium text-brand-700 hover:underline"
          >
            Show more ({lineCount(Math.min(MORE_LINES, rest))})
          </button>
        </p>
      )}
    </div>
  );
}
