// Student Progress: one row per class member (then students who left, marked) with status and
// test-run activity, submission date and lateness, grade (and the earlier grade of a student who
// handed in again), the action that fits the status (nothing for Not Viewed), Replay of the work
// as it happened with its paste evidence (issue 18), and a status legend.

import { usePasteEvidence } from "@/client/api/activity.ts";
import { Badge } from "@/client/components/ui/badge.tsx";
import { ButtonLink } from "@/client/components/ui/button.tsx";
import { RowHeader, Table, TableBody, TableHead, TableRow, Td, Th } from "@/client/components/ui/table.tsx";
import { formatDateTime } from "@/client/lib/format.ts";
import type { StudentProgressRow } from "@/shared/api/assignments.ts";
import { formatLateness } from "@/shared/domain/late-work.ts";
import {
  formatGrade,
  PROGRESS_LABELS,
  PROGRESS_MEANINGS,
  PROGRESS_STATUSES,
  PROGRESS_TONES,
  testRunActivity,
} from "@/shared/domain/progress.ts";
import { pasteBadgeText } from "@/shared/domain/replay.ts";
import { progressAction } from "./progress-view.ts";

// Below md the table stacks: one card per student, each value under its own small label (the
// column headings would not fit a 360 px phone), the action full width.
const cell = (label: string) => ({
  "data-label": label,
  className:
    "md:py-3 md:pr-4 before:block before:text-xs before:font-medium before:text-slate-600 before:content-[attr(data-label)] md:before:content-none",
});

export function StudentProgressTable({
  assignmentId,
  rows,
}: {
  assignmentId: string;
  rows: StudentProgressRow[];
}) {
  // Paste evidence is extra: while it loads or if it fails, rows show without it.
  const evidence = usePasteEvidence(assignmentId).data;
  if (rows.length === 0) {
    return <p className="text-sm text-slate-600">No students have joined this class yet.</p>;
  }
  return (
    <div>
      <Table density="none" className="block md:table">
        <TableHead className="hidden md:table-header-group">
          <TableRow>
            <Th className="py-2 pr-4">Student</Th>
            <Th className="py-2 pr-4">Status</Th>
            <Th className="py-2 pr-4">Submission Date</Th>
            <Th className="py-2 pr-4">Grade</Th>
            <Th className="py-2">
              <span className="sr-only">Action</span>
            </Th>
          </TableRow>
        </TableHead>
        <TableBody className="block md:table-row-group">
          {rows.map((r) => {
            const action = progressAction(r.status);
            const activity = testRunActivity(r.testRuns, r.submissionId !== null);
            const pastes = pasteBadgeText(evidence?.[r.student.id]);
            return (
              <TableRow
                key={r.student.id}
                className="grid grid-cols-2 gap-x-4 gap-y-3 py-3 md:table-row md:py-0"
              >
                <RowHeader className="col-span-2 md:py-3 md:pr-4">
                  <span className="block font-medium text-slate-900">{r.student.name}</span>
                  <span className="block text-xs text-slate-600">{r.student.email}</span>
                  {r.leftClass && (
                    <span className="mt-1 block">
                      <Badge tone="slate">left the class</Badge>
                    </span>
                  )}
                </RowHeader>
                <Td {...cell("Status")}>
                  <Badge tone={PROGRESS_TONES[r.status]}>{PROGRESS_LABELS[r.status]}</Badge>
                  {activity && <span className="mt-1 block text-xs text-slate-600">{activity}</span>}
                  {pastes && (
                    <span className="mt-1 block">
                      <Badge tone="slate">{pastes}</Badge>
                    </span>
                  )}
                </Td>
                <Td {...cell("Submission Date")}>
                  {r.submittedAt ? formatDateTime(r.submittedAt) : "—"}
                  {r.lateByMs !== null && (
                    <span className="mt-1 block">
                      <Badge tone="red">Late: {formatLateness(r.lateByMs)}</Badge>
                    </span>
                  )}
                </Td>
                <Td {...cell("Grade")}>
                  {r.grade === null ? "—" : formatGrade(r.grade)}
                  {r.previousGrade !== null && (
                    <span className="mt-1 block text-xs text-slate-600">
                      Earlier hand-in: {formatGrade(r.previousGrade)}
                    </span>
                  )}
                </Td>
                <Td className="col-span-2 flex flex-wrap gap-2 whitespace-nowrap md:table-cell md:space-x-2 md:py-3 md:text-right">
                  <ButtonLink
                    to={`/teacher/assignments/${assignmentId}/students/${r.student.id}/replay`}
                    variant="ghost"
                    size="sm"
                    aria-label={`Replay the work of ${r.student.name}`}
                  >
                    Replay
                  </ButtonLink>
                  {action && (
                    <ButtonLink
                      to={`/teacher/assignments/${assignmentId}/students/${r.student.id}`}
                      variant={action === "Grade Submission" ? "primary" : "secondary"}
                      size="sm"
                      aria-label={`${action} by ${r.student.name}`}
                    >
                      {action}
                    </ButtonLink>
                  )}
                </Td>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <StatusLegend />
    </div>
  );
}

/** What each status means: one meaning per label, test runs shown apart. */
function StatusLegend() {
  return (
    <details className="mt-3 text-sm text-slate-700">
      <summary className="cursor-pointer font-medium text-slate-800">What the statuses mean</summary>
      <dl className="mt-2 grid gap-x-4 gap-y-2 sm:grid-cols-[auto_1fr]">
        {PROGRESS_STATUSES.map((status) => (
          <div key={status} className="contents">
            <dt>
              <Badge tone={PROGRESS_TONES[status]}>{PROGRESS_LABELS[status]}</Badge>
            </dt>
            <dd>{PROGRESS_MEANINGS[status]}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
