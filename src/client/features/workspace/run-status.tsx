// What the runner is doing, said next to Run: Python starting (with a progress bar and the
// seconds so far), a program running (for how long; Stop grows prominent after a few seconds, as
// Run Code has no time limit), or that the last run finished, printing nothing if so.
import { Square } from "lucide-react";
import { Button } from "@/client/components/ui/button.tsx";
import type { CodeRunner } from "./use-code-runner.ts";

/** After this long a running program is offered Stop with a question: is it stuck? */
export const LONG_RUN_SECONDS = 3;

const seconds = (n: number) => `${n} ${n === 1 ? "second" : "seconds"}`;

/** The Run button's words: it says when it is waiting for Python. */
export function runLabel(runner: CodeRunner, label = "Run Code"): string {
  return runner.state === "loading" && !runner.loadError ? "Waiting for Python…" : label;
}

/** What the empty console says: ready, running silently, or finished without printing. */
export function consolePlaceholder(runner: CodeRunner, idle: string): string {
  if (runner.busy === "run" || runner.busy === "visualise") return "Running… nothing printed yet.";
  if (runner.finished?.stopped && !runner.finished.printed)
    return "You stopped the program before it printed anything.";
  if (runner.finished && !runner.finished.printed) return "Your program finished without printing anything.";
  if (runner.state === "loading" && !runner.loadError) return "Python is starting…";
  return idle;
}

export function RunStatus({ runner, testCount }: { runner: CodeRunner; testCount?: number }) {
  if (runner.loadError) return null;
  if (runner.state === "loading" && runner.testsDone === null) {
    return (
      <div
        className="flex min-w-48 flex-1 items-center gap-2 text-sm text-slate-700"
        data-testid="run-status"
      >
        <div
          role="progressbar"
          aria-label="Starting Python"
          aria-valuetext={`Starting Python: ${seconds(runner.loadingSeconds)} so far`}
          className="h-2 w-24 overflow-hidden rounded-full bg-slate-200"
        >
          <div className="h-full w-1/3 animate-pulse rounded-full bg-brand-600" />
        </div>
        <span aria-live="polite">
          Starting Python… {runner.loadingSeconds > 0 && `${seconds(runner.loadingSeconds)} `}
          <span className="text-slate-600">(the first visit downloads it; later visits are quicker)</span>
        </span>
      </div>
    );
  }
  if (runner.testsDone !== null) {
    return (
      <span className="text-sm text-slate-700" aria-live="polite" data-testid="run-status">
        Running test {runner.testsDone + 1}
        {testCount ? ` of ${testCount}` : ""}…
      </span>
    );
  }
  if (runner.busy === "run" || runner.busy === "visualise") {
    const long = runner.runSeconds >= LONG_RUN_SECONDS && !runner.waitingForInput;
    return (
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700" data-testid="run-status">
        <span aria-live="polite">
          {runner.waitingForInput
            ? "Waiting for your answer in the console."
            : `Running… ${seconds(runner.runSeconds)}`}
          {long && " Is it stuck in a loop? Stop it and check your code."}
        </span>
        <Button variant="danger" size={long ? "md" : "sm"} onClick={() => runner.stop()}>
          <Square className="size-4" aria-hidden /> Stop
        </Button>
      </div>
    );
  }
  if (runner.running) {
    return (
      <Button variant="danger" size="sm" onClick={() => runner.stop()}>
        <Square className="size-4" aria-hidden /> Stop
      </Button>
    );
  }
  if (runner.finished) {
    const took =
      runner.finished.ms < 1000 ? "under a second" : seconds(Math.round(runner.finished.ms / 1000));
    return (
      <span className="text-sm text-slate-700" aria-live="polite" data-testid="run-status">
        {runner.finished.stopped
          ? runner.finished.ms < 1000
            ? "Stopped."
            : `Stopped after ${took}.`
          : runner.finished.printed
            ? `Finished in ${took}.`
            : `Finished in ${took}, without printing anything.`}
      </span>
    );
  }
  return null;
}
