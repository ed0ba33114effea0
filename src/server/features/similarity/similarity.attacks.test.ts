// A hostile review of the similarity report (issue 18): programs built to break Dolos's worker, a
// teacher of another class, and pair ids from someone else's assignment. Final submissions are
// written straight into the table (as a hand-in stores them) so the grader is not needed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { submissions } from "@/server/db/schema.ts";
import type { AppError } from "@/server/errors.ts";
import type { SimilarityReport } from "@/shared/api/similarity.ts";
import { addMember, createAssignment, createClass } from "../../../../tests/factories/classroom.ts";
import { createStudent, createTeacher, type TestUser } from "../../../../tests/factories/users.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { CINEMA_FUNCTION, CINEMA_FUNCTION_RENAMED, CINEMA_MAIN } from "./gcse-programs.ts";
import { runPair, runReport, stopSimilarityWorker } from "./similarity-worker.ts";

let t: TestApp;
let teacher: TestUser;
let otherTeacher: TestUser;
let students: TestUser[];
let outsider: TestUser;
let assignmentId: string;
let otherAssignmentId: string;
let otherSubmissionId: string;

async function handIn(student: TestUser, assignment: string, code: string): Promise<string> {
  const [row] = await t.db
    .insert(submissions)
    .values({ assignmentId: assignment, userId: student.id, code, isFinal: true, verified: true })
    .returning({ id: submissions.id });
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp();
  teacher = await createTeacher(t);
  otherTeacher = await createTeacher(t);
  const cls = await createClass(t, teacher);
  students = await Promise.all([1, 2, 3, 4].map(() => createStudent(t)));
  for (const s of students) await addMember(t, cls, s);
  assignmentId = (await createAssignment(t, teacher, cls.id)).id;
  const otherClass = await createClass(t, otherTeacher);
  outsider = await createStudent(t);
  await addMember(t, otherClass, outsider);
  otherAssignmentId = (await createAssignment(t, otherTeacher, otherClass.id)).id;
  otherSubmissionId = await handIn(outsider, otherAssignmentId, CINEMA_FUNCTION);
  await handIn(students[0], assignmentId, CINEMA_FUNCTION);
  await handIn(students[1], assignmentId, CINEMA_FUNCTION_RENAMED);
}, 60_000);
afterAll(async () => {
  await stopSimilarityWorker();
  await t.close();
});

const get = (user: TestUser, path: string) => t.request("GET", path, { cookie: user.cookie });

