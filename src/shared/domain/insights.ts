// Teaching insights: every threshold, band, label and reason text in one place (spec 02 §9;
// definitions in docs/decisions/036-insights-definitions.md). The server's SQL gathers the facts;
// these functions turn facts into levels, bands and words, so the page, the CSV exports, the
// dashboard and the assignment page agree.
import type { BadgeTone } from "./tones.ts";

export const RISK_LEVELS = ["high", "medium"] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];
export const DIFFICULTY_BANDS = ["easy", "medium", "hard"] as const;
export type DifficultyBand = (typeof DIFFICULTY_BANDS)[number];
export const ENGAGEMENT_STATUSES = ["high", "medium", "low"] as const;
export type EngagementStatus = (typeof ENGAGEMENT_STATUSES)[number];
export const WORK_STATUSES = ["completed", "in_progress", "not_started"] as const;
export type WorkStatus = (typeof WORK_STATUSES)[number];

export const INSIGHTS = {
  /** Struggling: average below this and at least one struggling area… */
  strugglingAverage: 60,
  /** …high risk when the average is below this. */
  strugglingHighAverage: 50,
  /** An assignment is a struggling area when the latest final score is below this. */
  areaScore: 60,
  /** An exercise category is a struggling area at this many failed saves on unfinished exercises. */
  areaFailedSaves: 2,
  /** Falling behind: inactive more than this many days… */
  inactiveDays: 5,
  /** …high when inactive more than this many days. */
  inactiveHighDays: 10,
  /** Falling behind: assignment completion below this percentage. */
  completionBelow: 40,
  /** Active window (days) for "Active (7 days)", weekly submissions and weekly active students. */
  activeWindowDays: 7,
  engagementHigh: 70,
  engagementMedium: 50,
  difficultyEasyMax: 2,
  difficultyMediumMax: 4,
  /** A test case is among the hardest when its failure rate is over this. */
  hardestCaseRate: 50,
  /** Days in the submissions-per-day chart. */
  chartDays: 28,
  /** Wrong outputs listed per test case in Assignment Details. */
  wrongOutputs: 3,
  /** Characters of a wrong output kept. */
  wrongOutputChars: 200,
} as const;

export const DAY_MS = 24 * 60 * 60 * 1000;

export const INSIGHTS_TEXT = {
  loading: "Loading insights...",
  studentLoadFailed: "Could not load student data",
  assignmentLoadFailed: "Could not load assignment details",
  noStruggling: "No struggling students identified",
  allKeepingUp: "All students are keeping up",
  noAssignmentsMatching: (search: string) => `No assignments found matching "${search}"`,
  noAssignments: "No assignments available",
  noEngagement: "No class engagement data available",
  noTestCases: "No test cases found for this assignment",
  noData: "No data yet",
  activeWindow: "7 days",
} as const;

export const RISK_LABELS: Record<RiskLevel, string> = { high: "High", medium: "Medium" };
export const RISK_TONES: Record<RiskLevel, BadgeTone> = { high: "red", medium: "yellow" };
export const DIFFICULTY_LABELS: Record<DifficultyBand, string> = {
  easy: "Easy",
  medium: "Medium",
  hard: "Hard",
};
export const DIFFICULTY_TONES: Record<DifficultyBand, BadgeTone> = {
  easy: "green",
  medium: "yellow",
  hard: "red",
};
export const ENGAGEMENT_LABELS: Record<EngagementStatus, string> = {
  high: "High",
  medium: "Medium",
  low: "Low",
};
export const ENGAGEMENT_TONES: Record<EngagementStatus, BadgeTone> = {
  high: "green",
  medium: "yellow",
  low: "red",
};
export const WORK_STATUS_LABELS: Record<WorkStatus, string> = {
  completed: "Completed",
  in_progress: "In Progress",
  not_started: "Not Started",
};
export const WORK_STATUS_TONES: Record<WorkStatus, BadgeTone> = {
  completed: "green",
  in_progress: "yellow",
  not_started: "slate",
};

/** Insights test-case view: over 70 red, over 40 yellow, else green. */
export function insightsFailureTone(rate: number): BadgeTone {
  if (rate > 70) return "red";
  if (rate > 40) return "yellow";
  return "green";
}

export const percent = (part: number, whole: number): number | null =>
  whole > 0 ? (part / whole) * 100 : null;

/** "12%", "33.3%": one decimal at most. */
export const formatPercent = (value: number) => `${Number(value.toFixed(1))}%`;

/** Whole days between `from` and `now` (rounded down). */
export function daysSince(from: Date, now: Date): number {
  return Math.floor((now.getTime() - from.getTime()) / DAY_MS);
}

export type StrugglingArea =
  | { kind: "assignment"; id: string; name: string; score: number }
  | { kind: "exercise_category"; id: string; name: string; failedSaves: number };

export function strugglingAreaText(area: StrugglingArea): string {
  return area.kind === "assignment"
    ? `${area.name}: latest score ${formatPercent(area.score)}`
    : `${area.name} exercises: ${area.failedSaves} failed saves`;
}

