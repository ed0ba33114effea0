// Student Performance Overview: one student's real work in the teacher's classes — progress
// figures, assignments and exercises with their statuses, scores and last activity, links to the
// submissions, and completion by exercise category (picture and table).
import { Link } from "react-router";
import { useStudentPerformance } from "@/client/api/insights.ts";
import { Badge } from "@/client/components/ui/badge.tsx";
import {
  RowHeader,
  Table,
  TableBody,
  TableHead,
  TableRow,
  TableScroll,
  Td,
  Th,
} from "@/client/components/ui/table.tsx";
import { formatDate, formatDateTime } from "@/client/lib/format.ts";
import type { StudentInsight, StudentPerformance } from "@/shared/api/insights.ts";
import {
  INSIGHTS_TEXT,
  RISK_LABELS,
  strugglingAreaText,
  WORK_STATUS_LABELS,
  WORK_STATUS_TONES,
} from "@/shared/domain/insights.ts";
import { formatGrade } from "@/shared/domain/progress.ts";
import { CategoryCompletionChart, ChartFigure, FigureTable } from "./chart-figure.tsx";
import { InsightDialog } from "./insight-dialog.tsx";
import { categoryRows, categorySummary, NO_DATA, percentOrNoData, triedExercises } from "./insights-view.ts";

const when = (iso: string | null) => (iso ? formatDateTime(iso) : NO_DATA);

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg bg-slate-50 px-3 py-2">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

function ProgressFigures({ p, showClass }: { p: StudentInsight; showClass: boolean }) {
  return (
    <section aria-label={`Progress in ${p.class.name}`} className="space-y-2">
      {showClass && <h3 className="text-sm font-semibold text-slate-800">{p.class.name}</h3>}
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Figure label="Average score" value={percentOrNoData(p.averageScore)} />
        <Figure label="Assignments completed" value={`${p.assignmentsCompleted} of ${p.assignmentsTotal}`} />
        <Figure label="Exercises completed" value={`${p.exercisesCompleted} of ${p.exercisesTotal}`} />
        <Figure label="Last activity" value={when(p.lastActivity)} />
      </dl>
      {(p.struggling || p.fallingBehind) && (
        <ul className="space-y-1 text-sm">
          {p.struggling && (
            <li>
              <Badge tone="red">Struggling · {RISK_LABELS[p.struggling.level]}</Badge>{" "}
              <span className="text-slate-800">{p.struggling.reason}</span>
            </li>
          )}
          {p.fallingBehind && (
            <li>
              <Badge tone="yellow">Falling behind · {RISK_LABELS[p.fallingBehind.level]}</Badge>{" "}
              <span className="text-slate-800">{p.fallingBehind.reason}</span>
            </li>
          )}
        </ul>
      )}
      {/* A struggling student's reason lists the areas already. */}
      {!p.struggling && p.strugglingAreas.length > 0 && (
        <p className="text-sm text-slate-700">
          <span className="font-medium">Struggling areas:</span>{" "}
          {p.strugglingAreas.map(strugglingAreaText).join("; ")}
        </p>
      )}
    </section>
  );
}

