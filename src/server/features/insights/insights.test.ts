import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accountSignIns,
  exerciseAttempts,
  exerciseSubmissions,
  session,
  submissions,
  testCaseResults,
} from "@/server/db/schema.ts";
import type { ClassSummary } from "@/shared/api/classes.ts";
import type { AssignmentInsightDetail, InsightsOverview, StudentPerformance } from "@/shared/api/insights.ts";
import { DAY_MS } from "@/shared/domain/insights.ts";
import { addMember, createAssignment, createClass } from "../../../../tests/factories/classroom.ts";
import { createCategory, createExercise } from "../../../../tests/factories/exercises.ts";
import { createStudent, createTeacher, type TestUser } from "../../../../tests/factories/users.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";

// The clock is moved 30 days past the real one: every sign-in and class join the factories make
// is then 30 days old, and all the work below is written straight into the tables at chosen times
// before NOW (no grader involved), so every figure can be worked out by hand.
const NOW = new Date(Date.now() + 30 * DAY_MS + 3600_000);
const ago = (days: number, hours = 0) => new Date(NOW.getTime() - days * DAY_MS - hours * 3600_000);

let t: TestApp;
let teacher: TestUser;
let other: TestUser;
let cls: ClassSummary;
let theirClass: ClassSummary;
const s: Record<"ava" | "sam" | "ivy" | "cal" | "dee" | "leaver", TestUser> = {} as never;
let a1: { id: string; testCases: { id: string }[] };
let a2: { id: string; testCases: { id: string }[] };
let a3: { id: string; testCases: { id: string }[] };
let theirs: { id: string };

type Result = { caseIndex: number; passed: boolean; output: string };
async function submission(
  who: TestUser,
  a: { id: string; testCases: { id: string }[] },
  at: Date,
  final: boolean,
  results: Result[] = [],
) {
  const passed = results.filter((r) => r.passed).length;
  const total = results.length;
  const [row] = await t.db
    .insert(submissions)
    .values({
      assignmentId: a.id,
      userId: who.id,
      code: "print('x')",
      passedTests: passed,
      totalTests: total,
      score: total > 0 ? (passed / total) * 100 : 0,
      isFinal: final,
      verified: final,
      submittedAt: at,
    })
    .returning();
  if (results.length > 0)
    await t.db.insert(testCaseResults).values(
      results.map((r) => ({
        submissionId: row.id,
        testCaseId: a.testCases[r.caseIndex].id,
        passed: r.passed,
        output: r.output,
      })),
    );
  return row;
}
const pass = (caseIndex: number): Result => ({ caseIndex, passed: true, output: "hello" });
const fail = (caseIndex: number, output: string): Result => ({ caseIndex, passed: false, output });

const get = async <T>(who: TestUser, path: string, status = 200) => {
  const res = await t.request("GET", path, { cookie: who.cookie });
  expect(res.status, await res.clone().text()).toBe(status);
  return (await res.json()) as T;
};

