// usePython(): the tab's Python runtime as React state — run(code), visualise(code), runTests(code, tests),
// stop(), sendInput(line), and the streamed console output with the runtime's state
// (loading | ready | running | waiting-for-input). Starts the worker if it isn't yet.
import { useEffect, useSyncExternalStore } from "react";
import type { GradeResult, HarnessRun, RunLimits, TestCase } from "../../shared/grading/types.ts";
import { getPythonRuntime, type PythonSnapshot, type VisualisedRun } from "./python-runtime.ts";

export type UsePython = PythonSnapshot & {
  run(code: string): Promise<HarnessRun>;
  /** Run with the visualiser's tracer: the run and its record of steps (decision 067). */
  visualise(code: string): Promise<VisualisedRun>;
  runTests(code: string, tests: TestCase[], limits?: RunLimits): Promise<GradeResult>;
  stop(): void;
  sendInput(line: string): void;
  retry(): void;
};

export function usePython(): UsePython {
  const runtime = getPythonRuntime();
  const snapshot = useSyncExternalStore(runtime.subscribe, runtime.getSnapshot);
  useEffect(() => {
    runtime.start().catch(() => {});
  }, [runtime]);
  return {
    ...snapshot,
    run: (code) => runtime.run(code),
    visualise: (code) => runtime.visualise(code),
    runTests: (code, tests, limits) => runtime.runTests(code, tests, limits),
    stop: () => runtime.stop(),
    sendInput: (line) => runtime.sendInput(line),
    retry: () => {
      runtime.start().catch(() => {});
    },
  };
}
