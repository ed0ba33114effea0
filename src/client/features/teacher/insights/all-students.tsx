// Every student of the selected classes, not only those at risk, so the teacher can open anyone's
// Performance Overview. Folded away by default: the risk lists come first.
import { Badge } from "@/client/components/ui/badge.tsx";
import { Card } from "@/client/components/ui/card.tsx";
import { formatDate } from "@/client/lib/format.ts";
import type { StudentInsight } from "@/shared/api/insights.ts";
import { NO_DATA, percentOrNoData } from "./insights-view.ts";
import type { OpenStudent } from "./risk-alerts.tsx";
import { ScrollRegion } from "./scroll-region.tsx";

export function AllStudents({ rows, onOpen }: { rows: StudentInsight[]; onOpen: OpenStudent }) {
  if (rows.length === 0) return null;
  return (
    <Card className="p-5">
      <details>
        <summary className="cursor-pointer text-lg font-semibold">All Students ({rows.length})</summary>
        <ScrollRegion label="All students table" className="mt-4 max-h-[28rem] overflow-auto">
          <table className="w-full text-left text-sm">
            <thead className="sticky top-0 border-b border-slate-200 bg-white text-slate-600">
              <tr>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Student
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Average Score
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Assignments Completed
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Last Activity
                </th>
                <th scope="col" className="py-2 font-medium">
                  At Risk
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {rows.map((r) => (
                <tr key={`${r.student.id}:${r.class.id}`}>
                  <th scope="row" className="py-2 pr-4 font-normal">
                    <button
                      type="button"
                      onClick={() => onOpen(r)}
                      className="text-left font-medium text-brand-700 hover:underline"
                    >
                      {r.student.name}
                      <span className="sr-only"> — open Student Performance Overview</span>
                    </button>
                    <span className="block text-xs text-slate-600">{r.class.name}</span>
                  </th>
                  <td className="py-2 pr-4">{percentOrNoData(r.averageScore)}</td>
                  <td className="py-2 pr-4">
                    {r.assignmentsCompleted} of {r.assignmentsTotal}
                  </td>
                  <td className="py-2 pr-4">{r.lastActivity ? formatDate(r.lastActivity) : NO_DATA}</td>
                  <td className="py-2">
                    <span className="flex flex-wrap gap-1">
                      {r.struggling && <Badge tone="red">Struggling</Badge>}
                      {r.fallingBehind && <Badge tone="yellow">Falling behind</Badge>}
                      {!r.struggling && !r.fallingBehind && <Badge tone="green">Keeping up</Badge>}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </details>
    </Card>
  );
}