beforeAll(async () => {
  t = await createTestApp({}, { now: () => NOW });
  teacher = await createTeacher(t);
  other = await createTeacher(t);
  for (const [key, name] of [
    ["ava", "Ava Able"],
    ["sam", "Sam Stuck"],
    ["ivy", "Ivy Idle"],
    ["cal", "Cal Catchup"],
    ["dee", "Dee Dormant"],
    ["leaver", "Lee Leaver"],
  ] as const)
    s[key] = await createStudent(t, { name });
  cls = await createClass(t, teacher, { name: "10X" });
  for (const st of Object.values(s)) await addMember(t, cls, st);
  const two = [
    { description: "Says hello", input: "", expectedOutput: "hello" },
    { description: "Says hello again", input: "", expectedOutput: "hello" },
  ];
  a1 = await createAssignment(t, teacher, cls.id, { name: "Greetings", testCases: two });
  a2 = await createAssignment(t, teacher, cls.id, { name: "Loops", testCases: two });
  a3 = await createAssignment(t, teacher, cls.id, { name: "Input" });
  theirClass = await createClass(t, other, { name: "Their 9Y" });
  await addMember(t, theirClass, s.ava);
  theirs = await createAssignment(t, other, theirClass.id, { name: "Their work" });

  // Ava: two Run Tests attempts, a failing final, then a passing final on A1; A2 passed.
  await submission(s.ava, a1, ago(1, 4), false);
  await submission(s.ava, a1, ago(1, 3), false);
  await submission(s.ava, a1, ago(1, 2), true, [pass(0), fail(1, "hallo")]);
  await submission(s.ava, a1, ago(1, 1), true, [pass(0), pass(1)]);
  await submission(s.ava, a2, ago(1), true, [pass(0), pass(1)]);
  // Sam: A1 0 of 2, A2 1 of 2 → average 25 (high), and two failed saves in one exercise category.
  await submission(s.sam, a1, ago(1, 2), true, [fail(0, "helo"), fail(1, "helo")]);
  await submission(s.sam, a2, ago(1), true, [pass(0), fail(1, "")]);
  const category = await createCategory(t, { name: "Selection" });
  const exercise = await createExercise(t, category.id);
  for (const h of [3, 2])
    await t.db.insert(exerciseAttempts).values({
      exerciseId: exercise,
      userId: s.sam.id,
      code: "x",
      totalTests: 2,
      submittedAt: ago(1, h),
    });
  // Every Save also stamps the student's one row per exercise (as the exercise service does).
  await t.db.insert(exerciseSubmissions).values({
    exerciseId: exercise,
    userId: s.sam.id,
    code: "x",
    totalTests: 2,
    isSaved: true,
    submittedAt: ago(1, 2),
  });
  // Ivy: did everything, 6 days and 1 hour ago, then nothing: two runs before the A1 final.
  await submission(s.ivy, a1, ago(6, 3), false);
  await submission(s.ivy, a1, ago(6, 2), false);
  await submission(s.ivy, a1, ago(6, 1), true, [pass(0), pass(1)]);
  await submission(s.ivy, a2, ago(6, 1), true, [pass(0), pass(1)]);
  // Cal: active yesterday, but 1 of 3 assignments handed in (33.3 %).
  await submission(s.cal, a1, ago(1), false);
  await submission(s.cal, a3, ago(2), true, [pass(0)]);
  // Dee: nothing since joining (30 days ago), not even a sign-in. The leaver's failing final must not count.
  await t.db.delete(session).where(eq(session.userId, s.dee.id));
  await t.db.delete(accountSignIns).where(eq(accountSignIns.userId, s.dee.id));
  await submission(s.leaver, a1, ago(1), true, [fail(0, "bye"), fail(1, "bye")]);
  await t.request("DELETE", `/api/classes/${cls.id}/membership`, { cookie: s.leaver.cookie });
  // Ava's work in the other teacher's class.
  await submission(s.ava, { id: theirs.id, testCases: [] }, ago(1), true);
});
afterAll(() => t.close());

