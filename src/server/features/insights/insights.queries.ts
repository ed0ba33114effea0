// The facts behind teaching insights, read straight from the real tables (no summary tables that
// could drift). Each query is scoped to a set of classes the caller owns; the service turns the
// facts into the spec's figures with the rules of src/shared/domain/insights.ts.
// Times come back as epoch milliseconds (float8) and counts as int, so PGlite and PostgreSQL agree.
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client.ts";
import { INSIGHTS } from "@/shared/domain/insights.ts";

export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * A time as epoch milliseconds (float8), to the microsecond like the stored value. date_part is
 * float8 already (extract is numeric, ≈10× dearer: the overview converts over a thousand times);
 * rounding to whole microseconds gives exactly the value the numeric route gave.
 */
export const ms = (column: SQL) => sql`(round(date_part('epoch', ${column}) * 1000000) / 1000)`;

export type ClassRow = { id: string; name: string };
export type MemberRow = { classId: string; userId: string; name: string; email: string; joinedAt: number };
export type ActivityRow = { userId: string; lastActivity: number | null; lastWork: number | null };
export type AssignmentFacts = {
  id: string;
  name: string;
  language: string;
  classId: string;
  dueDate: number | null;
  createdAt: number;
};
/** Per (assignment, current member) with a final submission: the latest final and the counts. */
export type FinalFacts = {
  assignmentId: string;
  userId: string;
  finals: number;
  latestId: string;
  latestAt: number;
  score: number;
  passed: number;
  total: number;
  grade: number | null;
  /** Submissions (Run Tests attempts and finals) before the latest final. */
  before: number;
  /** Times of final submissions since `finalsSince` (the chart and the weekly counts). */
  recentFinals: number[];
};
/** Per (assignment, student) with any submission: how many and the newest (Performance Overview). */
export type AttemptFacts = { assignmentId: string; userId: string; attempts: number; lastAt: number };
export type CategoryFailures = {
  userId: string;
  categoryId: string;
  categoryName: string;
  failedSaves: number;
};
export type ExerciseCounts = { userId: string; completed: number };

const inClasses = (column: SQL, classIds: string[]): SQL =>
  classIds.length === 0
    ? sql`false`
    : sql`${column} in (${sql.join(
        classIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`;

export function members(db: Db, classIds: string[]) {
  return rows<MemberRow>(
    db,
    sql`select m.class_id as "classId", m.user_id as "userId", u.name, u.email,
               ${ms(sql`m.joined_at`)} as "joinedAt"
        from class_members m join "user" u on u.id = m.user_id
        where ${inClasses(sql`m.class_id`, classIds)}`,
  );
}

export function assignmentsOf(db: Db, classIds: string[], assignmentId?: string) {
  return rows<AssignmentFacts>(
    db,
    sql`select id, name, language, class_id as "classId", ${ms(sql`due_date`)} as "dueDate",
               ${ms(sql`created_at`)} as "createdAt"
        from assignments
        where ${inClasses(sql`class_id`, classIds)} ${assignmentId ? sql`and id = ${assignmentId}` : sql``}
        order by created_at desc, id desc`,
  );
}

/**
 * Per (assignment, current member) with a final submission up to `now`: the latest final (the one
 * teachers see and grade; newest first, then highest id), the number of finals, their recent
 * times, and how many submissions came before it. Only finals are read row by row (through the
 * partial index on finals); the Run Tests attempts before the latest final are counted in the
 * (assignment, user, time) index without touching the table. `assignments` selects (id, class_id).
 */
export function finalFacts(q: { assignments: SQL; now: SQL; finalsSince: SQL }) {
  return sql`select a.id as "assignmentId", l.user_id as "userId", l.finals, l.id as "latestId",
          ${ms(sql`l.submitted_at`)} as "latestAt", l.score::float8 as score, l.passed_tests as passed,
          l.total_tests as total, l.teacher_grade::float8 as grade,
          (select count(*)::int from submissions b
            where b.assignment_id = a.id and b.user_id = l.user_id and b.submitted_at < l.submitted_at) as before,
          l.recent as "recentFinals"
        from (${q.assignments}) a
        cross join lateral (
          select f.user_id, count(*)::int as finals,
            (array_agg(f.id) filter (where f.newest))[1] as id,
            max(f.submitted_at) as submitted_at,
            max(f.score) filter (where f.newest) as score,
            max(f.passed_tests) filter (where f.newest) as passed_tests,
            max(f.total_tests) filter (where f.newest) as total_tests,
            max(f.teacher_grade) filter (where f.newest) as teacher_grade,
            coalesce(array_agg(${ms(sql`f.submitted_at`)}) filter (where f.submitted_at >= ${q.finalsSince}), '{}') as recent
          from (
            select f.user_id, f.id, f.submitted_at, f.score, f.passed_tests, f.total_tests, f.teacher_grade,
              row_number() over (partition by f.user_id order by f.submitted_at desc, f.id desc) = 1 as newest
            from submissions f
            where f.assignment_id = a.id and f.is_final and f.submitted_at <= ${q.now}) f
          group by f.user_id) l
        where exists (select 1 from class_members m where m.class_id = a.class_id and m.user_id = l.user_id)`;
}

/** The final facts of one assignment (Assignment Details). */
export function finalsOf(db: Db, assignmentId: string, now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  return rows<FinalFacts>(
    db,
    finalFacts({
      assignments: sql`select id, class_id from assignments where id = ${assignmentId}`,
      now: at,
      finalsSince: at,
    }),
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
