// Read-only view of an assignment's task, starter code and test cases (outside edit mode).

import { Badge } from "@/client/components/ui/badge.tsx";
import { Card } from "@/client/components/ui/card.tsx";
import type { TeacherAssignmentDetail } from "@/shared/api/assignments.ts";
import { studentStarterCode } from "@/shared/domain/starter-code.ts";

export function AssignmentSummary({ assignment: a }: { assignment: TeacherAssignmentDetail }) {
  // In the server's order (by position).
  const cases = a.testCases;
  return (
    <Card className="space-y-5 p-5">
      <section>
        <h3 className="mb-1 text-sm font-medium text-slate-700">Description</h3>
        <p className="text-sm whitespace-pre-wrap text-slate-900">
          {a.description || <span className="text-slate-500">No description.</span>}
        </p>
      </section>
      <section>
        <h3 className="mb-1 text-sm font-medium text-slate-700">Starter Code</h3>
        {!a.starterCode.trim() && (
          <p className="mb-1 text-sm text-slate-500">None: students start with the default line below.</p>
        )}
        {/* Long lines wrap rather than scroll: a block that scrolls sideways would have to be
            reachable by keyboard (axe's scrollable-region-focusable, issue 19 item 13). */}
        <pre className="rounded-lg bg-slate-900 p-3 font-mono text-sm break-words whitespace-pre-wrap text-slate-100">
          {studentStarterCode(a.starterCode)}
        </pre>
      </section>
      <section aria-labelledby="summary-test-cases">
        <h3 id="summary-test-cases" className="mb-2 text-sm font-medium text-slate-700">
          Test Cases ({cases.length})
        </h3>
        {cases.length === 0 ? (
          <p className="text-sm text-slate-500">No test cases yet. Add some in edit mode.</p>
        ) : (
          <ol className="space-y-2">
            {cases.map((t, i) => (
              <li key={t.id} className="rounded-lg border border-slate-200 p-3">
                <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
                  {i + 1}. {t.description || `Test case ${i + 1}`}
                  {t.hidden && <Badge tone="purple">Hidden from students</Badge>}
                </p>
                <div className="mt-2 grid gap-2 text-xs md:grid-cols-2">
                  <IoBlock label="Input" text={t.input} />
                  <IoBlock label="Expected Output" text={t.expectedOutput} />
                </div>
              </li>
            ))}
          </ol>
        )}
      </section>
    </Card>
  );
}

function IoBlock({ label, text }: { label: string; text: string }) {
  return (
    <div>
      <p className="mb-1 font-medium text-slate-600">{label}</p>
      <pre className="min-h-8 overflow-x-auto rounded bg-slate-100 p-2 font-mono whitespace-pre-wrap text-slate-800">
        {text || <span className="text-slate-600">(none)</span>}
      </pre>
    </div>
  );
}
