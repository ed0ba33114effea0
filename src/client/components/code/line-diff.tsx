// Expected output against the student's, line by line: the one diff view of every workspace.
// Only the first DIFF_LINE_LIMIT lines of each side are compared, so a huge output stays quick.
import { lineCount } from "@/shared/domain/failure-tips.ts";
import { DIFF_LINE_LIMIT, diffLines, headLines } from "@/shared/grading/diff.ts";

export function LineDiff({ expected, actual }: { expected: string; actual: string }) {
  const want = headLines(expected, DIFF_LINE_LIMIT);
  const got = headLines(actual, DIFF_LINE_LIMIT);
  const clipped = want.total > DIFF_LINE_LIMIT || got.total > DIFF_LINE_LIMIT;
  return (
    <div>
      <h5 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Differences</h5>
      {/* relative: the screen-reader labels (sr-only, absolutely placed) stay inside the box. */}
      <section
        aria-label="Differences"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable
        tabIndex={0}
        className="relative mt-1 max-h-48 overflow-auto rounded border border-slate-200"
      >
        <pre className="font-mono text-sm" data-testid="line-diff">
          {diffLines(want.head, got.head).map((l, i) => (
            <div
              key={i}
              className={
                l.kind === "expected"
                  ? "bg-green-50 text-green-900"
                  : l.kind === "actual"
                    ? "bg-red-50 text-red-900"
                    : "text-slate-600"
              }
            >
              <span aria-hidden className="inline-block w-5 pl-1 select-none">
                {l.kind === "expected" ? "+" : l.kind === "actual" ? "−" : " "}
              </span>
              <span className="sr-only">
                {l.kind === "expected" ? "expected: " : l.kind === "actual" ? "yours: " : ""}
              </span>
              {l.text || " "}
            </div>
          ))}
        </pre>
      </section>
      {clipped && (
        <p className="mt-1 text-xs text-slate-600">
          Only the first {lineCount(DIFF_LINE_LIMIT)} of each output are compared.
        </p>
      )}
      <p className="mt-1 text-xs text-slate-600">
        Green lines (+) were expected; red lines (−) are what your program printed instead.
      </p>
    </div>
  );
}
