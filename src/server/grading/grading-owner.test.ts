// Whose work the grader is doing (decision 049): the pool shares its time between classes and
// users, so Submit Code names the student and the assignment's class, and an exercise Save names
// the student. A stand-in grader records what it was told.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GradeResult, GraderPool, GradingOwner, TestCase } from "@/server/python/index.ts";
import type { TeacherAssignmentDetail } from "@/shared/api/assignments.ts";
import type { ClassSummary } from "@/shared/api/classes.ts";
import { addMember, createAssignment, createClass } from "../../../tests/factories/classroom.ts";
import { createCategory, createExercise } from "../../../tests/factories/exercises.ts";
import { createStudent, createTeacher, type TestUser } from "../../../tests/factories/users.ts";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app.ts";

const owners: (GradingOwner | undefined)[] = [];
const grader: GraderPool = {
  async grade(_code: string, tests: TestCase[], _limits, owner): Promise<GradeResult> {
    owners.push(owner);
    return {
      passed: tests.length,
      total: tests.length,
      score: 100,
      results: tests.map((t) => ({ passed: true, output: t.expectedOutput, error: null, timeMs: 1 })),
    };
  },
  ready: async () => {},
  stats: () => ({ running: 0, queued: 0 }) as ReturnType<GraderPool["stats"]>,
  close: async () => {},
};

let t: TestApp;
let student: TestUser;
let cls: ClassSummary;
let assignment: TeacherAssignmentDetail;

beforeAll(async () => {
  t = await createTestApp({}, { grader });
  const teacher = await createTeacher(t);
  cls = await createClass(t, teacher);
  assignment = await createAssignment(t, teacher, cls.id, {
    testCases: [{ description: "One", input: "", expectedOutput: "1" }],
  });
  student = await createStudent(t);
  await addMember(t, cls, student);
});
afterAll(async () => {
  await t.close();
});

/** The owner of the next grading, once it has been asked for (the answer may come later). */
async function nextOwner(request: () => Promise<Response>) {
  const before = owners.length;
  const res = await request();
  expect(res.status).toBeLessThan(300);
  for (let i = 0; i < 100 && owners.length === before; i++) await new Promise((r) => setTimeout(r, 50));
  expect(owners.length).toBe(before + 1);
  return owners[before];
}

describe("the grader is told whose work it grades", () => {
  it("Submit Code: the student and the assignment's class", async () => {
    const owner = await nextOwner(() =>
      t.request("POST", `/api/assignments/${assignment.id}/submissions`, {
        cookie: student.cookie,
        body: { code: "print(1)", final: true },
      }),
    );
    expect(owner).toEqual({ userId: student.id, classId: cls.id });
  });

  it("an exercise Save: the student, in no class", async () => {
    const category = await createCategory(t);
    const exerciseId = await createExercise(t, category.id);
    const owner = await nextOwner(() =>
      t.request("POST", `/api/exercises/${exerciseId}/attempts`, {
        cookie: student.cookie,
        body: { code: "n = int(input())\nprint(n * 2)" },
      }),
    );
    expect(owner).toEqual({ userId: student.id });
  });
});
