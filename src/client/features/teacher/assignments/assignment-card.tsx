import { CalendarDays, School } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "@/client/components/ui/badge.tsx";
import { Card } from "@/client/components/ui/card.tsx";
import { ProgressBar } from "@/client/components/ui/progress-bar.tsx";
import { dueDateLabel } from "@/client/features/teacher/due-dates.ts";
import { languageLabel } from "@/client/features/teacher/languages.ts";
import type { TeacherAssignmentListItem } from "@/shared/api/assignments.ts";
import { lateHandInsText } from "@/shared/domain/late-work.ts";
import { percentCompleted } from "./progress-view.ts";

export function AssignmentCard({ assignment: a }: { assignment: TeacherAssignmentListItem }) {
  const percent = percentCompleted(a.submittedCount, a.studentCount);
  const late = lateHandInsText(a.lateCount);
  return (
    <Card className="relative flex flex-col p-5 focus-within:ring-2 focus-within:ring-brand-500 hover:border-brand-500">
      <div className="flex items-start justify-between gap-3">
        <h3 className="text-lg font-semibold text-slate-900">
          {/* The whole card is clickable; the link itself is what the keyboard reaches. */}
          <Link
            to={`/teacher/assignments/${a.id}`}
            className="after:absolute after:inset-0 focus:outline-none"
          >
            {a.name}
          </Link>
        </h3>
        <Badge tone="blue">{languageLabel(a.language)}</Badge>
      </div>
      <ul className="mt-3 flex-1 space-y-1 text-sm text-slate-600">
        <li className="flex items-center gap-2">
          <School className="size-4" aria-hidden />
          <span className="sr-only">Class: </span>
          {a.class.name}
        </li>
        <li className="flex items-center gap-2">
          <CalendarDays className="size-4" aria-hidden />
          {dueDateLabel(a.dueDate)}
        </li>
        {late && (
          <li>
            <Badge tone="red" data-testid="late-count">
              {late}
            </Badge>
          </li>
        )}
      </ul>
      <div className="mt-4">
        <div className="mb-1 flex justify-between text-sm">
          <span className="text-slate-700">
            {a.submittedCount}/{a.studentCount} submitted
          </span>
          <span className="font-medium text-slate-900">{percent}% completed</span>
        </div>
        <ProgressBar percent={percent} label={`${a.name}: ${percent}% completed`} />
      </div>
    </Card>
  );
}
