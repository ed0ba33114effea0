// The code at two points of a replay, line by line: what went and what came between them (the
// project's one LCS line diff, shared/grading/diff.ts, through codeDiff). The first
// DIFF_LINE_LIMIT lines of each side are compared, so a huge program stays quick.

import { codeDiff } from "@/shared/domain/replay.ts";
import { DIFF_LINE_LIMIT, headLines } from "@/shared/grading/diff.ts";

export function CodeDiff({ before, after, label }: { before: string; after: string; label: string }) {
  const a = headLines(before, DIFF_LINE_LIMIT);
  const b = headLines(after, DIFF_LINE_LIMIT);
  const lines = codeDiff(a.head, b.head);
  const added = lines.filter((l) => l.kind === "added").length;
  const removed = lines.filter((l) => l.kind === "removed").length;
  return (
    <div>
      <p className="text-sm text-slate-700" data-testid="replay-diff-summary">
        {added + removed === 0
          ? "No lines changed between these two points."
          : `${added} ${added === 1 ? "line" : "lines"} added, ${removed} removed.`}
      </p>
      <section
        aria-label={label}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable
        tabIndex={0}
        className="relative mt-2 max-h-96 overflow-auto rounded border border-slate-200"
      >
        <pre className="font-mono text-sm" data-testid="replay-diff">
          {lines.map((l, i) => (
            <div
              key={i}
              className={
                l.kind === "added"
                  ? "bg-green-50 text-green-900"
                  : l.kind === "removed"
                    ? "bg-red-50 text-red-900"
                    : "text-slate-700"
              }
            >
              <span aria-hidden className="inline-block w-5 pl-1 select-none">
                {l.kind === "added" ? "+" : l.kind === "removed" ? "−" : " "}
              </span>
              <span className="sr-only">
                {l.kind === "added" ? "added: " : l.kind === "removed" ? "removed: " : ""}
              </span>
              {l.text || " "}
            </div>
          ))}
        </pre>
      </section>
      {(a.total > DIFF_LINE_LIMIT || b.total > DIFF_LINE_LIMIT) && (
        <p className="mt-1 text-xs text-slate-600">
          Only the first {DIFF_LINE_LIMIT} lines of each are compared.
        </p>
      )}
      <p className="mt-1 text-xs text-slate-600">
        Green lines (+) were added after the earlier point; red lines (−) were there and went.
      </p>
    </div>
  );
}
