// Issue 19 #14, "insights tiles read 0 after a student leaves": every insights figure is about the
// class as it is now (decision 037), so a student who leaves stops counting, but the others' work
// still counts, and the leaver is named beside the tiles (leftStudents) so a class whose only
// student left does not read as lost work; their hand-ins stay on the assignment's progress.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { submissions } from "@/server/db/schema.ts";
import type { AssignmentProgress } from "@/shared/api/assignments.ts";
import type { InsightsOverview } from "@/shared/api/insights.ts";
import {
  addMember,
  createAssignment,
  createClass,
  recordRun,
} from "../../../../tests/factories/classroom.ts";
import { createStudent, createTeacher, type TestUser } from "../../../../tests/factories/users.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";

let t: TestApp;
let teacher: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  teacher = await createTeacher(t);
});
afterAll(() => t.close());

const get = async <T>(who: TestUser, path: string) => {
  const res = await t.request("GET", path, { cookie: who.cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as T;
};
const overview = (classId?: string) =>
  get<InsightsOverview>(teacher, `/api/insights${classId ? `?classId=${classId}` : ""}`);

/** A Run Tests attempt through the API, then a failing final written as the grader stores one. */
async function handIn(who: TestUser, assignmentId: string) {
  await recordRun(t, who, assignmentId, "print('x')");
  await t.db.insert(submissions).values({
    assignmentId,
    userId: who.id,
    code: "print('x')",
    passedTests: 0,
    totalTests: 1,
    score: 0,
    isFinal: true,
    verified: true,
  });
}

async function classWith(names: string[]) {
  const cls = await createClass(t, teacher);
  const work = await createAssignment(t, teacher, cls.id);
  const students: TestUser[] = [];
  for (const name of names) {
    const s = await createStudent(t, { name });
    await addMember(t, cls, s);
    await handIn(s, work.id);
    students.push(s);
  }
  return { cls, work, students };
}

describe("insights after a student leaves", () => {
  it("the others' work still counts; the leaver counts nowhere but is named", async () => {
    const { cls, work, students } = await classWith(["Ann Able", "Bob Busy", "Cat Leaving"]);
    const before = await overview(cls.id);
    // All three failed their only hand-in (struggling) and signed in this week (active).
    expect(before.tiles).toEqual({
      studentsAtRisk: 3,
      totalAssignments: 1,
      overallEngagement: 100,
      activeStudents: 3,
      totalStudents: 3,
      leftStudents: 0,
    });

    const left = await t.request("DELETE", `/api/classes/${cls.id}/membership`, {
      cookie: students[2].cookie,
    });
    expect(left.status).toBe(204);
    const after = await overview(cls.id);
    expect(after.tiles).toEqual({
      studentsAtRisk: 2,
      totalAssignments: 1,
      overallEngagement: 100,
      activeStudents: 2,
      totalStudents: 2,
      leftStudents: 1,
    });
    expect(after.students.map((s) => s.student.name)).toEqual(["Ann Able", "Bob Busy"]);
    expect(after.assignments[0]).toMatchObject({ totalStudents: 2, submittedStudents: 2, failedStudents: 2 });
    expect(after.engagement[0]).toMatchObject({ totalStudents: 2, activeStudents: 2, weeklySubmissions: 2 });
    // The leaver's hand-in stays on the assignment's progress, marked.
    const progress = await get<AssignmentProgress>(teacher, `/api/assignments/${work.id}/progress`);
    expect(progress.students.find((r) => r.student.id === students[2].id)).toMatchObject({ leftClass: true });
  });

  it("a class whose only student left reads 0 and says one student left", async () => {
    const { cls, students } = await classWith(["Dan Alone"]);
    await t.request("DELETE", `/api/classes/${cls.id}/membership`, { cookie: students[0].cookie });
    const o = await overview(cls.id);
    expect(o.tiles).toMatchObject({
      totalStudents: 0,
      activeStudents: 0,
      overallEngagement: null,
      leftStudents: 1,
    });
    expect(o.students).toEqual([]);
  });

  it("a student removed from one class but still in another is not 'left' across all classes", async () => {
    const { cls, students } = await classWith(["Eve Moving"]);
    const other = await createClass(t, teacher);
    await addMember(t, other, students[0]);
    const removed = await t.request("DELETE", `/api/classes/${cls.id}/members/${students[0].id}`, {
      cookie: teacher.cookie,
    });
    expect(removed.status).toBe(204);
    expect((await overview(cls.id)).tiles.leftStudents).toBe(1);
    expect((await overview(other.id)).tiles.leftStudents).toBe(0);
    const all = await overview();
    // Across all classes: Eve is still a student (in `other`); Cat and Dan from the tests above left.
    expect(all.students.some((s) => s.student.id === students[0].id)).toBe(true);
    expect(all.tiles.leftStudents).toBe(2);
  });

  it("another teacher's leavers are counted for them, not for me", async () => {
    const someoneElse = await createTeacher(t);
    const theirs = await createClass(t, someoneElse);
    const work = await createAssignment(t, someoneElse, theirs.id);
    const s = await createStudent(t, { name: "Fay Elsewhere" });
    await addMember(t, theirs, s);
    await handIn(s, work.id);
    await t.request("DELETE", `/api/classes/${theirs.id}/membership`, { cookie: s.cookie });
    expect((await overview()).tiles.leftStudents).toBe(2);
    const mine = await get<{ tiles: { leftStudents: number } }>(someoneElse, "/api/insights");
    expect(mine.tiles.leftStudents).toBe(1);
  });
});
