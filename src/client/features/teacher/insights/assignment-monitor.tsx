// Assignment Monitor: every assignment of the selected classes with its submissions, failure rate
// and difficulty band, filtered by the search box; Review opens Assignment Details. The list
// scrolls at a maximum height (spec 02 §2).
import { Download } from "lucide-react";
import { assignmentsCsvUrl } from "@/client/api/insights.ts";
import { Badge } from "@/client/components/ui/badge.tsx";
import { Button, buttonClass } from "@/client/components/ui/button.tsx";
import { Card } from "@/client/components/ui/card.tsx";
import {
  RowHeader,
  Table,
  TableBody,
  TableHead,
  TableRow,
  TableScroll,
  Td,
  Th,
} from "@/client/components/ui/table.tsx";
import type { AssignmentMonitorRow } from "@/shared/api/insights.ts";
import {
  DIFFICULTY_LABELS,
  DIFFICULTY_SCORE_RULE,
  DIFFICULTY_TONES,
  difficultyParts,
  failedHandInsText,
  INSIGHTS_TEXT,
} from "@/shared/domain/insights.ts";
import { filterBySearch } from "./insights-url.ts";
import { failureBand, NO_DATA, numberOrNoData } from "./insights-view.ts";

export function FailureRateBadge({ rate }: { rate: number | null }) {
  const band = failureBand(rate);
  return <Badge tone={band.tone}>{band.text}</Badge>;
}

/**
 * An assignment's failure rate as a count of hand-ins, "1 of 1 hand-in failed a test", coloured by
 * its rate (a test case's rate keeps FailureRateBadge: there "75% failed" is what it means).
 */
export function FailedHandInsBadge({ row }: { row: AssignmentMonitorRow }) {
  const text = failedHandInsText(row.failedStudents, row.testedStudents);
  if (text === null) return <Badge tone="slate">{NO_DATA}</Badge>;
  return <Badge tone={failureBand(row.failureRate).tone}>{text}</Badge>;
}

/** The band, its score out of 6 and where the score came from, in words (DIFFICULTY_SCORE_RULE). */
export function DifficultyBadge({ row }: { row: AssignmentMonitorRow }) {
  if (row.difficulty === null) return <Badge tone="slate">{NO_DATA}</Badge>;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-1.5 gap-y-0.5">
      <Badge tone={DIFFICULTY_TONES[row.difficulty]}>{DIFFICULTY_LABELS[row.difficulty]}</Badge>
      <span className="text-xs text-slate-600">score {numberOrNoData(row.difficultyScore)} of 6</span>
      <span className="block w-full text-xs text-slate-600">
        {difficultyParts(row.failureRate, row.averageAttempts)}
      </span>
    </span>
  );
}

export function AssignmentMonitor({
  rows,
  search,
  classId,
  onReview,
}: {
  rows: AssignmentMonitorRow[];
  search: string;
  classId: string | null;
  onReview: (row: AssignmentMonitorRow) => void;
}) {
  const shown = filterBySearch(
    rows.map((r) => ({ ...r, className: r.class.name })),
    search,
  );
  return (
    <Card className="p-5">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold" id="assignment-monitor">
          Assignment Monitor
        </h2>
        <a href={assignmentsCsvUrl(classId)} download className={buttonClass("secondary", "sm")}>
          <Download className="size-4" aria-hidden />
          Export CSV
          <span className="sr-only"> of the assignment monitor</span>
        </a>
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">{INSIGHTS_TEXT.noAssignments}</p>
      ) : shown.length === 0 ? (
        <p className="text-sm text-slate-600">{INSIGHTS_TEXT.noAssignmentsMatching(search.trim())}</p>
      ) : (
        <TableScroll
          labelledBy="assignment-monitor"
          className="max-h-[28rem] overflow-auto border border-slate-200"
        >
          <Table density="boxed">
            <TableHead sticky className="bg-slate-50">
              <TableRow>
                <Th>Assignment</Th>
                <Th>Submissions</Th>
                <Th>Failure Rate</Th>
                <Th>Difficulty</Th>
                <Th>
                  <span className="sr-only">Review</span>
                </Th>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((r) => (
                <TableRow key={r.id}>
                  <RowHeader>
                    <span className="block font-medium text-slate-900">{r.name}</span>
                    <span className="block text-xs text-slate-600">{r.class.name}</span>
                  </RowHeader>
                  <Td className="text-slate-800">
                    {r.submissionsCount}
                    <span className="block text-xs text-slate-600">
                      {r.submittedStudents} of {r.totalStudents} students
                    </span>
                  </Td>
                  <Td>
                    <FailedHandInsBadge row={r} />
                  </Td>
                  <Td>
                    <DifficultyBadge row={r} />
                  </Td>
                  <Td className="text-right">
                    <Button variant="secondary" size="sm" onClick={() => onReview(r)}>
                      Review
                      <span className="sr-only"> {r.name}</span>
                    </Button>
                  </Td>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableScroll>
      )}
      {rows.length > 0 && <p className="mt-3 text-xs text-slate-600">{DIFFICULTY_SCORE_RULE}</p>}
    </Card>
  );
}
