// Teaching insights for a teacher's own classes: student progress and risks, the assignment
// monitor, class engagement, the four tiles and the charts; a student's performance overview;
// an assignment's details. Facts come from insights.queries.ts, rules from the shared domain.
import { sql } from "drizzle-orm";
import type {
  AssignmentInsightDetail,
  AssignmentMonitorRow,
  ClassEngagementRow,
  InsightsClass,
  InsightsOverview,
  StudentInsight,
  StudentPerformance,
  TestCaseInsight,
} from "../../../shared/api/insights.ts";

import {
  DAY_MS,
  daysSince,
  difficultyBand,
  difficultyScore,
  engagementStatus,
  fallingBehindRisk,
  INSIGHTS,
  percent,
  type Risk,
  SCORE_BUCKETS,
  type StrugglingArea,
  scoreBucket,
  strugglingRisk,
  workStatus,
} from "../../../shared/domain/insights.ts";
import { compareNames } from "../../../shared/domain/names.ts";
import { assertOwnsAssignment, isUuid } from "../../auth/access.ts";
import type { SessionUser } from "../../auth/guards.ts";
import type { Db } from "../../db/client.ts";
import { forbidden, notFound } from "../../errors.ts";
import {
  activity,
  assignmentsOf,
  caseResults,
  categoryFailures,
  exercisesCompleted,
  exerciseTotal,
  members,
  ownedClasses,
  rows,
  type WorkFacts,
  work,
  wrongOutputs,
} from "./insights.queries.ts";

export const INSIGHTS_NOT_FOUND = {
  class: "Class not found.",
  student: "Student not found in your classes.",
} as const;

