import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GraderPool } from "@/server/python/index.ts";
import type { ClassSummary } from "@/shared/api/classes.ts";
import {
  SIMILARITY_MESSAGES,
  type SimilarityPairDetail,
  type SimilarityReport,
} from "@/shared/api/similarity.ts";
import { clustersOf, DEFAULT_SIMILARITY_THRESHOLD, SIMILARITY_FLOOR } from "@/shared/domain/similarity.ts";
import {
  addMember,
  createAssignment,
  createClass,
  recordRun,
  submitFinal,
} from "../../../../tests/factories/classroom.ts";
import {
  createStudent,
  createTeacher,
  createUser,
  type TestUser,
} from "../../../../tests/factories/users.ts";
import { startTestGrader } from "../../../../tests/setup/grader.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import {
  CINEMA_BASKET,
  CINEMA_FUNCTION,
  CINEMA_FUNCTION_RENAMED,
  CINEMA_MAIN,
  CINEMA_STARTER,
  yearGroup,
} from "./gcse-programs.ts";
import {
  compareTokenizers,
  similarityReportsRun,
  similarityThread,
  stopSimilarityWorker,
} from "./similarity-worker.ts";

let t: TestApp;
let grader: GraderPool;
let teacher: TestUser;
let cls: ClassSummary;
/** Wrote CINEMA_FUNCTION; copier handed in a renamed copy; basket and main wrote their own. */
let writer: TestUser;
let copier: TestUser;
let basket: TestUser;
let main: TestUser;
let assignmentId: string;

const TICKETS_CASE = { description: "Two adults", input: "2\n0\n0", expectedOutput: "Total to pay: £17.00" };

beforeAll(async () => {
  grader = await startTestGrader();
  t = await createTestApp({}, { grader });
  teacher = await createTeacher(t);
  cls = await createClass(t, teacher, { name: "11C" });
  [writer, copier, basket, main] = await Promise.all(
    ["Ada Writer", "Ben Copier", "Cara Basket", "Dev Main"].map((name) => createStudent(t, { name })),
  );
  for (const s of [writer, copier, basket, main]) await addMember(t, cls, s);
  const assignment = await createAssignment(t, teacher, cls.id, {
    name: "Cinema tickets",
    starterCode: CINEMA_STARTER,
    testCases: [TICKETS_CASE],
  });
  assignmentId = assignment.id;
  await submitFinal(t, writer, assignmentId, CINEMA_FUNCTION);
  // The copier first handed in something else, then the copy: the latest hand-in counts.
  await submitFinal(t, copier, assignmentId, CINEMA_MAIN);
  await submitFinal(t, copier, assignmentId, CINEMA_FUNCTION_RENAMED);
  await submitFinal(t, basket, assignmentId, CINEMA_BASKET);
  await submitFinal(t, main, assignmentId, CINEMA_MAIN);
}, 60_000);
afterAll(async () => {
  await stopSimilarityWorker();
  await t.close();
  await grader.close();
});

