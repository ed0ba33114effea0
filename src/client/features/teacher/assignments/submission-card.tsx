// One submission in the teacher's submissions view: number, time, 'passed x of y', the code,
// per-test results, and (for a final submission) the Teacher Grading section.
import { useState } from "react";
import { Badge } from "@/client/components/ui/badge.tsx";
import { Button, ButtonLink } from "@/client/components/ui/button.tsx";
import { Card } from "@/client/components/ui/card.tsx";
import { SubmissionCodeWithComments } from "@/client/features/teacher/help/index.ts";
import { formatDateTime } from "@/client/lib/format.ts";
import { ASSIGNMENT_MESSAGES, type Submission, type SubmissionTestResult } from "@/shared/api/assignments.ts";
import { formatLateness, lateBy } from "@/shared/domain/late-work.ts";
import { formatGrade, scoreTone } from "@/shared/domain/progress.ts";
import { GradeDialog } from "./grade-dialog.tsx";

export function SubmissionCard({
  submission: s,
  number,
  newest,
  latestFinal,
  dueDate,
  expectedOutputs,
  pastes = null,
  replayHref = null,
}: {
  submission: Submission;
  number: number;
  /** The newest of all, test runs included: the only one marked Latest. */
  newest: boolean;
  /** The final submission that counts (its status and grade are the ones in the progress table). */
  latestFinal: boolean;
  dueDate: string | null;
  /** Expected output by test case id, to show beside a failed test's output. */
  expectedOutputs: Map<string, string>;
  /** The student's paste evidence on this work ("2 large pastes"), beside each hand-in. */
  pastes?: string | null;
  /** The replay, opened at this hand-in. */
  replayHref?: string | null;
}) {
  const results = s.results; // in test order, as the server sends them
  const late = s.isFinal ? lateBy(dueDate, s.submittedAt) : null;
  return (
    <Card className="p-5">
      <article aria-labelledby={`submission-${s.id}`} className="space-y-4">
        <header className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h3 id={`submission-${s.id}`} className="text-lg font-semibold">
              Submission #{number}
            </h3>
            <p className="text-sm text-slate-600">
              <time dateTime={s.submittedAt}>{formatDateTime(s.submittedAt)}</time>
              {/* Made offline and sent later: the time above is when it was made (decision 068). */}
              {s.receivedAt && (
                <>
                  {" "}
                  · made offline, received <time dateTime={s.receivedAt}>{formatDateTime(s.receivedAt)}</time>
                </>
              )}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {newest && <Badge tone="green">Latest</Badge>}
            {latestFinal && !newest && <Badge tone="green">Newest hand-in</Badge>}
            {late !== null && <Badge tone="red">Late: {formatLateness(late)}</Badge>}
            {s.isFinal ? <Badge tone="blue">Final submission</Badge> : <Badge tone="slate">Test run</Badge>}
            {!s.isFinal && !s.verified && <Badge tone="slate">Checked in the browser</Badge>}
            <Badge tone={scoreTone(s.totalTests ? (s.passedTests / s.totalTests) * 100 : 0)}>
              passed {s.passedTests} of {s.totalTests}
            </Badge>
            {pastes && <Badge tone="slate">{pastes}</Badge>}
            {replayHref && (
              <ButtonLink
                to={replayHref}
                variant="ghost"
                size="sm"
                aria-label={`Replay to here (submission #${number})`}
              >
                Replay to here
              </ButtonLink>
            )}
          </div>
        </header>

        {/* Grading first: a hand-in's every test output below must not push Add Grade off screen
            (issue 19 item 4). */}
        {s.isFinal && <TeacherGrading submission={s} />}

        <section>
          <h4 className="mb-1 text-sm font-medium text-slate-700">Code</h4>
          {/* A hand-in takes line comments (issue 20); a test run's code is shown as it was. */}
          {s.isFinal ? (
            <SubmissionCodeWithComments submission={s} label={`Code of submission #${number}`} />
          ) : (
            <pre className="rounded-lg bg-slate-900 p-3 font-mono text-sm break-words whitespace-pre-wrap text-slate-100">
              {s.code || " "}
            </pre>
          )}
        </section>

        <section>
          <h4 className="mb-2 text-sm font-medium text-slate-700">Test Results</h4>
          {results.length === 0 ? (
            <p className="text-sm text-slate-600">No per-test results were stored for this submission.</p>
          ) : (
            <ol className="space-y-2">
              {results.map((r, i) => (
                <TestResult
                  key={r.testCaseId ?? i}
                  result={r}
                  expected={r.testCaseId ? expectedOutputs.get(r.testCaseId) : undefined}
                />
              ))}
            </ol>
          )}
        </section>
      </article>
    </Card>
  );
}

