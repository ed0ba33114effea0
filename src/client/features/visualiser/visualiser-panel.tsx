// Visualise's panel (issue 21, decision 067): steps through the last traced run — First, Back,
// Forward, Last, a slider to jump, ← and → (Home, End) anywhere in the panel — showing the line
// about to run in a copy of the code, every frame with its variables and the boxes they point
// at, the output so far and the turtle's drawing so far. Says when the run was cut short.
import { ChevronFirst, ChevronLast, ChevronLeft, ChevronRight, X } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { TurtleCanvas } from "@/client/components/code/turtle-canvas.tsx";
import { Alert } from "@/client/components/ui/alert.tsx";
import { Button } from "@/client/components/ui/button.tsx";
import type { Visualisation } from "@/client/features/workspace/index.ts";
import { MAX_TRACE_STEPS, stepSummary } from "@/shared/domain/visualiser.ts";
import { CodeLines } from "./code-lines.tsx";
import { ProgramState } from "./program-state.tsx";

export function VisualiserPanel({
  visualisation,
  currentCode,
  onClose,
}: {
  visualisation: Visualisation;
  /** The editor's code now: the panel says when it has changed since the steps were recorded. */
  currentCode: string;
  onClose: () => void;
}) {
  // A new Visualise starts again at its first step.
  return (
    <Stepper
      key={visualisation.id}
      visualisation={visualisation}
      currentCode={currentCode}
      onClose={onClose}
    />
  );
}

function Stepper({
  visualisation: v,
  currentCode,
  onClose,
}: {
  visualisation: Visualisation;
  currentCode: string;
  onClose: () => void;
}) {
  const { trace } = v;
  const [index, setIndex] = useState(0);
  // The drawing is redrawn from the start when stepping back (the canvas only adds commands).
  const [drawingRun, setDrawingRun] = useState(0);
  const scope = useId().replace(/:/g, "");
  const last = trace.count - 1;
  // Focus comes to the panel when the steps are ready: ← and → work at once, and it is announced.
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    panel.current?.focus();
  }, []);

  const go = (to: number) => {
    const next = Math.max(0, Math.min(last, to));
    if (next === index) return;
    if (trace.step(next).drawn < trace.step(index).drawn) setDrawingRun((n) => n + 1);
    setIndex(next);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const target = e.target as HTMLElement;
    // The slider, text fields and the scrolling boxes (code, output) keep theirs.
    if (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.isContentEditable) return;
    if (target.closest("[data-scrolls]")) return;
    const moves: Record<string, number> = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: last };
    if (!(e.key in moves) || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    go(moves[e.key]);
  };

  const headingId = `${scope}-heading`;
  if (trace.count === 0) {
    return (
      <section
        ref={panel}
        tabIndex={-1}
        aria-labelledby={headingId}
        className="rounded-xl border border-slate-300 bg-white p-4"
        data-testid="visualiser"
      >
        <div className="flex items-center justify-between gap-2">
          <h2 id={headingId} className="font-semibold text-lg">
            Step through your code
          </h2>
          <Button variant="secondary" size="sm" onClick={onClose}>
            <X className="size-4" aria-hidden /> Close
          </Button>
        </div>
        <p className="mt-2 text-slate-700 text-sm">
          {v.stopped
            ? "You stopped the program before it ran a line."
            : "No steps were recorded: your program did not run any lines (is there a syntax error? The output says)."}
        </p>
      </section>
    );
  }

  const step = trace.step(index);
  const summary = stepSummary(step);
  return (
    <section
      ref={panel}
      tabIndex={-1}
      aria-labelledby={headingId}
      className="@container space-y-3 rounded-xl border border-slate-300 bg-white p-3 outline-none focus-visible:ring-2 focus-visible:ring-brand-600 md:p-4"
      data-testid="visualiser"
      onKeyDown={onKeyDown}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="font-semibold text-lg">
          Step through your code
        </h2>
        <Button variant="secondary" size="sm" onClick={onClose}>
          <X className="size-4" aria-hidden /> Close
        </Button>
      </div>
      {trace.limit === "steps" && (
        <Alert tone="warning">
          Your program was stopped after {MAX_TRACE_STEPS.toLocaleString("en-GB")} steps: the visualiser
          records no more than that. If it should have finished by then, look for a loop that never ends.
        </Alert>
      )}
      {trace.limit === "size" && (
        <Alert tone="warning">
          Your program was stopped after {trace.count.toLocaleString("en-GB")} steps: its values grew too big
          to record. Try it with smaller lists or fewer loops.
        </Alert>
      )}
      {v.stopped && !trace.limit && (
        <Alert tone="info">You stopped the program: these are the steps it took until then.</Alert>
      )}
      {currentCode !== v.code && (
        <Alert tone="info">
          Your code has changed since these steps were recorded. Press Visualise again to see the new code.
        </Alert>
      )}

      <div className="flex flex-wrap items-center gap-2" data-testid="visualiser-controls">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => go(0)}
          disabled={index === 0}
          aria-label="First step"
        >
          <ChevronFirst className="size-4" aria-hidden />
        </Button>
        <Button variant="secondary" size="sm" onClick={() => go(index - 1)} disabled={index === 0}>
          <ChevronLeft className="size-4" aria-hidden /> Back
        </Button>
        <Button variant="secondary" size="sm" onClick={() => go(index + 1)} disabled={index === last}>
          Forward <ChevronRight className="size-4" aria-hidden />
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => go(last)}
          disabled={index === last}
          aria-label="Last step"
        >
          <ChevronLast className="size-4" aria-hidden />
        </Button>
        <label className="flex min-w-40 flex-1 items-center gap-2 text-slate-700 text-sm">
          <span className="sr-only">Go to step</span>
          <input
            type="range"
            min={1}
            max={trace.count}
            value={index + 1}
            onChange={(e) => go(Number(e.target.value) - 1)}
            aria-valuetext={`Step ${index + 1} of ${trace.count}`}
            className="w-full accent-brand-600"
            data-testid="visualiser-slider"
          />
        </label>
        <span className="text-slate-700 text-sm tabular-nums" data-testid="visualiser-position">
          Step {index + 1} of {trace.count}
        </span>
      </div>
      <p
        aria-live="polite"
        data-testid="visualiser-summary"
        className={`rounded-md px-2 py-1 text-sm ${step.event === "exception" ? "bg-red-50 text-red-900" : "bg-slate-100 text-slate-800"}`}
      >
        {summary}
      </p>
      <p className="text-slate-600 text-xs">
        Use ← and → to step, Home and End to jump to the start or the end.
      </p>

      <div className="grid gap-4 @5xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="min-w-0 space-y-3">
          <CodeLines code={v.code} line={step.line} event={step.event} />
          <section aria-label="Output so far">
            <h3 className="mb-1 font-semibold text-slate-700 text-sm">Output so far</h3>
            <pre
              className="max-h-48 min-h-10 overflow-auto whitespace-pre-wrap break-words rounded-lg bg-slate-900 p-2 font-mono text-slate-100 text-sm"
              data-testid="visualiser-output"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable
              tabIndex={0}
              data-scrolls
            >
              {step.output || <span className="text-slate-300">(nothing yet)</span>}
            </pre>
          </section>
          <TurtleCanvas
            drawing={
              trace.drawing.length > 0
                ? { run: drawingRun, commands: trace.drawing, count: step.drawn, status: "stopped" }
                : null
            }
          />
        </div>
        <div className="min-w-0">
          <ProgramState step={step} scope={scope} />
        </div>
      </div>
    </section>
  );
}
