// Teacher dashboard (spec 02 §2): headline numbers, the way to insights, the latest assignments.
import { BarChart3, ClipboardCheck, ClipboardList, Plus, Radio, School, Users } from "lucide-react";
import { Link } from "react-router";
import { useClasses } from "@/client/api/classes.ts";
import { useTeacherDashboard } from "@/client/api/dashboard.ts";
import { Badge } from "@/client/components/ui/badge.tsx";
import { ButtonLink } from "@/client/components/ui/button.tsx";
import { Card } from "@/client/components/ui/card.tsx";
import { PageHeading } from "@/client/components/ui/page-heading.tsx";
import { QueryError } from "@/client/components/ui/query-error.tsx";
import { SkeletonList } from "@/client/components/ui/skeleton.tsx";
import { StatCard } from "@/client/components/ui/stat-card.tsx";
import { dueDateLabel } from "@/client/features/teacher/due-dates.ts";
import { languageLabel } from "@/client/features/teacher/languages.ts";
import { ClassOffers } from "@/client/features/teacher/transfers/class-offers.tsx";
import { lateHandInsText } from "@/shared/domain/late-work.ts";

export function TeacherDashboardPage() {
  const dashboard = useTeacherDashboard();
  const classes = useClasses();
  const data = dashboard.data;
  return (
    <div className="space-y-6">
      <PageHeading title="Dashboard" subtitle="Your classes and assignments at a glance." />
      <ClassOffers />
      {dashboard.isError && (
        <QueryError what="your dashboard" error={dashboard.error} onRetry={() => dashboard.refetch()} />
      )}
      <section aria-label="Summary" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label="Active Assignments" value={data?.activeAssignments} icon={ClipboardList} />
        <StatCard label="Total Students" value={data?.totalStudents} icon={Users} />
        <StatCard label="Classes" value={data?.classes} icon={School} />
        <StatCard label="Pending Reviews" value={data?.pendingReviews} icon={ClipboardCheck} />
      </section>

      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="p-6 lg:col-span-2">
          <div className="mb-4 flex items-center justify-between gap-3">
            <h3 className="text-lg font-semibold">Recent Assignments</h3>
            {data && data.recentAssignments.length > 0 && (
              <Link to="/teacher/assignments" className="text-sm font-medium text-brand-700 hover:underline">
                View all
              </Link>
            )}
          </div>
          {dashboard.isPending ? (
            <SkeletonList rows={3} className="h-16" />
          ) : data && data.recentAssignments.length === 0 ? (
            <div className="rounded-lg border border-dashed border-slate-300 p-6 text-center">
              <p className="text-sm text-slate-600">You have not set any assignments yet.</p>
              <ButtonLink to="/teacher/assignments?new=1" className="mt-3">
                <Plus className="size-4" aria-hidden />
                Create your first assignment
              </ButtonLink>
            </div>
          ) : (
            <ul className="divide-y divide-slate-200">
              {data?.recentAssignments.map((a) => (
                <li key={a.id}>
                  <Link
                    to={`/teacher/assignments/${a.id}`}
                    className="flex flex-wrap items-center justify-between gap-2 rounded-lg px-2 py-3 hover:bg-slate-50"
                  >
                    <span className="min-w-0">
                      <span className="block font-medium text-slate-900">{a.name}</span>
                      <span className="block text-sm text-slate-600">{a.class.name}</span>
                    </span>
                    <span className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
                      <Badge tone="blue">{languageLabel(a.language)}</Badge>
                      {dueDateLabel(a.dueDate)}
                      {a.lateCount > 0 && (
                        <Badge tone="red" data-testid="late-count">
                          {lateHandInsText(a.lateCount)}
                        </Badge>
                      )}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Card>

        <Card className="flex flex-col p-6">
          <span className="mb-3 grid size-11 place-items-center rounded-lg bg-purple-100 text-purple-800">
            <BarChart3 className="size-5" aria-hidden />
          </span>
          <h3 className="text-lg font-semibold">Teaching Insights</h3>
          <p className="mt-1 flex-1 text-sm text-slate-600">
            See which students are struggling or falling behind, which assignments cause trouble and how
            engaged each class is.
          </p>
          <ButtonLink to="/teacher/insights" variant="secondary" className="mt-4 self-start">
            View Insights
          </ButtonLink>
        </Card>
        {classes.data && classes.data.length > 0 && (
          <Card className="flex flex-col p-6 lg:col-span-3">
            <h3 className="flex items-center gap-2 text-lg font-semibold">
              <Radio className="size-5 text-red-700" aria-hidden />
              Live lesson
            </h3>
            <p className="mt-1 text-sm text-slate-600">
              In a lesson: who is stuck, who has a hand up and what each student is running, as it happens.
            </p>
            <ul className="mt-3 flex flex-wrap gap-2">
              {classes.data.map((c) => (
                <li key={c.id}>
                  <ButtonLink to={`/teacher/classes/${c.id}/live`} variant="secondary" size="sm">
                    {c.name}
                    <span className="sr-only"> live lesson</span>
                  </ButtonLink>
                </li>
              ))}
            </ul>
          </Card>
        )}
      </div>
    </div>
  );
}
