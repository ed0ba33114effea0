// What the assignment and exercise workspaces show of a run: the Run Code, Visualise and Run Tests
// buttons; Python failing to start (with Try again) and a run's error; and the console with the
// turtle's drawing and the Visualise panel under it.
import { FlaskConical, Play } from "lucide-react";
import { OutputConsole } from "@/client/components/code/output-console.tsx";
import { TurtleCanvas } from "@/client/components/code/turtle-canvas.tsx";
import { Alert } from "@/client/components/ui/alert.tsx";
import { Button } from "@/client/components/ui/button.tsx";
import { VisualiseButton, VisualiserPanel } from "@/client/features/visualiser/index.ts";
import { consolePlaceholder, runLabel } from "./run-status.tsx";
import type { CodeRunner } from "./use-code-runner.ts";

/** Run Code, Visualise and Run Tests; `busy` is the runner's work or the page's own (saving, submitting). */
export function RunButtons({
  runner,
  busy,
  hasTests,
  onRun,
  onVisualise,
  onTests,
}: {
  runner: CodeRunner;
  busy: string | null;
  hasTests: boolean;
  onRun: () => void;
  onVisualise: () => void;
  onTests: () => void;
}) {
  return (
    <>
      <Button onClick={onRun} busy={busy === "run"} disabled={busy !== null}>
        <Play className="size-4" aria-hidden /> {runLabel(runner)}
      </Button>
      <VisualiseButton runner={runner} onVisualise={onVisualise} />
      <Button
        variant="secondary"
        onClick={onTests}
        busy={busy === "tests"}
        disabled={busy !== null || !hasTests}
      >
        <FlaskConical className="size-4" aria-hidden /> {hasTests ? "Run Tests" : "No Tests Available"}
      </Button>
    </>
  );
}

/** Python that could not start (and the way to try again), then the last run's error. */
export function RunnerAlerts({ runner }: { runner: CodeRunner }) {
  return (
    <>
      {runner.loadError && (
        <Alert tone="error">
          Python could not start: {runner.loadError}{" "}
          <button type="button" className="underline" onClick={runner.retry}>
            Try again
          </button>
        </Alert>
      )}
      {runner.error && <Alert tone="error">{runner.error}</Alert>}
    </>
  );
}

/**
 * The console (live input() included), the turtle's drawing and the Visualise panel for `code`.
 * `stale` empties the console and says why, when what it holds is no longer the last run's output.
 */
export function RunnerConsole({
  runner,
  code,
  stale,
}: {
  runner: CodeRunner;
  code: string;
  stale?: string | false;
}) {
  return (
    <>
      <OutputConsole
        output={stale ? "" : runner.output}
        warnings={stale ? [] : runner.warnings}
        waitingForInput={runner.waitingForInput}
        prompt={runner.prompt}
        onInput={runner.sendInput}
        code={runner.ranCode}
        placeholder={stale || consolePlaceholder(runner, "Run your code to see its output here.")}
      />
      <TurtleCanvas drawing={runner.drawing} />
      {runner.visualisation && (
        <VisualiserPanel
          visualisation={runner.visualisation}
          currentCode={code}
          onClose={runner.closeVisualisation}
        />
      )}
    </>
  );
}
