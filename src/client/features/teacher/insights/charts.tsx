// The insights pictures, drawn with Recharts. This module is loaded on demand by chart-figure.tsx
// (Recharts is large), so the page's tables and numbers appear first. Each picture is one image
// for assistive technology (role="img" with a summary); its table equivalent sits beside it.
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";

// brand-600 and slate-500/200: bars keep 3:1 contrast against white (WCAG 1.4.11).
const INK = "#2563eb";
const AXIS = "#64748b";
const GRID = "#e2e8f0";
const tick = { fill: "#475569", fontSize: 12 };

const animate = () =>
  typeof window === "undefined" || !window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;

function Frame({
  label,
  height = 240,
  children,
}: {
  label: string;
  height?: number;
  children: React.ReactNode;
}) {
  return (
    <div role="img" aria-label={label} className="w-full" style={{ height }}>
      {children}
    </div>
  );
}

export type DayCount = { date: string; label: string; count: number };

/** Submissions per day (last 4 weeks): one bar a day. */
export function DailySubmissionsChart({ days, label }: { days: DayCount[]; label: string }) {
  return (
    <Frame label={label}>
      <BarChart
        data={days}
        responsive
        accessibilityLayer={false}
        style={{ width: "100%", height: "100%" }}
        margin={{ top: 8, right: 12, bottom: 4, left: -16 }}
      >
        <CartesianGrid stroke={GRID} vertical={false} />
        <XAxis dataKey="label" tick={tick} stroke={AXIS} interval="preserveStartEnd" minTickGap={24} />
        <YAxis allowDecimals={false} tick={tick} stroke={AXIS} />
        <Tooltip formatter={(v) => [v, "Submissions"]} />
        <Bar dataKey="count" name="Submissions" fill={INK} isAnimationActive={animate()} />
      </BarChart>
    </Frame>
  );
}

export type BucketCount = { label: string; count: number };

/** How many students' latest final scores fall in each band. */
export function ScoreDistributionChart({ buckets, label }: { buckets: BucketCount[]; label: string }) {
  return (
    <Frame label={label} height={220}>
      <BarChart
        data={buckets}
        responsive
        accessibilityLayer={false}
        style={{ width: "100%", height: "100%" }}
        margin={{ top: 8, right: 12, bottom: 4, left: -16 }}
      >
        <CartesianGrid stroke={GRID} vertical={false} />
        <XAxis
          dataKey="label"
          tick={tick}
          stroke={AXIS}
          interval={0}
          angle={-30}
          textAnchor="end"
          height={48}
        />
        <YAxis allowDecimals={false} tick={tick} stroke={AXIS} />
        <Tooltip formatter={(v) => [v, "Students"]} />
        <Bar dataKey="count" name="Students" fill={INK} isAnimationActive={animate()} />
      </BarChart>
    </Frame>
  );
}

export type CategoryBar = { name: string; completed: number; total: number; percent: number };

/** Completion by exercise category: horizontal bars, 0–100 %. */
export function CategoryCompletionChart({ categories, label }: { categories: CategoryBar[]; label: string }) {
  return (
    <Frame label={label} height={Math.max(120, categories.length * 32 + 40)}>
      <BarChart
        data={categories}
        layout="vertical"
        responsive
        accessibilityLayer={false}
        style={{ width: "100%", height: "100%" }}
        margin={{ top: 4, right: 16, bottom: 4, left: 8 }}
      >
        <CartesianGrid stroke={GRID} horizontal={false} />
        <XAxis type="number" domain={[0, 100]} unit="%" tick={tick} stroke={AXIS} />
        <YAxis type="category" dataKey="name" width={140} tick={tick} stroke={AXIS} />
        <Tooltip formatter={(v) => [`${v}%`, "Completed"]} />
        <Bar dataKey="percent" name="Completed" fill={INK} isAnimationActive={animate()} />
      </BarChart>
    </Frame>
  );
}
