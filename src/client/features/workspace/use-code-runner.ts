// useCodeRunner(): what every workspace does with the tab's Python — Run (with live input()),
// Visualise (Run recording each step, decision 067), Run Tests, Stop — plus which of them is busy, the test progress and the last failure, so a
// page only wires buttons. Built on usePython() as it is.
import { useEffect, useRef, useState } from "react";
import { usePython } from "@/client/python/use-python.ts";
import { readTrace, type Trace } from "@/shared/domain/visualiser.ts";
import type { GradeResult, HarnessRun, TestCase } from "@/shared/grading/types.ts";

export type RunnerBusy = "run" | "visualise" | "tests" | null;

/** The last Visualise: its steps, the code they ran, and whether Stop ended it. */
export type Visualisation = { trace: Trace; code: string; run: HarnessRun; stopped: boolean; id: number };

export type CodeRunner = ReturnType<typeof useCodeRunner>;

/** How the last Run ended: how long it took, whether it printed anything, whether Stop ended it. */
export type FinishedRun = { ms: number; printed: boolean; stopped: boolean };

/** Seconds since `since` (null: not counting), updated every second. */
function useSecondsSince(since: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [since]);
  return since === null ? 0 : Math.max(0, Math.floor((now - since) / 1000));
}

/** A browser grade with the code it checked, so the result rows can explain errors on its lines. */
export type CheckedGrade = GradeResult & { code: string };

export function useCodeRunner() {
  const python = usePython();
  const [busy, setBusy] = useState<RunnerBusy>(null);
  const [error, setError] = useState<string | null>(null);
  // The code of the last Run, so the console's error explanation quotes the lines that ran.
  const [ranCode, setRanCode] = useState<string | null>(null);
  // When the current Run started, and how the last one ended (a silent program must not look idle).
  const [runStartedAt, setRunStartedAt] = useState<number | null>(null);
  const [finished, setFinished] = useState<FinishedRun | null>(null);
  const [visualisation, setVisualisation] = useState<Visualisation | null>(null);
  // The first visit downloads Python: count the seconds so the wait is visible.
  const [loadingSince] = useState(() => Date.now());
  const loadingSeconds = useSecondsSince(
    python.state === "loading" && !python.loadError ? loadingSince : null,
  );
  const runSeconds = useSecondsSince(runStartedAt);
  // A ref as well as state: two clicks in one frame must not start two runs.
  const busyNow = useRef(false);
  // Stop pressed during the current Run: it ended because the student stopped it, not by itself.
  const stopAsked = useRef(false);

  async function guarded<T>(kind: Exclude<RunnerBusy, null>, work: () => Promise<T>): Promise<T | null> {
    if (busyNow.current) return null;
    busyNow.current = true;
    setBusy(kind);
    setError(null);
    try {
      return await work();
    } catch (e) {
      setError((e as Error).message);
      return null;
    } finally {
      busyNow.current = false;
      setBusy(null);
    }
  }

  function runCode(code: string, trace: boolean): Promise<HarnessRun | null> {
    return guarded(trace ? "visualise" : "run", async () => {
      setRanCode(code);
      setFinished(null);
      stopAsked.current = false;
      const started = Date.now();
      setRunStartedAt(started);
      try {
        let result: HarnessRun;
        if (trace) {
          const visualised = await python.visualise(code);
          result = visualised.run;
          setVisualisation(
            visualised.trace
              ? {
                  trace: readTrace(visualised.trace, visualised.run.transcript, visualised.shownFrom),
                  code,
                  run: result,
                  stopped: stopAsked.current,
                  id: started,
                }
              : null,
          );
        } else result = await python.run(code);
        setFinished({
          ms: Date.now() - started,
          printed: result.transcript !== "" || result.error !== null,
          stopped: stopAsked.current,
        });
        return result;
      } finally {
        setRunStartedAt(null);
      }
    });
  }

  return {
    state: python.state,
    output: python.output,
    /** The last Run's warnings, shown apart from the output (OutputConsole's `warnings`). */
    warnings: python.warnings,
    prompt: python.prompt,
    /** The last Run's turtle drawing (TurtleCanvas), null when it drew nothing. */
    drawing: python.drawing,
    loadError: python.loadError,
    inputMode: python.inputMode,
    /** Python has started in this browser and is idle. */
    ready: python.state === "ready",
    /** A program is running or waiting for input: Stop applies. */
    running: python.state === "running" || python.state === "waiting-for-input",
    waitingForInput: python.state === "waiting-for-input",
    busy,
    /** Why the last run or test run failed (not a failing test: the runtime itself). */
    error,
    clearError: () => setError(null),
    /** While tests run: how many have finished. */
    testsDone: busy === "tests" ? python.testsDone : null,
    /** Seconds Python has been starting (first visit: downloading), while it is. */
    loadingSeconds,
    /** Seconds the current Run has been going (0 when none is). */
    runSeconds,
    /** How the last Run ended, until the next one starts. */
    finished,
    /** Runs the program; null when something was already running or the runtime failed. */
    run: (code: string) => runCode(code, false),
    /** Runs the program recording its steps; the steps show in `visualisation`. */
    visualise: (code: string) => runCode(code, true),
    visualisation,
    closeVisualisation: () => setVisualisation(null),
    /** The code the console's output came from (pass it to OutputConsole's `code`). */
    ranCode,
    /** Runs the tests in fresh namespaces; null when busy or the runtime failed. */
    runTests: (code: string, tests: TestCase[]): Promise<CheckedGrade | null> =>
      guarded("tests", async () => ({ ...(await python.runTests(code, tests)), code })),
    stop: () => {
      stopAsked.current = true;
      python.stop();
    },
    sendInput: python.sendInput,
    retry: python.retry,
  };
}
