// The school the insights bench measures: 20 teachers with 2 classes of 25 students each
// (1,000 students, 40 classes), 5 assignments per class (200) with 3 test cases, and per student
// and assignment 2 finals with per-test results and 8 Run Tests attempts (50,000 submissions),
// spread over the last 5 weeks; plus sign-ins, and 3 exercise saves per student.
// Seeded straight into the tables (the teachers sign in through the API for their cookies).
import {
  assignments,
  classes,
  classMembers,
  exerciseAttempts,
  exerciseCategories,
  exerciseSubmissions,
  exercises,
  session,
  submissions,
  testCaseResults,
  testCases,
  user,
} from "../src/server/db/schema.ts";
import { createTeacher } from "../tests/factories/users.ts";
import type { TestApp } from "../tests/setup/test-app.ts";

export const TEACHERS = 20;
const CLASSES_PER_TEACHER = 2;
const STUDENTS_PER_CLASS = 25;
const ASSIGNMENTS_PER_CLASS = 5;
const FINALS = 2;
const RUNS = 8;
const DAY = 24 * 3600_000;

export async function seedSchool(t: TestApp, now = Date.now()) {
  const at = (i: number) => new Date(now - ((i * 7919) % (35 * DAY)) - 60_000);

  const teachers = [];
  for (let i = 0; i < TEACHERS; i++) teachers.push(await createTeacher(t, { name: `Teacher ${i}` }));

  // Exercise library: 4 categories × 5 exercises, with saves by every student.
  const categoryIds: string[] = [];
  for (let c = 0; c < 4; c++) {
    const [row] = await t.db
      .insert(exerciseCategories)
      .values({ name: `Category ${c}`, displayOrder: c })
      .returning();
    categoryIds.push(row.id);
  }
  const exerciseIds = (
    await t.db
      .insert(exercises)
      .values(
        Array.from({ length: 20 }, (_, i) => ({
          title: `Exercise ${i}`,
          categoryId: categoryIds[i % 4],
          displayOrder: i,
        })),
      )
      .returning({ id: exercises.id })
  ).map((r) => r.id);

  let n = 0;
  let submissionCount = 0;
  for (const [ti, teacher] of teachers.entries()) {
    for (let c = 0; c < CLASSES_PER_TEACHER; c++) {
      const [cls] = await t.db
        .insert(classes)
        .values({
          name: `Class ${ti}-${c}`,
          joinCode: `B${String(ti * 10 + c).padStart(7, "0")}`,
          ownerId: teacher.id,
        })
        .returning();
      const students = Array.from({ length: STUDENTS_PER_CLASS }, () => crypto.randomUUID());
      await t.db.insert(user).values(
        students.map((id) => {
          n++;
          return { id, name: `Student ${n}`, email: `s${n}@bench.test`, role: "student" };
        }),
      );
      await t.db.insert(classMembers).values(students.map((userId) => ({ classId: cls.id, userId })));
      await t.db.insert(session).values(
        students.map((userId, i) => ({
          id: crypto.randomUUID(),
          token: crypto.randomUUID(),
          userId,
          expiresAt: new Date(now + 7 * DAY),
          createdAt: at(i * 13 + n),
        })),
      );
      await t.db.insert(exerciseAttempts).values(
        students.flatMap((userId, i) =>
          [0, 1, 2].map((k) => ({
            exerciseId: exerciseIds[(i + k) % exerciseIds.length],
            userId,
            code: "x",
            totalTests: 2,
            passedTests: k % 2,
            submittedAt: at(i * 31 + k),
          })),
        ),
      );
      await t.db.insert(exerciseSubmissions).values(
        students.flatMap((userId, i) =>
          [0, 1, 2].map((k) => ({
            exerciseId: exerciseIds[(i + k) % exerciseIds.length],
            userId,
            code: "x",
            totalTests: 2,
            passedTests: k % 2,
            isSaved: true,
            submittedAt: at(i * 31 + k),
          })),
        ),
      );
      for (let a = 0; a < ASSIGNMENTS_PER_CLASS; a++) {
        const [asg] = await t.db
          .insert(assignments)
          .values({ classId: cls.id, name: `Assignment ${ti}-${c}-${a}` })
          .returning();
        const cases = await t.db
          .insert(testCases)
          .values([0, 1, 2].map((position) => ({ assignmentId: asg.id, position, expectedOutput: "x" })))
          .returning({ id: testCases.id });
        const rows = students.flatMap((userId, i) =>
          Array.from({ length: FINALS + RUNS }, (_, k) => {
            const final = k >= RUNS;
            const passed = (i + k + a) % 4;
            return {
              assignmentId: asg.id,
              userId,
              code: "print('x')",
              isFinal: final,
              verified: final,
              passedTests: Math.min(passed, 3),
              totalTests: 3,
              score: (Math.min(passed, 3) / 3) * 100,
              submittedAt: new Date(at(i * 17 + a * 5).getTime() + k * 60_000),
            };
          }),
        );
        const inserted = await t.db
          .insert(submissions)
          .values(rows)
          .returning({ id: submissions.id, isFinal: submissions.isFinal, passed: submissions.passedTests });
        submissionCount += inserted.length;
        await t.db.insert(testCaseResults).values(
          inserted
            .filter((s) => s.isFinal)
            .flatMap((s) =>
              cases.map((tc, k) => ({
                submissionId: s.id,
                testCaseId: tc.id,
                passed: k < s.passed,
                output: k < s.passed ? "x" : `wrong ${k}`,
              })),
            ),
        );
      }
    }
  }
  const classCount = TEACHERS * CLASSES_PER_TEACHER;
  return {
    teachers,
    students: n,
    classes: classCount,
    assignments: classCount * ASSIGNMENTS_PER_CLASS,
    submissions: submissionCount,
  };
}
