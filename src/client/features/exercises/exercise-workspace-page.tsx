// The exercise workspace (spec 01 and 02 §2): read the task, take hints one at a time, write
// Python, run it and its tests in the browser. Students Save (the server re-grades and alone
// decides completion; the first full pass in the browser saves by itself); teachers see Show /
// Hide Solution instead. Unsaved code is kept in this browser as a draft.
import { ArrowLeft, CheckCircle2, Eye, EyeOff, RotateCcw, Save } from "lucide-react";
import { useMemo, useRef, useState } from "react";
import { Link, useLocation, useParams } from "react-router";
import { useExercise, useExerciseSolution, useSaveExerciseAttempt } from "@/client/api/exercises.ts";
import { useMe } from "@/client/api/me.ts";
import { CodeEditor } from "@/client/components/code/code-editor.tsx";
import { Alert } from "@/client/components/ui/alert.tsx";
import { Badge } from "@/client/components/ui/badge.tsx";
import { Button, ButtonLink } from "@/client/components/ui/button.tsx";
import { Card } from "@/client/components/ui/card.tsx";
import { ConfirmDialog } from "@/client/components/ui/confirm-dialog.tsx";
import { Loading } from "@/client/components/ui/loading.tsx";
import { QueryError } from "@/client/components/ui/query-error.tsx";
import { queueHandIn, WaitingToSend } from "@/client/features/offline/index.ts";
import {
  draftKey,
  type ResultSet,
  RunButtons,
  RunnerAlerts,
  RunnerConsole,
  RunStatus,
  TestResults,
  useCodeRunner,
  useDraft,
  useRestoreWithUndo,
} from "@/client/features/workspace/index.ts";
import { ApiError, hasErrorCode } from "@/client/lib/api.ts";
import { formatDateTime } from "@/client/lib/format.ts";
import { usePageTitle } from "@/client/lib/page-title.tsx";
import { EXERCISE_MESSAGES, type ExerciseDetail, type SaveAttemptResult } from "@/shared/api/exercises.ts";
import { EXERCISE_RECORD_NOTICE } from "@/shared/domain/data-use.ts";
import { parseErrorLine } from "@/shared/domain/error-explanations.ts";
import { studentStarterCode } from "@/shared/domain/starter-code.ts";
import { sectionId, stepSearch } from "./browser-state.ts";
import { DifficultyBadge } from "./difficulty-badge.tsx";
import { exerciseBrowserRows, exerciseServerRows, isFullPass, runnableTests } from "./exercise-rows.ts";
import { useExerciseRecord } from "./use-exercise-record.ts";
import { Hints, PastSaved } from "./workspace-panels.tsx";
import { YourHistory } from "./your-history.tsx";

const OFFLINE_SAVE =
  "Waiting to send: you're offline, so your code is kept on this device and saved when the connection comes back.";

const isMissing = (error: unknown) => error instanceof ApiError && [400, 404].includes(error.status);

