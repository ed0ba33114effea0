// Student Risk Alerts: who is struggling and who is falling behind, each with the level and the
// reason in words (rules and texts: src/shared/domain/insights.ts). A name opens that student's
// Performance Overview.

import type { LucideIcon } from "lucide-react";
import { Download, TrendingDown, UserX } from "lucide-react";
import { risksCsvUrl } from "@/client/api/insights.ts";
import { Badge } from "@/client/components/ui/badge.tsx";
import { buttonClass } from "@/client/components/ui/button.tsx";
import { Card } from "@/client/components/ui/card.tsx";
import type { Risk, StudentInsight } from "@/shared/api/insights.ts";
import { INSIGHTS_TEXT, RISK_LABELS, RISK_TONES } from "@/shared/domain/insights.ts";

export type OpenStudent = (row: StudentInsight) => void;

function RiskList({
  id,
  title,
  icon: Icon,
  rows,
  risk,
  empty,
  onOpen,
}: {
  id: string;
  title: string;
  icon: LucideIcon;
  rows: StudentInsight[];
  risk: (row: StudentInsight) => Risk | null;
  empty: string;
  onOpen: OpenStudent;
}) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="mb-2 flex items-center gap-2 text-sm font-semibold text-slate-800">
        <Icon className="size-4" aria-hidden />
        {title} ({rows.length})
      </h3>
      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-3 py-4 text-center text-sm text-slate-600">
          {empty}
        </p>
      ) : (
        <ul className="relative max-h-96 space-y-2 overflow-y-auto pr-1">
          {rows.map((row) => {
            const r = risk(row);
            if (!r) return null;
            return (
              <li
                key={`${row.student.id}:${row.class.id}`}
                className="rounded-lg border border-slate-200 px-3 py-2"
                data-testid="risk-row"
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <button
                    type="button"
                    onClick={() => onOpen(row)}
                    className="min-w-0 text-left font-medium text-brand-700 hover:underline"
                  >
                    {row.student.name}
                    <span className="sr-only"> — open Student Performance Overview</span>
                  </button>
                  <Badge tone={RISK_TONES[r.level]}>{RISK_LABELS[r.level]} risk</Badge>
                </div>
                <p className="text-xs text-slate-600">{row.class.name}</p>
                <p className="mt-1 text-sm text-slate-800">{r.reason}</p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

export function RiskAlerts({
  struggling,
  fallingBehind,
  classId,
  onOpen,
}: {
  struggling: StudentInsight[];
  fallingBehind: StudentInsight[];
  classId: string | null;
  onOpen: OpenStudent;
}) {
  return (
    <Card className="p-5">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">Student Risk Alerts</h2>
        <a href={risksCsvUrl(classId)} download className={buttonClass("secondary", "sm")}>
          <Download className="size-4" aria-hidden />
          Export CSV
          <span className="sr-only"> of the students at risk</span>
        </a>
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        <RiskList
          id="struggling-students"
          title="Struggling Students"
          icon={TrendingDown}
          rows={struggling}
          risk={(r) => r.struggling}
          empty={INSIGHTS_TEXT.noStruggling}
          onOpen={onOpen}
        />
        <RiskList
          id="falling-behind"
          title="Students Falling Behind"
          icon={UserX}
          rows={fallingBehind}
          risk={(r) => r.fallingBehind}
          empty={INSIGHTS_TEXT.allKeepingUp}
          onOpen={onOpen}
        />
      </div>
    </Card>
  );
}
