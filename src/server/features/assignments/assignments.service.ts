// Assignments and their test cases: lists for teachers and students, create, edit (test case
// list replaced in one transaction). The teacher's progress view is in progress.service.ts, the
// grade export in grade-sheet.ts.
// Students never receive a hidden test case's description, input or expected output.
import { and, asc, count, countDistinct, desc, eq, notInArray, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  type AssignmentRow,
  assertOwnsAssignment,
  assertOwnsClass,
  loadAssignmentFor,
} from "@/server/auth/access.ts";
import type { Db } from "@/server/db/client.ts";
import { preparedPer } from "@/server/db/prepared.ts";
import { assignments, classes, classMembers, submissions, testCases } from "@/server/db/schema.ts";
import { badRequest } from "@/server/errors.ts";
import { latestFinals } from "@/server/features/submissions/index.ts";
import type { GraderPool } from "@/server/python/index.ts";
import type { SessionUser } from "@/server/types.ts";
import {
  ASSIGNMENT_MESSAGES,
  type AssignmentClass,
  type AssignmentDeletionImpact,
  type AssignmentDetail,
  type CreateAssignmentBody,
  type StudentAssignmentDetail,
  type StudentAssignmentListItem,
  type StudentTestCase,
  type TeacherAssignmentDetail,
  type TeacherAssignmentListItem,
  type TeacherTestCase,
  type UpdateAssignmentBody,
} from "@/shared/api/assignments.ts";
import { isBlankTestCase } from "@/shared/domain/test-cases.ts";
import { readDrawingShape } from "@/shared/grading/drawing-shape.mjs";
import { recordDrawings } from "./drawing-model.ts";
import { freshCoalescer } from "./fresh-coalescer.ts";

type TestCaseRow = typeof testCases.$inferSelect;
type CreateBody = z.output<typeof CreateAssignmentBody>;
type UpdateBody = z.output<typeof UpdateAssignmentBody>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toDetail(a: AssignmentRow, cls: AssignmentClass): AssignmentDetail {
  return {
    id: a.id,
    name: a.name,
    description: a.description,
    language: a.language,
    dueDate: iso(a.dueDate),
    createdAt: a.createdAt.toISOString(),
    starterCode: a.starterCode,
    class: cls,
  };
}

const toTeacherCase = (t: TestCaseRow): TeacherTestCase => ({
  id: t.id,
  position: t.position,
  description: t.description,
  input: t.input,
  expectedOutput: t.expectedOutput,
  hidden: t.hidden,
  // Only a drawing test carries these (decision 064).
  ...(t.drawingModel === null
    ? {}
    : { drawingModel: t.drawingModel, expectedDrawing: readDrawingShape(t.expectedDrawing) }),
});

/**
 * A hidden case tells a student only that it exists (and later whether it passed). A visible
 * drawing test shows its expected drawing (as its expected output), never the model answer.
 */
export const toStudentCase = (t: TestCaseRow): StudentTestCase =>
  t.hidden
    ? { id: t.id, position: t.position, hidden: true }
    : {
        id: t.id,
        position: t.position,
        hidden: false,
        description: t.description,
        input: t.input,
        expectedOutput: t.expectedOutput,
        ...(t.drawingModel === null ? {} : { expectedDrawing: readDrawingShape(t.expectedDrawing) }),
      };

/** An assignment's test cases in the order students see them. */
export function casesOf(db: Db, assignmentId: string) {
  return db
    .select()
    .from(testCases)
    .where(eq(testCases.assignmentId, assignmentId))
    .orderBy(asc(testCases.position), asc(testCases.id));
}

// ── Lists ────────────────────────────────────────────────────────────────────────────────

