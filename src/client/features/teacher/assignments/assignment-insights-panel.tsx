// Assignment Insights: how each test case fares (top 5 by failure rate) and the top 3 that
// students fail, ranked and cut by the server. Rates come from real final submissions; a case
// nobody ran says 'No data yet'.

import { Badge } from "@/client/components/ui/badge.tsx";
import { Card } from "@/client/components/ui/card.tsx";
import type { AssignmentProgress, TestCasePerformance } from "@/shared/api/assignments.ts";
import { failureRateTone } from "@/shared/domain/progress.ts";
import { formatPercent } from "./progress-view.ts";

const caseName = (t: TestCasePerformance) => t.description || `Test case ${t.position + 1}`;

export function AssignmentInsightsPanel({ progress }: { progress: AssignmentProgress }) {
  const top = progress.testCasePerformance;
  const hardest = progress.challengingAreas;
  return (
    <Card className="p-5">
      <h3 className="mb-4 text-lg font-semibold">Assignment Insights</h3>
      <div className="grid gap-6 md:grid-cols-2">
        <section aria-labelledby="tc-performance">
          <h4 id="tc-performance" className="mb-2 text-sm font-medium text-slate-700">
            Test Case Performance
          </h4>
          {top.length === 0 ? (
            <p className="text-sm text-slate-600">This assignment has no test cases yet.</p>
          ) : (
            <ul className="space-y-2">
              {top.map((t) => (
                <li
                  key={t.testCaseId}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 px-3 py-2"
                >
                  <span className="flex min-w-0 items-center gap-2 text-sm text-slate-900">
                    {caseName(t)}
                    {t.hidden && <Badge tone="purple">Hidden</Badge>}
                  </span>
                  {t.failureRate === null ? (
                    <Badge tone="slate">No data yet</Badge>
                  ) : (
                    <span className="flex items-center gap-2 text-xs text-slate-600">
                      {t.failures} of {t.runs} failed
                      <Badge tone={failureRateTone(t.failureRate)}>
                        {formatPercent(t.failureRate)} failure rate
                      </Badge>
                    </span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="challenging-areas">
          <h4 id="challenging-areas" className="mb-2 text-sm font-medium text-slate-700">
            Challenging Areas
          </h4>
          {hardest.length === 0 ? (
            <p className="text-sm text-slate-600">No test case has been failed in a submission yet.</p>
          ) : (
            <ol className="space-y-2">
              {hardest.map((t, i) => (
                <li
                  key={t.testCaseId}
                  className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm"
                >
                  <span className="font-medium text-red-900">
                    {i + 1}. {caseName(t)}
                  </span>
                  <span className="block text-red-800">
                    Failed in {t.failures} of {t.runs} {t.runs === 1 ? "submission" : "submissions"}
                    {t.failureRate !== null && ` (${formatPercent(t.failureRate)})`}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </Card>
  );
}
