// A small school for the data-rights tests: two teachers, three students, and for every student
// rows in every table that holds a person's data (hand-ins with hidden and visible results, test
// runs, grades and notes, line comments, a help request with its answer, exercise saves, activity).
import { eq } from "drizzle-orm";
import {
  activityEvents,
  exerciseAttempts,
  exerciseSubmissions,
  submissions,
  testCaseResults,
  testCases,
} from "../../src/server/db/schema.ts";
import type { ClassSummary } from "../../src/shared/api/classes.ts";
import type { TestApp } from "../setup/test-app.ts";
import { addMember, createAssignment, createClass, gradeSubmission, recordRun } from "./classroom.ts";
import { createCategory, createExercise } from "./exercises.ts";
import { createStudent, createTeacher, type TestUser } from "./users.ts";

export type SeededStudent = TestUser & { marker: string; finalIds: string[] };

async function ok(res: Response, what: string, status = 201) {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** A hand-in as the server grader stores one (no grader needed): one visible and one hidden result. */
async function storeFinal(t: TestApp, studentId: string, assignmentId: string, code: string) {
  const cases = await t.db.select().from(testCases).where(eq(testCases.assignmentId, assignmentId));
  const [row] = await t.db
    .insert(submissions)
    .values({
      assignmentId,
      userId: studentId,
      code,
      isFinal: true,
      verified: true,
      passedTests: 1,
      totalTests: 2,
      score: 50,
    })
    .returning();
  await t.db.insert(testCaseResults).values(
    cases.map((c) => ({
      submissionId: row.id,
      testCaseId: c.id,
      passed: !c.hidden,
      output: c.hidden ? `hidden output ${c.input}` : "hello",
    })),
  );
  return row.id;
}

export async function seedSchool(t: TestApp) {
  const teachers = [
    await createTeacher(t, { name: "Ms Ada Teacher" }),
    await createTeacher(t, { name: "Mr Alan Teacher" }),
  ];
  const classes: ClassSummary[] = [
    await createClass(t, teachers[0], { name: "10X Computing" }),
    await createClass(t, teachers[1], { name: "11Y Computing" }),
  ];
  const cases = [
    { description: "Says hello", input: "", expectedOutput: "hello" },
    { description: "Secret case", input: "SECRET-INPUT", expectedOutput: "hi", hidden: true },
  ];
  const work = [
    await createAssignment(t, teachers[0], classes[0].id, { name: "Hello world", testCases: cases }),
    await createAssignment(t, teachers[1], classes[1].id, { name: "Loops", testCases: cases }),
  ];
  const category = await createCategory(t);
  const exerciseId = await createExercise(t, category.id, { title: "Double it" });

  const students: SeededStudent[] = [];
  for (const [i, name] of ["Priya Pupil", "Sam Scholar", "Zoe Learner"].entries()) {
    const s = await createStudent(t, { name });
    const marker = `MARKER_${i}_${s.id.slice(0, 6)}`;
    const finalIds: string[] = [];
    for (const [k, cls] of classes.entries()) {
      await addMember(t, cls, s);
      const a = work[k];
      await recordRun(t, s, a.id, `print("run ${marker}")`, { passed: 0, total: 1 });
      finalIds.push(await storeFinal(t, s.id, a.id, `print("first ${marker}")`));
      const newest = await storeFinal(t, s.id, a.id, `print("hello")  # ${marker}`);
      finalIds.push(newest);
      await gradeSubmission(t, teachers[k], newest, { grade: 70 + i, notes: `Notes ${i}` });
      await ok(
        await t.request("POST", `/api/submissions/${newest}/comments`, {
          cookie: teachers[k].cookie,
          body: { line: 1, body: `Comment ${i}` },
        }),
        "comment",
      );
      const help = await ok(
        await t.request("POST", `/api/assignments/${a.id}/help`, {
          cookie: s.cookie,
          body: { question: `Help ${marker}`, code: `x = 1  # ${marker}` },
        }),
        "raise hand",
      );
      await ok(
        await t.request("POST", `/api/help/${help.id}/answer`, {
          cookie: teachers[k].cookie,
          body: { message: `Answer ${i}`, comments: [{ line: 1, body: "Look here" }] },
        }),
        "answer",
        200,
      );
      await ok(
        await t.request("POST", `/api/help/${help.id}/resolve`, { cookie: teachers[k].cookie }),
        "resolve",
        200,
      );
      await t.db.insert(activityEvents).values(
        [0, 1].map((idx) => ({
          assignmentId: a.id,
          studentId: s.id,
          sessionId: crypto.randomUUID(),
          batchSeq: 0,
          idx,
          type: "run",
          payload: { marker },
          clientAt: idx * 1000,
          time: new Date(),
        })),
      );
    }
    await t.db
      .insert(exerciseSubmissions)
      .values({ exerciseId, userId: s.id, code: `print(2)  # ${marker}`, isSaved: true });
    await t.db.insert(exerciseAttempts).values([
      { exerciseId, userId: s.id, code: `print(1)  # ${marker}` },
      { exerciseId, userId: s.id, code: `print(2)  # ${marker}` },
    ]);
    students.push({ ...s, marker, finalIds });
  }
  return { teachers, classes, work, students, exerciseId };
}
