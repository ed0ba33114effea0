// The insights overview computed from the facts of one statement (overview-facts.ts): student
// progress and risks, the assignment monitor, class engagement, the tiles and the chart. Pure
// functions: the rules live in the shared domain, the facts come in, the figures go out.
import type {
  AssignmentMonitorRow,
  ClassEngagementRow,
  InsightsClass,
  StudentInsight,
} from "@/shared/api/insights.ts";
import {
  DAY_MS,
  daysSince,
  difficultyBand,
  difficultyScore,
  engagementStatus,
  fallingBehindRisk,
  INSIGHTS,
  percent,
  type StrugglingArea,
  strugglingRisk,
} from "@/shared/domain/insights.ts";
import { compareNames } from "@/shared/domain/names.ts";
import type { AssignmentFacts, FinalFacts } from "./insights.queries.ts";
import type { OverviewFacts } from "./overview-facts.ts";

export const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());
export const mean = (xs: number[]) => (xs.length > 0 ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

/** The first day (UTC midnight) of the submissions-per-day chart; the facts' finalsSince. */
export const chartStart = (now: Date) =>
  new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (INSIGHTS.chartDays - 1) * DAY_MS,
  );

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const list = groups.get(key(item));
    if (list) list.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/**
 * Everything the insights page's first screen shows, for `classes` (some of the facts' selected
 * classes); `only.userId` when the facts are one student's.
 */