export function ExerciseWorkspacePage() {
  const { exerciseId = "" } = useParams();
  const { pathname } = useLocation();
  const exercise = useExercise(exerciseId);
  usePageTitle(exercise.data?.title ?? (exercise.isError ? EXERCISE_MESSAGES.notFound : null));
  const me = useMe();
  const area = pathname.startsWith("/teacher") ? "/teacher" : "/student";
  // Back to the browser's exercise list, opened at this exercise's category.
  const browser = `${area}/exercises${stepSearch("exercises")}${
    exercise.data ? `#${sectionId(exercise.data.category.name)}` : ""
  }`;

  if (exercise.isPending || me.isPending) return <Loading text="Loading exercise..." />;
  if (exercise.isError && !isMissing(exercise.error)) {
    return (
      <div className="space-y-4">
        <BackToExercises to={browser} />
        <QueryError what="the exercise" error={exercise.error} onRetry={() => exercise.refetch()} />
      </div>
    );
  }
  if (!exercise.data || !me.data) {
    return (
      <Card className="mx-auto max-w-lg p-8 text-center">
        <h1 className="text-xl font-semibold">{EXERCISE_MESSAGES.notFound}</h1>
        <p className="mt-2 text-slate-600">It may have been removed, or the link may be wrong.</p>
        <ButtonLink to={browser} variant="secondary" className="mt-6">
          <ArrowLeft className="size-4" aria-hidden /> Back to Exercises
        </ButtonLink>
      </Card>
    );
  }
  return (
    <Workspace
      key={exercise.data.id}
      exercise={exercise.data}
      userId={me.data.id}
      // Spec 01 §6: teachers see Show/Hide Solution instead of Save (admins may read solutions too).
      canSeeSolution={me.data.role === "teacher" || me.data.role === "admin"}
      canSave={me.data.role === "student"}
      browser={browser}
    />
  );
}

function BackToExercises({ to }: { to: string }) {
  return (
    <ButtonLink to={to} variant="ghost" size="sm" className="-ml-3">
      <ArrowLeft className="size-4" aria-hidden /> Back to Exercises
    </ButtonLink>
  );
}

type Banner = { tone: "error" | "success" | "info"; text: string };

function savedText(saved: SaveAttemptResult, wasCompleted: boolean, auto: boolean): string {
  const { passed, total } = saved.grade;
  const checked = `PyClass checked your code: passed ${passed} of ${total} tests.`;
  const lead = auto ? "All tests passed, so your code was saved." : "Saved.";
  if (saved.progress.isCompleted && !wasCompleted) return `${lead} ${checked} Exercise completed!`;
  return `${lead} ${checked}`;
}

function Workspace({
  exercise,
  userId,
  canSeeSolution,
  canSave,
  browser,
}: {
  exercise: ExerciseDetail;
  userId: string;
  canSeeSolution: boolean;
  canSave: boolean;
  browser: string;
}) {
  const runner = useCodeRunner();
  const save = useSaveExerciseAttempt(exercise.id);
  const starter = studentStarterCode(exercise.starterCode);
  // Unsaved work first, then the last saved code, then the starter code.
  const draft = useDraft(
    draftKey(userId, `exercise:${exercise.id}`),
    () => exercise.progress.code ?? starter,
  );
  // The student's activity record (decision 072; the notice above the editor says so): their
  // history of this exercise, and their latest code on another computer. Teachers record nothing.
  const { recorder, fromElsewhere } = useExerciseRecord(exercise, userId, canSave, draft);
  const record = canSave ? recorder : null;
  const [editorExtensions] = useState(() => (canSave ? [recorder.extension] : []));
  // Restore from Past Saved or Your history replaces the editor's code at once, with Undo (issue 19 item 3).
  const restoring = useRestoreWithUndo(draft.code, (restored) => {
    record?.restore(restored);
    draft.setCode(restored);
  });
  const [results, setResults] = useState<ResultSet | null>(null);
  const [banner, setBanner] = useState<Banner | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  // The spec's auto-save happens once, on the first full pass of this visit.
  const autoSaved = useRef(false);

  // Teachers: the solution is fetched only when asked for, then swapped into the editor.
  const [wantSolution, setWantSolution] = useState(false);
  const solution = useExerciseSolution(exercise.id, canSeeSolution && wantSolution);
  const [solutionEdit, setSolutionEdit] = useState<string | null>(null);
  const solutionText = solution.data?.solution ?? "";
  const solutionShown = wantSolution && solution.isSuccess && solutionText.trim() !== "";
  const solutionMessage = !wantSolution
    ? null
    : solution.isError
      ? hasErrorCode(solution.error, "NO_SOLUTION", "NOT_FOUND")
        ? EXERCISE_MESSAGES.noSolution
        : EXERCISE_MESSAGES.solutionUnavailable
      : solution.isSuccess && !solutionShown
        ? EXERCISE_MESSAGES.noSolution
        : null;

  const code = solutionShown ? (solutionEdit ?? solutionText) : draft.code;
  const setCode = solutionShown ? setSolutionEdit : draft.setCode;
  const tests = useMemo(() => runnableTests(exercise.testCases), [exercise.testCases]);
  const hasTests = tests.length > 0;
  const busy = save.isPending ? "save" : runner.busy;
  const completed = exercise.progress.isCompleted;

  async function saveCode(auto: boolean) {
    const wasCompleted = exercise.progress.isCompleted;
    const sent = draft.code;
    record?.submit(); // Save pressed: the "Save" marker in Your history
    try {
      // Offline (decision 068): kept on this device and sent when the connection is back.
      if (!navigator.onLine) {
        const madeAt = new Date().toISOString();
        await queueHandIn({ userId, kind: "exercise-save", targetId: exercise.id, code: sent, madeAt });
        return setBanner({ tone: "info", text: OFFLINE_SAVE });
      }
      const saved = await save.mutateAsync({ code: sent });
      setResults(exerciseServerRows(exercise.testCases, saved.grade));
      // Only forget the draft if nothing was typed while the server was checking.
      if (draft.code === sent) draft.clear();
      setBanner({
        tone: saved.progress.isCompleted ? "success" : "info",
        text: savedText(saved, wasCompleted, auto),
      });
    } catch (e) {
      setBanner({
        tone: "error",
        text: `${
          e instanceof ApiError ? e.message : "Your code could not be saved."
        } Your code is still kept in this browser.`,
      });
    }
  }

  async function runCode() {
    if (busy) return;
    setBanner(null);
    record?.run();
    const ran = await runner.run(code);
    if (ran?.error_type) record?.error(ran.error_type, ran.line);
  }

  /** Runs the code recording each step, for the visualiser panel under the console. */
  async function visualise() {
    if (busy || !code.trim()) return;
    setBanner(null);
    await runner.visualise(code);
  }

  async function runTests() {
    if (busy || !hasTests) return;
    setBanner(null);
    const grade = await runner.runTests(code, tests);
    if (!grade) return;
    record?.tests(grade.passed, grade.total);
    const failed = parseErrorLine(grade.results.find((r) => r.error)?.error);
    if (failed) record?.error(failed.type, failed.line);
    setResults(exerciseBrowserRows(exercise.testCases, grade));
    // Spec 02 §4: auto-saved on the first full pass. The server re-grades; its word is final.
    if (canSave && !solutionShown && isFullPass(grade) && !completed && !autoSaved.current) {
      autoSaved.current = true;
      await saveCode(true);
    }
  }

  async function onSave() {
    if (busy || !draft.code.trim()) return;
    setBanner(null);
    await saveCode(false);
  }

  function toggleSolution() {
    setBanner(null);
    if (solutionShown) {
      setWantSolution(false);
      setSolutionEdit(null);
    } else if (wantSolution && solution.isError) {
      solution.refetch();
    } else {
      setWantSolution(true);
    }
  }

  function reset() {
    setConfirmReset(false);
    setWantSolution(false);
    setSolutionEdit(null);
    draft.setCode(starter);
    setResults(null);
    setBanner({ tone: "info", text: "The starter code is back in the editor." });
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <BackToExercises to={browser} />
        <h1 className="min-w-0 text-2xl font-semibold text-slate-900">{exercise.title}</h1>
        <DifficultyBadge difficulty={exercise.difficulty} />
        <span className="text-sm text-slate-600">{exercise.category.name}</span>
        <Button variant="secondary" size="sm" className="ml-auto" onClick={() => setConfirmReset(true)}>
          <RotateCcw className="size-4" aria-hidden /> Reset
        </Button>
      </div>
      <ConfirmDialog
        open={confirmReset}
        onOpenChange={setConfirmReset}
        title="Reset your code?"
        description="The editor goes back to the starter code. Anything you have saved stays in Past Saved."
        confirmLabel="Reset code"
        onConfirm={reset}
      />

      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:grid-rows-[auto_1fr]">
        <div className="space-y-4 lg:col-start-1 lg:row-start-1">
          <Card className="p-4">
            <h3 className="font-semibold">Description</h3>
            <p className="mt-2 text-sm whitespace-pre-wrap text-slate-700">
              {exercise.description || "No description."}
            </p>
            {exercise.estimatedTime && (
              <p className="mt-2 text-xs text-slate-600">Estimated time: {exercise.estimatedTime}</p>
            )}
          </Card>
          {exercise.hints.length > 0 && <Hints hints={exercise.hints} />}
        </div>

        <div className="space-y-3 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-semibold">{solutionShown ? "Solution" : "Your code"}</span>
            {completed && (
              <span data-testid="completed-badge">
                <Badge tone="green">
                  <CheckCircle2 className="mr-1 size-3.5" aria-hidden /> Completed
                </Badge>
              </span>
            )}
            {canSave && (
              <span className="ml-auto text-slate-600" data-testid="last-saved">
                {exercise.progress.lastSavedAt
                  ? `Last saved: ${formatDateTime(exercise.progress.lastSavedAt)}`
                  : "Not saved yet"}
              </span>
            )}
          </div>
          {canSave && (
            <p className="text-sm text-slate-600" data-testid="activity-notice">
              {EXERCISE_RECORD_NOTICE}{" "}
              <Link
                to="/what-is-recorded"
                className="font-medium text-brand-700 underline underline-offset-2"
              >
                What is recorded?
              </Link>
            </p>
          )}
          <CodeEditor
            // A fresh editor (own label and undo history) for the solution and for the student's code.
            key={solutionShown ? "solution" : "code"}
            value={code}
            onChange={setCode}
            onRun={runCode}
            label={solutionShown ? "Solution code" : "Your Python code"}
            extensions={solutionShown ? undefined : editorExtensions}
          />
          <div className="flex flex-wrap items-center gap-2">
            <RunButtons
              runner={runner}
              busy={busy}
              hasTests={hasTests}
              onRun={runCode}
              onVisualise={visualise}
              onTests={runTests}
            />
            {canSave && (
              <Button
                variant="secondary"
                onClick={onSave}
                busy={busy === "save"}
                disabled={busy !== null || !draft.code.trim()}
              >
                <Save className="size-4" aria-hidden /> Save
              </Button>
            )}
            {canSeeSolution && (
              <Button variant="secondary" onClick={toggleSolution} busy={wantSolution && solution.isFetching}>
                {solutionShown ? (
                  <EyeOff className="size-4" aria-hidden />
                ) : (
                  <Eye className="size-4" aria-hidden />
                )}
                {solutionShown ? "Hide Solution" : "Show Solution"}
              </Button>
            )}
            <RunStatus runner={runner} testCount={tests.length} />
            {busy === "save" && (
              <span className="text-xs text-slate-600" aria-live="polite">
                PyClass is checking your code…
              </span>
            )}
          </div>
          <RunnerAlerts runner={runner} />
          {solutionMessage && <Alert tone="error">{solutionMessage}</Alert>}
          {banner && <Alert tone={banner.tone}>{banner.text}</Alert>}
          {restoring.bar}
          {fromElsewhere && (
            <Alert tone="info">
              Opened the code you were last working on ({formatDateTime(fromElsewhere)}), from your history of
              this exercise, so you can carry on from another computer.
            </Alert>
          )}
          {draft.saveFailed && (
            <Alert tone="error">
              This browser would not keep a copy of your code. Save before you leave this page.
            </Alert>
          )}
          <RunnerConsole runner={runner} code={code} />
        </div>

        <div className="space-y-4 lg:col-start-1 lg:row-start-2">
          <Card className="p-4">
            <h3 className="mb-2 font-semibold">Test Results</h3>
            {hasTests ? (
              <TestResults results={results} showSource={results?.source === "browser"} />
            ) : (
              <p className="text-sm text-slate-600">No test cases available</p>
            )}
          </Card>
          <WaitingToSend userId={userId} kind="exercise-save" targetId={exercise.id} />
          {canSave && (
            <PastSaved
              exerciseId={exercise.id}
              attempts={exercise.attempts}
              total={exercise.attemptsTotal}
              onRestore={restoring.restore}
            />
          )}
          {canSave && (
            <YourHistory
              exerciseId={exercise.id}
              beforeOpen={() => recorder.flush()}
              onRestore={restoring.restore}
            />
          )}
        </div>
      </div>
    </div>
  );
}
