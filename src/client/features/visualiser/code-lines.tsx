// A read-only copy of the code the visualiser ran, with the step's line marked (an arrow and
// words, not colour alone) and kept in view inside its own scroll box.
import { ArrowRight } from "lucide-react";
import { useLayoutEffect, useRef } from "react";
import type { StepEvent } from "@/shared/domain/visualiser.ts";

const MARK: Record<StepEvent, { words: string; className: string }> = {
  line: { words: "about to run", className: "bg-amber-100" },
  return: { words: "returning", className: "bg-sky-100" },
  exception: { words: "error here", className: "bg-red-100" },
  end: { words: "finished", className: "bg-green-100" },
};

export function CodeLines({ code, line, event }: { code: string; line: number; event: StepEvent }) {
  const box = useRef<HTMLElement>(null);
  const lines = code.replace(/\r\n?/g, "\n").split("\n");
  if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  const mark = MARK[event];

  // Scroll the box itself (not the page) so the marked line shows.
  useLayoutEffect(() => {
    const container = box.current;
    const current = container?.querySelector<HTMLElement>("[aria-current]");
    if (!container || !current) return;
    const top = current.offsetTop - container.offsetTop;
    if (
      top < container.scrollTop ||
      top + current.offsetHeight > container.scrollTop + container.clientHeight
    )
      container.scrollTop = Math.max(0, top - container.clientHeight / 3);
  }, [line]);

  return (
    <section
      ref={box}
      className="max-h-80 overflow-auto rounded-lg border border-slate-300 bg-white font-mono text-sm focus-visible:outline-2 focus-visible:outline-brand-600"
      data-testid="visualiser-code"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable
      tabIndex={0}
      aria-label="Your code, line by line"
      data-scrolls
    >
      <ol>
        {lines.map((text, i) => {
          const current = i + 1 === line;
          return (
            <li
              key={i}
              aria-current={current ? "step" : undefined}
              data-line={i + 1}
              className={`flex min-w-max gap-2 px-2 ${current ? mark.className : ""}`}
            >
              <span className="w-5 shrink-0 text-brand-700" aria-hidden>
                {current && <ArrowRight className="mt-0.5 size-4" />}
              </span>
              <span className="w-7 shrink-0 select-none text-right text-slate-600">{i + 1}</span>
              <span className="whitespace-pre">{text || " "}</span>
              {current && <span className="sr-only"> ({mark.words})</span>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