const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());
const mean = (xs: number[]) => (xs.length > 0 ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
const riskOrder = (r: Risk | null) => (r?.level === "high" ? 0 : 1);

function teacherOnly(me: SessionUser) {
  if (me.role !== "teacher") throw forbidden();
}

/** The selected class (404 unless the caller owns it) or every owned class. */
async function scope(db: Db, me: SessionUser, classId: string | undefined) {
  teacherOnly(me);
  if (classId !== undefined && !isUuid(classId)) throw notFound(INSIGHTS_NOT_FOUND.class);
  const all = await ownedClasses(db, me.id, null);
  const selected = classId ? all.filter((c) => c.id === classId) : all;
  if (classId && selected.length === 0) throw notFound(INSIGHTS_NOT_FOUND.class);
  return { all, selected };
}

/** Everything the insights page's first screen shows, for the selected classes. */
export async function computeOverview(
  db: Db,
  classes: InsightsClass[],
  now: Date,
  only: { userId?: string } = {},
) {
  const classIds = classes.map((c) => c.id);
  const weekAgo = new Date(now.getTime() - INSIGHTS.activeWindowDays * DAY_MS);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const chartFrom = new Date(today - (INSIGHTS.chartDays - 1) * DAY_MS);

  const who = { classIds, userId: only.userId };
  const [allMembers, assignmentRows, workRows, libraryTotal, acts, completedEx, failures] = await Promise.all(
    [
      members(db, classIds),
      assignmentsOf(db, classIds),
      work(db, classIds, now, { userId: only.userId, finalsSince: chartFrom }),
      exerciseTotal(db),
      activity(db, who, now),
      exercisesCompleted(db, who),
      categoryFailures(db, who, now),
    ],
  );
  const memberRows = only.userId ? allMembers.filter((m) => m.userId === only.userId) : allMembers;

  const classById = new Map(classes.map((c) => [c.id, c]));
  const actBy = new Map(acts.map((a) => [a.userId, a]));
  const exBy = new Map(completedEx.map((e) => [e.userId, e.completed]));
  const failBy = new Map<string, StrugglingArea[]>();
  for (const f of failures) {
    const list = failBy.get(f.userId) ?? [];
    list.push({
      kind: "exercise_category",
      id: f.categoryId,
      name: f.categoryName,
      failedSaves: f.failedSaves,
    });
    failBy.set(f.userId, list);
  }
  const assignmentsByClass = new Map<string, typeof assignmentRows>();
  for (const a of assignmentRows) {
    const list = assignmentsByClass.get(a.classId) ?? [];
    list.push(a);
    assignmentsByClass.set(a.classId, list);
  }
  const assignmentById = new Map(assignmentRows.map((a) => [a.id, a]));
  const workBy = new Map<string, WorkFacts>(workRows.map((w) => [`${w.assignmentId}:${w.userId}`, w]));

  // ── student_progress ──
  const students: StudentInsight[] = memberRows.map((m) => {
    const act = actBy.get(m.userId);
    const lastActivity = act?.lastActivity ?? null;
    const daysInactive = daysSince(new Date(lastActivity ?? m.joinedAt), now);
    const classAssignments = assignmentsByClass.get(m.classId) ?? [];
    const latest = classAssignments.flatMap((a) => {
      const w = workBy.get(`${a.id}:${m.userId}`);
      return w && w.latestId !== null && w.score !== null ? [{ a, score: w.score }] : [];
    });
    const averageScore = mean(latest.map((l) => l.score));
    const areas: StrugglingArea[] = [
      ...latest
        .filter((l) => l.score < INSIGHTS.areaScore)
        .map((l) => ({ kind: "assignment" as const, id: l.a.id, name: l.a.name, score: l.score })),
      ...(failBy.get(m.userId) ?? []),
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
      exercisesTotal: libraryTotal,
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
  const membersByClass = new Map<string, number>();
  for (const m of allMembers) membersByClass.set(m.classId, (membersByClass.get(m.classId) ?? 0) + 1);
  const workByAssignment = new Map<string, WorkFacts[]>();
  for (const w of workRows) {
    const list = workByAssignment.get(w.assignmentId) ?? [];
    list.push(w);
    workByAssignment.set(w.assignmentId, list);
  }
  const monitor: AssignmentMonitorRow[] = assignmentRows.map((a) =>
    monitorRow(a, classById, membersByClass.get(a.classId) ?? 0, workByAssignment.get(a.id) ?? []),
  );

  // ── class_engagement ──
  // Weekly submissions: members' finals in the last 7 days (from the work rows' recent finals).
  const weeklyBy = new Map<string, number>();
  for (const w of workRows) {
    const classId = assignmentById.get(w.assignmentId)?.classId;
    const n = w.recentFinals.filter((t) => t > weekAgo.getTime()).length;
    if (classId && n > 0) weeklyBy.set(classId, (weeklyBy.get(classId) ?? 0) + n);
  }
  const inWindow = (t: number | null | undefined) => t != null && t > weekAgo.getTime();
  const engagement: ClassEngagementRow[] = classes.map((c) => {
    const mine = allMembers.filter((m) => m.classId === c.id);
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
  };

  // ── submissions per day ──
  const days = Array.from({ length: INSIGHTS.chartDays }, (_, i) =>
    new Date(chartFrom.getTime() + i * DAY_MS).toISOString().slice(0, 10),
  );
  const dayIndex = new Map(days.map((d, i) => [d, i]));
  const series = classes.map((c) => ({ class: c, counts: days.map(() => 0) }));
  const seriesBy = new Map(series.map((s) => [s.class.id, s]));
  for (const w of workRows) {
    const line = seriesBy.get(assignmentById.get(w.assignmentId)?.classId ?? "");
    for (const t of w.recentFinals) {
      const i = dayIndex.get(new Date(t).toISOString().slice(0, 10));
      if (line && i !== undefined) line.counts[i] += 1;
    }
  }

  return {
    students: sortedStudents,
    assignments: monitor,
    assignmentById,
    engagement,
    tiles,
    submissionsPerDay: { days, series },
    workRows,
  };
}

function monitorRow(
  a: { id: string; name: string; classId: string; dueDate: number | null; createdAt: number },
  classById: Map<string, InsightsClass>,
  totalStudents: number,
  work: WorkFacts[],
): AssignmentMonitorRow {
  const finals = work.filter((w) => w.latestId !== null);
  const tested = finals.filter((w) => (w.total ?? 0) > 0);
  const failed = tested.filter((w) => (w.passed ?? 0) < (w.total ?? 0));
  const failureRate = percent(failed.length, tested.length);
  const averageAttempts = mean(finals.map((w) => w.before ?? 0));
  const score = difficultyScore(failureRate, averageAttempts);
  return {
    id: a.id,
    name: a.name,
    class: classById.get(a.classId) ?? { id: a.classId, name: "" },
    dueDate: iso(a.dueDate),
    createdAt: new Date(a.createdAt).toISOString(),
    totalStudents,
    submittedStudents: finals.length,
    submissionsCount: work.reduce((n, w) => n + w.finals, 0),
    averageAttempts,
    failureRate,
    averageScore: mean(finals.map((w) => w.score ?? 0)),
    difficultyScore: score,
    difficulty: difficultyBand(score),
  };
}

const riskSort = (key: "struggling" | "fallingBehind") => (a: StudentInsight, b: StudentInsight) =>
  riskOrder(a[key]) - riskOrder(b[key]);

export async function getOverview(
  db: Db,
  me: SessionUser,
  classId: string | undefined,
  now: Date,
): Promise<InsightsOverview> {
  const { all, selected } = await scope(db, me, classId);
  const o = await computeOverview(db, selected, now);
  return {
    generatedAt: now.toISOString(),
    classes: all,
    classId: classId ?? null,
    tiles: o.tiles,
    students: o.students,
    struggling: o.students.filter((s) => s.struggling).sort(riskSort("struggling")),
    fallingBehind: o.students.filter((s) => s.fallingBehind).sort(riskSort("fallingBehind")),
    assignments: o.assignments,
    engagement: o.engagement,
    submissionsPerDay: o.submissionsPerDay,
  };
}

/** The dashboard's Total Students and Teaching Insights figures: the overview of every owned class. */
export async function dashboardInsights(db: Db, me: SessionUser, now: Date) {
  teacherOnly(me);
  const o = await computeOverview(db, await ownedClasses(db, me.id, null), now);
  const { totalStudents, studentsAtRisk, overallEngagement, activeStudents } = o.tiles;
  return { totalStudents, insights: { studentsAtRisk, overallEngagement, activeStudents } };
}

/** Student Performance Overview: 404 unless the student is in one of the caller's (selected) classes. */
export async function getStudentPerformance(
  db: Db,
  me: SessionUser,
  studentId: string,
  classId: string | undefined,
  now: Date,
): Promise<StudentPerformance> {
  const { selected } = await scope(db, me, classId);
  const memberOf = await rows<{ classId: string }>(
    db,
    sql`select class_id as "classId" from class_members where user_id = ${studentId}`,
  );
  const theirs = new Set(memberOf.map((m) => m.classId));
  const classes = selected.filter((c) => theirs.has(c.id));
  if (classes.length === 0) throw notFound(INSIGHTS_NOT_FOUND.student);

  const o = await computeOverview(db, classes, now, { userId: studentId });
  const progress = o.students.filter((s) => s.student.id === studentId);
  const student = progress[0]?.student;
  if (!student) throw notFound(INSIGHTS_NOT_FOUND.student);
  const workBy = new Map(o.workRows.filter((w) => w.userId === studentId).map((w) => [w.assignmentId, w]));
  const classById = new Map(classes.map((c) => [c.id, c]));

  const exerciseRows = await rows<{
    id: string;
    title: string;
    difficulty: string;
    categoryId: string;
    categoryName: string;
    completed: boolean | null;
    score: number | null;
    saved: number | null;
    attempts: number;
    lastAttempt: number | null;
  }>(
    db,
    sql`select e.id, e.title, e.difficulty, c.id as "categoryId", c.name as "categoryName",
               es.is_completed as completed, es.score::float8 as score,
               ${sql`(extract(epoch from es.submitted_at) * 1000)::float8`} as saved,
               (select count(*)::int from exercise_attempts a
                  where a.exercise_id = e.id and a.user_id = ${studentId} and a.submitted_at <= ${now.toISOString()}) as attempts,
               (select (extract(epoch from max(a.submitted_at)) * 1000)::float8 from exercise_attempts a
                  where a.exercise_id = e.id and a.user_id = ${studentId} and a.submitted_at <= ${now.toISOString()}) as "lastAttempt"
        from exercises e
        join exercise_categories c on c.id = e.category_id
        left join exercise_submissions es on es.exercise_id = e.id and es.user_id = ${studentId}
        order by c.display_order, c.name, e.display_order, e.title`,
  );
  const exercises = exerciseRows.map((e) => {
    const last = Math.max(e.saved ?? 0, e.lastAttempt ?? 0) || null;
    return {
      id: e.id,
      title: e.title,
      category: { id: e.categoryId, name: e.categoryName },
      difficulty: e.difficulty,
      status: workStatus(e.completed === true, e.saved !== null || e.attempts > 0),
      score: e.score,
      attempts: e.attempts,
      lastActivity: iso(last),
    };
  });
  const categories = new Map<string, StudentPerformance["categoryCompletion"][number]>();
  for (const e of exercises) {
    const c = categories.get(e.category.id) ?? {
      category: e.category,
      completed: 0,
      inProgress: 0,
      total: 0,
      completionRate: null,
    };
    c.total += 1;
    if (e.status === "completed") c.completed += 1;
    if (e.status === "in_progress") c.inProgress += 1;
    c.completionRate = percent(c.completed, c.total);
    categories.set(e.category.id, c);
  }

  const assignments = [...o.assignmentById.values()].map((a) => {
    const w = workBy.get(a.id);
    return {
      id: a.id,
      name: a.name,
      class: classById.get(a.classId) ?? { id: a.classId, name: "" },
      dueDate: iso(a.dueDate),
      status: workStatus(Boolean(w?.latestId), Boolean(w)),
      score: w?.latestId ? w.score : null,
      teacherGrade: w?.latestId ? w.grade : null,
      submissionId: w?.latestId ?? null,
      attempts: w?.attempts ?? 0,
      lastActivity: iso(w?.lastAt ?? null),
    };
  });
  const lastActivity = progress
    .map((p) => p.lastActivity)
    .filter((x): x is string => x !== null)
    .sort()
    .at(-1);

  return {
    student,
    classes,
    progress,
    lastActivity: lastActivity ?? null,
    assignments,
    exercises,
    categoryCompletion: [...categories.values()],
  };
}

/** Test cases of an assignment with failure counts, in test order (shared with the assignment page). */
export async function testCaseInsights(
  db: Db,
  assignmentId: string,
  classId: string,
  now: Date,
): Promise<TestCaseInsight[]> {
  const [cases, outputs] = await Promise.all([
    caseResults(db, assignmentId, classId, now),
    wrongOutputs(db, assignmentId, classId, now),
  ]);
  return cases.map((c) => {
    const failureRate = percent(c.failures, c.runs);
    return {
      ...c,
      failureRate,
      hardest: failureRate !== null && failureRate > INSIGHTS.hardestCaseRate,
      commonWrongOutputs: outputs
        .filter((o) => o.testCaseId === c.testCaseId)
        .slice(0, INSIGHTS.wrongOutputs)
        .map(({ output, count }) => ({ output, count })),
    };
  });
}

export async function getAssignmentDetail(
  db: Db,
  me: SessionUser,
  assignmentId: string,
  now: Date,
): Promise<AssignmentInsightDetail> {
  const { assignment, cls } = await assertOwnsAssignment(db, me, assignmentId);
  const [facts, classMembers, workRows, testCases] = await Promise.all([
    assignmentsOf(db, [cls.id], assignment.id),
    members(db, [cls.id]),
    work(db, [cls.id], now, { assignmentId: assignment.id }),
    testCaseInsights(db, assignment.id, cls.id, now),
  ]);
  const [a] = facts;
  if (!a) throw notFound();
  const row = monitorRow(a, new Map([[cls.id, cls]]), classMembers.length, workRows);
  const buckets = SCORE_BUCKETS.map((b) => ({ ...b, count: 0 }));
  for (const w of workRows) {
    const bucket = w.latestId !== null && w.score !== null ? buckets[scoreBucket(w.score)] : undefined;
    if (bucket) bucket.count += 1;
  }
  return { assignment: row, testCases, scoreDistribution: buckets };
}