// The two lists are the busiest reads of the app: prepared once per database (see db/prepared.ts).
const teacherListQuery = preparedPer((db) => {
  // Each owned class's size, counted once per class rather than once per assignment.
  const classSizes = db
    .select({ classId: classMembers.classId, students: count().as("students") })
    .from(classMembers)
    .innerJoin(classes, eq(classes.id, classMembers.classId))
    .where(eq(classes.ownerId, sql.placeholder("userId")))
    .groupBy(classMembers.classId)
    .as("class_sizes");
  return db
    .select({
      id: assignments.id,
      name: assignments.name,
      description: assignments.description,
      language: assignments.language,
      dueDate: assignments.dueDate,
      createdAt: assignments.createdAt,
      class: { id: classes.id, name: classes.name },
      studentCount: sql<number>`coalesce(${classSizes.students}, 0)`.mapWith(Number),
      // Current members with at least one final submission (a student who left no longer counts).
      submittedCount: sql<number>`(select count(*) from (select distinct f.user_id from ${submissions} f
        where f.assignment_id = ${assignments.id} and f.is_final) h
        where exists (select 1 from ${classMembers} m where m.class_id = ${classes.id} and m.user_id = h.user_id))`.mapWith(
        Number,
      ),
      // Current members whose newest final came after the due date: lateBy() of
      // src/shared/domain/late-work.ts (strictly after), as the progress table marks Late.
      lateCount: sql<number>`(case when ${assignments.dueDate} is null then 0 else (select count(*) from
        (select distinct on (f.user_id) f.user_id, f.submitted_at from ${submissions} f
          where f.assignment_id = ${assignments.id} and f.is_final
          order by f.user_id, f.submitted_at desc, f.id desc) h
        where h.submitted_at > ${assignments.dueDate}
          and exists (select 1 from ${classMembers} m where m.class_id = ${classes.id} and m.user_id = h.user_id)) end)`.mapWith(
        Number,
      ),
    })
    .from(assignments)
    .innerJoin(classes, eq(classes.id, assignments.classId))
    .leftJoin(classSizes, eq(classSizes.classId, classes.id))
    .where(eq(classes.ownerId, sql.placeholder("userId")))
    .orderBy(desc(assignments.createdAt), asc(assignments.id))
    .prepare("teacher_assignment_list");
});

/** The teacher's assignments across owned classes, newest first, with class size and hand-ins. */
export async function teacherListUncoalesced(
  db: Db,
  teacherId: string,
): Promise<TeacherAssignmentListItem[]> {
  const rows = await teacherListQuery(db).execute({ userId: teacherId });
  return rows.map((r) => ({ ...r, dueDate: iso(r.dueDate), createdAt: r.createdAt.toISOString() }));
}

// A class of 30 polling, or a teacher's open tabs, ask for the same list at once: one read serves
// every request that arrived while the previous read ran (decision 039; never older than the request).
const teacherLists = new WeakMap<Db, ReturnType<typeof freshCoalescer<TeacherAssignmentListItem[]>>>();
function teacherList(db: Db, me: SessionUser) {
  let read = teacherLists.get(db);
  if (!read) {
    read = freshCoalescer<TeacherAssignmentListItem[]>();
    teacherLists.set(db, read);
  }
  return read(me.id, () => teacherListUncoalesced(db, me.id));
}

const studentListQuery = preparedPer((db) => {
  const latest = latestFinals(db, eq(submissions.userId, sql.placeholder("userId"))).as("latest");
  return db
    .select({
      id: assignments.id,
      name: assignments.name,
      description: assignments.description,
      language: assignments.language,
      dueDate: assignments.dueDate,
      createdAt: assignments.createdAt,
      class: { id: classes.id, name: classes.name },
      submittedAt: latest.submittedAt,
      teacherGrade: latest.teacherGrade,
    })
    .from(classMembers)
    .innerJoin(classes, eq(classes.id, classMembers.classId))
    .innerJoin(assignments, eq(assignments.classId, classes.id))
    .leftJoin(latest, eq(latest.assignmentId, assignments.id))
    .where(eq(classMembers.userId, sql.placeholder("userId")))
    .orderBy(desc(assignments.createdAt), asc(assignments.id))
    .prepare("student_assignment_list");
});

/** A student's assignments across joined classes, with the state of their newest final submission. */
async function studentList(db: Db, me: SessionUser): Promise<StudentAssignmentListItem[]> {
  const rows = await studentListQuery(db).execute({ userId: me.id });
  return rows.map((r) => ({
    ...r,
    dueDate: iso(r.dueDate),
    createdAt: r.createdAt.toISOString(),
    status: r.submittedAt ? "submitted" : "not_started",
    submittedAt: iso(r.submittedAt),
  }));
}

export function listAssignments(db: Db, me: SessionUser) {
  return me.role === "teacher" ? teacherList(db, me) : studentList(db, me);
}

// ── One assignment ───────────────────────────────────────────────────────────────────────

export async function getAssignment(
  db: Db,
  me: SessionUser,
  id: string,
): Promise<TeacherAssignmentDetail | StudentAssignmentDetail> {
  const { assignment, cls, as } = await loadAssignmentFor(db, me, id);
  const cases = await casesOf(db, id);
  return as === "owner"
    ? { ...toDetail(assignment, cls), testCases: cases.map(toTeacherCase) }
    : { ...toDetail(assignment, cls), testCases: cases.map(toStudentCase) };
}

