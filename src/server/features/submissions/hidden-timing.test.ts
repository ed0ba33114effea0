// Hidden means hidden, in time too (decision 052): a program that busy-waits for
// as long as its hidden input says must not be able to read that input back from when Submit
// Code answers, from when the result shows up anywhere else, or from when the student may submit
// again. The real app and grading pool, with the fair-use limits on, as a student would drive it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "@/server/config.ts";
import type { GraderPool } from "@/server/python/index.ts";
import type {
  StudentAssignmentListItem,
  Submission,
  TeacherAssignmentDetail,
} from "@/shared/api/assignments.ts";
import type { ClassSummary } from "@/shared/api/classes.ts";
import { addMember, createAssignment, createClass } from "../../../../tests/factories/classroom.ts";
import { createCategory, createExercise, DOUBLE_SOLUTION } from "../../../../tests/factories/exercises.ts";
import { createStudent, createTeacher, type TestUser } from "../../../../tests/factories/users.ts";
import { startTestGrader } from "../../../../tests/setup/grader.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import {
  FREE_WAIT_SHARE,
  fullBudgetMs,
  HIDDEN_TEXT_CUT,
  HIDDEN_TEXT_KEPT,
  keptOfHidden,
  releaseAt,
} from "./hidden-release.ts";

/** Busy-waits input / `scale` seconds (wall time), then prints "done". */
const busyWait = (scale: number) =>
  `import time\nx = int(input())\nt = time.perf_counter()\nwhile time.perf_counter() - t < x / ${scale}:\n    pass\nprint("done")\n`;

let t: TestApp;
let grader: GraderPool;
let teacher: TestUser;
let cls: ClassSummary;
let quantumMs: number;

/** An assignment with one visible case (no wait) and one hidden case holding `hiddenInput`. */
async function assignmentHiding(hiddenInput: string): Promise<TeacherAssignmentDetail> {
  return createAssignment(t, teacher, cls.id, {
    testCases: [
      { description: "Visible", input: "0", expectedOutput: "done" },
      { description: "Secret", input: hiddenInput, expectedOutput: "done", hidden: true },
    ],
  });
}

async function newStudent(): Promise<TestUser> {
  const s = await createStudent(t);
  await addMember(t, cls, s);
  return s;
}

const submit = (who: TestUser, assignmentId: string, code: string) =>
  t.request("POST", `/api/assignments/${assignmentId}/submissions`, {
    cookie: who.cookie,
    body: { code, final: true },
  });

