// The student's assignments across their classes (spec 01 §2: Assignments list), with Overdue in
// place of Pending once the due date has passed and nothing is handed in, and Handed in late.
import { CalendarClock, CheckCircle2, ClipboardList } from "lucide-react";
import { useStudentAssignments } from "@/client/api/assignments.ts";
import { Badge } from "@/client/components/ui/badge.tsx";
import { ButtonLink } from "@/client/components/ui/button.tsx";
import { Card } from "@/client/components/ui/card.tsx";
import { EmptyState } from "@/client/components/ui/empty-state.tsx";
import { Loading } from "@/client/components/ui/loading.tsx";
import { PageHeading } from "@/client/components/ui/page-heading.tsx";
import { QueryError } from "@/client/components/ui/query-error.tsx";
import { formatDate } from "@/client/lib/format.ts";
import { LATE_WORK_LABELS, lateWorkState } from "@/shared/domain/late-work.ts";
import { formatGrade, truncate } from "@/shared/domain/progress.ts";

export function StudentAssignmentsPage() {
  const list = useStudentAssignments();
  return (
    <div className="space-y-6">
      <PageHeading title="Assignments" className="" />
      {list.isPending && <Loading />}
      {list.isError && <QueryError what="your assignments" error={list.error} onRetry={list.refetch} />}
      {list.data?.length === 0 && (
        <EmptyState icon={ClipboardList} title="No assignments yet">
          When your teacher sets work for one of your classes, it appears here.
        </EmptyState>
      )}
      <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {list.data?.map((a) => {
          const done = a.status === "submitted";
          // Past the due date with nothing handed in: Overdue rather than Pending. Handed in after
          // it: Handed in late beside Completed (the rule of the teacher's Late, issue 19 #7).
          const timing = lateWorkState(a.dueDate, done ? a.submittedAt : null);
          return (
            <li key={a.id}>
              <Card className="flex h-full flex-col p-5" data-testid="assignment-card">
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <h3 className="text-lg font-semibold text-slate-900">{a.name}</h3>
                    <p className="text-sm text-slate-500">{a.class.name}</p>
                  </div>
                  <span className="flex shrink-0 flex-col items-end gap-1">
                    {timing === "overdue" ? (
                      <Badge tone="red" data-testid="overdue">
                        {LATE_WORK_LABELS.overdue}
                      </Badge>
                    ) : (
                      <Badge tone={done ? "green" : "yellow"}>{done ? "Completed" : "Pending"}</Badge>
                    )}
                    {timing === "late" && (
                      <Badge tone="yellow" data-testid="handed-in-late">
                        {LATE_WORK_LABELS.late}
                      </Badge>
                    )}
                  </span>
                </div>
                {a.description && <p className="mt-3 text-sm text-slate-700">{truncate(a.description)}</p>}
                <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
                  {done && a.submittedAt ? (
                    <span className="flex items-center gap-1">
                      <CheckCircle2 className="size-4" aria-hidden /> Submitted {formatDate(a.submittedAt)}
                    </span>
                  ) : (
                    <span className="flex items-center gap-1">
                      <CalendarClock className="size-4" aria-hidden />{" "}
                      {a.dueDate ? `Due ${formatDate(a.dueDate)}` : "No due date"}
                    </span>
                  )}
                  {a.teacherGrade !== null && (
                    <span className="font-medium text-slate-900" data-testid="grade">
                      Grade: {formatGrade(a.teacherGrade)}
                    </span>
                  )}
                </div>
                <div className="mt-auto pt-4">
                  <ButtonLink
                    to={`/student/assignments/${a.id}`}
                    variant={done ? "secondary" : "primary"}
                    className="w-full"
                  >
                    {done ? "View Submission" : "Start Assignment"}
                  </ButtonLink>
                </div>
              </Card>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
