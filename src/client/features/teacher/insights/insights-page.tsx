// Teaching Insights (/teacher/insights, spec 02 §2): the four tiles, Student Risk Alerts, the
// Assignment Monitor, the Class Engagement Overview and two modals, for the teacher's own classes.
// Every figure is the server's, computed from real work (docs/decisions/036); the class filter
// and the search live in the address (insights-url.ts).
import { useQuery } from "@tanstack/react-query";
import { Activity, AlertTriangle, ArrowLeft, ClipboardList, Search, Users } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import { useClasses } from "@/client/api/classes.ts";
import { insightsQuery } from "@/client/api/insights.ts";
import { ButtonLink } from "@/client/components/ui/button.tsx";
import { DataUseNotice } from "@/client/components/ui/data-use-notice.tsx";
import { controlClass } from "@/client/components/ui/field.tsx";
import { Loading } from "@/client/components/ui/loading.tsx";
import { PageHeading } from "@/client/components/ui/page-heading.tsx";
import { QueryError } from "@/client/components/ui/query-error.tsx";
import { StatCard } from "@/client/components/ui/stat-card.tsx";
import type { AssignmentMonitorRow, StudentInsight } from "@/shared/api/insights.ts";
import { INSIGHTS_TEXT } from "@/shared/domain/insights.ts";
import { AllStudents } from "./all-students.tsx";
import { AssignmentDetailsDialog } from "./assignment-details-dialog.tsx";
import { AssignmentMonitor } from "./assignment-monitor.tsx";
import { ClassEngagement } from "./class-engagement.tsx";
import { effectiveClassId, type InsightsView, readInsightsView, writeInsightsView } from "./insights-url.ts";
import { leftStudentsNote, percentOrNoData } from "./insights-view.ts";
import { RiskAlerts } from "./risk-alerts.tsx";
import { StudentOverviewDialog } from "./student-overview-dialog.tsx";

/** Marks the page's own address changes, so only outside ones (a link) reset the search box. */
const OWN_CHANGE = { insightsView: true };

function useInsightsView() {
  const [params, setParams] = useSearchParams();
  const view = readInsightsView(params);
  const change = (patch: Partial<InsightsView>) =>
    setParams((p) => writeInsightsView(p, patch), { replace: true, state: OWN_CHANGE });
  return [view, change] as const;
}

export function InsightsPage() {
  const [view, change] = useInsightsView();
  const location = useLocation();
  const searchId = useId();
  const classFilterId = useId();
  const classes = useClasses();
  const classId = effectiveClassId(
    view.classId,
    classes.data?.map((c) => c.id),
  );
  // A class in the address is checked against the teacher's classes before asking for it.
  const insights = useQuery({ ...insightsQuery(classId), enabled: !view.classId || !classes.isPending });

  // The search box keeps its own text (typing never waits for the address); a link to the page
  // with another ?search= replaces it.
  const [search, setSearch] = useState(view.search);
  const ownChange = (location.state as typeof OWN_CHANGE | null)?.insightsView === true;
  useEffect(() => {
    if (!ownChange) setSearch(view.search);
  }, [location.key]);

  const [student, setStudent] = useState<StudentInsight | null>(null);
  const [assignment, setAssignment] = useState<AssignmentMonitorRow | null>(null);

  const classOptions = insights.data?.classes ?? classes.data ?? [];
  const staleClass = view.classId !== null && classId === null;
  const data = insights.data;
  const leftNote = data ? leftStudentsNote(data.tiles.leftStudents) : null;

  return (
    <div className="space-y-6">
      <div>
        <ButtonLink to="/teacher/dashboard" variant="ghost" size="sm" className="mb-4 -ml-2">
          <ArrowLeft className="size-4" aria-hidden />
          Back to Dashboard
        </ButtonLink>
        <PageHeading
          title="Teaching Insights"
          subtitle="Who is struggling, who is falling behind, which work is hard and how engaged each class is."
          className=""
        />
        <DataUseNotice feature="insights" className="mt-2 max-w-3xl" />
      </div>

      <search className="flex flex-wrap items-end gap-3" aria-label="Filter insights">
        <div className="min-w-0 flex-1 sm:max-w-sm">
          <label htmlFor={searchId} className="mb-1 block text-sm font-medium text-slate-700">
            Search assignments
          </label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
              aria-hidden
            />
            <input
              id={searchId}
              type="search"
              placeholder="Search assignments..."
              className={`${controlClass} pl-9`}
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                change({ search: e.target.value });
              }}
            />
          </div>
        </div>
        <div>
          <label htmlFor={classFilterId} className="mb-1 block text-sm font-medium text-slate-700">
            Class
          </label>
          <select
            id={classFilterId}
            className={`${controlClass} w-auto min-w-48`}
            value={classId ?? ""}
            onChange={(e) => change({ classId: e.target.value || null })}
          >
            <option value="">All Classes</option>
            {classOptions.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        {insights.isFetching && data && (
          <p role="status" className="pb-2 text-sm text-slate-600">
            Updating...
          </p>
        )}
      </search>

      {staleClass && (
        <p role="status" className="text-sm text-slate-600">
          The class in this link is not one of your classes, so all your classes are shown.
        </p>
      )}

      {insights.isError ? (
        <QueryError what="insights" error={insights.error} onRetry={() => insights.refetch()} />
      ) : !data ? (
        <Loading text={INSIGHTS_TEXT.loading} />
      ) : (
        <>
          <section aria-label="Summary" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <StatCard label="Students at Risk" value={data.tiles.studentsAtRisk} icon={AlertTriangle} />
            <StatCard label="Total Assignments" value={data.tiles.totalAssignments} icon={ClipboardList} />
            <StatCard
              label="Overall Engagement"
              value={percentOrNoData(data.tiles.overallEngagement)}
              icon={Activity}
            />
            <StatCard label="Active Students" value={data.tiles.activeStudents} icon={Users} />
          </section>
          {leftNote && <p className="-mt-2 text-sm text-slate-600">{leftNote}</p>}

          <RiskAlerts
            struggling={data.struggling}
            fallingBehind={data.fallingBehind}
            classId={classId}
            onOpen={setStudent}
          />
          <AllStudents rows={data.students} onOpen={setStudent} />
          <AssignmentMonitor
            rows={data.assignments}
            search={search}
            classId={classId}
            onReview={setAssignment}
          />
          <ClassEngagement rows={data.engagement} perDay={data.submissionsPerDay} classId={classId} />
        </>
      )}

      <StudentOverviewDialog row={student} onClose={() => setStudent(null)} />
      <AssignmentDetailsDialog row={assignment} onClose={() => setAssignment(null)} />
    </div>
  );
}