/** Milliseconds from sending Submit Code to its answer; the answer must be a stored hand-in. */
async function timedSubmit(who: TestUser, assignmentId: string, code: string) {
  const sent = performance.now();
  const res = await submit(who, assignmentId, code);
  const ms = performance.now() - sent;
  expect(res.status, await res.clone().text()).toBe(201);
  return { ms, submission: (await res.json()) as Submission };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const round = (xs: number[]) => xs.map((x) => Math.round(x));

beforeAll(async () => {
  grader = await startTestGrader();
  t = await createTestApp({}, { grader });
  quantumMs = t.config.hiddenReleaseMs;
  teacher = await createTeacher(t);
  cls = await createClass(t, teacher);
});
afterAll(async () => {
  await t.close();
  await grader.close();
});

describe("Submit Code answers at a time the hidden cases cannot set", () => {
  it("is on by default: the tests run with the documented quantum", () => {
    expect(quantumMs).toBe(1000);
  });

  it("answers hidden inputs 1 and 1000 at the same time when both finish within the quantum", async () => {
    // 0.17 ms against 167 ms of busy-waiting in the hidden case (within the grader's first slice,
    // so the job's run stays well inside the quantum even on a loaded machine).
    const code = busyWait(6000);
    const [one, thousand] = await Promise.all([assignmentHiding("1"), assignmentHiding("1000")]);
    const [s1, s2, s3] = await Promise.all([newStudent(), newStudent(), newStudent()]);
    // Every grader host started and warm before anything is timed.
    await Promise.all([timedSubmit(s3, one.id, code), timedSubmit(s2, one.id, code)]);
    const times = { one: [] as number[], thousand: [] as number[] };
    // Alternating, one at a time: the machine's load drifts the same way for both. Medians: on a
    // machine this loaded a run can now and then outlast the quantum and be answered after the
    // budget instead (the one bit), whatever its input.
    for (let i = 0; i < 5; i++) {
      const a = await timedSubmit(s1, one.id, code);
      const b = await timedSubmit(s2, thousand.id, code);
      expect(a.submission).toMatchObject({ passedTests: 2, totalTests: 2 });
      expect(b.submission).toMatchObject({ passedTests: 2, totalTests: 2 });
      times.one.push(a.ms);
      times.thousand.push(b.ms);
    }
    console.log(`hidden input 1: ${round(times.one)} ms; hidden input 1000: ${round(times.thousand)} ms`);
    // Never before the release time (grading starts after the request arrives)...
    for (const ms of [...times.one, ...times.thousand]) expect(ms).toBeGreaterThanOrEqual(quantumMs - 1);
    // ...and the 167 ms the hidden input asked for is not there to read: the two sets differ by
    // the machine's noise (a 2-core machine shared with other work), far less than that.
    expect(Math.abs(median(times.thousand) - median(times.one))).toBeLessThan(80);
    // Answered at the first of the two times: the quantum after a start rounded up by at most a
    // quarter quantum (no wait for a slot here).
    expect(median(times.one)).toBeLessThan(quantumMs * (1 + FREE_WAIT_SHARE) + 400);
  }, 120_000);

  it("answers after the whole time budget, whatever the hidden input, when the run outlasts the quantum", async () => {
    // 1.5 s against 3 s of busy-waiting: both past the quantum, both within the 5 s limit.
    const code = busyWait(1000);
    const [short, long] = await Promise.all([assignmentHiding("1500"), assignmentHiding("3000")]);
    const [s1, s2] = await Promise.all([newStudent(), newStudent()]);
    const budget = fullBudgetMs(2);
    const times = { short: [] as number[], long: [] as number[] };
    for (let i = 0; i < 2; i++) {
      // Both at once: the pool has two slots, so neither waits for the other.
      const [a, b] = await Promise.all([timedSubmit(s1, short.id, code), timedSubmit(s2, long.id, code)]);
      expect(a.submission).toMatchObject({ passedTests: 2, totalTests: 2 });
      expect(b.submission).toMatchObject({ passedTests: 2, totalTests: 2 });
      times.short.push(a.ms);
      times.long.push(b.ms);
    }
    console.log(
      `budget ${budget} ms; hidden input 1500: ${round(times.short)} ms; hidden input 3000: ${round(times.long)} ms`,
    );
    for (const ms of [...times.short, ...times.long]) {
      expect(ms).toBeGreaterThanOrEqual(budget - 1);
      expect(ms).toBeLessThan(budget + quantumMs * FREE_WAIT_SHARE + 1000);
    }
    expect(Math.abs(median(times.long) - median(times.short))).toBeLessThan(100);
  }, 120_000);
});

describe("what is stored of a hidden case", () => {
  it("keeps a hidden case's long output cut for its teacher, a visible one whole", async () => {
    const a = await createAssignment(t, teacher, cls.id, {
      testCases: [
        { description: "Visible", input: "6", expectedOutput: "x" },
        { description: "Secret", input: "6", expectedOutput: "x", hidden: true },
      ],
    });
    const student = await newStudent();
    const { submission } = await timedSubmit(student, a.id, 'print("y" * int(input()) * 1000)');
    const stored = (await (
      await t.request("GET", `/api/submissions/${submission.id}`, { cookie: teacher.cookie })
    ).json()) as Submission;
    const [visible, secret] = stored.results;
    expect(visible.output).toContain(`${"y".repeat(6000)}\n`);
    expect(secret.output).toHaveLength(HIDDEN_TEXT_KEPT + HIDDEN_TEXT_CUT.length);
    expect(secret.output).toMatch(
      /^6\ny+\n\[cut: PyClass keeps the first 4,000 characters of a hidden case\]$/,
    );
    expect(submission.results[1]).toMatchObject({ hidden: true, output: null, passed: false });
  }, 60_000);
});

describe("nothing else a student can observe comes before the release", () => {
  it("keeps the hand-in out of their submissions and assignment list until Submit Code answers", async () => {
    const a = await assignmentHiding("1");
    const student = await newStudent();
    type Poll = { sentAt: number; answeredAt: number; shown: boolean };
    const polls: Poll[] = [];
    let answered = false;
    const poll = async () => {
      while (!answered) {
        const sentAt = performance.now();
        const [mine, list] = await Promise.all([
          t.request("GET", `/api/assignments/${a.id}/submissions`, { cookie: student.cookie }),
          t.request("GET", "/api/assignments", { cookie: student.cookie }),
        ]);
        const subs = (await mine.json()) as Submission[];
        const item = ((await list.json()) as StudentAssignmentListItem[]).find((x) => x.id === a.id);
        polls.push({
          sentAt,
          answeredAt: performance.now(),
          shown: subs.some((s) => s.isFinal) || item?.status !== "not_started",
        });
        await new Promise((r) => setTimeout(r, 10));
      }
    };
    const sent = performance.now();
    const polling = poll();
    const res = await submit(student, a.id, busyWait(4000));
    answered = true;
    await polling;
    expect(res.status).toBe(201);
    const early = polls.filter((p) => p.answeredAt < sent + quantumMs);
    // The polls did look while the hand-in was being checked and waiting for its release...
    expect(early.length).toBeGreaterThan(5);
    // ...and none of them saw it: not the hand-in, not its score, not the "submitted" status.
    expect(early.filter((p) => p.shown)).toEqual([]);
    // Afterwards it is there.
    const after = (await (
      await t.request("GET", `/api/assignments/${a.id}/submissions`, { cookie: student.cookie })
    ).json()) as Submission[];
    expect(after.filter((s) => s.isFinal)).toHaveLength(1);
  }, 60_000);

  it("refuses the student's next submission and exercise Save until the release, even after grading ended", async () => {
    const a = await assignmentHiding("1");
    const student = await newStudent();
    const category = await createCategory(t);
    const exerciseId = await createExercise(t, category.id);
    const sent = performance.now();
    let answered = false;
    const first = submit(student, a.id, busyWait(4000)).then((res) => {
      answered = true;
      return res;
    });
    // Wait until the pool has nothing left to do: the hand-in is graded and only waits.
    await new Promise((r) => setTimeout(r, 300));
    while (grader.stats().running + grader.stats().queued > 0) await new Promise((r) => setTimeout(r, 5));
    expect(answered, "graded and answered before the test could look: release is off").toBe(false);
    const again = await submit(student, a.id, "print('done')");
    expect(again.status).toBe(429);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe("SUBMISSION_IN_PROGRESS");
    const save = await t.request("POST", `/api/exercises/${exerciseId}/attempts`, {
      cookie: student.cookie,
      body: { code: DOUBLE_SOLUTION },
    });
    expect(save.status).toBe(429);
    expect(answered).toBe(false);
    expect((await first).status).toBe(201);
    expect(performance.now() - sent).toBeGreaterThanOrEqual(quantumMs - 1);
    // Released with the answer: the next one is taken.
    expect((await submit(student, a.id, busyWait(4000))).status).toBe(201);
  }, 60_000);
});

describe("the release rule", () => {
  const Q = 1000;
  const B = fullBudgetMs(3);
  it("takes one of two times for a given wait, whatever the run took", () => {
    const at = (waited: number, took: number) =>
      releaseAt(100, { startedAt: 100 + waited, finishedAt: 100 + waited + took }, Q, B) - 100;
    expect(new Set([1, 50, 400, 999, 1000].map((took) => at(3, took)))).toEqual(new Set([1250]));
    expect(new Set([1001, 2500, 15_000, B].map((took) => at(3, took)))).toEqual(new Set([250 + B]));
    // Held up beyond its whole budget (the grader's load): the next multiple, never the finish.
    expect(at(3, B + 1)).toBe(250 + 2 * B);
  });

  it("rounds a wait for a grading slot up to whole quanta", () => {
    const at = (waited: number) => releaseAt(0, { startedAt: waited, finishedAt: waited + 10 }, Q, B);
    expect(new Set([0, 100, 250].map(at))).toEqual(new Set([1250]));
    expect(new Set([251, 700, 1250].map(at))).toEqual(new Set([2250]));
    expect(at(1251)).toBe(3250);
  });

  it("is off at 0: the answer when grading ends", () => {
    expect(releaseAt(0, { startedAt: 5, finishedAt: 70 }, 0, B)).toBe(70);
  });

  it("is HIDDEN_RELEASE_MS: 1000 by default, 0-10000, never off in production", () => {
    const secret = { AUTH_SECRET: "a-secret-of-at-least-32-characters-here" };
    expect(loadConfig({ NODE_ENV: "production", ...secret }).hiddenReleaseMs).toBe(1000);
    expect(loadConfig({ NODE_ENV: "test", HIDDEN_RELEASE_MS: "0" }).hiddenReleaseMs).toBe(0);
    expect(loadConfig({ NODE_ENV: "production", ...secret, HIDDEN_RELEASE_MS: "2500" }).hiddenReleaseMs).toBe(
      2500,
    );
    expect(() => loadConfig({ NODE_ENV: "production", ...secret, HIDDEN_RELEASE_MS: "0" })).toThrow(
      /HIDDEN_RELEASE_MS: 0 \(off\) lets hidden test inputs be read/,
    );
    for (const bad of ["-1", "10001", "1.5", "soon"])
      expect(() => loadConfig({ NODE_ENV: "test", HIDDEN_RELEASE_MS: bad }), bad).toThrow(
        /HIDDEN_RELEASE_MS/,
      );
  });

  it("budgets each test's slice, its limit within the submission's 20 s, and the overheads", () => {
    expect(fullBudgetMs(1, { sliceMs: 150 })).toBe(150 + 5000 + 300 + 3000);
    expect(fullBudgetMs(5, { sliceMs: 150 })).toBe(750 + 20_000 + 1500 + 3000);
    // A longer slice (GRADER_SLICE_MS) lengthens the first attempts, never beyond a test's limit.
    expect(fullBudgetMs(2, { sliceMs: 4000, timeLimitMs: 1000 })).toBe(2000 + 2000 + 600 + 3000);
  });

  it("keeps the first 4,000 characters of a hidden case's text", () => {
    expect(keptOfHidden(null)).toBeNull();
    expect(keptOfHidden("x".repeat(HIDDEN_TEXT_KEPT))).toBe("x".repeat(HIDDEN_TEXT_KEPT));
    expect(keptOfHidden("x".repeat(HIDDEN_TEXT_KEPT + 1))).toBe(
      "x".repeat(HIDDEN_TEXT_KEPT) + HIDDEN_TEXT_CUT,
    );
    // An emoji across the cut is not split into half a surrogate pair.
    const cut = keptOfHidden(`${"x".repeat(HIDDEN_TEXT_KEPT - 1)}😀tail`);
    expect(cut).toBe("x".repeat(HIDDEN_TEXT_KEPT - 1) + HIDDEN_TEXT_CUT);
  });
});
