import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  InsightsOverview,
  TeacherDashboardWithInsights as TeacherDashboard,
} from "@/shared/api/insights.ts";
import {
  addMember,
  createAssignment,
  createClass,
  gradeSubmission,
  recordRun,
  submitFinal,
} from "../../../../tests/factories/classroom.ts";
import { createStudent, createTeacher, type TestUser } from "../../../../tests/factories/users.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";

// Assignments here have no test cases, so final submissions are scored 0 of 0 without the grader.
let t: TestApp;
let teacher: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  teacher = await createTeacher(t);
});
afterAll(() => t.close());

const dashboard = async (who: TestUser) => {
  const res = await t.request("GET", "/api/teacher/dashboard", { cookie: who.cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as TeacherDashboard;
};

describe("teacher dashboard", () => {
  it("starts empty", async () => {
    expect(await dashboard(teacher)).toEqual({
      activeAssignments: 0,
      totalStudents: 0,
      classes: 0,
      pendingReviews: 0,
      recentAssignments: [],
      insights: { studentsAtRisk: 0, overallEngagement: null, activeStudents: 0 },
    });
  });

  it("counts from real rows: active assignments, distinct students, classes, pending reviews", async () => {
    const [amara, ben, cat, leaver] = await Promise.all([1, 2, 3, 4].map(() => createStudent(t)));
    const tenX = await createClass(t, teacher, { name: "10X" });
    const tenY = await createClass(t, teacher, { name: "10Y" });
    for (const s of [amara, ben, leaver]) await addMember(t, tenX, s);
    await addMember(t, tenY, amara);

    // Someone else's class counts for nothing here.
    const other = await createTeacher(t);
    const elsewhere = await createClass(t, other);
    await addMember(t, elsewhere, cat);
    const theirs = await createAssignment(t, other, elsewhere.id, { testCases: [] });
    await submitFinal(t, cat, theirs.id, "print(1)");

    const past = await createAssignment(t, teacher, tenX.id, {
      name: "Past",
      dueDate: "2020-01-01",
      testCases: [],
    });
    const open = await createAssignment(t, teacher, tenX.id, { name: "Open", testCases: [] });
    const future = await createAssignment(t, teacher, tenY.id, {
      name: "Future",
      dueDate: "2099-06-30T12:00:00Z",
      testCases: [],
    });
    const newest = await createAssignment(t, teacher, tenX.id, { name: "Newest", testCases: [] });

    // Pending: Amara on Open (ungraded); Amara on Past (graded, then resubmitted → newest ungraded).
    // Not pending: Ben on Open (graded), a Run Tests attempt, the work of a student who left.
    await submitFinal(t, amara, open.id, "print(1)");
    const first = await submitFinal(t, amara, past.id, "print(1)");
    await gradeSubmission(t, teacher, first.id, { grade: 60 });
    await submitFinal(t, amara, past.id, "print(2)");
    const bens = await submitFinal(t, ben, open.id, "print(1)");
    await gradeSubmission(t, teacher, bens.id, { grade: 90 });
    await recordRun(t, amara, future.id, "print(1)");
    await submitFinal(t, leaver, open.id, "print(1)");
    await t.request("DELETE", `/api/classes/${tenX.id}/membership`, { cookie: leaver.cookie });

    const d = await dashboard(teacher);
    expect(d).toMatchObject({ activeAssignments: 3, totalStudents: 2, classes: 2, pendingReviews: 2 });
    expect(d.recentAssignments).toEqual([
      {
        id: newest.id,
        name: "Newest",
        language: "python",
        dueDate: null,
        class: { id: tenX.id, name: "10X" },
        lateCount: 0,
      },
      {
        id: future.id,
        name: "Future",
        language: "python",
        dueDate: "2099-06-30T12:00:00.000Z",
        class: { id: tenY.id, name: "10Y" },
        lateCount: 0,
      },
      {
        id: open.id,
        name: "Open",
        language: "python",
        dueDate: null,
        class: { id: tenX.id, name: "10X" },
        lateCount: 0,
      },
    ]);

    expect(await dashboard(other)).toMatchObject({ classes: 1, totalStudents: 1, pendingReviews: 1 });

    // Total Students and the Teaching Insights figures are the insights' own tiles (one computation).
    const res = await t.request("GET", "/api/insights", { cookie: teacher.cookie });
    const { tiles } = (await res.json()) as InsightsOverview;
    expect(d.insights).toEqual({
      studentsAtRisk: tiles.studentsAtRisk,
      overallEngagement: tiles.overallEngagement,
      activeStudents: tiles.activeStudents,
    });
    expect(tiles.totalStudents).toBe(d.totalStudents);
    // Amara (Future: only a Run Tests attempt → 0 of 1 handed in) and Ben (0 % on Open) are at risk.
    expect(d.insights).toEqual({ studentsAtRisk: 2, overallEngagement: 100, activeStudents: 2 });
  });

  it("counts each recent assignment's late hand-ins: current members' newest finals after the due date", async () => {
    const owner = await createTeacher(t);
    const [onTime, late, leaver] = await Promise.all([1, 2, 3].map(() => createStudent(t)));
    const cls = await createClass(t, owner);
    for (const s of [onTime, late, leaver]) await addMember(t, cls, s);
    const past = await createAssignment(t, owner, cls.id, {
      name: "Past",
      dueDate: "2020-01-01",
      testCases: [],
    });
    const later = await createAssignment(t, owner, cls.id, {
      name: "Later",
      dueDate: "2099-01-01",
      testCases: [],
    });
    await submitFinal(t, late, past.id, "print(1)");
    await submitFinal(t, leaver, past.id, "print(1)");
    await t.request("DELETE", `/api/classes/${cls.id}/membership`, { cookie: leaver.cookie });
    await submitFinal(t, onTime, later.id, "print(1)");
    const d = await dashboard(owner);
    expect(d.recentAssignments.map((a) => [a.name, a.lateCount])).toEqual([
      ["Later", 0],
      ["Past", 1],
    ]);
  });

  it("is for teachers only", async () => {
    const student = await createStudent(t);
    expect((await t.request("GET", "/api/teacher/dashboard", { cookie: student.cookie })).status).toBe(403);
    expect((await t.request("GET", "/api/teacher/dashboard")).status).toBe(401);
  });
});