export async function getTestCases(
  db: Db,
  me: SessionUser,
  id: string,
): Promise<TeacherTestCase[] | StudentTestCase[]> {
  const { as } = await loadAssignmentFor(db, me, id);
  const cases = await casesOf(db, id);
  return as === "owner" ? cases.map(toTeacherCase) : cases.map(toStudentCase);
}

export async function createAssignment(
  db: Db,
  grader: GraderPool,
  me: SessionUser,
  body: CreateBody,
): Promise<TeacherAssignmentDetail> {
  const cls = await assertOwnsClass(db, me, body.classId);
  const cases = body.testCases.filter((t) => !isBlankTestCase(t));
  // Drawing tests' model answers run before anything is written (decision 064).
  const drawings = await recordDrawings(grader, { userId: me.id, classId: cls.id }, cases);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(assignments)
      .values({
        classId: cls.id,
        name: body.name,
        description: body.description,
        language: body.language,
        dueDate: body.dueDate,
        starterCode: body.starterCode,
      })
      .returning({ id: assignments.id });
    if (cases.length > 0) {
      await tx.insert(testCases).values(
        cases.map((t, position) => ({
          assignmentId: row.id,
          position,
          description: t.description,
          input: t.input,
          hidden: t.hidden,
          ...drawings[position],
        })),
      );
    }
    return row.id;
  });
  return getAssignment(db, me, id) as Promise<TeacherAssignmentDetail>;
}

/**
 * Edit mode. The test case list, when sent, replaces the old one: cases with an id are updated,
 * new ones inserted, missing ones deleted (their past results keep their rows), all or nothing.
 */
export async function updateAssignment(
  db: Db,
  grader: GraderPool,
  me: SessionUser,
  id: string,
  body: UpdateBody,
): Promise<TeacherAssignmentDetail> {
  const { cls } = await assertOwnsAssignment(db, me, id);
  const cases = body.testCases?.filter((t) => !isBlankTestCase(t));
  if (cases && cases.length === 0) throw badRequest(ASSIGNMENT_MESSAGES.oneTestCase, "VALIDATION");
  // Drawing tests' model answers run before anything is written; unchanged ones are not run again.
  const before = cases ? new Map((await casesOf(db, id)).map((row) => [row.id, row])) : new Map();
  const drawings = cases
    ? await recordDrawings(grader, { userId: me.id, classId: cls.id }, cases, before)
    : [];
  await db.transaction(async (tx) => {
    await tx
      .update(assignments)
      .set({
        name: body.name,
        description: body.description,
        dueDate: body.dueDate,
        starterCode: body.starterCode,
        updatedAt: new Date(),
      })
      .where(eq(assignments.id, id));
    if (!cases) return;
    const existing = new Set(
      (await tx.select({ id: testCases.id }).from(testCases).where(eq(testCases.assignmentId, id))).map(
        (r) => r.id,
      ),
    );
    const kept = cases.flatMap((t) => (t.id ? [t.id] : []));
    const stranger = kept.find((k) => !existing.has(k));
    if (stranger) throw badRequest(ASSIGNMENT_MESSAGES.testCaseUnknown(stranger), "UNKNOWN_TEST_CASE");
    if (new Set(kept).size !== kept.length) throw badRequest(ASSIGNMENT_MESSAGES.updateFailed, "VALIDATION");
    await tx
      .delete(testCases)
      .where(
        kept.length > 0
          ? and(eq(testCases.assignmentId, id), notInArray(testCases.id, kept))
          : eq(testCases.assignmentId, id),
      );
    for (const [position, t] of cases.entries()) {
      const values = {
        position,
        description: t.description,
        input: t.input,
        hidden: t.hidden,
        ...drawings[position],
      };
      if (t.id) await tx.update(testCases).set(values).where(eq(testCases.id, t.id));
      else await tx.insert(testCases).values({ ...values, assignmentId: id });
    }
  });
  return getAssignment(db, me, id) as Promise<TeacherAssignmentDetail>;
}

// ── Deleting ─────────────────────────────────────────────────────────────────────────────

/** What deleting the assignment would delete: every submission to it, and from how many students. */
export async function assignmentDeletionImpact(
  db: Db,
  me: SessionUser,
  id: string,
): Promise<AssignmentDeletionImpact> {
  await assertOwnsAssignment(db, me, id);
  const [row] = await db
    .select({ submissions: count(), students: countDistinct(submissions.userId) })
    .from(submissions)
    .where(eq(submissions.assignmentId, id));
  return row;
}

/** The owning teacher deletes an assignment with its test cases and submissions. */
export async function deleteAssignment(db: Db, me: SessionUser, id: string): Promise<void> {
  await assertOwnsAssignment(db, me, id);
  await db.delete(assignments).where(eq(assignments.id, id));
}
