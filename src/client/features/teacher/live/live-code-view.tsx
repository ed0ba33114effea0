// A student's code, read-only, line by line with numbers: the live lesson's "look over the
// shoulder" and anything that hangs something on a line (line comments pass `lineExtra` and
// `lineAction`). Lines are list items so a screen reader can move through them and hear each number.
import type { ReactNode } from "react";

export type LiveCodeViewProps = {
  code: string;
  /** Names the region ("Ida's code now"). */
  label: string;
  /** The line to mark (an error's line), 1-based. */
  markLine?: number | null;
  /** Shown under a line (e.g. the comments on it). */
  lineExtra?: (line: number) => ReactNode;
  /** A control at the end of a line (e.g. "Comment on line 3"). */
  lineAction?: (line: number) => ReactNode;
};

export function LiveCodeView({ code, label, markLine = null, lineExtra, lineAction }: LiveCodeViewProps) {
  const lines = code.split(/\r\n?|\n/);
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable
      tabIndex={0}
      className="max-h-[32rem] overflow-auto rounded-lg border border-slate-200 bg-white"
    >
      <ol className="font-mono text-sm" data-testid="live-code">
        {lines.map((text, i) => {
          const line = i + 1;
          const marked = line === markLine;
          return (
            <li key={line} className={marked ? "bg-red-50" : undefined} data-line={line}>
              <div className="flex items-start gap-2">
                <span aria-hidden className="w-10 shrink-0 pr-2 text-right text-slate-500 select-none">
                  {line}
                </span>
                <span className="sr-only">Line {line}: </span>
                <pre className="min-w-0 flex-1 whitespace-pre-wrap break-words text-slate-900">
                  {text || " "}
                </pre>
                {marked && <span className="shrink-0 pr-2 text-xs font-medium text-red-800">error here</span>}
                {lineAction?.(line)}
              </div>
              {lineExtra?.(line)}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