export type Risk = { level: RiskLevel; reason: string };

/** Struggling: average below 60 and at least one struggling area; high below 50, else medium. */
export function strugglingRisk(averageScore: number | null, areas: StrugglingArea[]): Risk | null {
  if (averageScore === null || averageScore >= INSIGHTS.strugglingAverage || areas.length === 0) return null;
  const level: RiskLevel = averageScore < INSIGHTS.strugglingHighAverage ? "high" : "medium";
  const list = areas.map(strugglingAreaText).join("; ");
  return { level, reason: `Average score ${formatPercent(averageScore)}. Struggling with: ${list}` };
}

/**
 * Falling behind: inactive more than 5 days, or assignment completion below 40 %; high when
 * inactive more than 10 days, otherwise medium. `daysInactive` counts from the last activity, or
 * from joining the class when there is none. `completionRate` is null when the class has no assignments.
 */
export function fallingBehindRisk(
  daysInactive: number,
  hasActivity: boolean,
  completed: number,
  total: number,
): Risk | null {
  const completion = percent(completed, total);
  const inactive = daysInactive > INSIGHTS.inactiveDays;
  const behind = completion !== null && completion < INSIGHTS.completionBelow;
  if (!inactive && !behind) return null;
  const level: RiskLevel = daysInactive > INSIGHTS.inactiveHighDays ? "high" : "medium";
  const reasons: string[] = [];
  if (inactive)
    reasons.push(
      hasActivity
        ? `No activity for ${daysInactive} days`
        : `No activity since joining the class ${daysInactive} days ago`,
    );
  if (behind && completion !== null)
    reasons.push(`Completed ${completed} of ${total} assignments (${formatPercent(completion)})`);
  return { level, reason: reasons.join(". ") };
}

/**
 * Difficulty score, 0–6: failure rate (0–100) counts up to 4 points, average attempts before the
 * final counts half a point each up to 4 attempts (2 points). Null without submissions.
 */
export function difficultyScore(failureRate: number | null, averageAttempts: number | null): number | null {
  if (failureRate === null || averageAttempts === null) return null;
  return (failureRate / 100) * 4 + Math.min(averageAttempts, 4) * 0.5;
}

const oneDecimal = (n: number) => `${Number(n.toFixed(1))}`;

/**
 * An assignment's failure rate as the count it is made of: "1 of 1 hand-in failed a test". A hand-in
 * at 66.7 % failed a test; it did not fail 100 % of anything (issue 19 #6). Null with no tested hand-ins.
 */
export function failedHandInsText(failed: number, tested: number): string | null {
  if (tested === 0) return null;
  return `${failed} of ${tested} hand-in${tested === 1 ? "" : "s"} failed a test`;
}

/** How the difficulty score (0–6) is made, under every score shown. */
export const DIFFICULTY_SCORE_RULE =
  "Difficulty score, 0 to 6: up to 4 points from the share of hand-ins that failed a test, and half a point for each try before handing in (average, up to 2 points). Easy up to 2, Medium up to 4, Hard above.";

/** One score's two parts in words: "4 from failed hand-ins + 0.5 from tries before handing in". */
export function difficultyParts(failureRate: number | null, averageAttempts: number | null): string | null {
  if (failureRate === null || averageAttempts === null) return null;
  const fromFailures = (failureRate / 100) * 4;
  const fromTries = Math.min(averageAttempts, 4) * 0.5;
  return `${oneDecimal(fromFailures)} from failed hand-ins + ${oneDecimal(fromTries)} from tries before handing in`;
}

/** Up to 2 easy, up to 4 medium, otherwise hard. */
export function difficultyBand(score: number | null): DifficultyBand | null {
  if (score === null) return null;
  if (score <= INSIGHTS.difficultyEasyMax) return "easy";
  if (score <= INSIGHTS.difficultyMediumMax) return "medium";
  return "hard";
}

/** ≥ 70 high, ≥ 50 medium, else low; null with no students. */
export function engagementStatus(rate: number | null): EngagementStatus | null {
  if (rate === null) return null;
  if (rate >= INSIGHTS.engagementHigh) return "high";
  if (rate >= INSIGHTS.engagementMedium) return "medium";
  return "low";
}

/** Score distribution buckets: 0–9, 10–19, …, 80–89, 90–100. */
export const SCORE_BUCKETS = Array.from({ length: 10 }, (_, i) => ({
  from: i * 10,
  to: i === 9 ? 100 : i * 10 + 9,
  label: i === 9 ? "90–100" : `${i * 10}–${i * 10 + 9}`,
}));

export function scoreBucket(score: number): number {
  return Math.min(9, Math.max(0, Math.floor(score / 10)));
}

/** The status of a piece of work: completed, in progress (tried), or not started. */
export function workStatus(completed: boolean, tried: boolean): WorkStatus {
  if (completed) return "completed";
  return tried ? "in_progress" : "not_started";
}
