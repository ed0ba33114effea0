// The classroom's access matrix: every route of classes, assignments, submissions, the teacher
// dashboard and insights × every kind of caller → the expected status. Then: no response to a student ever
// carries a hidden test case's description, input or expected output.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GraderPool } from "@/server/python/index.ts";
import type { Submission, TeacherAssignmentDetail } from "@/shared/api/assignments.ts";
import type { ClassSummary } from "@/shared/api/classes.ts";
import { addMember, createAssignment, createClass, submitFinal } from "../../../tests/factories/classroom.ts";
import { createCategory, createExercise } from "../../../tests/factories/exercises.ts";
import {
  createAdmin,
  createPending,
  createStudent,
  createTeacher,
  type TestUser,
} from "../../../tests/factories/users.ts";
import { startTestGrader } from "../../../tests/setup/grader.ts";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app.ts";

const ACTORS = [
  "anonymous",
  "pending",
  "studentMember",
  "studentOutsider",
  "teacherOwner",
  "teacherOther",
  "admin",
] as const;
type Actor = (typeof ACTORS)[number];
type Expect = Record<Actor, number>;

let t: TestApp;
let grader: GraderPool;
const who = {} as Record<Exclude<Actor, "anonymous">, TestUser>;
let cls: ClassSummary; // the class of the matrix: owned by teacherOwner, studentMember belongs
let joinable: ClassSummary; // joined by the students during the matrix
let leavable: ClassSummary; // left by studentMember during the matrix
let deletable: ClassSummary; // deleted by its owner during the matrix
let shrinking: ClassSummary; // studentMember is removed from it during the matrix
let deletableAssignment: TeacherAssignmentDetail; // deleted by its owner during the matrix
let assignment: TeacherAssignmentDetail;
let submission: Submission;
let exerciseId: string; // a library exercise: its record is the student's own (decision 072)
/** Class transfers offered by teacherOwner to teacherOther, one per answer the matrix gives. */
const offers = {} as Record<"accept" | "decline" | "cancel", string>;

beforeAll(async () => {
  grader = await startTestGrader();
  t = await createTestApp({}, { grader });
  who.pending = await createPending(t);
  who.studentMember = await createStudent(t);
  who.studentOutsider = await createStudent(t);
  who.teacherOwner = await createTeacher(t);
  who.teacherOther = await createTeacher(t);
  who.admin = await createAdmin(t);
  cls = await createClass(t, who.teacherOwner, { name: "Matrix" });
  joinable = await createClass(t, who.teacherOwner, { name: "Joinable" });
  leavable = await createClass(t, who.teacherOwner, { name: "Leavable" });
  await addMember(t, cls, who.studentMember);
  await addMember(t, leavable, who.studentMember);
  deletable = await createClass(t, who.teacherOwner, { name: "Deletable" });
  shrinking = await createClass(t, who.teacherOwner, { name: "Shrinking" });
  await addMember(t, shrinking, who.studentMember);
  deletableAssignment = await createAssignment(t, who.teacherOwner, cls.id);
  // The outsider belongs to a class of the other teacher: a real student, just not in this class.
  await addMember(t, await createClass(t, who.teacherOther), who.studentOutsider);
  assignment = await createAssignment(t, who.teacherOwner, cls.id);
  submission = await submitFinal(t, who.studentMember, assignment.id, 'print("hello")');
  exerciseId = await createExercise(t, (await createCategory(t)).id);
  for (const answer of ["accept", "decline", "cancel"] as const) {
    const offered = await createClass(t, who.teacherOwner, { name: `To ${answer}` });
    const res = await t.request("POST", `/api/classes/${offered.id}/transfer`, {
      cookie: who.teacherOwner.cookie,
      body: { email: who.teacherOther.email },
    });
    offers[answer] = ((await res.json()) as { id: string }).id;
  }
});
afterAll(async () => {
  await t.close();
  await grader.close();
});

//                         anonymous pending member outsider owner  other  admin
const row = (...s: number[]): Expect => Object.fromEntries(ACTORS.map((a, i) => [a, s[i]])) as Expect;

type Case = { method: string; route: string; path: () => string; body?: () => unknown; expect: Expect };

/** One CodeRunner question and one GitHub Classroom test, for the import rows. */
const MATRIX_XML =
  '<quiz><question type="coderunner"><name><text>Imported</text></name><coderunnertype>python3</coderunnertype><testcases><testcase><testcode><text></text></testcode><stdin><text></text></stdin><expected><text>hello</text></expected><display><text>SHOW</text></display></testcase></testcases></question></quiz>';
