// The facts behind teaching insights, read straight from the real tables (no summary tables that
// could drift). Each query is scoped to a set of classes the caller owns; the service turns the
// facts into the spec's figures with the rules of src/shared/domain/insights.ts.
// Times come back as epoch milliseconds (float8) and counts as int, so PGlite and PostgreSQL agree.
import { type SQL, sql } from "drizzle-orm";
import { INSIGHTS } from "../../../shared/domain/insights.ts";
import type { Db } from "../../db/client.ts";

export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const ms = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::float8`;

export type ClassRow = { id: string; name: string };
export type MemberRow = { classId: string; userId: string; name: string; email: string; joinedAt: number };
export type ActivityRow = { userId: string; lastActivity: number | null; lastWork: number | null };
export type AssignmentFacts = {
  id: string;
  name: string;
  classId: string;
  dueDate: number | null;
  createdAt: number;
};
/** Per (assignment, current member) with any submission: counts and the latest final. */
export type WorkFacts = {
  assignmentId: string;
  userId: string;
  attempts: number;
  finals: number;
  lastAt: number;
  latestId: string | null;
  latestAt: number | null;
  score: number | null;
  passed: number | null;
  total: number | null;
  grade: number | null;
  /** Submissions before the latest final. */
  before: number | null;
  /** Times of final submissions since `finalsSince` (the chart and the weekly counts). */
  recentFinals: number[];
};
export type CategoryFailures = {
  userId: string;
  categoryId: string;
  categoryName: string;
  failedSaves: number;
};
export type ExerciseCounts = { userId: string; completed: number };

/** The caller's classes, optionally just one, by name. */
export function ownedClasses(db: Db, teacherId: string, classId: string | null) {
  return rows<ClassRow>(
    db,
    sql`select id, name from classes
        where class_owner = ${teacherId} ${classId ? sql`and id = ${classId}` : sql``}
        order by name, id`,
  );
}

const inClasses = (column: SQL, classIds: string[]): SQL =>
  classIds.length === 0
    ? sql`false`
    : sql`${column} in (${sql.join(
        classIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`;

/** Submissions of the classes' assignments, as an index-friendly `= any(array(...))`. */
const ofClassAssignments = (column: SQL, classIds: string[]) =>
  sql`${column} = any(array(select id from assignments where ${inClasses(sql`class_id`, classIds)}))`;

/** The members of the classes (or just one of them), as a text[] for `any(...)` and `unnest(...)`. */
export type Students = { classIds: string[]; userId?: string };
const studentIds = ({ classIds, userId }: Students) =>
  sql`array(select distinct user_id from class_members where ${inClasses(sql`class_id`, classIds)}
              ${userId ? sql`and user_id = ${userId}` : sql``})::text[]`;

export function members(db: Db, classIds: string[]) {
  return rows<MemberRow>(
    db,
    sql`select m.class_id as "classId", m.user_id as "userId", u.name, u.email,
               ${ms(sql`m.joined_at`)} as "joinedAt"
        from class_members m join "user" u on u.id = m.user_id
        where ${inClasses(sql`m.class_id`, classIds)}`,
  );
}

/**
 * Per student: last activity (run-tests attempt, submission, exercise save or sign-in) and last
 * work (the same without sign-in), up to `now` — a moved clock sees nothing from its future.
 * Every exercise save also stamps the student's exercise_submissions row (one per exercise, the
 * newest save's time), so that indexed table stands for the saves.
 */
export function activity(db: Db, who: Students, now: Date) {
  const at = now.toISOString();
  return rows<ActivityRow>(
    db,
    sql`with f as materialized (
          select u.id,
            (select max(submitted_at) from submissions s where s.user_id = u.id and s.submitted_at <= ${at}) as sub,
            (select max(submitted_at) from exercise_submissions e where e.user_id = u.id and e.submitted_at <= ${at}) as ex,
            (select max(created_at) from session x where x.user_id = u.id and x.created_at <= ${at}) as signin
          from unnest(${studentIds(who)}) as u(id))
        select id as "userId",
          ${ms(sql`greatest(sub, ex, signin)`)} as "lastActivity",
          ${ms(sql`greatest(sub, ex)`)} as "lastWork"
        from f`,
  );
}

export function assignmentsOf(db: Db, classIds: string[], assignmentId?: string) {
  return rows<AssignmentFacts>(
    db,
    sql`select id, name, class_id as "classId", ${ms(sql`due_date`)} as "dueDate",
               ${ms(sql`created_at`)} as "createdAt"
        from assignments
        where ${inClasses(sql`class_id`, classIds)} ${assignmentId ? sql`and id = ${assignmentId}` : sql``}
        order by created_at desc, id desc`,
  );
}

/**
 * Per (assignment, current member) who has submitted anything to the classes' assignments up to
 * `now`: attempts, finals, and the latest final (the one teachers see and grade) with the number
 * of submissions made before it.
 */
export function work(
  db: Db,
  classIds: string[],
  now: Date,
  filter: { assignmentId?: string; userId?: string; finalsSince?: Date } = {},
) {
  const at = now.toISOString();
  const since = (filter.finalsSince ?? now).toISOString();
  return rows<WorkFacts>(
    db,
    sql`with lf as (
          select distinct on (assignment_id, user_id) assignment_id, user_id, id, submitted_at, score,
                 passed_tests, total_tests, teacher_grade
          from submissions
          where is_final and ${ofClassAssignments(sql`assignment_id`, classIds)} and submitted_at <= ${at}
            ${filter.assignmentId ? sql`and assignment_id = ${filter.assignmentId}` : sql``}
            ${filter.userId ? sql`and user_id = ${filter.userId}` : sql``}
          order by assignment_id, user_id, submitted_at desc, id desc
        )
        select s.assignment_id as "assignmentId", s.user_id as "userId",
          count(*)::int as attempts,
          (count(*) filter (where s.is_final))::int as finals,
          ${ms(sql`max(s.submitted_at)`)} as "lastAt",
          lf.id as "latestId", ${ms(sql`lf.submitted_at`)} as "latestAt",
          lf.score::float8 as score, lf.passed_tests as passed, lf.total_tests as total,
          lf.teacher_grade::float8 as grade,
          (count(*) filter (where s.submitted_at < lf.submitted_at))::int as before,
          coalesce(array_agg(${ms(sql`s.submitted_at`)}) filter (where s.is_final and s.submitted_at >= ${since}),
                   '{}') as "recentFinals"
        from submissions s
        join assignments a on a.id = s.assignment_id
        join class_members m on m.class_id = a.class_id and m.user_id = s.user_id
          and ${inClasses(sql`m.class_id`, classIds)}
        left join lf on lf.assignment_id = s.assignment_id and lf.user_id = s.user_id
        where ${ofClassAssignments(sql`s.assignment_id`, classIds)} and s.submitted_at <= ${at}
          ${filter.assignmentId ? sql`and s.assignment_id = ${filter.assignmentId}` : sql``}
          ${filter.userId ? sql`and s.user_id = ${filter.userId}` : sql``}
        group by s.assignment_id, s.user_id, lf.id, lf.submitted_at, lf.score, lf.passed_tests,
                 lf.total_tests, lf.teacher_grade`,
  );
}

export async function exerciseTotal(db: Db): Promise<number> {
  const [row] = await rows<{ n: number }>(db, sql`select count(*)::int as n from exercises`);
  return row?.n ?? 0;
}

export function exercisesCompleted(db: Db, who: Students) {
  return rows<ExerciseCounts>(
    db,
    sql`select user_id as "userId", count(*)::int as completed from exercise_submissions
        where is_completed and user_id = any(${studentIds(who)})
        group by user_id`,
  );
}

/**
 * Exercise categories with repeated failed saves on exercises the student has not completed.
 * Every save writes the student's exercise_submissions row too, so the unfinished exercises are
 * found there (indexed by user) and their saves through the (exercise, user) index.
 */
export function categoryFailures(db: Db, who: Students, now: Date) {
  return rows<CategoryFailures>(
    db,
    sql`select es.user_id as "userId", c.id as "categoryId", c.name as "categoryName",
               count(*)::int as "failedSaves"
        from exercise_submissions es
        join exercise_attempts a on a.exercise_id = es.exercise_id and a.user_id = es.user_id
        join exercises e on e.id = es.exercise_id
        join exercise_categories c on c.id = e.category_id
        where es.user_id = any(${studentIds(who)}) and not es.is_completed
          and not a.is_completed and a.submitted_at <= ${now.toISOString()}
        group by es.user_id, c.id, c.name
        having count(*) >= ${INSIGHTS.areaFailedSaves}
        order by c.name`,
  );
}

export type CaseFacts = {
  testCaseId: string;
  position: number;
  description: string;
  input: string;
  expectedOutput: string;
  hidden: boolean;
  runs: number;
  failures: number;
};

/**
 * Per test case of an assignment: how the current members' latest final submissions did on it.
 * The assignment page's Test Case Performance reads the same query (without a clock: up to now).
 */
export function caseResults(db: Db, assignmentId: string, classId: string, now?: Date) {
  return rows<CaseFacts>(
    db,
    sql`with lf as (
          select distinct on (s.user_id) s.id
          from submissions s
          join class_members m on m.class_id = ${classId} and m.user_id = s.user_id
          where s.assignment_id = ${assignmentId} and s.is_final
            ${now ? sql`and s.submitted_at <= ${now.toISOString()}` : sql``}
          order by s.user_id, s.submitted_at desc, s.id desc
        )
        select t.id as "testCaseId", t.position, t.description, t.input,
               t.expected_output as "expectedOutput", t.hidden,
               count(r.id)::int as runs,
               (count(r.id) filter (where not r.passed))::int as failures
        from test_cases t
        left join test_case_results r on r.test_case_id = t.id and r.submission_id in (select id from lf)
        where t.assignment_id = ${assignmentId}
        group by t.id
        order by t.position, t.id`,
  );
}

/** The commonest outputs of failed runs per test case (latest finals of current members). */
export function wrongOutputs(db: Db, assignmentId: string, classId: string, now: Date) {
  return rows<{ testCaseId: string; output: string; count: number }>(
    db,
    sql`with lf as (
          select distinct on (s.user_id) s.id
          from submissions s
          join class_members m on m.class_id = ${classId} and m.user_id = s.user_id
          where s.assignment_id = ${assignmentId} and s.is_final and s.submitted_at <= ${now.toISOString()}
          order by s.user_id, s.submitted_at desc, s.id desc
        )
        select r.test_case_id as "testCaseId", left(r.output, ${INSIGHTS.wrongOutputChars}) as output,
               count(*)::int as count
        from test_case_results r
        where r.submission_id in (select id from lf) and not r.passed and r.test_case_id is not null
        group by 1, 2
        order by 1, 3 desc, 2`,
  );
}