function TestResult({ result: r, expected }: { result: SubmissionTestResult; expected?: string }) {
  // "Test case failed" only repeats the badge; a Python error says something new.
  const error =
    r.errorMessage && r.errorMessage !== ASSIGNMENT_MESSAGES.testCaseFailed ? r.errorMessage : null;
  return (
    <li className="rounded-lg border border-slate-200 p-3">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <Badge tone={r.passed ? "green" : "red"}>{r.passed ? "Passed" : "Failed"}</Badge>
        <span className="font-medium text-slate-900">{r.description || `Test case ${r.position + 1}`}</span>
        {r.hidden && <Badge tone="purple">Hidden</Badge>}
        {r.executionTimeMs !== null && (
          <span className="text-xs text-slate-500">{Math.max(1, Math.round(r.executionTimeMs))} ms</span>
        )}
      </p>
      <div className={`mt-2 grid gap-2 ${!r.passed && expected !== undefined ? "md:grid-cols-2" : ""}`}>
        {r.output !== null && <OutputBlock label="Output" text={r.output} />}
        {!r.passed && expected !== undefined && <OutputBlock label="Expected Output" text={expected} />}
      </div>
      {error && (
        <pre className="mt-2 overflow-x-auto rounded bg-red-50 p-2 font-mono text-xs whitespace-pre-wrap text-red-800">
          {error}
        </pre>
      )}
    </li>
  );
}

function OutputBlock({ label, text }: { label: string; text: string }) {
  return (
    <div>
      <p className="mb-1 text-xs font-medium text-slate-600">{label}</p>
      <pre className="overflow-x-auto rounded bg-slate-100 p-2 font-mono text-xs whitespace-pre-wrap text-slate-800">
        {text || <span className="text-slate-600">(no output)</span>}
      </pre>
    </div>
  );
}

function TeacherGrading({ submission: s }: { submission: Submission }) {
  const [open, setOpen] = useState(false);
  const hasGrade = s.teacherGrade !== null || s.teacherNotes !== null;
  const title = hasGrade ? "Edit Grade" : "Add Grade";
  return (
    <section className="rounded-lg border border-slate-200 bg-slate-50 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h4 className="text-sm font-semibold text-slate-800">Teacher Grading</h4>
          {s.teacherGrade === null ? (
            <p className="mt-1 text-sm text-slate-600">Not graded yet.</p>
          ) : (
            <p className="mt-1 text-2xl font-semibold text-slate-900">{formatGrade(s.teacherGrade)}</p>
          )}
          {s.teacherNotes && (
            <p className="mt-2 text-sm whitespace-pre-wrap text-slate-800">{s.teacherNotes}</p>
          )}
          {s.gradedAt && <p className="mt-2 text-xs text-slate-500">Graded {formatDateTime(s.gradedAt)}</p>}
        </div>
        <Button variant={hasGrade ? "secondary" : "primary"} size="sm" onClick={() => setOpen(true)}>
          {title}
        </Button>
      </div>
      <GradeDialog submission={s} title={title} open={open} onOpenChange={setOpen} />
    </section>
  );
}
