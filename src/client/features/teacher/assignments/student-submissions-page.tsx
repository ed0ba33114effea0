// A student's submissions on an assignment, newest first, numbered from the oldest (#1), with
// grading on each final submission, Replay of the work as it happened and its paste evidence.
import { ArrowLeft, History } from "lucide-react";
import type { ReactNode } from "react";
import { useParams } from "react-router";
import { usePasteEvidence } from "@/client/api/activity.ts";
import { useAssignmentProgress, useTeacherAssignment } from "@/client/api/assignments.ts";
import { useStudentSubmissions } from "@/client/api/submissions.ts";
import { Alert } from "@/client/components/ui/alert.tsx";
import { Badge } from "@/client/components/ui/badge.tsx";
import { ButtonLink } from "@/client/components/ui/button.tsx";
import { PageHeading } from "@/client/components/ui/page-heading.tsx";
import { QueryError } from "@/client/components/ui/query-error.tsx";
import { SkeletonList } from "@/client/components/ui/skeleton.tsx";
import type { Submission } from "@/shared/api/assignments.ts";
import { formatLateness } from "@/shared/domain/late-work.ts";
import { formatGrade, PROGRESS_LABELS, PROGRESS_TONES } from "@/shared/domain/progress.ts";
import { pasteBadgeText } from "@/shared/domain/replay.ts";
import { submissionNumber } from "./progress-view.ts";
import { SubmissionCard } from "./submission-card.tsx";

export function StudentSubmissionsPage() {
  const { assignmentId = "", studentId = "" } = useParams();
  const assignment = useTeacherAssignment(assignmentId);
  const progress = useAssignmentProgress(assignmentId);
  const submissions = useStudentSubmissions(assignmentId, studentId);
  const row = progress.data?.students.find((s) => s.student.id === studentId);
  const expectedOutputs = new Map(assignment.data?.testCases.map((t) => [t.id, t.expectedOutput]));
  const latestFinalId = submissions.data?.find((s) => s.isFinal)?.id;
  const pastes = pasteBadgeText(usePasteEvidence(assignmentId).data?.[studentId]);
  const replayHref = `/teacher/assignments/${assignmentId}/students/${studentId}/replay`;

  return (
    <div>
      <ButtonLink
        to={`/teacher/assignments/${assignmentId}`}
        variant="ghost"
        size="sm"
        className="mb-4 -ml-2"
      >
        <ArrowLeft className="size-4" aria-hidden />
        Back to {assignment.data?.name ?? "the assignment"}
      </ButtonLink>
      <PageHeading
        title={row ? `Submissions by ${row.student.name}` : "Submissions"}
        subtitle={
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            {assignment.data && <span>{assignment.data.name}</span>}
            {row && <span>{row.student.email}</span>}
            {row && <Badge tone={PROGRESS_TONES[row.status]}>{PROGRESS_LABELS[row.status]}</Badge>}
            {row && row.lateByMs !== null && <Badge tone="red">Late: {formatLateness(row.lateByMs)}</Badge>}
            {row?.leftClass && <Badge tone="slate">left the class</Badge>}
          </span>
        }
        actions={
          <ButtonLink to={replayHref} variant="secondary" size="sm">
            <History className="size-4" aria-hidden />
            Replay
          </ButtonLink>
        }
      />
      {row && row.previousGrade !== null && (
        <div className="mb-4">
          <Alert tone="info">
            {row.student.name} handed in again after you graded earlier work ({formatGrade(row.previousGrade)}
            ). The earlier grade stays with that submission below; grade the new hand-in to update their
            status.
          </Alert>
        </div>
      )}
      {submissions.isPending ? (
        <div>
          <p className="mb-3 text-sm text-slate-600">Loading submissions...</p>
          <SkeletonList rows={2} className="h-48" />
        </div>
      ) : submissions.isError ? (
        <QueryError what="the submissions" error={submissions.error} onRetry={() => submissions.refetch()} />
      ) : submissions.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
          This student has not submitted anything for this assignment yet.
        </p>
      ) : (
        <SubmissionList
          submissions={submissions.data}
          latestFinalId={latestFinalId}
          card={(s, i) => (
            <SubmissionCard
              submission={s}
              number={submissionNumber(i, submissions.data.length)}
              newest={i === 0}
              latestFinal={s.id === latestFinalId}
              dueDate={assignment.data?.dueDate ?? null}
              expectedOutputs={expectedOutputs}
              pastes={s.isFinal ? pastes : null}
              replayHref={s.isFinal ? `${replayHref}?handIn=${encodeURIComponent(s.id)}` : null}
            />
          )}
        />
      )}
    </div>
  );
}

/**
 * The hand-in that counts (the one the teacher grades) first, then everything else newest first:
 * test runs made after it must not push it, and Add Grade, down the page (issue 19 item 4).
 * `card` gets each submission with its index in the newest-first list (for its number).
 */
function SubmissionList({
  submissions,
  latestFinalId,
  card,
}: {
  submissions: Submission[];
  latestFinalId: string | undefined;
  card: (s: Submission, index: number) => ReactNode;
}) {
  const indexed = submissions.map((s, i) => ({ s, i }));
  const counts = indexed.find(({ s }) => s.id === latestFinalId);
  const others = indexed.filter(({ s }) => s.id !== latestFinalId);
  return (
    <div className="space-y-6">
      {counts && (
        <section aria-labelledby="counting-hand-in" className="space-y-3">
          <h2 id="counting-hand-in" className="text-lg font-semibold text-slate-900">
            The hand-in to grade
          </h2>
          {card(counts.s, counts.i)}
        </section>
      )}
      {others.length > 0 && (
        <section aria-labelledby="other-submissions" className="space-y-3">
          <h2 id="other-submissions" className="text-lg font-semibold text-slate-900">
            {counts ? "Other submissions, newest first" : "Submissions, newest first"}
          </h2>
          <ol className="space-y-4">
            {others.map(({ s, i }) => (
              <li key={s.id}>{card(s, i)}</li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}