const MATRIX_AUTOGRADING = JSON.stringify({
  tests: [
    { name: "Says hello again", run: "python3 main.py", input: "", output: "hello", comparison: "exact" },
  ],
});
const CASES: Case[] = [
  {
    method: "GET",
    route: "/api/classes",
    path: () => "/api/classes",
    expect: row(401, 403, 200, 200, 200, 200, 403),
  },
  {
    method: "POST",
    route: "/api/classes",
    path: () => "/api/classes",
    body: () => ({ name: "New class" }),
    expect: row(401, 403, 403, 403, 201, 201, 403),
  },
  {
    method: "POST",
    route: "/api/classes/join",
    path: () => "/api/classes/join",
    body: () => ({ code: joinable.joinCode }),
    expect: row(401, 403, 201, 201, 403, 403, 403),
  },
  {
    method: "GET",
    route: "/api/classes/:id",
    path: () => `/api/classes/${cls.id}`,
    expect: row(401, 403, 200, 404, 200, 404, 403),
  },
  {
    method: "GET",
    route: "/api/classes/:id/members",
    path: () => `/api/classes/${cls.id}/members`,
    expect: row(401, 403, 200, 404, 200, 404, 403),
  },
  {
    method: "DELETE",
    route: "/api/classes/:id/membership",
    path: () => `/api/classes/${leavable.id}/membership`,
    expect: row(401, 403, 204, 404, 403, 403, 403),
  },
  // Deletions: the owner only (another teacher's class is a 404); each target is its own, so the
  // destructive rows leave the rest of the matrix intact. After the owner's 204 the target is gone.
  {
    method: "GET",
    route: "/api/classes/:id/deletion",
    path: () => `/api/classes/${cls.id}/deletion`,
    expect: row(401, 403, 403, 403, 200, 404, 403),
  },
  {
    method: "DELETE",
    route: "/api/classes/:id/members/:userId",
    path: () => `/api/classes/${shrinking.id}/members/${who.studentMember.id}`,
    expect: row(401, 403, 403, 403, 204, 404, 403),
  },
  {
    method: "DELETE",
    route: "/api/classes/:id",
    path: () => `/api/classes/${deletable.id}`,
    expect: row(401, 403, 403, 403, 204, 404, 403),
  },
  {
    method: "GET",
    route: "/api/assignments/:id/deletion",
    path: () => `/api/assignments/${assignment.id}/deletion`,
    expect: row(401, 403, 403, 403, 200, 404, 403),
  },
  {
    method: "DELETE",
    route: "/api/assignments/:id",
    path: () => `/api/assignments/${deletableAssignment.id}`,
    expect: row(401, 403, 403, 403, 204, 404, 403),
  },
  {
    method: "GET",
    route: "/api/classes/:id/export.csv",
    path: () => `/api/classes/${cls.id}/export.csv`,
    expect: row(401, 403, 403, 403, 200, 404, 403),
  },
  {
    method: "GET",
    route: "/api/assignments",
    path: () => "/api/assignments",
    expect: row(401, 403, 200, 200, 200, 200, 403),
  },
  {
    method: "POST",
    route: "/api/assignments",
    path: () => "/api/assignments",
    body: () => ({ classId: cls.id, name: "Set by someone" }),
    expect: row(401, 403, 403, 403, 201, 404, 403),
  },
  {
    method: "GET",
    route: "/api/assignments/:id",
    path: () => `/api/assignments/${assignment.id}`,
    expect: row(401, 403, 200, 404, 200, 404, 403),
  },
  {
    method: "PATCH",
    route: "/api/assignments/:id",
    path: () => `/api/assignments/${assignment.id}`,
    body: () => ({ description: "Edited" }),
    expect: row(401, 403, 403, 403, 200, 404, 403),
  },
  {
    method: "GET",
    route: "/api/assignments/:id/test-cases",
    path: () => `/api/assignments/${assignment.id}/test-cases`,
    expect: row(401, 403, 200, 404, 200, 404, 403),
  },
  {
    method: "GET",
    route: "/api/assignments/:id/progress",
    path: () => `/api/assignments/${assignment.id}/progress`,
    expect: row(401, 403, 403, 403, 200, 404, 403),
  },
  {
    method: "GET",
    route: "/api/assignments/:id/export.csv",
    path: () => `/api/assignments/${assignment.id}/export.csv`,
    expect: row(401, 403, 403, 403, 200, 404, 403),
  },
  {
    method: "GET",
    route: "/api/assignments/:id/submissions",
    path: () => `/api/assignments/${assignment.id}/submissions`,
    expect: row(401, 403, 200, 404, 200, 404, 403),
  },
  {
    method: "POST",
    route: "/api/assignments/:id/submissions",
    path: () => `/api/assignments/${assignment.id}/submissions`,
    // A Run Tests attempt: the same guards as Submit Code, without a trip to the grader.
    body: () => ({ code: "print(1)", final: false, browserResult: { passed: 0, total: 1 } }),
    expect: row(401, 403, 201, 404, 403, 403, 403),
  },
  {
    method: "GET",
    route: "/api/submissions/:id",
    path: () => `/api/submissions/${submission.id}`,
    expect: row(401, 403, 200, 404, 200, 404, 403),
  },
  {
    method: "PUT",
    route: "/api/submissions/:id/grade",
    path: () => `/api/submissions/${submission.id}/grade`,
    body: () => ({ grade: 75, notes: "ok" }),
    expect: row(401, 403, 403, 403, 200, 404, 403),
  },
  {
    method: "GET",
    route: "/api/teacher/dashboard",
    path: () => "/api/teacher/dashboard",
    expect: row(401, 403, 403, 403, 200, 200, 403),
  },
  // Insights: only for the teacher who owns the class (another teacher's class id is a 404).
  {
    method: "GET",
    route: "/api/insights",
    path: () => `/api/insights?classId=${cls.id}`,
    expect: row(401, 403, 403, 403, 200, 404, 403),
  },
  {
    method: "GET",
    route: "/api/insights/students/:studentId",
    path: () => `/api/insights/students/${who.studentMember.id}`,
    expect: row(401, 403, 403, 403, 200, 404, 403),
  },
  {
    method: "GET",
    route: "/api/insights/assignments/:assignmentId",
    path: () => `/api/insights/assignments/${assignment.id}`,
    expect: row(401, 403, 403, 403, 200, 404, 403),
  },
  {
    method: "GET",
    route: "/api/insights/risks.csv",
    path: () => `/api/insights/risks.csv?classId=${cls.id}`,
    expect: row(401, 403, 403, 403, 200, 404, 403),
  },
  {
    method: "GET",
    route: "/api/insights/assignments.csv",
    path: () => `/api/insights/assignments.csv?classId=${cls.id}`,
    expect: row(401, 403, 403, 403, 200, 404, 403),
  },
  // Help requests (decision 051): the member raises, reads and withdraws their own; the class's
  // teacher reads the queue, answers and resolves; nobody else.
  {
    method: "POST",
    route: "/api/assignments/:id/help",
    path: () => `/api/assignments/${assignment.id}/help`,
    body: () => ({ question: "Why?", code: 'print("hello")' }),
    expect: row(401, 403, 201, 404, 403, 403, 403),
  },
  {
    method: "GET",
    route: "/api/assignments/:id/help/mine",
    path: () => `/api/assignments/${assignment.id}/help/mine`,
    expect: row(401, 403, 200, 404, 403, 403, 403),
  },
  {
    method: "DELETE",
    route: "/api/assignments/:id/help",
    path: () => `/api/assignments/${assignment.id}/help`,
    expect: row(401, 403, 204, 404, 403, 403, 403),
  },
  {
    method: "GET",
    route: "/api/classes/:id/help",
    path: () => `/api/classes/${cls.id}/help`,
    expect: row(401, 403, 403, 403, 200, 404, 403),
  },
  // Line comments (decision 051): the class's teacher writes on a final submission; the student
  // whose code it is and the teacher read.
  {
    method: "POST",
    route: "/api/submissions/:id/comments",
    path: () => `/api/submissions/${submission.id}/comments`,
    body: () => ({ line: 1, body: "Good." }),
    expect: row(401, 403, 403, 403, 201, 404, 403),
  },
  {
    method: "GET",
    route: "/api/submissions/:id/comments",
    path: () => `/api/submissions/${submission.id}/comments`,
    expect: row(401, 403, 200, 404, 200, 404, 403),
  },
  {
    method: "GET",
    route: "/api/assignments/:id/comments",
    path: () => `/api/assignments/${assignment.id}/comments?studentId=${who.studentMember.id}`,
    expect: row(401, 403, 200, 404, 200, 404, 403),
  }, // The activity record (decision 046): the class's teacher only; never a student, even their own.
  {
    method: "GET",
    route: "/api/assignments/:id/students/:studentId/activity",
    path: () => `/api/assignments/${assignment.id}/students/${who.studentMember.id}/activity`,
    expect: row(401, 403, 403, 403, 200, 404, 403),
  },
  // A student's own latest code from their record (issue 19 item 3): the member only.
  {
    method: "GET",
    route: "/api/assignments/:id/activity/latest-code",
    path: () => `/api/assignments/${assignment.id}/activity/latest-code`,
    expect: row(401, 403, 200, 404, 403, 403, 403),
  },
  // A library exercise's record (decision 072): each student reads their own, and nobody else's
  // (no student id in the address); no teacher or admin reads it.
  {
    method: "GET",
    route: "/api/exercises/:id/activity",
    path: () => `/api/exercises/${exerciseId}/activity`,
    expect: row(401, 403, 200, 200, 403, 403, 403),
  },
  {
    method: "GET",
    route: "/api/exercises/:id/activity/latest-code",
    path: () => `/api/exercises/${exerciseId}/activity/latest-code`,
    expect: row(401, 403, 200, 200, 403, 403, 403),
  },
  {
    method: "GET",
    route: "/api/assignments/:id/activity/evidence",
    path: () => `/api/assignments/${assignment.id}/activity/evidence`,
    expect: row(401, 403, 403, 403, 200, 404, 403),
  },
  // The live lesson (decision 053): the class's teacher only; the stream is cut off below once open.
  {
    method: "GET",
    route: "/api/classes/:id/live",
    path: () => `/api/classes/${cls.id}/live`,
    expect: row(401, 403, 403, 403, 200, 404, 403),
  },
  {
    method: "GET",
    route: "/api/classes/:id/live/stream",
    path: () => `/api/classes/${cls.id}/live/stream`,
    expect: row(401, 403, 403, 403, 200, 404, 403),
  },
  {
    method: "GET",
    route: "/api/classes/:id/live/students/:studentId",
    path: () => `/api/classes/${cls.id}/live/students/${who.studentMember.id}`,
    expect: row(401, 403, 403, 403, 200, 404, 403),
  },
  // The similarity report (decision 048): the class's teacher only. The pair route with one hand-in
  // twice is the owner's 400 (a pair needs two), reached only after every access check.
  {
    method: "GET",
    route: "/api/assignments/:id/similarity",
    path: () => `/api/assignments/${assignment.id}/similarity`,
    expect: row(401, 403, 403, 403, 200, 404, 403),
  },
  {
    method: "GET",
    route: "/api/assignments/:id/similarity/pairs/:leftSubmissionId/:rightSubmissionId",
    path: () => `/api/assignments/${assignment.id}/similarity/pairs/${submission.id}/${submission.id}`,
    expect: row(401, 403, 403, 403, 400, 404, 403),
  },
  // Imports and exports (decision 065): a teacher previews any file, imports into and exports only
  // their own classes' assignments; the library's import and export are the admin's (an unknown
  // category or exercise is the admin's 400/404, past the guard).
  {
    method: "POST",
    route: "/api/interchange/coderunner/assignments/preview",
    path: () => "/api/interchange/coderunner/assignments/preview",
    body: () => ({ file: MATRIX_XML }),
    expect: row(401, 403, 403, 403, 200, 200, 403),
  },
  {
    method: "POST",
    route: "/api/interchange/coderunner/assignments",
    path: () => "/api/interchange/coderunner/assignments",
    body: () => ({ file: MATRIX_XML, classId: cls.id, questions: [1] }),
    expect: row(401, 403, 403, 403, 201, 404, 403),
  },
  {
    method: "POST",
    route: "/api/interchange/coderunner/exercises/preview",
    path: () => "/api/interchange/coderunner/exercises/preview",
    body: () => ({ file: MATRIX_XML }),
    expect: row(401, 403, 403, 403, 403, 403, 200),
  },
  {
    method: "POST",
    route: "/api/interchange/coderunner/exercises",
    path: () => "/api/interchange/coderunner/exercises",
    body: () => ({ file: MATRIX_XML, categoryId: crypto.randomUUID(), questions: [1] }),
    expect: row(401, 403, 403, 403, 403, 403, 400),
  },
  {
    method: "GET",
    route: "/api/interchange/assignments/:id/coderunner.xml",
    path: () => `/api/interchange/assignments/${assignment.id}/coderunner.xml`,
    expect: row(401, 403, 403, 403, 200, 404, 403),
  },
  {
    method: "GET",
    route: "/api/interchange/exercises/:id/coderunner.xml",
    path: () => `/api/interchange/exercises/${crypto.randomUUID()}/coderunner.xml`,
    expect: row(401, 403, 403, 403, 403, 403, 404),
  },
  {
    method: "POST",
    route: "/api/interchange/github-classroom/preview",
    path: () => "/api/interchange/github-classroom/preview",
    body: () => ({ file: MATRIX_AUTOGRADING }),
    expect: row(401, 403, 403, 403, 200, 200, 403),
  },
  {
    method: "POST",
    route: "/api/interchange/github-classroom/assignments/:id",
    path: () => `/api/interchange/github-classroom/assignments/${assignment.id}`,
    body: () => ({ file: MATRIX_AUTOGRADING }),
    expect: row(401, 403, 403, 403, 200, 404, 403),
  },
  // Class transfers (decision 061): the owner offers; the recipient accepts or declines, the
  // sender cancels; anyone else is told the offer does not exist.
  {
    method: "POST",
    route: "/api/classes/:id/transfer",
    path: () => `/api/classes/${cls.id}/transfer`,
    body: () => ({ email: who.teacherOther.email }),
    expect: row(401, 403, 403, 403, 201, 404, 403),
  },
  {
    method: "GET",
    route: "/api/transfers",
    path: () => "/api/transfers",
    expect: row(401, 403, 403, 403, 200, 200, 403),
  },
  {
    method: "POST",
    route: "/api/transfers/:id/accept",
    path: () => `/api/transfers/${offers.accept}/accept`,
    expect: row(401, 403, 403, 403, 404, 200, 403),
  },
  {
    method: "POST",
    route: "/api/transfers/:id/decline",
    path: () => `/api/transfers/${offers.decline}/decline`,
    expect: row(401, 403, 403, 403, 404, 200, 403),
  },
  {
    method: "POST",
    route: "/api/transfers/:id/cancel",
    path: () => `/api/transfers/${offers.cancel}/cancel`,
    expect: row(401, 403, 403, 403, 200, 404, 403),
  },
];

