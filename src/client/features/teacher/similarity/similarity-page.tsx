// The similarity report of one assignment (issue 18): each student's latest hand-in compared with
// every other by Dolos, the starter code left out. A threshold slider (regrouping happens here,
// the server sends every pair above its floor), the groups of students who share code, the pairs
// in a table, and the chosen pair side by side (?left=&right=, so the view can be linked).
import { ArrowLeft, ScanSearch } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { useParams, useSearchParams } from "react-router";
import { useSimilarityReport } from "@/client/api/similarity.ts";
import { Button, ButtonLink } from "@/client/components/ui/button.tsx";
import { Card } from "@/client/components/ui/card.tsx";
import { DataUseNotice } from "@/client/components/ui/data-use-notice.tsx";
import { EmptyState } from "@/client/components/ui/empty-state.tsx";
import { Loading } from "@/client/components/ui/loading.tsx";
import { PageHeading } from "@/client/components/ui/page-heading.tsx";
import { QueryError } from "@/client/components/ui/query-error.tsx";
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
import type { SimilarityPair, SimilarityReport } from "@/shared/api/similarity.ts";
import { clustersOf } from "@/shared/domain/similarity.ts";
import { PairView } from "./pair-view.tsx";
import { nameList, percent, sliderMinimum, studentLabel } from "./similarity-view.ts";

/** Rows shown at once; the rest are a click away. */
const ROWS = 50;

export const PLAIN_WORDS =
  "Short programs often look alike because there are few ways to write them. A high score is a reason to look at the code together, not a verdict.";

export function SimilarityPage() {
  const { assignmentId = "" } = useParams();
  const report = useSimilarityReport(assignmentId);

  return (
    <div>
      <ButtonLink
        to={`/teacher/assignments/${assignmentId}`}
        variant="ghost"
        size="sm"
        className="mb-4 -ml-2"
      >
        <ArrowLeft className="size-4" aria-hidden />
        Back to the assignment
      </ButtonLink>
      <PageHeading title="Similarity report" subtitle={report.data?.assignmentName} className="mb-4" />
      <p className="mb-4 max-w-3xl text-sm text-slate-700" data-testid="similarity-plain-words">
        {PLAIN_WORDS}
      </p>
      <DataUseNotice feature="similarity" className="mb-4 max-w-3xl" />
      {report.isPending ? (
        <Loading text="Comparing every pair of hand-ins... This can take a few seconds for a large class." />
      ) : report.isError ? (
        <QueryError what="the similarity report" error={report.error} onRetry={() => report.refetch()} />
      ) : report.data.message ? (
        <EmptyState icon={ScanSearch} title="Nothing to compare yet">
          {report.data.message}
        </EmptyState>
      ) : (
        <ReportView report={report.data} />
      )}
    </div>
  );
}

