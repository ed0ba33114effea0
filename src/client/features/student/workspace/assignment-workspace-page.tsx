// The assignment workspace: write Python, run it with live input(), run the tests in the
// browser, submit for the server to grade, read the teacher's feedback. Code is never lost:
// every change is saved in this browser until it is submitted.
import { ArrowLeft, Send } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { Link, useParams } from "react-router";
import { useLatestCode } from "@/client/api/activity.ts";
import { useStudentAssignment } from "@/client/api/assignments.ts";
import { useMe } from "@/client/api/me.ts";
import { useCreateSubmission, useMySubmissions } from "@/client/api/submissions.ts";
import { CodeEditor } from "@/client/components/code/code-editor.tsx";
import { Alert } from "@/client/components/ui/alert.tsx";
import { Badge } from "@/client/components/ui/badge.tsx";
import { Button, ButtonLink } from "@/client/components/ui/button.tsx";
import { Card } from "@/client/components/ui/card.tsx";
import { ConfirmDialog } from "@/client/components/ui/confirm-dialog.tsx";
import { Loading } from "@/client/components/ui/loading.tsx";
import { queueHandIn, WaitingToSend } from "@/client/features/offline/index.ts";
import {
  browserRows,
  draftKey,
  type ResultSet,
  RunButtons,
  RunnerAlerts,
  RunnerConsole,
  RunStatus,
  resultBadge,
  serverRows,
  TestResults,
  useActivityRecorder,
  useCodeRunner,
  useDraft,
  useRestoreWithUndo,
} from "@/client/features/workspace/index.ts";
import { ApiError } from "@/client/lib/api.ts";
import { formatDate, formatDateTime } from "@/client/lib/format.ts";
import { usePageTitle } from "@/client/lib/page-title.tsx";
import type { StudentAssignmentDetail, Submission } from "@/shared/api/assignments.ts";
import { parseErrorLine } from "@/shared/domain/error-explanations.ts";
import { formatGrade } from "@/shared/domain/progress.ts";
import { studentStarterCode } from "@/shared/domain/starter-code.ts";
import {
  CodeCommentsList,
  HelpAnswer,
  HelpCorner,
  useHelpRequest,
  useWorkspaceComments,
} from "./help/index.ts";
import { LateWorkBadge } from "./late-work-badge.tsx";
import { PreviousSubmissions } from "./previous-submissions.tsx";
import { TeacherFeedback } from "./teacher-feedback.tsx";

export function AssignmentWorkspacePage() {
  const { assignmentId = "" } = useParams();
  const assignment = useStudentAssignment(assignmentId);
  usePageTitle(assignment.data?.name ?? (assignment.isError ? "Assignment not found" : null));
  const me = useMe();

  if (assignment.isPending || me.isPending) return <Loading />;
  if (assignment.isError || !assignment.data || !me.data) {
    const forbidden = assignment.error instanceof ApiError && [403, 404].includes(assignment.error.status);
    return (
      <Card className="mx-auto max-w-lg p-8 text-center">
        <h1 className="text-xl font-semibold">Assignment not found</h1>
        <p className="mt-2 text-slate-600">
          {forbidden || !assignment.error
            ? "The assignment was not found, or you do not have access to it."
            : "The assignment could not be loaded. Please check your connection and try again."}
        </p>
        <ButtonLink to="/student/assignments" variant="secondary" className="mt-6">
          <ArrowLeft className="size-4" aria-hidden /> Back to Assignments
        </ButtonLink>
      </Card>
    );
  }
  return <Workspace key={assignment.data.id} assignment={assignment.data} userId={me.data.id} />;
}

const VISUALISER_LIMITS = new Set(["StepLimitReached", "TraceTooBig"]);

/** Say so rather than do nothing when Run Tests has no visible case to run (spec: nothing fails silently). */
const ALL_TESTS_HIDDEN =
  "All the tests for this assignment are hidden, so there is nothing to run here. PyClass checks them when you submit.";

const OFFLINE_SUBMIT =
  "Waiting to send: you're offline, so your code is kept on this device and submitted when the connection comes back.";

