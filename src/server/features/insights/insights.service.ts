// Teaching insights for a teacher's own classes: student progress and risks, the assignment
// monitor, class engagement, the four tiles and the charts; a student's performance overview;
// an assignment's details. Facts come from insights.queries.ts, rules from the shared domain.
import { sql } from "drizzle-orm";
import { assertOwnsAssignment, isUuid } from "@/server/auth/access.ts";
import type { Db } from "@/server/db/client.ts";
import { forbidden, notFound } from "@/server/errors.ts";
import type { SessionUser } from "@/server/types.ts";
import type {
  AssignmentInsightDetail,
  InsightsOverview,
  StudentInsight,
  StudentPerformance,
  TestCaseInsight,
} from "@/shared/api/insights.ts";
import {
  INSIGHTS,
  percent,
  type Risk,
  SCORE_BUCKETS,
  scoreBucket,
  workStatus,
} from "@/shared/domain/insights.ts";
import { chartStart, computeOverview, iso, monitorRow } from "./insights.overview.ts";
import { assignmentsOf, caseResults, finalsOf, members, ms, rows, wrongOutputs } from "./insights.queries.ts";
import { type OverviewFacts, overviewFacts } from "./overview-facts.ts";
import { recentFacts } from "./recent-facts.ts";

export const INSIGHTS_NOT_FOUND = {
  class: "Class not found.",
  student: "Student not found in your classes.",
} as const;

const riskOrder = (r: Risk | null) => (r?.level === "high" ? 0 : 1);

function teacherOnly(me: SessionUser) {
  if (me.role !== "teacher") throw forbidden();
}

// Per database (each test app has its own): the overview facts of each teacher and class filter.
const recent = new WeakMap<Db, ReturnType<typeof recentFacts<OverviewFacts>>>();

/**
 * The facts of the teacher's classes (all, or `classId`: 404 unless theirs), in one statement;
 * one student's (`userId`) are always read afresh. `cacheSeconds`: how old the facts of all a
 * teacher's students may be (config.insightsCacheSeconds; decision 037).
 */
async function factsFor(
  db: Db,
  me: SessionUser,
  now: Date,
  { classId, userId, cacheSeconds = 0 }: { classId?: string; userId?: string; cacheSeconds?: number },
) {
  teacherOnly(me);
  if (classId !== undefined && !isUuid(classId)) throw notFound(INSIGHTS_NOT_FOUND.class);
  const read = () =>
    overviewFacts(db, {
      teacherId: me.id,
      classIds: classId ? [classId] : null,
      userId,
      now,
      finalsSince: chartStart(now),
    });
  let cache = recent.get(db);
  if (!cache) {
    cache = recentFacts<OverviewFacts>();
    recent.set(db, cache);
  }
  const facts = userId
    ? await read()
    : await cache(`${me.id} ${classId ?? "all"}`, cacheSeconds * 1000, read);
  if (classId && facts.selected.length === 0) throw notFound(INSIGHTS_NOT_FOUND.class);
  return facts;
}

const riskSort = (key: "struggling" | "fallingBehind") => (a: StudentInsight, b: StudentInsight) =>
  riskOrder(a[key]) - riskOrder(b[key]);

export async function getOverview(
  db: Db,
  me: SessionUser,
  classId: string | undefined,
  now: Date,
  cacheSeconds = 0,
): Promise<InsightsOverview> {
  const facts = await factsFor(db, me, now, { classId, cacheSeconds });
  const o = computeOverview(facts, facts.selected, now);
  return {
    generatedAt: now.toISOString(),
    classes: facts.owned,
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

/**
 * What the teacher dashboard reads: the overview of every owned class (its tiles are the
 * dashboard's Total Students and Teaching Insights figures), with the classes, assignments and
 * work behind it, so the dashboard needs no statement of its own.
 */
export async function dashboardFacts(db: Db, me: SessionUser, now: Date, cacheSeconds = 0) {
  const facts = await factsFor(db, me, now, { cacheSeconds });
  const { tiles } = computeOverview(facts, facts.selected, now);
  return { classes: facts.owned, assignments: facts.assignments, finals: facts.finals, tiles };
}

/** Student Performance Overview: 404 unless the student is in one of the caller's (selected) classes. */
export async function getStudentPerformance(
  db: Db,
  me: SessionUser,
  studentId: string,
  classId: string | undefined,
  now: Date,
): Promise<StudentPerformance> {
  const facts = await factsFor(db, me, now, { classId, userId: studentId });
  const theirs = new Set(facts.members.filter((m) => m.userId === studentId).map((m) => m.classId));
  const classes = facts.selected.filter((c) => theirs.has(c.id));
  if (classes.length === 0) throw notFound(INSIGHTS_NOT_FOUND.student);

  const o = computeOverview(facts, classes, now, { userId: studentId });
  const progress = o.students.filter((s) => s.student.id === studentId);
  const student = progress[0]?.student;
  if (!student) throw notFound(INSIGHTS_NOT_FOUND.student);
  const finalBy = new Map(o.finals.filter((f) => f.userId === studentId).map((f) => [f.assignmentId, f]));
  const attemptsBy = new Map(facts.attempts.map((a) => [a.assignmentId, a]));
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
               ${ms(sql`es.submitted_at`)} as saved,
               (select count(*)::int from exercise_attempts a
                  where a.exercise_id = e.id and a.user_id = ${studentId} and a.submitted_at <= ${now.toISOString()}) as attempts,
               (select ${ms(sql`max(a.submitted_at)`)} from exercise_attempts a
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
    const final = finalBy.get(a.id);
    const tried = attemptsBy.get(a.id);
    return {
      id: a.id,
      name: a.name,
      class: classById.get(a.classId) ?? { id: a.classId, name: "" },
      dueDate: iso(a.dueDate),
      status: workStatus(final !== undefined, tried !== undefined),
      score: final?.score ?? null,
      teacherGrade: final?.grade ?? null,
      submissionId: final?.latestId ?? null,
      attempts: tried?.attempts ?? 0,
      lastActivity: iso(tried?.lastAt ?? null),
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
  const [facts, classMembers, finals, testCases] = await Promise.all([
    assignmentsOf(db, [cls.id], assignment.id),
    members(db, [cls.id]),
    finalsOf(db, assignment.id, now),
    testCaseInsights(db, assignment.id, cls.id, now),
  ]);
  const [a] = facts;
  if (!a) throw notFound();
  const row = monitorRow(a, { id: cls.id, name: cls.name }, classMembers.length, finals);
  const buckets = SCORE_BUCKETS.map((b) => ({ ...b, count: 0 }));
  for (const f of finals) buckets[scoreBucket(f.score)].count += 1;
  return { assignment: row, testCases, scoreDistribution: buckets };
}