export function computeOverview(
  facts: OverviewFacts,
  classes: InsightsClass[],
  now: Date,
  only: { userId?: string } = {},
) {
  const weekAgo = now.getTime() - INSIGHTS.activeWindowDays * DAY_MS;
  const chartFrom = chartStart(now).getTime();
  const classById = new Map(classes.map((c) => [c.id, c]));
  const allMembers = facts.members.filter((m) => classById.has(m.classId));
  const memberRows = only.userId ? allMembers.filter((m) => m.userId === only.userId) : allMembers;
  const assignmentRows = facts.assignments.filter((a) => classById.has(a.classId));
  const assignmentById = new Map(assignmentRows.map((a) => [a.id, a]));
  const finals = facts.finals.filter((f) => assignmentById.has(f.assignmentId));

  const actBy = new Map(facts.activity.map((a) => [a.userId, a]));
  const exBy = new Map(facts.exercisesCompleted.map((e) => [e.userId, e.completed]));
  const failBy = groupBy(facts.categoryFailures, (f) => f.userId);
  const assignmentsByClass = groupBy(assignmentRows, (a) => a.classId);
  const finalsByAssignment = groupBy(finals, (f) => f.assignmentId);
  // (assignment, student) → latest final, without building a string key per lookup.
  const finalOf = new Map(
    [...finalsByAssignment].map(([id, list]) => [id, new Map(list.map((f) => [f.userId, f]))]),
  );

  // ── student_progress ──
  const students: StudentInsight[] = memberRows.map((m) => {
    const act = actBy.get(m.userId);
    const lastActivity = act?.lastActivity ?? null;
    const daysInactive = daysSince(new Date(lastActivity ?? m.joinedAt), now);
    const classAssignments = assignmentsByClass.get(m.classId) ?? [];
    const latest = classAssignments.flatMap((a) => {
      const f = finalOf.get(a.id)?.get(m.userId);
      return f ? [{ a, score: f.score }] : [];
    });
    const averageScore = mean(latest.map((l) => l.score));
    const areas: StrugglingArea[] = [
      ...latest
        .filter((l) => l.score < INSIGHTS.areaScore)
        .map((l) => ({ kind: "assignment" as const, id: l.a.id, name: l.a.name, score: l.score })),
      ...(failBy.get(m.userId) ?? []).map((f) => ({
        kind: "exercise_category" as const,
        id: f.categoryId,
        name: f.categoryName,
        failedSaves: f.failedSaves,
      })),
    ];
    const completed = latest.length;
    const total = classAssignments.length;
    return {
      student: { id: m.userId, name: m.name, email: m.email },
      class: classById.get(m.classId) ?? { id: m.classId, name: "" },
      lastActivity: iso(lastActivity),
      daysInactive,
      assignmentsCompleted: completed,
      assignmentsTotal: total,
      completionRate: percent(completed, total),
      exercisesCompleted: exBy.get(m.userId) ?? 0,
      exercisesTotal: facts.exerciseTotal,
      averageScore,
      strugglingAreas: areas,
      struggling: strugglingRisk(averageScore, areas),
      fallingBehind: fallingBehindRisk(daysInactive, lastActivity !== null, completed, total),
    };
  });
  const sortedStudents = students.toSorted(
    (a, b) =>
      compareNames(a.student.name, b.student.name) ||
      compareNames(a.class.name, b.class.name) ||
      (a.student.id < b.student.id ? -1 : a.student.id > b.student.id ? 1 : 0),
  );

  // ── assignment_analytics ──
  const membersByClass = groupBy(allMembers, (m) => m.classId);
  const monitor: AssignmentMonitorRow[] = assignmentRows.map((a) =>
    monitorRow(
      a,
      classById.get(a.classId) ?? { id: a.classId, name: "" },
      membersByClass.get(a.classId)?.length ?? 0,
      finalsByAssignment.get(a.id) ?? [],
    ),
  );

  // ── class_engagement, and the chart: one pass over the recent finals ──
  const days = Array.from({ length: INSIGHTS.chartDays }, (_, i) =>
    new Date(chartFrom + i * DAY_MS).toISOString().slice(0, 10),
  );
  const series = classes.map((c) => ({ class: c, counts: days.map(() => 0) }));
  const seriesBy = new Map(series.map((s) => [s.class.id, s]));
  const weeklyBy = new Map<string, number>();
  for (const f of finals) {
    const classId = assignmentById.get(f.assignmentId)?.classId ?? "";
    const line = seriesBy.get(classId);
    for (const t of f.recentFinals) {
      // The facts hold finals from the chart's first midnight (UTC) to now: day = whole days since.
      const day = Math.floor((t - chartFrom) / DAY_MS);
      if (line && day >= 0 && day < days.length) line.counts[day] += 1;
      if (t > weekAgo) weeklyBy.set(classId, (weeklyBy.get(classId) ?? 0) + 1);
    }
  }
  const inWindow = (t: number | null | undefined) => t != null && t > weekAgo;
  const engagement: ClassEngagementRow[] = classes.map((c) => {
    const mine = membersByClass.get(c.id) ?? [];
    const active = mine.filter((m) => inWindow(actBy.get(m.userId)?.lastActivity)).length;
    const weeklyActive = mine.filter((m) => inWindow(actBy.get(m.userId)?.lastWork)).length;
    const rate = percent(active, mine.length);
    return {
      class: c,
      totalStudents: mine.length,
      activeStudents: active,
      engagementRate: rate,
      weeklySubmissions: weeklyBy.get(c.id) ?? 0,
      weeklyActiveStudents: weeklyActive,
      status: engagementStatus(rate),
    };
  });

  // ── tiles ──
  const distinct = new Set(allMembers.map((m) => m.userId));
  const activeIds = new Set([...distinct].filter((id) => inWindow(actBy.get(id)?.lastActivity)));
  const atRisk = new Set(students.filter((s) => s.struggling || s.fallingBehind).map((s) => s.student.id));
  const tiles = {
    studentsAtRisk: atRisk.size,
    totalAssignments: assignmentRows.length,
    overallEngagement: percent(activeIds.size, distinct.size),
    activeStudents: activeIds.size,
    totalStudents: distinct.size,
    leftStudents: facts.leftStudents,
  };

  return {
    students: sortedStudents,
    assignments: monitor,
    assignmentById,
    finals,
    engagement,
    tiles,
    submissionsPerDay: { days, series },
  };
}

/** One row of the assignment monitor, from the latest finals of the class's current members. */
export function monitorRow(
  a: AssignmentFacts,
  cls: InsightsClass,
  totalStudents: number,
  finals: FinalFacts[],
): AssignmentMonitorRow {
  const tested = finals.filter((f) => f.total > 0);
  const failed = tested.filter((f) => f.passed < f.total);
  const failureRate = percent(failed.length, tested.length);
  const averageAttempts = mean(finals.map((f) => f.before));
  const score = difficultyScore(failureRate, averageAttempts);
  return {
    id: a.id,
    name: a.name,
    class: cls,
    dueDate: iso(a.dueDate),
    createdAt: new Date(a.createdAt).toISOString(),
    totalStudents,
    submittedStudents: finals.length,
    submissionsCount: finals.reduce((n, f) => n + f.finals, 0),
    averageAttempts,
    failureRate,
    testedStudents: tested.length,
    failedStudents: failed.length,
    averageScore: mean(finals.map((f) => f.score)),
    difficultyScore: score,
    difficulty: difficultyBand(score),
  };
}
