// How the insights page words and shapes the server's figures: "No data yet" for a missing figure,
// failure-rate bands in words as well as colours, and the rows behind each chart (which double as
// the chart's table equivalent).
import type {
  CategoryCompletion,
  ScoreBucket,
  StudentExerciseInsight,
  SubmissionsPerDay,
} from "@/shared/api/insights.ts";
import { formatPercent, INSIGHTS_TEXT, insightsFailureTone } from "@/shared/domain/insights.ts";
import type { BadgeTone } from "@/shared/domain/tones.ts";

export const NO_DATA = INSIGHTS_TEXT.noData;

/** `62.5%`, or "No data yet" when there is nothing to compute it from. */
export const percentOrNoData = (value: number | null) => (value === null ? NO_DATA : formatPercent(value));

/**
 * Beside the tiles when students who handed work in have left (issue 19 #14): every figure is about
 * the class as it is now, so without this a class whose only student left reads 0 as if work were lost.
 */
export function leftStudentsNote(count: number): string | null {
  if (count <= 0) return null;
  const who = count === 1 ? "1 student who has left is" : `${count} students who have left are`;
  return `These figures count the students in the class now: ${who} not counted. Their hand-ins stay on each assignment's page.`;
}

/** `1.5`, or "No data yet". */
export const numberOrNoData = (value: number | null) =>
  value === null ? NO_DATA : `${Number(value.toFixed(1))}`;

const BAND_WORDS: Record<BadgeTone, string> = {
  red: "High",
  yellow: "Medium",
  green: "Low",
  slate: "",
  blue: "",
  purple: "",
};

/**
 * A test case's failure rate on the insights view (over 70 red, over 40 yellow, else green), with
 * the band in words so the colour is never the only signal: "75% failed · High".
 */
export function failureBand(rate: number | null): { tone: BadgeTone; text: string; band: string } {
  if (rate === null) return { tone: "slate", text: NO_DATA, band: "" };
  const tone = insightsFailureTone(rate);
  const band = BAND_WORDS[tone];
  return { tone, band, text: `${formatPercent(rate)} failed · ${band}` };
}

const dayFmt = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
const longDayFmt = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "numeric",
  month: "short",
  timeZone: "UTC",
});

/** "2026-11-23" (a UTC date) → "23 Nov" / "Mon 23 Nov". */
export const dayLabel = (isoDate: string) => dayFmt.format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`));
export const longDayLabel = (isoDate: string) =>
  longDayFmt.format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`));

export type DayRow = { date: string; label: string; longLabel: string; count: number };

/** One class's submissions per day, or every class's added up (`classId` null). */
export function dailySubmissions(data: SubmissionsPerDay, classId: string | null): DayRow[] {
  const series = classId ? data.series.filter((s) => s.class.id === classId) : data.series;
  return data.days.map((date, i) => ({
    date,
    label: dayLabel(date),
    longLabel: longDayLabel(date),
    count: series.reduce((sum, s) => sum + (s.counts[i] ?? 0), 0),
  }));
}

/** The words under the chart: total, busiest day, days with none. */
export function dailySummary(rows: DayRow[]): string {
  const total = rows.reduce((sum, r) => sum + r.count, 0);
  if (total === 0) return `No submissions in the last ${rows.length} days.`;
  const busiest = rows.reduce((a, b) => (b.count > a.count ? b : a));
  const quiet = rows.filter((r) => r.count === 0).length;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  return `${plural(total, "submission")} in the last ${rows.length} days; busiest day ${busiest.longLabel} with ${busiest.count}; ${plural(quiet, "day")} with none.`;
}

/** The words under the score chart: how many students, and every band that has any. */
export function scoreSummary(buckets: ScoreBucket[]): string {
  const total = buckets.reduce((sum, b) => sum + b.count, 0);
  if (total === 0) return "No final submissions yet, so there are no scores to show.";
  const bands = buckets.filter((b) => b.count > 0).map((b) => `${b.count} in ${b.label}`);
  return `${total} ${total === 1 ? "student's latest score" : "students' latest scores"}: ${bands.join(", ")}.`;
}

export type CategoryRow = {
  name: string;
  completed: number;
  inProgress: number;
  total: number;
  /** For the chart: 0 when the category is empty. */
  percent: number;
  percentText: string;
};

export function categoryRows(categories: CategoryCompletion[]): CategoryRow[] {
  return categories.map((c) => ({
    name: c.category.name,
    completed: c.completed,
    inProgress: c.inProgress,
    total: c.total,
    percent: c.completionRate === null ? 0 : Math.round(c.completionRate),
    percentText: percentOrNoData(c.completionRate),
  }));
}

export function categorySummary(rows: CategoryRow[]): string {
  const completed = rows.reduce((s, r) => s + r.completed, 0);
  const total = rows.reduce((s, r) => s + r.total, 0);
  if (completed === 0) return `No exercises completed yet (0 of ${total}).`;
  const best = rows.reduce((a, b) => (b.percent > a.percent ? b : a));
  return `${completed} of ${total} exercises completed; furthest in ${best.name} (${best.percentText}).`;
}

/** The exercises worth listing: the ones the student has tried; the rest are counted. */
export function triedExercises(exercises: StudentExerciseInsight[]) {
  const tried = exercises.filter((e) => e.status !== "not_started");
  return { tried, notStarted: exercises.length - tried.length };
}
