// Every fact the insights overview needs — the teacher's classes, their members, assignments, the
// per-(assignment, student) work, each student's activity, exercises and failed saves — in ONE
// statement returning one JSON value. Seven separate queries cost seven round trips, seven plans
// and the driver's per-field parsing; 20 teachers at once on 2 cores could not afford that
// (decision 037). Scope: the teacher's own classes (optionally one of them), optionally one student.
import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client.ts";
import { INSIGHTS } from "@/shared/domain/insights.ts";
import {
  type ActivityRow,
  type AssignmentFacts,
  type AttemptFacts,
  type CategoryFailures,
  type ClassRow,
  type ExerciseCounts,
  type FinalFacts,
  finalFacts,
  type MemberRow,
  ms,
} from "./insights.queries.ts";
import { namedStatement } from "./named-statement.ts";

export type OverviewFacts = {
  /** Every class the teacher owns, by name (the class filter's options). */
  owned: ClassRow[];
  /** The selected classes (all owned, or the one asked for if the teacher owns it). */
  selected: ClassRow[];
  /** Every member of the selected classes (also when the facts are for one student). */
  members: MemberRow[];
  assignments: AssignmentFacts[];
  finals: FinalFacts[];
  /** Only with one student: their submissions per assignment (finals and Run Tests attempts). */
  attempts: AttemptFacts[];
  activity: ActivityRow[];
  exercisesCompleted: ExerciseCounts[];
  categoryFailures: CategoryFailures[];
  exerciseTotal: number;
  /**
   * Students who handed work in to the selected classes but are in none of them now (left or
   * removed): not counted in any figure, only named beside the tiles (decision 037, issue 19 #14).
   */
  leftStudents: number;
};

type Values = {
  teacherId: string;
  /** A PostgreSQL array literal of class ids, or null for every owned class. */
  classIds: string | null;
  userId: string | null;
  now: string;
  finalsSince: string;
};

const p = (name: keyof Values) => sql.placeholder(name);
const now = sql`${p("now")}::timestamptz`;
const json = (rows: ReturnType<typeof sql>, order = sql``) =>
  sql`(select coalesce(json_agg(r ${order}), '[]') from (${rows}) r)`;

// The finals are the bulk of the facts (a row per student and assignment): they travel as arrays
// in this column order, not as objects, which spares PostgreSQL writing the keys (≈ 10 % of the
// statement) and Node reading them.
const FINAL_COLUMNS = [
  "assignmentId",
  "userId",
  "finals",
  "latestId",
  "latestAt",
  "score",
  "passed",
  "total",
  "grade",
  "before",
  "recentFinals",
] as const satisfies readonly (keyof FinalFacts)[];
const jsonArrays = (columns: readonly string[], rows: ReturnType<typeof sql>) =>
  sql`(select coalesce(json_agg(json_build_array(${sql.raw(columns.map((c) => `r."${c}"`).join(", "))})), '[]')
       from (${rows}) r)`;
function toFinal(row: unknown[]): FinalFacts {
  const final: Record<string, unknown> = {};
  FINAL_COLUMNS.forEach((column, i) => {
    final[column] = row[i];
  });
  return final as FinalFacts;
}

/** The statement's JSON: as OverviewFacts, but the finals as arrays (FINAL_COLUMNS). */
type Sent = Omit<OverviewFacts, "finals"> & { finals: unknown[][] };

