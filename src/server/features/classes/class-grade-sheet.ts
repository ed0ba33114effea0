// The class grade sheet behind GET /api/classes/:id/export.csv: one row per student, one column
// per assignment. Like the assignment's sheet (decision 036), students who left the class (or were
// removed) but handed work in are listed after the members, marked "Left the class".
import { and, asc, eq, inArray, notInArray } from "drizzle-orm";
import { loadClassFor } from "@/server/auth/access.ts";
import type { Db } from "@/server/db/client.ts";
import { assignments, classMembers, submissions, user } from "@/server/db/schema.ts";
import { latestFinals } from "@/server/features/submissions/index.ts";
import type { CsvCell } from "@/server/http/csv.ts";
import type { SessionUser } from "@/server/types.ts";
import { shownEmail } from "@/shared/domain/former-student.ts";
import { sortByName } from "@/shared/domain/names.ts";

type Student = { id: string; name: string; email: string };

/** Those who are no longer members but submitted (test runs too) to one of `assignmentIds`. */
async function leavers(db: Db, classId: string, assignmentIds: string[]): Promise<Student[]> {
  if (assignmentIds.length === 0) return [];
  const members = db
    .select({ id: classMembers.userId })
    .from(classMembers)
    .where(eq(classMembers.classId, classId));
  return db
    .selectDistinct({ id: user.id, name: user.name, email: user.email })
    .from(submissions)
    .innerJoin(user, eq(user.id, submissions.userId))
    .where(and(inArray(submissions.assignmentId, assignmentIds), notInArray(submissions.userId, members)))
    .then(sortByName);
}

/**
 * The class grade sheet: one row per member in name order, then those who left; two columns per
 * assignment (oldest first), "<name>: Grade" (the teacher's grade of the newest final submission)
 * and "<name>: Auto score (%)" (its automatic score, a whole percent), each a number or blank, so a
 * spreadsheet can sum either; last, the class membership.
 */
export async function classGradeSheet(
  db: Db,
  me: SessionUser,
  classId: string,
): Promise<{ name: string; rows: CsvCell[][] }> {
  const { cls } = await loadClassFor(db, me, classId);
  const [students, work] = await Promise.all([
    db
      .select({ id: user.id, name: user.name, email: user.email })
      .from(classMembers)
      .innerJoin(user, eq(user.id, classMembers.userId))
      .where(eq(classMembers.classId, classId))
      .then(sortByName),
    db
      .select({ id: assignments.id, name: assignments.name })
      .from(assignments)
      .where(eq(assignments.classId, classId))
      .orderBy(asc(assignments.createdAt), asc(assignments.id)),
  ]);
  const workIds = work.map((a) => a.id);
  const [finals, left] =
    workIds.length === 0
      ? [[], []]
      : await Promise.all([
          latestFinals(db, inArray(submissions.assignmentId, workIds)),
          leavers(db, classId, workIds),
        ]);
  const byKey = new Map(finals.map((f) => [`${f.assignmentId}/${f.userId}`, f]));
  const rows: CsvCell[][] = [
    [
      "Student",
      "E-mail",
      ...work.flatMap((a) => [`${a.name}: Grade`, `${a.name}: Auto score (%)`]),
      "Class membership",
    ],
  ];
  const people = [
    ...students.map((s) => ({ s, membership: "Member" })),
    ...left.map((s) => ({ s, membership: "Left the class" })),
  ];
  for (const { s, membership } of people) {
    rows.push([
      s.name,
      shownEmail(s.email), // none for a deleted student's grade line (decision 060)
      ...work.flatMap((a) => {
        const f = byKey.get(`${a.id}/${s.id}`);
        if (!f) return [null, null];
        return [f.teacherGrade === null ? null : Number(f.teacherGrade.toFixed(2)), Math.round(f.score)];
      }),
      membership,
    ]);
  }
  return { name: cls.name, rows };
}
