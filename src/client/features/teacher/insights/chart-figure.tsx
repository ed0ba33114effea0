// A chart with what it says in words and as a table: the caption and summary are always there,
// the picture loads on demand (Recharts), and "Show as a table" opens the same numbers as a table
// for screen readers, keyboard users and anyone who wants the exact figures.
import { Component, lazy, type ReactNode, Suspense } from "react";
import { RowHeader, Table, TableBody, TableHead, TableRow, Td, Th } from "@/client/components/ui/table.tsx";

const charts = () => import("./charts.tsx");
export const DailySubmissionsChart = lazy(() => charts().then((m) => ({ default: m.DailySubmissionsChart })));
export const ScoreDistributionChart = lazy(() =>
  charts().then((m) => ({ default: m.ScoreDistributionChart })),
);
export const CategoryCompletionChart = lazy(() =>
  charts().then((m) => ({ default: m.CategoryCompletionChart })),
);

/**
 * If the picture's code cannot load (offline, or the app was updated meanwhile), the figure says
 * so and keeps its words and table; the rest of the page is unaffected.
 */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (this.state.failed)
      return (
        <p role="status" className="rounded-lg bg-slate-50 px-3 py-4 text-sm text-slate-600">
          The chart could not load. The table below has the same numbers; reload the page to try again.
        </p>
      );
    return this.props.children;
  }
}

export function ChartFigure({
  title,
  summary,
  chart,
  table,
  controls,
}: {
  title: string;
  /** The chart in one or two sentences. */
  summary: string;
  chart: ReactNode;
  /** The table equivalent: every number the chart draws. */
  table: ReactNode;
  controls?: ReactNode;
}) {
  return (
    <figure className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <figcaption>
          <span className="block text-sm font-medium text-slate-800">{title}</span>
          <span className="block text-sm text-slate-600">{summary}</span>
        </figcaption>
        {controls}
      </div>
      <ChartBoundary>
        <Suspense
          fallback={
            <div
              role="status"
              className="grid h-40 place-items-center rounded-lg bg-slate-50 text-sm text-slate-600"
            >
              Loading chart...
            </div>
          }
        >
          {chart}
        </Suspense>
      </ChartBoundary>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-brand-700 hover:underline">
          Show as a table
        </summary>
        <div className="mt-2">{table}</div>
      </details>
    </figure>
  );
}

/** A plain two-or-more-column table for a chart's numbers. */
export function FigureTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string[];
  rows: (string | number)[][];
}) {
  return (
    <Table caption={caption} density="compact">
      <TableHead>
        <TableRow>
          {head.map((h) => (
            <Th key={h}>{h}</Th>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={String(r[0])}>
            {r.map((cell, i) =>
              i === 0 ? (
                <RowHeader key={head[i]} className="text-slate-900">
                  {cell}
                </RowHeader>
              ) : (
                <Td key={head[i]} className="text-slate-700">
                  {cell}
                </Td>
              ),
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