function Workspace({ assignment, userId }: { assignment: StudentAssignmentDetail; userId: string }) {
  const runner = useCodeRunner();
  // The activity record (the notice above the editor says so): typing, runs, tests, errors, pastes.
  const recorder = useActivityRecorder(userId, assignment.id);
  const submissions = useMySubmissions(assignment.id);
  const createSubmission = useCreateSubmission(assignment.id);
  const draft = useDraft(draftKey(userId, assignment.id), () => studentStarterCode(assignment.starterCode));
  // With no unsent draft, open on the newest code handed in (final or test run), not the
  // starter code: coming back after submitting must never look like lost work.
  const typed = useRef(false);
  const settled = useRef(false);
  const editCode = (code: string) => {
    typed.current = true;
    draft.setCode(code);
  };
  // Nor on another computer: with no draft in this browser, the code last recorded (issue 19
  // item 3; the activity record holds it) opens when it is newer than the newest hand-in.
  const recorded = useLatestCode(assignment.id, recorder.sessionId, draft.restoredAt === null);
  const [fromElsewhere, setFromElsewhere] = useState<string | null>(null);
  useEffect(() => {
    if (settled.current || !submissions.data || recorded.isPending) return;
    settled.current = true;
    if (typed.current || draft.restoredAt !== null) return;
    const newest = submissions.data[0];
    const latest = recorded.data;
    if (latest && (!newest || Date.parse(latest.at) > Date.parse(newest.submittedAt))) {
      recorder.restore(latest.code); // recorded as a restore, never as a paste
      draft.setCode(latest.code);
      setFromElsewhere(latest.at);
    } else if (newest) draft.setCode(newest.code);
  }, [submissions.data, recorded.isPending, recorded.data, draft.restoredAt, draft.setCode]);
  // Restore Code replaces the editor's code at once, with Undo while it is unchanged (issue 19 item 3).
  const restoring = useRestoreWithUndo(draft.code, (code) => {
    recorder.restore(code);
    editCode(code);
  });
  const [submitting, setSubmitting] = useState(false);
  const [results, setResults] = useState<ResultSet | null>(null);
  const [banner, setBanner] = useState<{ tone: "error" | "success" | "info"; text: string } | null>(null);
  const busy = submitting ? "submit" : runner.busy;

  const cases = assignment.testCases;
  const visibleTests = useMemo(
    () =>
      cases.flatMap((tc) =>
        tc.hidden
          ? []
          : [
              {
                input: tc.input,
                expectedOutput: tc.expectedOutput,
                // A drawing test compares the drawing too (decision 064).
                ...(tc.expectedDrawing ? { expectedDrawing: tc.expectedDrawing } : {}),
              },
            ],
      ),
    [cases],
  );
  const latestFinal: Submission | undefined = submissions.data?.find((s) => s.isFinal);
  // Handing in again after a grade asks first (the grade stays with the earlier submission).
  const graded = submissions.data?.find((s) => s.isFinal && (s.teacherGrade !== null || s.teacherNotes));
  const [askResubmit, setAskResubmit] = useState(false);
  const shownResults =
    results ?? (latestFinal ? serverRows(cases, latestFinal.results, latestFinal.code) : null);
  // "I'm stuck" and the teacher's line comments (the latest hand-in's and the help answer's).
  const help = useHelpRequest(assignment.id);
  const comments = useWorkspaceComments(assignment.id, latestFinal?.id ?? null, help);
  const [editorExtensions] = useState(() => [recorder.extension, comments.extension]);

  // Run Tests shows its results under Test Results: the console's output is then an older run's,
  // so it is set aside until the next Run (issue 19 item 2: old output and errors stayed there).
  const [consoleIsOld, setConsoleIsOld] = useState(false);

  async function runCode() {
    if (busy) return;
    setBanner(null);
    setConsoleIsOld(false);
    recorder.run();
    const ran = await runner.run(draft.code);
    if (ran?.error_type) recorder.error(ran.error_type, ran.line);
  }

  /** Visualise is a run of the code (recorded as one), recording each step for the panel. */
  async function visualise() {
    if (busy || !draft.code.trim()) return;
    setBanner(null);
    setConsoleIsOld(false);
    recorder.run();
    const ran = await runner.visualise(draft.code);
    // The visualiser's own limits are not the student's errors.
    if (ran?.error_type && !VISUALISER_LIMITS.has(ran.error_type)) recorder.error(ran.error_type, ran.line);
  }

  /** Runs the visible tests in the browser; null when there are none or the runtime failed. */
  async function browserTests(): Promise<ResultSet | null> {
    if (visibleTests.length === 0) return null;
    setConsoleIsOld(true);
    const grade = await runner.runTests(draft.code, visibleTests);
    if (!grade) return null;
    recorder.tests(grade.passed, grade.total);
    const failed = parseErrorLine(grade.results.find((r) => r.error)?.error);
    if (failed) recorder.error(failed.type, failed.line);
    const set = browserRows(cases, grade);
    setResults(set);
    return set;
  }

  async function runTests() {
    if (busy || cases.length === 0) return;
    setBanner(null);
    if (visibleTests.length === 0) return setBanner({ tone: "info", text: ALL_TESTS_HIDDEN });
    const set = await browserTests();
    if (set) {
      // A non-final attempt: history and activity only, marked unverified by the server.
      createSubmission.mutate({
        code: draft.code,
        final: false,
        browserResult: { passed: set.passed, total: set.total },
      });
    }
  }

  async function submit(confirmed = false) {
    if (busy) return;
    if (!draft.code.trim()) return setBanner({ tone: "error", text: "Write some code before you submit." });
    if (graded && !confirmed) return setAskResubmit(true);
    setSubmitting(true);
    setBanner(null);
    try {
      // Spec: submitting runs the tests first when there are no results yet. Only when Python is
      // up in this browser: the server grades on its own, so Submit never waits for or depends on it.
      if (!results && runner.ready) await browserTests();
      // After that run: the replay shows the tests, then the hand-in, as they happened.
      recorder.submit();
      // Offline (decision 068): kept on this device with the time it was made and sent when the
      // connection is back; the server grades it then.
      if (!navigator.onLine) {
        const madeAt = new Date().toISOString();
        await queueHandIn({ userId, kind: "submission", targetId: assignment.id, code: draft.code, madeAt });
        return setBanner({ tone: "info", text: OFFLINE_SUBMIT });
      }
      const saved = await createSubmission.mutateAsync({ code: draft.code, final: true });
      setResults(serverRows(cases, saved.results, saved.code));
      draft.clear();
      setBanner({
        tone: "success",
        text:
          saved.totalTests > 0
            ? `Submitted. PyClass checked your work: passed ${saved.passedTests} of ${saved.totalTests} tests.`
            : "Submitted.",
      });
    } catch (e) {
      setBanner({
        tone: "error",
        text:
          e instanceof ApiError
            ? e.message
            : "Your code could not be submitted. It is still saved here; please try again.",
      });
    } finally {
      setSubmitting(false);
    }
  }

  const badge = shownResults && shownResults.total > 0 ? resultBadge(shownResults) : null;
  const passedBadge = badge && (
    <Badge tone={badge.tone} data-testid="tests-passed-badge">
      {badge.text}
    </Badge>
  );

  return (
    <div className="space-y-4">
      <ButtonLink to="/student/assignments" variant="ghost" size="sm">
        <ArrowLeft className="size-4" aria-hidden /> Back to Assignments
      </ButtonLink>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">{assignment.name}</h1>
        <Badge tone="blue">Python</Badge>
        {passedBadge}
      </div>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
        <span>
          {assignment.class.name}
          {assignment.dueDate ? ` · Due ${formatDate(assignment.dueDate)}` : " · No due date"}
        </span>
        {submissions.data && (
          <LateWorkBadge dueDate={assignment.dueDate} handedInAt={latestFinal?.submittedAt ?? null} />
        )}
      </p>

      {/* As on the exercise page (issue 19 item 2): the task, the buttons and the messages on the
          left, the editor and console beside them at the top of the page; results and history
          under the task. In this order in the page too, so a phone shows task, buttons, editor,
          console, results, and Tab goes from the editor to its console, then to the results. */}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:grid-rows-[auto_1fr]">
        <div className="space-y-4 lg:col-start-1 lg:row-start-1">
          <Card className="p-4">
            <h3 className="font-semibold">Description</h3>
            <p className="mt-2 text-sm whitespace-pre-wrap text-slate-700">
              {assignment.description || "No description."}
            </p>
          </Card>
          <div className="flex flex-wrap items-center gap-2">
            <RunButtons
              runner={runner}
              busy={busy}
              hasTests={cases.length > 0}
              onRun={runCode}
              onVisualise={visualise}
              onTests={runTests}
            />
            <Button
              variant="secondary"
              onClick={() => submit()}
              busy={busy === "submit"}
              disabled={busy !== null}
            >
              {/* The server answers no sooner than a second after grading starts (hidden test timing). */}
              <Send className="size-4" aria-hidden /> {submitting ? "Checking your code…" : "Submit Code"}
            </Button>
            <HelpCorner assignmentId={assignment.id} request={help} code={() => draft.code} />
            <RunStatus runner={runner} testCount={visibleTests.length} />
          </div>
          <HelpAnswer request={help} />
          <RunnerAlerts runner={runner} />
          {banner && <Alert tone={banner.tone}>{banner.text}</Alert>}
          {restoring.bar}
          {fromElsewhere && (
            <Alert tone="info">
              Opened the code you were last working on ({formatDateTime(fromElsewhere)}), as your teacher's
              record of this work holds it, so you can carry on from another computer.
            </Alert>
          )}
          {/* The grade stays with the earlier submission; the new one is what the teacher looks at next. */}
          <ConfirmDialog
            open={askResubmit}
            onOpenChange={setAskResubmit}
            title="Your teacher has already graded this. Hand in again?"
            confirmLabel="Hand in again"
            tone="primary"
            onConfirm={() => {
              submit(true);
            }}
          >
            <p>
              {graded?.teacherGrade != null ? `You got ${formatGrade(graded.teacherGrade)}. ` : ""}Your
              teacher's grade and notes stay with your earlier submission under Previous Submissions. Your
              teacher will see the new one and can grade it again.
            </p>
          </ConfirmDialog>
          {draft.saveFailed && (
            <Alert tone="error">
              This browser would not save a copy of your code. Keep this tab open until you submit.
            </Alert>
          )}
        </div>
        <div className="space-y-4 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <p className="text-sm text-slate-600" data-testid="activity-notice">
            Your teacher can replay how this code was written: your typing, runs, tests and pastes are
            recorded.{" "}
            <Link to="/what-is-recorded" className="font-medium text-brand-700 underline underline-offset-2">
              What is recorded?
            </Link>
          </p>
          <CodeEditor
            value={draft.code}
            onChange={editCode}
            onRun={runCode}
            label="Your Python code"
            extensions={editorExtensions}
          />
          <CodeCommentsList comments={comments.shown} code={draft.code} />
          <RunnerConsole
            runner={runner}
            code={draft.code}
            stale={
              consoleIsOld && "The tests ran your code: see Test Results. Run Code shows its output here."
            }
          />
        </div>
        <div className="space-y-4 lg:col-start-1 lg:row-start-2">
          {latestFinal && <TeacherFeedback submission={latestFinal} />}
          <Card className="p-4">
            <h3 className="mb-2 font-semibold">Test Results</h3>
            {cases.length === 0 ? (
              <p className="text-sm text-slate-500">No test cases available</p>
            ) : (
              <TestResults results={shownResults} />
            )}
          </Card>
          <WaitingToSend userId={userId} kind="submission" targetId={assignment.id} />
          <Card className="p-4">
            <h3 className="mb-2 font-semibold">Previous Submissions</h3>
            <PreviousSubmissions
              submissions={submissions.data}
              commentsOn={comments.onSubmission}
              onRestore={restoring.restore}
            />
          </Card>
        </div>
      </div>
    </div>
  );
}