const statement = namedStatement<{ facts: Sent | string }, Values>(
  "insights_overview",
  sql`with
    owned as materialized (select id, name from classes where class_owner = ${p("teacherId")}),
    selected as materialized (
      select id, name from owned where ${p("classIds")}::uuid[] is null or id = any(${p("classIds")}::uuid[])),
    members as materialized (
      select m.class_id, m.user_id, m.joined_at from class_members m
      where m.class_id = any(array(select id from selected))),
    students as materialized (
      select distinct user_id as id from members
      where ${p("userId")}::text is null or user_id = ${p("userId")}::text),
    asg as materialized (
      select id, name, language, class_id, due_date, created_at from assignments
      where class_id = any(array(select id from selected))),
    activity as materialized (
      select u.id,
        (select max(submitted_at) from submissions s where s.user_id = u.id and s.submitted_at <= ${now}) as sub,
        (select max(submitted_at) from exercise_submissions e where e.user_id = u.id and e.submitted_at <= ${now}) as ex,
        -- The sign-in record keeps the last sign-in after its session has gone (signed out, or
        -- expired and deleted by the retention job); a live session may be newer than it.
        greatest(
          (select max(created_at) from session x where x.user_id = u.id and x.created_at <= ${now}),
          (select last_sign_in_at from account_sign_ins a
           where a.user_id = u.id and a.last_sign_in_at <= ${now})) as signin
      from students u)
    select json_build_object(
      'owned', ${json(sql`select id, name from owned`, sql`order by r.name, r.id`)},
      'selected', ${json(sql`select id, name from selected`, sql`order by r.name, r.id`)},
      'members', ${json(
        sql`select m.class_id as "classId", m.user_id as "userId", u.name, u.email,
                   ${ms(sql`m.joined_at`)} as "joinedAt"
            from members m join "user" u on u.id = m.user_id`,
      )},
      'assignments', ${json(
        sql`select id, name, language, class_id as "classId", ${ms(sql`due_date`)} as "dueDate",
                   ${ms(sql`created_at`)} as "createdAt"
            from asg`,
        sql`order by r."createdAt" desc, r.id desc`,
      )},
      'finals', ${jsonArrays(
        FINAL_COLUMNS,
        finalFacts({
          assignments: sql`select id, class_id from asg`,
          now,
          finalsSince: sql`${p("finalsSince")}::timestamptz`,
        }),
      )},
      'attempts', ${json(
        sql`select a.id as "assignmentId", s.user_id as "userId", count(*)::int as attempts,
                   ${ms(sql`max(s.submitted_at)`)} as "lastAt"
            from asg a join submissions s on s.assignment_id = a.id
            where s.user_id = ${p("userId")}::text and s.submitted_at <= ${now}
            group by a.id, s.user_id`,
      )},
      'activity', ${json(
        sql`select id as "userId", ${ms(sql`greatest(sub, ex, signin)`)} as "lastActivity",
                   ${ms(sql`greatest(sub, ex)`)} as "lastWork"
            from activity`,
      )},
      'exercisesCompleted', ${json(
        sql`select user_id as "userId", count(*)::int as completed from exercise_submissions
            where is_completed and user_id = any(array(select id from students))
            group by user_id`,
      )},
      'categoryFailures', ${json(
        // The students' failed saves (a partial index on them, by student) on exercises they
        // have not completed, per category.
        sql`select a.user_id as "userId", c.id as "categoryId", c.name as "categoryName",
                   count(*)::int as "failedSaves"
            from exercise_attempts a
            join exercise_submissions es
              on es.exercise_id = a.exercise_id and es.user_id = a.user_id and not es.is_completed
            join exercises e on e.id = a.exercise_id
            join exercise_categories c on c.id = e.category_id
            where a.user_id = any(array(select id from students)) and not a.is_completed
              and a.submitted_at <= ${now}
            group by a.user_id, c.id, c.name
            having count(*) >= ${INSIGHTS.areaFailedSaves}`,
        sql`order by r."categoryName"`,
      )},
      'exerciseTotal', (select count(*)::int from exercises),
      'leftStudents', ${
        // Finals only (their partial index), and not for one student's facts (nothing shows it).
        sql`(select count(distinct f.user_id)::int from asg a
              join submissions f on f.assignment_id = a.id and f.is_final and f.submitted_at <= ${now}
              where ${p("userId")}::text is null
                and not exists (select 1 from members m where m.user_id = f.user_id))`
      }
    ) as facts`,
);

/**
 * The overview's facts for a teacher: every owned class, or only `classId` (then `selected` is
 * empty unless they own it); for every member, or only `userId`. Work dated after `now` is ignored.
 */
export async function overviewFacts(
  db: Db,
  scope: { teacherId: string; classIds: string[] | null; userId?: string; now: Date; finalsSince: Date },
): Promise<OverviewFacts> {
  const [row] = await statement(db, {
    teacherId: scope.teacherId,
    classIds: scope.classIds === null ? null : `{${scope.classIds.join(",")}}`,
    userId: scope.userId ?? null,
    now: scope.now.toISOString(),
    finalsSince: scope.finalsSince.toISOString(),
  });
  const facts = row?.facts;
  if (!facts) throw new Error("insights overview: no row");
  // node-postgres and PGlite both parse json; a driver that does not hands back the text.
  const sent = typeof facts === "string" ? (JSON.parse(facts) as Sent) : facts;
  return { ...sent, finals: sent.finals.map(toFinal) };
}
