// One assignment as its teacher sees it (spec 02 §2): stats, insights, Student Progress, the
// task itself, and an 'Edit Assignment' toggle with the spec's success and failure alerts.
import {
  ArrowLeft,
  BarChart3,
  Download,
  FileCheck2,
  FileDown,
  Pencil,
  Percent,
  ScanSearch,
  Users,
} from "lucide-react";
import { useState } from "react";
import { useLocation, useParams } from "react-router";
import {
  assignmentExportUrl,
  useAssignmentProgress,
  useTeacherAssignment,
} from "@/client/api/assignments.ts";
import { Alert } from "@/client/components/ui/alert.tsx";
import { Badge } from "@/client/components/ui/badge.tsx";
import { Button, ButtonLink, buttonClass } from "@/client/components/ui/button.tsx";
import { Card } from "@/client/components/ui/card.tsx";
import { PageHeading } from "@/client/components/ui/page-heading.tsx";
import { QueryError } from "@/client/components/ui/query-error.tsx";
import { SkeletonList } from "@/client/components/ui/skeleton.tsx";
import { StatCard } from "@/client/components/ui/stat-card.tsx";
import { assignmentCodeRunnerUrl, ClassroomTestsDialog } from "@/client/features/interchange/index.ts";
import { dueDateLabel } from "@/client/features/teacher/due-dates.ts";
import { insightsHref } from "@/client/features/teacher/insights/insights-url.ts";
import { languageLabel } from "@/client/features/teacher/languages.ts";
import { hasErrorCode } from "@/client/lib/api.ts";
import { formatDate } from "@/client/lib/format.ts";
import { ASSIGNMENT_MESSAGES } from "@/shared/api/assignments.ts";
import { AssignmentEditForm } from "./assignment-edit-form.tsx";
import { AssignmentInsightsPanel } from "./assignment-insights-panel.tsx";
import { AssignmentSummary } from "./assignment-summary.tsx";
import { DeleteAssignmentButton } from "./delete-assignment-button.tsx";
import { formatPercent } from "./progress-view.ts";
import { StudentProgressTable } from "./student-progress-table.tsx";

const BackToAssignments = () => (
  <ButtonLink to="/teacher/assignments" variant="ghost" size="sm" className="mb-4 -ml-2">
    <ArrowLeft className="size-4" aria-hidden />
    Back to Assignments
  </ButtonLink>
);

export function AssignmentDetailPage() {
  const { assignmentId = "" } = useParams();
  const location = useLocation();
  const assignment = useTeacherAssignment(assignmentId);
  const progress = useAssignmentProgress(assignmentId);
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const [testsAdded, setTestsAdded] = useState<number | null>(null);
  const justCreated = (location.state as { created?: boolean } | null)?.created === true;

  if (assignment.isPending) {
    return (
      <div>
        <BackToAssignments />
        <p className="mb-3 text-sm text-slate-600">Loading assignment...</p>
        <SkeletonList rows={3} className="h-28" />
      </div>
    );
  }
  if (assignment.isError) {
    const missing = hasErrorCode(assignment.error, "NOT_FOUND");
    return (
      <div>
        <BackToAssignments />
        {missing ? (
          <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
            <p className="font-medium text-slate-900">{ASSIGNMENT_MESSAGES.notFound}</p>
            <p className="mt-1 text-sm text-slate-600">{ASSIGNMENT_MESSAGES.notFoundLong}</p>
          </div>
        ) : (
          <QueryError what="this assignment" error={assignment.error} onRetry={() => assignment.refetch()} />
        )}
      </div>
    );
  }

  const a = assignment.data;
  const p = progress.data;

  return (
    <div className="space-y-6">
      <div>
        <BackToAssignments />
        <PageHeading
          title={a.name}
          subtitle={
            <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span>{a.class.name}</span>
              <Badge tone="blue">{languageLabel(a.language)}</Badge>
              <span>{dueDateLabel(a.dueDate)}</span>
              <span>Set {formatDate(a.createdAt)}</span>
            </span>
          }
          actions={
            <>
              <ButtonLink to={insightsHref({ classId: a.class.id, search: a.name })} variant="secondary">
                <BarChart3 className="size-4" aria-hidden />
                View Insights
              </ButtonLink>
              <ButtonLink to={`/teacher/assignments/${a.id}/similarity`} variant="secondary">
                <ScanSearch className="size-4" aria-hidden />
                Similarity report
              </ButtonLink>
              <a href={assignmentExportUrl(a.id)} download className={buttonClass("secondary")}>
                <Download className="size-4" aria-hidden />
                Download CSV
                <span className="sr-only"> of grades for {a.name}</span>
              </a>
              <a href={assignmentCodeRunnerUrl(a.id)} download className={buttonClass("secondary")}>
                <FileDown className="size-4" aria-hidden />
                Export to CodeRunner
                <span className="sr-only"> (Moodle XML) {a.name}</span>
              </a>
              {!editing && <ClassroomTestsDialog assignmentId={a.id} onAdded={setTestsAdded} />}
              <Button
                variant={editing ? "primary" : "secondary"}
                aria-pressed={editing}
                onClick={() => {
                  setSaved(false);
                  setEditing(!editing);
                }}
              >
                <Pencil className="size-4" aria-hidden />
                Edit Assignment
              </Button>
              <DeleteAssignmentButton assignmentId={a.id} name={a.name} />
            </>
          }
        />
        {saved && <Alert tone="success">{ASSIGNMENT_MESSAGES.updated}</Alert>}
        {testsAdded !== null && (
          <Alert tone="success">
            Added {testsAdded} {testsAdded === 1 ? "test" : "tests"} from GitHub Classroom after this
            assignment's own.
          </Alert>
        )}
        {justCreated && !saved && (
          <Alert tone="success">
            Assignment created. Students in {a.class.name} can now see it under Assignments.
          </Alert>
        )}
      </div>

      <section aria-label="Summary" className="grid gap-4 sm:grid-cols-3">
        <StatCard label="Total Students" value={p?.totalStudents} icon={Users} />
        <StatCard label="Submitted Work" value={p?.submittedCount} icon={FileCheck2} />
        {p && (
          <StatCard
            label="Avg. Pass Rate"
            value={p.avgPassRate === null ? "No data yet" : formatPercent(p.avgPassRate)}
            icon={Percent}
          />
        )}
      </section>

      {/* Editing happens here, where the teacher pressed Edit; otherwise who has done what comes
          before the assignment's own text and tests (issue 19 item 4: the table was last). */}
      {editing && (
        <AssignmentEditForm
          assignment={a}
          onCancel={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            setSaved(true);
            window.scrollTo({ top: 0, behavior: "smooth" });
          }}
        />
      )}

      {progress.isPending ? (
        <div>
          <p className="mb-3 text-sm text-slate-600">Loading progress...</p>
          <SkeletonList rows={2} className="h-32" />
        </div>
      ) : progress.isError ? (
        <QueryError what="student progress" error={progress.error} onRetry={() => progress.refetch()} />
      ) : (
        <>
          <Card className="p-5">
            <h3 className="mb-3 text-lg font-semibold">Student Progress</h3>
            <StudentProgressTable assignmentId={a.id} rows={progress.data.students} />
          </Card>
          <AssignmentInsightsPanel progress={progress.data} />
        </>
      )}

      {!editing && <AssignmentSummary assignment={a} />}
    </div>
  );
}