describe("GET /api/insights with a moved clock", () => {
  it("finds the struggling student, both kinds of falling behind, and nobody else", async () => {
    const o = await get<InsightsOverview>(teacher, `/api/insights?classId=${cls.id}`);
    expect(o.generatedAt).toBe(NOW.toISOString());
    expect(o.classes).toEqual([{ id: cls.id, name: "10X" }]);

    expect(o.struggling.map((r) => [r.student.name, r.struggling?.level])).toEqual([["Sam Stuck", "high"]]);
    const sam = o.struggling[0];
    expect(sam.averageScore).toBe(25);
    expect(sam.strugglingAreas).toEqual([
      { kind: "assignment", id: a2.id, name: "Loops", score: 50 },
      { kind: "assignment", id: a1.id, name: "Greetings", score: 0 },
      { kind: "exercise_category", id: expect.any(String), name: "Selection", failedSaves: 2 },
    ]);
    expect(sam.struggling?.reason).toBe(
      "Average score 25%. Struggling with: Loops: latest score 50%; Greetings: latest score 0%; Selection exercises: 2 failed saves",
    );

    const behind = Object.fromEntries(o.fallingBehind.map((r) => [r.student.name, r.fallingBehind]));
    expect(behind).toEqual({
      "Dee Dormant": {
        level: "high",
        reason: "No activity since joining the class 30 days ago. Completed 0 of 3 assignments (0%)",
      },
      "Ivy Idle": { level: "medium", reason: "No activity for 6 days" },
      "Cal Catchup": { level: "medium", reason: "Completed 1 of 3 assignments (33.3%)" },
    });
    expect(o.fallingBehind[0].student.name).toBe("Dee Dormant"); // high first
    const ivy = o.students.find((r) => r.student.id === s.ivy.id);
    expect(ivy).toMatchObject({
      daysInactive: 6,
      lastActivity: ago(6, 1).toISOString(),
      completionRate: (2 / 3) * 100,
    });
    expect(o.students.map((r) => r.student.name)).toEqual([
      "Ava Able",
      "Cal Catchup",
      "Dee Dormant",
      "Ivy Idle",
      "Sam Stuck",
    ]);
    expect(o.students.find((r) => r.student.id === s.ava.id)).toMatchObject({
      struggling: null,
      fallingBehind: null,
    });
  });

  it("counts a sign-in whose session has gone (signed out, or expired and deleted by retention)", async () => {
    await t.db.insert(accountSignIns).values({ userId: s.dee.id, lastSignInAt: ago(3) });
    try {
      // One student's facts are read afresh, never from the overview's cache.
      const o = await get<InsightsOverview>(teacher, `/api/insights?classId=${cls.id}&userId=${s.dee.id}`);
      expect(o.students.find((r) => r.student.id === s.dee.id)).toMatchObject({
        lastActivity: ago(3).toISOString(),
        daysInactive: 3,
      });
    } finally {
      await t.db.delete(accountSignIns).where(eq(accountSignIns.userId, s.dee.id));
    }
  });

  it("computes the assignment's failure rate, attempts and difficulty exactly as by hand", async () => {
    const o = await get<InsightsOverview>(teacher, `/api/insights?classId=${cls.id}`);
    const row = o.assignments.find((a) => a.id === a1.id);
    // Latest finals of current members on A1: Ava 2/2, Sam 0/2, Ivy 2/2 (the leaver's is not counted).
    const failureRate = (1 / 3) * 100;
    // Submissions before the latest final: Ava 3 (two runs, one final), Sam 0, Ivy 2.
    const averageAttempts = (3 + 0 + 2) / 3;
    // difficulty = failure rate / 100 × 4 + min(attempts, 4) × 0.5 = 1.333… + 0.833… = 2.1667 → medium.
    const difficulty = (failureRate / 100) * 4 + averageAttempts * 0.5;
    expect(row).toEqual({
      id: a1.id,
      name: "Greetings",
      class: { id: cls.id, name: "10X" },
      dueDate: null,
      createdAt: expect.any(String),
      totalStudents: 5,
      submittedStudents: 3,
      submissionsCount: 4,
      averageAttempts,
      failureRate,
      testedStudents: 3,
      failedStudents: 1,
      averageScore: (100 + 0 + 100) / 3,
      difficultyScore: difficulty,
      difficulty: "medium",
    });
    expect(difficulty).toBeCloseTo(2.1667, 4);
    expect(o.assignments.find((a) => a.id === a3.id)).toMatchObject({ failureRate: 0, difficulty: "easy" });
  });

  it("class engagement, tiles and the submissions-per-day chart", async () => {
    const o = await get<InsightsOverview>(teacher, `/api/insights?classId=${cls.id}`);
    // Active in 7 days: Ava, Sam, Cal (yesterday) and Ivy (6 days ago); not Dee.
    // Weekly finals: Ava 3, Sam 2, Ivy 2, Cal 1.
    expect(o.engagement).toEqual([
      {
        class: { id: cls.id, name: "10X" },
        totalStudents: 5,
        activeStudents: 4,
        engagementRate: 80,
        weeklySubmissions: 8,
        weeklyActiveStudents: 4,
        status: "high",
      },
    ]);
    expect(o.tiles).toEqual({
      studentsAtRisk: 4,
      totalAssignments: 3,
      overallEngagement: 80,
      activeStudents: 4,
      totalStudents: 5,
      leftStudents: 1, // the leaver's failing final on A1
    });
    const chart = o.submissionsPerDay;
    expect(chart.days).toHaveLength(28);
    expect(chart.days.at(-1)).toBe(NOW.toISOString().slice(0, 10));
    const counts = chart.series[0].counts;
    expect(counts.reduce((a, b) => a + b, 0)).toBe(8);
    expect(counts[chart.days.indexOf(ago(6, 1).toISOString().slice(0, 10))]).toBe(2);
  });

  it("assignment details: per-test-case failure rates, commonest wrong outputs, score distribution", async () => {
    const d = await get<AssignmentInsightDetail>(teacher, `/api/insights/assignments/${a1.id}`);
    expect(d.assignment.failureRate).toBeCloseTo(100 / 3, 10);
    expect(
      d.testCases.map((c) => [c.description, c.runs, c.failures, c.hardest, c.commonWrongOutputs]),
    ).toEqual([
      ["Says hello", 3, 1, false, [{ output: "helo", count: 1 }]],
      ["Says hello again", 3, 1, false, [{ output: "helo", count: 1 }]],
    ]);
    expect(d.testCases[0].failureRate).toBeCloseTo(100 / 3, 10);
    const counts = Object.fromEntries(d.scoreDistribution.map((b) => [b.label, b.count]));
    expect(counts["0–9"]).toBe(1);
    expect(counts["90–100"]).toBe(2);
    expect(d.scoreDistribution.reduce((n, b) => n + b.count, 0)).toBe(3);
  });

  it("student performance overview: real assignments and exercises with statuses", async () => {
    const p = await get<StudentPerformance>(teacher, `/api/insights/students/${s.sam.id}`);
    expect(p.classes).toEqual([{ id: cls.id, name: "10X" }]);
    expect(p.assignments.map((a) => [a.name, a.status, a.score])).toEqual([
      ["Input", "not_started", null],
      ["Loops", "completed", 50],
      ["Greetings", "completed", 0],
    ]);
    expect(p.exercises).toEqual([
      expect.objectContaining({
        category: expect.objectContaining({ name: "Selection" }),
        status: "in_progress",
        attempts: 2,
      }),
    ]);
    expect(p.categoryCompletion).toEqual([
      expect.objectContaining({ completed: 0, inProgress: 1, total: 1, completionRate: 0 }),
    ]);
    const cal = await get<StudentPerformance>(teacher, `/api/insights/students/${s.cal.id}`);
    expect(cal.assignments.find((a) => a.id === a1.id)).toMatchObject({ status: "in_progress", attempts: 1 });
    // Ava's work in another teacher's class stays out of this teacher's view.
    const ava = await get<StudentPerformance>(teacher, `/api/insights/students/${s.ava.id}`);
    expect(ava.assignments.map((a) => a.id)).not.toContain(theirs.id);
    expect(ava.classes).toEqual([{ id: cls.id, name: "10X" }]);
  });
});

