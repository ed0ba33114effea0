// The workspace pieces shared by the assignment workspace, the playground and the exercise
// workspace: the code runner, the results rows and their view, and the unsent-code draft.

export { ActivityRecorder } from "./activity/activity-recorder.ts";
export { useActivityRecorder } from "./activity/use-activity-recorder.ts";
export { useRestoreWithUndo } from "./restore-undo.tsx";
export {
  browserRows,
  playgroundRows,
  type ResultRow,
  type ResultSet,
  resultBadge,
  serverRows,
} from "./result-rows.ts";
export { consolePlaceholder, LONG_RUN_SECONDS, RunStatus, runLabel } from "./run-status.tsx";
export { RunButtons, RunnerAlerts, RunnerConsole } from "./runner-output.tsx";
export { TestResults } from "./test-results.tsx";
export {
  type CheckedGrade,
  type CodeRunner,
  type FinishedRun,
  type RunnerBusy,
  useCodeRunner,
  type Visualisation,
} from "./use-code-runner.ts";
export { draftKey, useDraft } from "./use-draft.ts";