describe("similarity under attack", () => {
  it("never shows another class's hand-in through the pair view", async () => {
    const report = (await (
      await get(teacher, `/api/assignments/${assignmentId}/similarity`)
    ).json()) as SimilarityReport;
    const mine = report.students[0].submissionId;
    // Someone else's submission beside one of mine, in my assignment's URL, and the other way round.
    for (const path of [
      `/api/assignments/${assignmentId}/similarity/pairs/${mine}/${otherSubmissionId}`,
      `/api/assignments/${assignmentId}/similarity/pairs/${otherSubmissionId}/${mine}`,
      `/api/assignments/${otherAssignmentId}/similarity/pairs/${mine}/${otherSubmissionId}`,
      `/api/assignments/${assignmentId}/similarity/pairs/${mine}/${mine.toUpperCase()}`,
      `/api/assignments/${assignmentId}/similarity/pairs/${mine}/x`,
      `/api/assignments/not-a-uuid/similarity/pairs/${mine}/${otherSubmissionId}`,
    ]) {
      const res = await get(teacher, path);
      expect([400, 404], path).toContain(res.status);
      expect(await res.text()).not.toContain("def ");
    }
    const theirs = await get(otherTeacher, `/api/assignments/${assignmentId}/similarity`);
    expect(theirs.status).toBe(404);
    expect((await get(students[0], `/api/assignments/${assignmentId}/similarity`)).status).toBe(403);
  });

  it("a student's deeply nested hand-in neither crashes the worker nor denies the class its report", async () => {
    // Valid for tree-sitter, a syntax tree thousands of nodes deep: a long chain of `+` nests left.
    await handIn(students[2], assignmentId, `x = ${"1+".repeat(40_000)}1\n${CINEMA_MAIN}`);
    // And nested brackets (CPython refuses them, but a failing hand-in is still a hand-in).
    await handIn(students[3], assignmentId, `${"(".repeat(30_000)}1${")".repeat(30_000)}\n`);
    const res = await get(teacher, `/api/assignments/${assignmentId}/similarity`);
    expect(res.status, (await res.clone().text()).slice(0, 300)).toBe(200);
    const report = (await res.json()) as SimilarityReport;
    expect(report.students).toHaveLength(4);
    // The copied pair is still found and ranked first.
    const top = report.pairs[0];
    expect(new Set([top.left.studentId, top.right.studentId])).toEqual(
      new Set([students[0].id, students[1].id]),
    );
    // The deep hand-in side by side with another, too.
    const deep = report.students.find((s) => s.studentId === students[2].id)!.submissionId;
    const pair = await get(
      teacher,
      `/api/assignments/${assignmentId}/similarity/pairs/${deep}/${top.left.submissionId}`,
    );
    expect(pair.status).toBe(200);
  }, 120_000);

  it("a teacher of another class who floods the pair view cannot deny this teacher the report", async () => {
    const otherClass = await createClass(t, otherTeacher);
    const [x, y] = [await createStudent(t), await createStudent(t)];
    for (const s of [x, y]) await addMember(t, otherClass, s);
    const theirs = (await createAssignment(t, otherTeacher, otherClass.id)).id;
    const left = await handIn(x, theirs, CINEMA_FUNCTION);
    const right = await handIn(y, theirs, CINEMA_MAIN);
    // A cold worker (loading Dolos takes a moment): every request below waits in line for it.
    await stopSimilarityWorker();
    // A new hand-in here, so this teacher's report is not in the cache.
    await handIn(students[0], assignmentId, `${CINEMA_FUNCTION}\nprint("again")\n`);
    const flood = Array.from({ length: 20 }, () =>
      get(otherTeacher, `/api/assignments/${theirs}/similarity/pairs/${left}/${right}`),
    );
    const mine = get(teacher, `/api/assignments/${assignmentId}/similarity`);
    const statuses = (await Promise.all(flood)).map((r) => r.status);
    expect(statuses).toContain(503);
    expect((await mine).status).toBe(200);
  }, 120_000);

  it("one teacher's pair views, all at the worker's door at once, take only two places in its line", async () => {
    // The HTTP flood above reaches the worker spread out by its database reads; here all at once.
    const a = { id: "a", code: CINEMA_FUNCTION };
    const b = { id: "b", code: CINEMA_MAIN };
    const status = (p: Promise<unknown>) =>
      p.then(
        () => 200,
        (e: AppError) => e.status,
      );
    const flood = Array.from({ length: 20 }, () => status(runPair([a, b], "", otherTeacher.id)));
    const mine = status(
      runReport([a, b, { id: "c", code: CINEMA_FUNCTION_RENAMED }], "", 0.3, 10, teacher.id),
    );
    const statuses = await Promise.all(flood);
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(statuses.filter((s) => s === 503)).toHaveLength(18);
    expect(await mine).toBe(200);
    expect(await status(runPair([a, b], "", otherTeacher.id))).toBe(200);
  }, 120_000);

  it("a 100,000-character line and binary junk are compared in seconds, and reports go on after", async () => {
    let junk = "";
    let seed = 7;
    for (let i = 0; i < 100_000; i++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      junk += String.fromCharCode(1 + (seed % 0xd7fe)); // anything but NUL and surrogates
    }
    await handIn(students[2], assignmentId, `s = "${"a".repeat(99_990)}"`);
    await handIn(students[3], assignmentId, junk);
    const started = performance.now();
    const res = await get(teacher, `/api/assignments/${assignmentId}/similarity`);
    expect(res.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(20_000);
  }, 120_000);
});