const get = (user: TestUser, path: string) => t.request("GET", path, { cookie: user.cookie });
async function report(user: TestUser, id = assignmentId): Promise<SimilarityReport> {
  const res = await get(user, `/api/assignments/${id}/similarity`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as SimilarityReport;
}
const pairOf = (r: SimilarityReport, a: TestUser, b: TestUser) =>
  r.pairs.find(
    (p) =>
      (p.left.studentId === a.id && p.right.studentId === b.id) ||
      (p.left.studentId === b.id && p.right.studentId === a.id),
  );

describe("the report", () => {
  it("ranks the renamed copy first, above the default threshold, and groups the two", async () => {
    const r = await report(teacher);
    expect(r.students.map((s) => s.name)).toEqual(["Ada Writer", "Ben Copier", "Cara Basket", "Dev Main"]);
    expect(r.starterCodeIgnored).toBe(true);
    const [top] = r.pairs;
    expect([top.left.studentId, top.right.studentId].sort()).toEqual([writer.id, copier.id].sort());
    expect(top.similarity).toBeGreaterThanOrEqual(DEFAULT_SIMILARITY_THRESHOLD);
    expect(top.longest).toBeGreaterThan(10);
    expect(r.clusters.map((c) => c.map((s) => s.name).sort())).toEqual([["Ada Writer", "Ben Copier"]]);
    // Every pair sent is at or above the floor, most similar first.
    for (const p of r.pairs) expect(p.similarity).toBeGreaterThanOrEqual(SIMILARITY_FLOOR);
    expect(r.pairs.map((p) => p.similarity)).toEqual(
      [...r.pairs.map((p) => p.similarity)].sort((a, b) => b - a),
    );
  });

  it("scores programs that share only the starter code below the default threshold", async () => {
    const r = await report(teacher);
    for (const [a, b] of [
      [basket, main],
      [writer, basket],
      [writer, main],
      [copier, main], // the copier's earlier hand-in was CINEMA_MAIN: only the latest counts
    ] as const) {
      expect(pairOf(r, a, b)?.similarity ?? 0).toBeLessThan(DEFAULT_SIMILARITY_THRESHOLD);
    }
  });

  it("leaves the starter code out: without it as the template, own work shares far more", async () => {
    // The same two programs in an assignment with no starter code: the starter's 20 lines count.
    const other = await createAssignment(t, teacher, cls.id, {
      name: "No starter",
      testCases: [TICKETS_CASE],
    });
    await submitFinal(t, basket, other.id, CINEMA_BASKET);
    await submitFinal(t, main, other.id, CINEMA_MAIN);
    const without = await report(teacher, other.id);
    expect(without.starterCodeIgnored).toBe(false);
    const withTemplate = pairOf(await report(teacher), basket, main)?.similarity ?? 0;
    expect(pairOf(without, basket, main)?.similarity ?? 0).toBeGreaterThan(withTemplate + 0.2);
  });

  it("leaves out Run Tests attempts and says so plainly when fewer than two have handed in", async () => {
    const lone = await createAssignment(t, teacher, cls.id, { name: "Lone", testCases: [TICKETS_CASE] });
    await submitFinal(t, writer, lone.id, CINEMA_FUNCTION);
    await recordRun(t, copier, lone.id, CINEMA_FUNCTION_RENAMED);
    const r = await report(teacher, lone.id);
    expect(r.students.map((s) => s.name)).toEqual(["Ada Writer"]);
    expect(r).toMatchObject({ pairs: [], clusters: [], message: SIMILARITY_MESSAGES.tooFew });
    const empty = await createAssignment(t, teacher, cls.id, { name: "Empty", testCases: [TICKETS_CASE] });
    expect(await report(teacher, empty.id)).toMatchObject({
      students: [],
      message: SIMILARITY_MESSAGES.tooFew,
    });
  });

  it("answers from the cache for the same hand-ins, and compares again after a new one", async () => {
    const first = await report(teacher);
    const runs = similarityReportsRun();
    const again = await report(teacher);
    expect(similarityReportsRun()).toBe(runs);
    expect(again).toEqual(first);
    const late = await createStudent(t, { name: "Eve Late" });
    await addMember(t, cls, late);
    await submitFinal(t, late, assignmentId, CINEMA_BASKET);
    const after = await report(teacher);
    expect(similarityReportsRun()).toBe(runs + 1);
    expect(after.students).toHaveLength(5);
    // Eve's program is Cara's: now the top two pairs are the two copies.
    expect(after.clusters).toHaveLength(2);
    // Leaving the class changes no hand-in: the same comparison, the student marked as a leaver.
    const left = await t.request("DELETE", `/api/classes/${cls.id}/membership`, { cookie: late.cookie });
    expect(left.status).toBeLessThan(300);
    const marked = await report(teacher);
    expect(similarityReportsRun()).toBe(runs + 1);
    expect(marked.students.find((s) => s.studentId === late.id)?.leftClass).toBe(true);
    const eve = marked.pairs.flatMap((p) => [p.left, p.right]).find((s) => s.studentId === late.id);
    expect(eve?.leftClass).toBe(true);
  });
});

describe("the side-by-side view", () => {
  it("gives both programs and the shared fragments as line ranges inside them", async () => {
    const top = pairOf(await report(teacher), writer, copier);
    if (!top) throw new Error("the copied pair is missing");
    const res = await get(
      teacher,
      `/api/assignments/${assignmentId}/similarity/pairs/${top.left.submissionId}/${top.right.submissionId.toUpperCase()}`,
    );
    expect(res.status).toBe(200);
    const pair = (await res.json()) as SimilarityPairDetail;
    expect(pair.left.submissionId).toBe(top.left.submissionId);
    expect(pair.right.submissionId).toBe(top.right.submissionId);
    expect([pair.left.code, pair.right.code].sort()).toEqual(
      [CINEMA_FUNCTION, CINEMA_FUNCTION_RENAMED].sort(),
    );
    expect(pair.similarity).toBeCloseTo(top.similarity, 6);
    expect(pair.fragments.length).toBeGreaterThan(0);
    const starterLines = CINEMA_STARTER.split("\n").length - 2; // the last is "# Your code here"
    for (const f of pair.fragments) {
      for (const [range, code] of [
        [f.left, pair.left.code],
        [f.right, pair.right.code],
      ] as const) {
        expect(range.startLine).toBeGreaterThanOrEqual(1);
        expect(range.endLine).toBeLessThanOrEqual(code.split("\n").length);
        expect(range.endLine).toBeGreaterThanOrEqual(range.startLine);
        // The starter code alone is never a shared fragment.
        expect(range.endLine).toBeGreaterThan(starterLines);
      }
    }
  });

  it("refuses the same submission twice (400) and anything outside the assignment's hand-ins (404)", async () => {
    const r = await report(teacher);
    const a = r.students[0].submissionId;
    const b = r.students[1].submissionId;
    const base = `/api/assignments/${assignmentId}/similarity/pairs`;
    expect((await get(teacher, `${base}/${a}/${a}`)).status).toBe(400);
    expect((await get(teacher, `${base}/${a}/not-a-uuid`)).status).toBe(404);
    expect((await get(teacher, `${base}/${a}/${crypto.randomUUID()}`)).status).toBe(404);
    const attempt = await recordRun(t, basket, assignmentId, CINEMA_BASKET);
    expect((await get(teacher, `${base}/${a}/${attempt.id}`)).status).toBe(404);
    const other = await createAssignment(t, teacher, cls.id, {
      name: "Elsewhere",
      testCases: [TICKETS_CASE],
    });
    const elsewhere = await submitFinal(t, writer, other.id, CINEMA_FUNCTION);
    expect((await get(teacher, `${base}/${a}/${elsewhere.id}`)).status).toBe(404);
    expect((await get(teacher, `/api/assignments/${other.id}/similarity/pairs/${a}/${b}`)).status).toBe(404);
  });
});

describe("who may see a report", () => {
  it("refuses students, admins and signed-out callers, and hides another teacher's assignment", async () => {
    const first = (await report(teacher)).students;
    const paths = [
      `/api/assignments/${assignmentId}/similarity`,
      `/api/assignments/${assignmentId}/similarity/pairs/${first[0].submissionId}/${first[1].submissionId}`,
    ];
    const stranger = await createTeacher(t);
    const admin = await createUser(t, { role: "admin" });
    for (const path of paths) {
      expect((await get(writer, path)).status).toBe(403);
      expect((await get(admin, path)).status).toBe(403);
      expect((await t.request("GET", path)).status).toBe(401);
      const res = await get(stranger, path);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain("Ada Writer");
    }
    expect((await get(teacher, "/api/assignments/not-a-uuid/similarity")).status).toBe(404);
    expect((await get(teacher, `/api/assignments/${crypto.randomUUID()}/similarity`)).status).toBe(404);
  });
});

describe("the worker", () => {
  it("tokenises exactly as Dolos does (tokens and their positions)", async () => {
    const odd = [
      "",
      "# only a comment\n",
      "def f(:\n  print('x'",
      "x = [1,\n# a comment inside\n2]\nif x: pass  # trailing\n",
      "s = '''a\nb'''\nprint(f\"{s!r:>10}\")\n",
      "class A:\n    def m(self):\n        return lambda y: [i for i in range(y) if i % 2]\n",
    ];
    const programs = [
      CINEMA_STARTER,
      CINEMA_FUNCTION,
      CINEMA_BASKET,
      ...yearGroup(12).map((p) => p.code),
      ...odd,
    ];
    for (const code of programs) {
      const { ours, dolos } = await compareTokenizers(code);
      expect(ours.tokens.length).toBeGreaterThan(0);
      expect(ours).toEqual(dolos);
    }
  });

  it("runs on its JobThread: a report past the time limit is a 503 to try again, never cached, and the next runs on a fresh thread", async () => {
    const r = await report(teacher);
    const before = similarityThread.threadId;
    expect(before).not.toBeNull();
    const late = await createAssignment(t, teacher, cls.id, { name: "Runaway", testCases: [TICKETS_CASE] });
    await submitFinal(t, writer, late.id, CINEMA_FUNCTION);
    await submitFinal(t, copier, late.id, CINEMA_FUNCTION_RENAMED);
    const runs = similarityReportsRun();
    // A cold thread (loading Dolos takes far longer than 1 ms): the report outlives the limit.
    await stopSimilarityWorker();
    similarityThread.timeLimitMs = 1;
    try {
      const res = await get(teacher, `/api/assignments/${late.id}/similarity`);
      expect(res.status).toBe(503);
      expect(res.headers.get("Retry-After")).toBe("5");
      expect(await res.text()).toContain(SIMILARITY_MESSAGES.failed);
    } finally {
      similarityThread.timeLimitMs = 60_000;
    }
    expect(similarityReportsRun()).toBe(runs);
    const again = await report(teacher, late.id);
    expect(similarityReportsRun()).toBe(runs + 1);
    expect(again.clusters.map((c) => c.map((s) => s.name).sort())).toEqual([["Ada Writer", "Ben Copier"]]);
    expect(similarityThread.threadId).not.toBe(before);
    // The class's own report, cached before, is the same.
    expect(await report(teacher)).toEqual(r);
  });

  it("clusters join pairs transitively above the threshold only", () => {
    const s = (id: string) => ({ submissionId: id });
    const pairs = [
      { left: s("a"), right: s("b"), similarity: 0.9 },
      { left: s("b"), right: s("c"), similarity: 0.8 },
      { left: s("d"), right: s("e"), similarity: 0.76 },
      { left: s("c"), right: s("d"), similarity: 0.5 },
    ];
    expect(clustersOf(pairs, 0.75).map((g) => g.map((x) => x.submissionId))).toEqual([
      ["a", "b", "c"],
      ["d", "e"],
    ]);
    expect(clustersOf(pairs, 0.5).map((g) => g.map((x) => x.submissionId))).toEqual([
      ["a", "b", "c", "d", "e"],
    ]);
    expect(clustersOf(pairs, 0.95)).toEqual([]);
  });
});
