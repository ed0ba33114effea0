// Results of Run Tests: the 'Passed: x/y tests' summary and, for a failed test, its input, the
// output and the expected output as a line diff.

import { LineDiff } from "@/client/components/code/line-diff.tsx";
import { Badge } from "@/client/components/ui/badge.tsx";
import { closestOutput } from "@/shared/grading/diff.ts";
import { summaryText } from "@/shared/grading/score.ts";
import type { GradeResult, TestCase } from "@/shared/grading/types.ts";

export function TestResults({ grade, tests }: { grade: GradeResult; tests: TestCase[] }) {
  return (
    <div className="space-y-3">
      <p className="font-medium" data-testid="test-summary">
        {summaryText(grade.passed, grade.total)}
      </p>
      <ol className="space-y-2">
        {grade.results.map((r, i) => (
          <li key={i} className="rounded-lg border border-slate-200 p-3">
            <div className="flex items-center gap-2 text-sm">
              <span className="font-medium">Test {i + 1}</span>
              <Badge tone={r.passed ? "green" : "red"}>{r.passed ? "Passed" : "Failed"}</Badge>
              <span className="text-slate-500">{Math.round(r.timeMs)} ms</span>
            </div>
            {!r.passed && (
              <details className="mt-2 text-sm">
                <summary className="cursor-pointer text-slate-700">Why did this test fail?</summary>
                <div className="mt-2 grid gap-2">
                  {tests[i]?.input ? (
                    <div>
                      <h4 className="text-xs font-semibold text-slate-600 uppercase">Test input</h4>
                      <pre className="rounded bg-slate-50 p-2 font-mono whitespace-pre-wrap">
                        {tests[i].input}
                      </pre>
                    </div>
                  ) : null}
                  <LineDiff
                    expected={tests[i]?.expectedOutput ?? ""}
                    actual={closestOutput(tests[i]?.expectedOutput ?? "", r)}
                  />
                </div>
              </details>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