function Performance({ data }: { data: StudentPerformance }) {
  const cats = categoryRows(data.categoryCompletion);
  const { tried, notStarted } = triedExercises(data.exercises);
  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-600">
        {data.student.email} · last activity {when(data.lastActivity)}
      </p>
      {data.progress.map((p) => (
        <ProgressFigures key={p.class.id} p={p} showClass={data.progress.length > 1} />
      ))}

      <section aria-labelledby="student-assignments" className="space-y-2">
        <h3 id="student-assignments" className="text-sm font-semibold text-slate-800">
          Assignments
        </h3>
        {data.assignments.length === 0 ? (
          <p className="text-sm text-slate-600">No assignments set for this student's classes yet.</p>
        ) : (
          <TableScroll label="Assignments table">
            <Table density="snug">
              <TableHead>
                <TableRow>
                  <Th>Assignment</Th>
                  <Th>Status</Th>
                  <Th>Score</Th>
                  <Th>Last activity</Th>
                  <Th>
                    <span className="sr-only">Submissions</span>
                  </Th>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.assignments.map((a) => (
                  <TableRow key={a.id}>
                    <RowHeader className="text-slate-900">
                      {a.name}
                      {data.classes.length > 1 && (
                        <span className="block text-xs text-slate-600">{a.class.name}</span>
                      )}
                    </RowHeader>
                    <Td>
                      <Badge tone={WORK_STATUS_TONES[a.status]}>{WORK_STATUS_LABELS[a.status]}</Badge>
                    </Td>
                    <Td>
                      {percentOrNoData(a.score)}
                      {a.teacherGrade !== null && (
                        <span className="block text-xs text-slate-600">
                          Grade {formatGrade(a.teacherGrade)}
                        </span>
                      )}
                    </Td>
                    <Td className="text-slate-700">{when(a.lastActivity)}</Td>
                    <Td className="text-right">
                      {a.attempts > 0 && (
                        <Link
                          to={`/teacher/assignments/${a.id}/students/${data.student.id}`}
                          className="font-medium whitespace-nowrap text-brand-700 hover:underline"
                        >
                          View submissions
                          <span className="sr-only"> for {a.name}</span>
                        </Link>
                      )}
                    </Td>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableScroll>
        )}
      </section>

      <section aria-labelledby="student-exercises" className="space-y-3">
        <h3 id="student-exercises" className="text-sm font-semibold text-slate-800">
          Exercises
        </h3>
        {cats.length > 0 && (
          <ChartFigure
            title="Completion by exercise category"
            summary={categorySummary(cats)}
            chart={
              cats.some((c) => c.completed > 0) && (
                <CategoryCompletionChart
                  categories={cats}
                  label={`Completion by exercise category: ${categorySummary(cats)}`}
                />
              )
            }
            table={
              <FigureTable
                caption="Completion by exercise category"
                head={["Category", "Completed", "In progress", "Exercises", "Completion"]}
                rows={cats.map((c) => [c.name, c.completed, c.inProgress, c.total, c.percentText])}
              />
            }
          />
        )}
        {tried.length === 0 ? (
          <p className="text-sm text-slate-600">No exercises started yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {tried.map((e) => (
              <li key={e.id} className="flex flex-wrap items-center justify-between gap-2 py-1.5">
                <span className="min-w-0">
                  <span className="block text-slate-900">{e.title}</span>
                  <span className="block text-xs text-slate-600">
                    {e.category.name} · {e.attempts} {e.attempts === 1 ? "save" : "saves"} · last{" "}
                    {e.lastActivity ? formatDate(e.lastActivity) : NO_DATA}
                  </span>
                </span>
                <span className="flex items-center gap-2">
                  <span className="text-xs text-slate-700">{percentOrNoData(e.score)}</span>
                  <Badge tone={WORK_STATUS_TONES[e.status]}>{WORK_STATUS_LABELS[e.status]}</Badge>
                </span>
              </li>
            ))}
          </ul>
        )}
        {notStarted > 0 && (
          <p className="text-xs text-slate-600">
            {notStarted} other {notStarted === 1 ? "exercise" : "exercises"}: {WORK_STATUS_LABELS.not_started}
            .
          </p>
        )}
      </section>
    </div>
  );
}

export function StudentOverviewDialog({
  row,
  onClose,
}: {
  /** The (student, class) row that was opened; null when closed. */
  row: StudentInsight | null;
  onClose: () => void;
}) {
  const performance = useStudentPerformance(row?.student.id ?? null, row?.class.id ?? null);
  return (
    <InsightDialog
      open={row !== null}
      onClose={onClose}
      title="Student Performance Overview"
      description={row ? `${row.student.name} · ${row.class.name}` : undefined}
      query={performance}
      failedText={INSIGHTS_TEXT.studentLoadFailed}
    >
      {(data) => <Performance data={data} />}
    </InsightDialog>
  );
}
