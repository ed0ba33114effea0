// Assignment Details: the monitor's figures for one assignment, its score distribution (picture and
// table), and each test case's failure rate (over 70 red, over 40 yellow, else green — with the band
// in words) with the commonest wrong outputs students' programs printed.
import { Link } from "react-router";
import { useAssignmentInsight } from "@/client/api/insights.ts";
import { Badge } from "@/client/components/ui/badge.tsx";
import type {
  AssignmentInsightDetail,
  AssignmentMonitorRow,
  TestCaseInsight,
} from "@/shared/api/insights.ts";
import { DIFFICULTY_SCORE_RULE, INSIGHTS_TEXT } from "@/shared/domain/insights.ts";
import { DifficultyBadge, FailedHandInsBadge, FailureRateBadge } from "./assignment-monitor.tsx";
import { ChartFigure, FigureTable, ScoreDistributionChart } from "./chart-figure.tsx";
import { InsightDialog } from "./insight-dialog.tsx";
import { numberOrNoData, percentOrNoData, scoreSummary } from "./insights-view.ts";

const caseName = (t: TestCaseInsight) => t.description || `Test case ${t.position + 1}`;

function TestCaseItem({ t }: { t: TestCaseInsight }) {
  return (
    <li className="rounded-lg border border-slate-200 px-3 py-2" data-testid="test-case-insight">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="flex min-w-0 flex-wrap items-center gap-2 font-medium text-slate-900">
          {caseName(t)}
          {t.hidden && <Badge tone="purple">Hidden</Badge>}
          {t.hardest && <Badge tone="red">Hardest</Badge>}
        </span>
        <span className="flex items-center gap-2 text-xs text-slate-600">
          {t.runs > 0 && `${t.failures} of ${t.runs} failed`}
          <FailureRateBadge rate={t.failureRate} />
        </span>
      </div>
      {t.commonWrongOutputs.length > 0 && (
        <div className="mt-2">
          <p className="text-xs font-medium text-slate-700">Commonest wrong outputs</p>
          <ul className="mt-1 space-y-1">
            {t.commonWrongOutputs.map((w) => (
              <li key={w.output} className="flex items-start gap-2 text-xs">
                <pre className="min-w-0 flex-1 rounded [overflow-wrap:anywhere] bg-slate-50 px-2 py-1 font-mono whitespace-pre-wrap text-slate-800">
                  {w.output === "" ? "(no output)" : w.output}
                </pre>
                <span className="shrink-0 text-slate-600">
                  {w.count} {w.count === 1 ? "student" : "students"}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </li>
  );
}

function Details({ data }: { data: AssignmentInsightDetail }) {
  const a = data.assignment;
  const summary = scoreSummary(data.scoreDistribution);
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
        {[
          ["Submissions", `${a.submissionsCount}`],
          ["Students handed in", `${a.submittedStudents} of ${a.totalStudents}`],
          ["Average score", percentOrNoData(a.averageScore)],
          ["Average attempts before the final", numberOrNoData(a.averageAttempts)],
        ].map(([label, value]) => (
          <div key={label} className="rounded-lg bg-slate-50 px-3 py-2">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="font-semibold text-slate-900">{value}</dd>
          </div>
        ))}
        <div className="rounded-lg bg-slate-50 px-3 py-2">
          <dt className="text-xs text-slate-600">Failure rate</dt>
          <dd>
            <FailedHandInsBadge row={a} />
          </dd>
        </div>
        <div className="rounded-lg bg-slate-50 px-3 py-2">
          <dt className="text-xs text-slate-600">Difficulty</dt>
          <dd>
            <DifficultyBadge row={a} />
          </dd>
        </div>
      </dl>
      <p className="text-xs text-slate-600">{DIFFICULTY_SCORE_RULE}</p>

      {data.scoreDistribution.length > 0 && (
        <ChartFigure
          title="Score distribution (latest final submissions)"
          summary={summary}
          chart={
            <ScoreDistributionChart
              buckets={data.scoreDistribution}
              label={`Score distribution: ${summary}`}
            />
          }
          table={
            <FigureTable
              caption="Score distribution"
              head={["Score (%)", "Students"]}
              rows={data.scoreDistribution.map((b) => [b.label, b.count])}
            />
          }
        />
      )}

      <section aria-labelledby="test-case-failures" className="space-y-2">
        <h3 id="test-case-failures" className="text-sm font-semibold text-slate-800">
          Test case failure rates
        </h3>
        {data.testCases.length === 0 ? (
          <p className="text-sm text-slate-600">{INSIGHTS_TEXT.noTestCases}</p>
        ) : (
          <ol className="space-y-2">
            {data.testCases.map((t) => (
              <TestCaseItem key={t.testCaseId} t={t} />
            ))}
          </ol>
        )}
      </section>

      <p className="text-sm">
        <Link to={`/teacher/assignments/${a.id}`} className="font-medium text-brand-700 hover:underline">
          Open the assignment and its Student Progress
        </Link>
      </p>
    </div>
  );
}

export function AssignmentDetailsDialog({
  row,
  onClose,
}: {
  row: AssignmentMonitorRow | null;
  onClose: () => void;
}) {
  const detail = useAssignmentInsight(row?.id ?? null);
  return (
    <InsightDialog
      open={row !== null}
      onClose={onClose}
      title="Assignment Details"
      description={row ? `${row.name} · ${row.class.name}` : undefined}
      query={detail}
      failedText={INSIGHTS_TEXT.assignmentLoadFailed}
    >
      {(data) => <Details data={data} />}
    </InsightDialog>
  );
}
