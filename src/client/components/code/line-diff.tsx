// Expected output against the student's, line by line: the one diff view of every workspace.
import { diffLines } from "@/shared/grading/diff.ts";

export function LineDiff({ expected, actual }: { expected: string; actual: string }) {
  return (
    <div>
      <h5 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Differences</h5>
      <pre
        className="mt-1 max-h-48 overflow-auto rounded border border-slate-200 font-mono text-sm"
        data-testid="line-diff"
      >
        {diffLines(expected, actual).map((l, i) => (
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
      <p className="mt-1 text-xs text-slate-500">
        Green lines (+) were expected; red lines (−) are what your program printed instead.
      </p>
    </div>
  );
}