// …and a library exercise's activity record (decision 072): a student's own, like their class work.
const CLASSROOM =
  /^\/api\/(classes|assignments|submissions|teacher|insights|interchange|transfers)(\/|$)|^\/api\/exercises\/[^/]+\/activity/;

describe("classroom access matrix", () => {
  it("covers every classroom route the app registers", () => {
    const registered = new Set(
      t.app.routes
        .filter((r) => r.method !== "ALL" && CLASSROOM.test(r.path))
        .map((r) => `${r.method} ${r.path}`),
    );
    expect([...registered].sort()).toEqual(CASES.map((c) => `${c.method} ${c.route}`).sort());
  });

  it.each(CASES.map((c) => [`${c.method} ${c.route}`, c] as const))("%s", async (_name, c) => {
    const got = {} as Expect;
    for (const actor of ACTORS) {
      const res = await t.request(c.method, c.path(), {
        cookie: actor === "anonymous" ? undefined : who[actor].cookie,
        body: c.body?.(),
      });
      got[actor] = res.status;
      // An opened live stream never ends by itself: let it go, as a closed tab does.
      if (res.headers.get("content-type")?.includes("text/event-stream")) await res.body?.cancel();
      if (res.status >= 400) {
        // Refusals are the one error shape, and never say whose the thing is.
        const body = (await res.json()) as { error: { code: string; message: string } };
        expect(Object.keys(body)).toEqual(["error"]);
        expect(JSON.stringify(body)).not.toMatch(/stack|at .*\.ts/);
      }
    }
    expect(got).toEqual(c.expect);
  });
});

