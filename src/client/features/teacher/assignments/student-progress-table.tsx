// Student Progress: one row per class member with status, submission date, grade and the action
// that fits the status (nothing for Not Viewed).

import { Badge } from "@/client/components/ui/badge.tsx";
import { ButtonLink } from "@/client/components/ui/button.tsx";
import { formatDateTime } from "@/client/lib/format.ts";
import type { StudentProgressRow } from "@/shared/api/assignments.ts";
import { formatGrade, PROGRESS_LABELS, PROGRESS_TONES } from "@/shared/domain/progress.ts";
import { progressAction } from "./progress-view.ts";

export function StudentProgressTable({
  assignmentId,
  rows,
}: {
  assignmentId: string;
  rows: StudentProgressRow[];
}) {
  if (rows.length === 0) {
    return <p className="text-sm text-slate-600">No students have joined this class yet.</p>;
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">
              Student
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Status
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Submission Date
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Grade
            </th>
            <th scope="col" className="py-2 font-medium">
              <span className="sr-only">Action</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.map((r) => {
            const action = progressAction(r.status);
            return (
              <tr key={r.student.id}>
                <th scope="row" className="py-3 pr-4 font-normal">
                  <span className="block font-medium text-slate-900">{r.student.name}</span>
                  <span className="block text-xs text-slate-600">{r.student.email}</span>
                </th>
                <td className="py-3 pr-4 whitespace-nowrap">
                  <Badge tone={PROGRESS_TONES[r.status]}>{PROGRESS_LABELS[r.status]}</Badge>
                </td>
                <td className="py-3 pr-4 text-slate-700">
                  {r.submittedAt ? formatDateTime(r.submittedAt) : "—"}
                </td>
                <td className="py-3 pr-4 text-slate-900">{r.grade === null ? "—" : formatGrade(r.grade)}</td>
                <td className="py-3 text-right whitespace-nowrap">
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
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