describe("a teacher sees only their own classes", () => {
  it("all classes means only theirs; another teacher's class, assignment or student is 404", async () => {
    const mine = await get<InsightsOverview>(teacher, "/api/insights");
    expect(mine.classes.map((c) => c.id)).toEqual([cls.id]);
    expect(mine.assignments.map((a) => a.id)).not.toContain(theirs.id);
    const theirsView = await get<InsightsOverview>(other, "/api/insights");
    expect(theirsView.classes.map((c) => c.id)).toEqual([theirClass.id]);
    expect(theirsView.students.map((r) => r.student.id)).toEqual([s.ava.id]);

    await get(teacher, `/api/insights?classId=${theirClass.id}`, 404);
    await get(teacher, "/api/insights?classId=not-a-uuid", 404);
    await get(teacher, `/api/insights/assignments/${theirs.id}`, 404);
    await get(other, `/api/insights/students/${s.sam.id}`, 404);
    await get(teacher, `/api/insights/students/${s.ava.id}?classId=${theirClass.id}`, 404);
    await get(teacher, `/api/insights/risks.csv?classId=${theirClass.id}`, 404);
    await get(teacher, `/api/insights/assignments.csv?classId=${theirClass.id}`, 404);
  });

  it("students and signed-out visitors are refused", async () => {
    await get(s.ava, "/api/insights", 403);
    expect((await t.request("GET", "/api/insights")).status).toBe(401);
  });
});

describe("CSV exports", () => {
  it("the risk list: one row per risk, reasons in words, formulas neutralised", async () => {
    const res = await t.request("GET", `/api/insights/risks.csv?classId=${cls.id}`, {
      cookie: teacher.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="10x-risk-list.csv"');
    const lines = (await res.text())
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Student,Email,Class,Risk,Level,Reason,Average Score,Completion,Last Activity,Struggling Areas",
    );
    expect(lines).toHaveLength(1 + 4);
    expect(lines.find((l) => l.startsWith("Ivy Idle"))).toContain(
      ",Falling Behind,Medium,No activity for 6 days,100%,66.7%,",
    );
    expect(lines.find((l) => l.startsWith("Dee Dormant"))).toContain(",No data yet,0%,,");
  });

  it("the assignment monitor", async () => {
    const res = await t.request("GET", "/api/insights/assignments.csv", { cookie: teacher.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(
      'attachment; filename="all-classes-assignment-monitor.csv"',
    );
    const lines = (await res.text())
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Assignment,Class,Due Date,Students,Submitted,Submissions,Average Attempts,Failure Rate,Average Score,Difficulty Score,Difficulty",
    );
    expect(lines).toContain("Greetings,10X,,5,3,4,1.67,33.3%,66.7%,2.17,Medium");
  });

  it("a name a spreadsheet would run is prefixed with a quote", async () => {
    const evil = await createStudent(t, { name: "=HYPERLINK(1)" });
    await addMember(t, cls, evil);
    const res = await t.request("GET", `/api/insights/risks.csv?classId=${cls.id}`, {
      cookie: teacher.cookie,
    });
    expect(await res.text()).toContain("\r\n'=HYPERLINK(1),");
    await t.request("DELETE", `/api/classes/${cls.id}/membership`, { cookie: evil.cookie });
  });
});