/** Test results (objects with `passed`) of hidden cases anywhere inside a response body. */
function hiddenResultsIn(body: unknown): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  const stack = [body];
  while (stack.length > 0) {
    const v = stack.pop();
    if (Array.isArray(v)) stack.push(...v);
    else if (v && typeof v === "object") {
      const o = v as Record<string, unknown>;
      if (o.hidden === true && "passed" in o) found.push(o);
      stack.push(...Object.values(o));
    }
  }
  return found;
}

describe("hidden test cases never reach a student", () => {
  const MARKERS = ["HIDDEN-DESC-7f3a", "HIDDEN-INPUT-7f3a", "HIDDEN-EXPECTED-7f3a"];
  let hidden: TeacherAssignmentDetail;
  const studentGets = (path: string) => t.request("GET", path, { cookie: who.studentMember.cookie });

  beforeAll(async () => {
    hidden = await createAssignment(t, who.teacherOwner, cls.id, {
      name: "With a hidden case",
      testCases: [
        { description: "Visible", input: "abc", expectedOutput: "abc" },
        { description: MARKERS[0], input: MARKERS[1], expectedOutput: MARKERS[2], hidden: true },
      ],
    });
  });

  it("in the assignment, its test cases, the submission list, a submission, or a submit's answer", async () => {
    // The program echoes its input and quotes it in an error: the transcript and the error line
    // of the hidden case both contain the hidden input.
    const code = "x = input()\nprint(x)\nif x != 'abc':\n    raise ValueError(x)";
    const submit = await t.request("POST", `/api/assignments/${hidden.id}/submissions`, {
      cookie: who.studentMember.cookie,
      body: { code, final: true },
    });
    expect(submit.status).toBe(201);
    const submitText = await submit.text();
    const graded = JSON.parse(submitText) as Submission;
    expect(graded).toMatchObject({ passedTests: 1, totalTests: 2 });
    expect(graded.results[1]).toEqual({
      testCaseId: hidden.testCases[1].id,
      position: 1,
      description: "",
      hidden: true,
      passed: false,
      output: null,
      plainOutput: null,
      errorMessage: null,
      // A program can make its running time depend on the hidden input: no time either.
      executionTimeMs: null,
      // Nor a drawing (decision 064): a hidden drawing test shows only pass or fail.
      drawing: null,
    });

    const texts = [submitText];
    for (const path of [
      `/api/assignments/${hidden.id}`,
      `/api/assignments/${hidden.id}/test-cases`,
      `/api/assignments/${hidden.id}/submissions`,
      `/api/submissions/${graded.id}`,
      "/api/assignments",
      `/api/classes/${cls.id}`,
    ]) {
      const res = await studentGets(path);
      expect(res.status, path).toBe(200);
      texts.push(await res.text());
    }
    for (const text of texts) for (const marker of MARKERS) expect(text).not.toContain(marker);
    // Every hidden result in every answer carries pass/fail and nothing else.
    const hiddenResults = texts.flatMap((text) => hiddenResultsIn(JSON.parse(text)));
    expect(hiddenResults.length).toBeGreaterThanOrEqual(3); // the submit, the list, the submission
    for (const r of hiddenResults) {
      expect(r).toMatchObject({
        description: "",
        output: null,
        plainOutput: null,
        errorMessage: null,
        executionTimeMs: null,
      });
    }

    // The data really holds them: the teacher sees the input, the expected output and the output.
    const teacherView = await t.request("GET", `/api/submissions/${graded.id}`, {
      cookie: who.teacherOwner.cookie,
    });
    const teacherText = await teacherView.text();
    expect(teacherText).toContain(MARKERS[0]);
    expect(teacherText).toContain(`ValueError: ${MARKERS[1]}`);
    const detail = await t.request("GET", `/api/assignments/${hidden.id}`, {
      cookie: who.teacherOwner.cookie,
    });
    expect(await detail.text()).toContain(MARKERS[2]);
  });

  it("not through a later visible case: a program that remembers a hidden input cannot print it", async () => {
    // The hidden case comes first in the teacher's order; its input must not reach the visible one.
    const secret = "TOP-SECRET-INPUT-31337";
    const leaky = await createAssignment(t, who.teacherOwner, cls.id, {
      name: "Hidden first",
      testCases: [
        { description: "Hidden", input: secret, expectedOutput: "nope", hidden: true },
        { description: "Visible", input: "1", expectedOutput: "1" },
      ],
    });
    const code = [
      "import builtins",
      "s = input()",
      "print(s)",
      "if hasattr(builtins, '_seen'):",
      "    print('LEAK', builtins._seen)",
      "builtins._seen = getattr(builtins, '_seen', []) + [s]",
    ].join("\n");
    const submit = await t.request("POST", `/api/assignments/${leaky.id}/submissions`, {
      cookie: who.studentMember.cookie,
      body: { code, final: true },
    });
    expect(submit.status).toBe(201);
    const text = await submit.text();
    expect(text).not.toContain(secret);
    const graded = JSON.parse(text) as Submission;
    // Results stay in the teacher's order: hidden first, the visible one passes.
    expect(graded.results.map((r) => [r.hidden, r.passed])).toEqual([
      [true, false],
      [false, true],
    ]);
  });
});