function ReportView({ report }: { report: SimilarityReport }) {
  const sliderId = useId();
  const minimum = sliderMinimum(report);
  const [threshold, setThreshold] = useState(() =>
    Math.max(minimum, Math.round(report.defaultThreshold * 100)),
  );
  const [showAll, setShowAll] = useState(false);
  const [searchParams, setSearchParams] = useSearchParams();
  const chosen = { left: searchParams.get("left"), right: searchParams.get("right") };

  const shown = useMemo(
    () => report.pairs.filter((p) => p.similarity * 100 >= threshold),
    [report, threshold],
  );
  const clusters = useMemo(() => clustersOf(report.pairs, threshold / 100), [report, threshold]);
  const rows = showAll ? shown : shown.slice(0, ROWS);
  const choose = (p: SimilarityPair) =>
    setSearchParams({ left: p.left.submissionId, right: p.right.submissionId }, { replace: false });

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        {report.students.length} hand-ins compared (each student's latest submission).{" "}
        {report.starterCodeIgnored
          ? "The starter code is left out, so sharing it counts for nothing."
          : "This assignment has no starter code."}
      </p>

      <Card className="p-4">
        <label htmlFor={sliderId} className="block text-sm font-medium text-slate-800">
          Show pairs at or above <output htmlFor={sliderId}>{threshold}%</output> similarity
        </label>
        <input
          id={sliderId}
          type="range"
          min={minimum}
          max={100}
          step={1}
          value={threshold}
          aria-valuetext={`${threshold}%`}
          onChange={(e) => setThreshold(Number(e.target.value))}
          className="mt-2 w-full max-w-md accent-brand-600"
          data-testid="similarity-threshold"
        />
        <p className="mt-1 text-xs text-slate-600">
          Starts at {percent(report.defaultThreshold)}: a copy with the names changed usually scores 85% or
          more. Students who solved it the same way can come close; two students' own work on the same starter
          code is usually well under 50%.
        </p>
      </Card>

      <section aria-labelledby={`${sliderId}-groups`}>
        <h2 id={`${sliderId}-groups`} className="mb-2 text-lg font-semibold text-slate-900">
          Students who share code
        </h2>
        {clusters.length === 0 ? (
          <p className="text-sm text-slate-700">No pair of hand-ins is {threshold}% similar or more.</p>
        ) : (
          <ul className="space-y-1 text-sm text-slate-800" data-testid="similarity-clusters">
            {clusters.map((group) => (
              <li key={group[0].submissionId}>
                These students share code: {nameList(group.map(studentLabel))}.
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby={`${sliderId}-pairs`}>
        <h2 id={`${sliderId}-pairs`} className="mb-2 text-lg font-semibold text-slate-900">
          Pairs, most similar first
        </h2>
        {shown.length === 0 ? (
          <p className="text-sm text-slate-700">
            No pairs at this threshold. Move the slider left to see more.
          </p>
        ) : (
          <Card className="p-4" data-testid="similarity-pairs">
            <TableScroll label="Pairs of hand-ins">
              <Table caption={`Pairs of hand-ins at or above ${threshold}% similarity`}>
                <TableHead>
                  <TableRow>
                    <Th>Students</Th>
                    <Th>Similarity</Th>
                    <Th>Longest shared run</Th>
                    <Th>
                      <span className="sr-only">Compare</span>
                    </Th>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((p) => {
                    const open = chosen.left === p.left.submissionId && chosen.right === p.right.submissionId;
                    return (
                      <TableRow key={`${p.left.submissionId}-${p.right.submissionId}`}>
                        <RowHeader>
                          {studentLabel(p.left)} and {studentLabel(p.right)}
                        </RowHeader>
                        <Td>{percent(p.similarity)}</Td>
                        <Td>{p.longest}</Td>
                        <Td>
                          <Button
                            variant={open ? "primary" : "secondary"}
                            size="sm"
                            aria-pressed={open}
                            onClick={() => choose(p)}
                          >
                            Compare
                            <span className="sr-only">
                              {" "}
                              {p.left.name} and {p.right.name}
                            </span>
                          </Button>
                        </Td>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </TableScroll>
            <p className="mt-2 text-xs text-slate-600">
              Longest shared run: the longest stretch the two programs share without a break, counted in Dolos
              fingerprints (a few per line of code).
            </p>
            {shown.length > rows.length && (
              <Button variant="ghost" size="sm" className="mt-2" onClick={() => setShowAll(true)}>
                Show all {shown.length} pairs
              </Button>
            )}
            {report.pairsAboveFloor > report.pairs.length && (
              <p className="mt-2 text-xs text-slate-600">
                Only the {report.pairs.length} most similar of {report.pairsAboveFloor} pairs are listed.
              </p>
            )}
          </Card>
        )}
      </section>

      {chosen.left && chosen.right && (
        <PairView assignmentId={report.assignmentId} left={chosen.left} right={chosen.right} />
      )}
    </div>
  );
}
