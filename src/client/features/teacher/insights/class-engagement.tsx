// Class Engagement Overview: one row per class (members, active in the last 7 days, rate, weekly
// submissions, status), and submissions per day over the last 4 weeks as a picture and a table.
import { useId, useState } from "react";
import { Badge } from "@/client/components/ui/badge.tsx";
import { Card } from "@/client/components/ui/card.tsx";
import { controlClass } from "@/client/components/ui/field.tsx";
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
import type { ClassEngagementRow, SubmissionsPerDay } from "@/shared/api/insights.ts";
import { ENGAGEMENT_LABELS, ENGAGEMENT_TONES, INSIGHTS_TEXT } from "@/shared/domain/insights.ts";
import { ChartFigure, DailySubmissionsChart, FigureTable } from "./chart-figure.tsx";
import { dailySubmissions, dailySummary, NO_DATA, percentOrNoData } from "./insights-view.ts";

function DailyChart({ data, classId }: { data: SubmissionsPerDay; classId: string | null }) {
  const selectId = useId();
  // With All Classes the teacher may pick one class here; a filtered page shows its class.
  const [picked, setPicked] = useState<string>("");
  const chartClass = classId ?? (picked || null);
  const className = data.series.find((s) => s.class.id === chartClass)?.class.name ?? "all classes";
  const rows = dailySubmissions(data, chartClass);
  const title = `Submissions per day, last 4 weeks (${className})`;
  return (
    <ChartFigure
      title={title}
      summary={dailySummary(rows)}
      controls={
        !classId &&
        data.series.length > 1 && (
          <div>
            <label htmlFor={selectId} className="mb-1 block text-xs font-medium text-slate-700">
              Chart class
            </label>
            <select
              id={selectId}
              className={`${controlClass} w-auto`}
              value={picked}
              onChange={(e) => setPicked(e.target.value)}
            >
              <option value="">All classes together</option>
              {data.series.map((s) => (
                <option key={s.class.id} value={s.class.id}>
                  {s.class.name}
                </option>
              ))}
            </select>
          </div>
        )
      }
      chart={<DailySubmissionsChart days={rows} label={`${title}: ${dailySummary(rows)}`} />}
      table={
        <FigureTable
          caption={title}
          head={["Day", "Submissions"]}
          rows={rows.map((r) => [r.longLabel, r.count])}
        />
      }
    />
  );
}

export function ClassEngagement({
  rows,
  perDay,
  classId,
}: {
  rows: ClassEngagementRow[];
  perDay: SubmissionsPerDay;
  classId: string | null;
}) {
  return (
    <Card className="p-5">
      <h2 className="mb-4 text-lg font-semibold">Class Engagement Overview</h2>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">{INSIGHTS_TEXT.noEngagement}</p>
      ) : (
        <div className="space-y-6">
          <TableScroll label="Class engagement table">
            <Table>
              <TableHead>
                <TableRow>
                  <Th>Class</Th>
                  <Th>Total Students</Th>
                  <Th>Active ({INSIGHTS_TEXT.activeWindow})</Th>
                  <Th>Engagement Rate</Th>
                  <Th>Weekly Submissions</Th>
                  <Th>Status</Th>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((r) => (
                  <TableRow key={r.class.id}>
                    <RowHeader className="font-medium text-slate-900">{r.class.name}</RowHeader>
                    <Td>{r.totalStudents}</Td>
                    <Td>{r.activeStudents}</Td>
                    <Td>{percentOrNoData(r.engagementRate)}</Td>
                    <Td>{r.weeklySubmissions}</Td>
                    <Td>
                      {r.status === null ? (
                        <Badge tone="slate">{NO_DATA}</Badge>
                      ) : (
                        <Badge tone={ENGAGEMENT_TONES[r.status]}>{ENGAGEMENT_LABELS[r.status]}</Badge>
                      )}
                    </Td>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableScroll>
          {perDay.days.length > 0 && <DailyChart data={perDay} classId={classId} />}
        </div>
      )}
    </Card>
  );
}
