// Drawing tests over the API (decision 064): a teacher's test case with a model answer records the
// expected drawing at save time (refused with a reason when the model fails, draws nothing or too
// much); Submit Code passes only when the output and the drawing match, within 0.5 px; a visible
// drawing test shows both drawings and what differs, a hidden one only pass/fail; hostile sizes
// are refused or capped, never a 500.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GraderPool } from "@/server/python/index.ts";
import type {
  StudentAssignmentDetail,
  Submission,
  TeacherAssignmentDetail,
} from "@/shared/api/assignments.ts";
import type { ClassSummary } from "@/shared/api/classes.ts";
import { addMember, createClass, submitFinal } from "../../../../tests/factories/classroom.ts";
import { createStudent, createTeacher, type TestUser } from "../../../../tests/factories/users.ts";
import { errorOf } from "../../../../tests/setup/error-body.ts";
import { startTestGrader } from "../../../../tests/setup/grader.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";

let t: TestApp;
let grader: GraderPool;
let teacher: TestUser;
let student: TestUser;
let cls: ClassSummary;

const star = (angle: number, start = "") =>
  `import turtle\n${start}for i in range(5):\n    turtle.forward(100)\n    turtle.right(${angle})\nprint("A star")\n`;
const MODEL = star(144);

beforeAll(async () => {
  grader = await startTestGrader();
  t = await createTestApp({}, { grader });
  teacher = await createTeacher(t);
  student = await createStudent(t);
  cls = await createClass(t, teacher);
  await addMember(t, cls, student);
}, 120_000);
afterAll(async () => {
  await t.close();
  await grader.close();
});

const create = (testCases: unknown[]) =>
  t.request("POST", "/api/assignments", {
    cookie: teacher.cookie,
    body: { classId: cls.id, name: "Stars", testCases },
  });

describe("drawing tests", { timeout: 120_000 }, () => {
  let a: TeacherAssignmentDetail;

  beforeAll(async () => {
    const res = await create([
      // The expected output left empty: the model's own ("A star") is used.
      { description: "Draws a star", input: "", expectedOutput: "", drawingModel: MODEL },
      { description: "Secret star", input: "", expectedOutput: "A star", hidden: true, drawingModel: MODEL },
    ]);
    expect(res.status, await res.clone().text()).toBe(201);
    a = (await res.json()) as TeacherAssignmentDetail;
  }, 120_000);

  it("records the model's drawing at save time; the teacher sees the model, the student only a visible test's drawing", async () => {
    const [visible, hidden] = a.testCases;
    expect(visible).toMatchObject({ expectedOutput: "A star", drawingModel: MODEL });
    expect(visible.expectedDrawing?.segments).toHaveLength(5);
    expect(hidden.expectedDrawing?.corner).toBe(-144);
    const res = await t.request("GET", `/api/assignments/${a.id}`, { cookie: student.cookie });
    const seen = (await res.json()) as StudentAssignmentDetail;
    const body = JSON.stringify(seen);
    expect(body).not.toContain("drawingModel");
    expect(body).not.toContain("turtle.forward");
    expect(seen.testCases[0]).toMatchObject({ hidden: false, expectedDrawing: { corner: -144 } });
    expect(seen.testCases[1]).toEqual({ id: hidden.id, position: 1, hidden: true });
  });

  it("the model answer passes; a wrong angle fails with what differs; a hidden drawing test shows only pass/fail", async () => {
    const good = await submitFinal(t, student, a.id, MODEL);
    expect(good.results.map((r) => r.passed)).toEqual([true, true]);
    expect(good.results[0].drawing).toMatchObject({ matches: true, yours: null });

    const wrong = await submitFinal(t, student, a.id, star(72));
    expect(wrong.passedTests).toBe(0);
    const [visible, hidden] = wrong.results;
    expect(visible.drawing?.matches).toBe(false);
    expect(visible.drawing?.summary).toContain(
      "yours turns right 72° at its corners, the expected drawing right 144°",
    );
    expect(visible.drawing?.yours?.segments).toHaveLength(5);
    // Hidden: nothing of either drawing, nor what differs.
    expect(hidden).toMatchObject({
      hidden: true,
      passed: false,
      drawing: null,
      output: null,
      errorMessage: null,
    });
    const { testCaseId: _id, ...rest } = hidden;
    expect(JSON.stringify(rest)).not.toMatch(/72|turns|line/);

    // Read back later: the same for the student; the teacher sees the hidden verdict too.
    const mine = await t.request("GET", `/api/assignments/${a.id}/submissions`, { cookie: student.cookie });
    const stored = ((await mine.json()) as Submission[]).find((s) => s.id === wrong.id)!;
    expect(stored.results[0].drawing?.summary).toBe(visible.drawing?.summary);
    expect(stored.results[1].drawing).toBeNull();
    const theirs = await t.request("GET", `/api/submissions/${wrong.id}`, { cookie: teacher.cookie });
    expect(((await theirs.json()) as Submission).results[1].drawing?.matches).toBe(false);
  });

  it("holds the tolerance (0.3 px passes, 2 px fails) and still needs the output to match", async () => {
    const nudged = await submitFinal(
      t,
      student,
      a.id,
      star(144, "turtle.penup()\nturtle.goto(0.3, 0)\nturtle.pendown()\n"),
    );
    expect(nudged.results[0].passed).toBe(true);
    const moved = await submitFinal(
      t,
      student,
      a.id,
      star(144, "turtle.penup()\nturtle.goto(2, 0)\nturtle.pendown()\n"),
    );
    expect(moved.results[0].passed).toBe(false);
    const quiet = await submitFinal(t, student, a.id, MODEL.replace('print("A star")', ""));
    expect(quiet.results[0]).toMatchObject({ passed: false, drawing: { matches: true } });
  });

  it("a huge drawing fails as too big to compare, never a 500", async () => {
    const spiral =
      "import turtle\nturtle.speed(0)\nfor i in range(20000):\n    turtle.forward(1 + i / 10)\n    turtle.left(91)\nprint('A star')\n";
    const big = await submitFinal(t, student, a.id, spiral);
    expect(big.results[0].passed).toBe(false);
    expect(big.results[0].drawing?.summary).toMatch(/too big to compare/);
    const million = await submitFinal(
      t,
      student,
      a.id,
      "import turtle\nwhile True:\n    turtle.forward(1)\n",
    );
    expect(million.results[0].passed).toBe(false);
  });

  it("an edit that keeps the model does not run it again; a changed model is recorded anew", async () => {
    const cases = a.testCases.map(({ id, description, input, expectedOutput, hidden, drawingModel }) => ({
      id,
      description,
      input,
      expectedOutput,
      hidden,
      drawingModel,
    }));
    const square =
      "import turtle\nfor i in range(4):\n    turtle.forward(50)\n    turtle.left(90)\nprint('A star')\n";
    const res = await t.request("PATCH", `/api/assignments/${a.id}`, {
      cookie: teacher.cookie,
      body: { testCases: [cases[0], { ...cases[1], drawingModel: square }] },
    });
    expect(res.status).toBe(200);
    const edited = (await res.json()) as TeacherAssignmentDetail;
    expect(edited.testCases[0].expectedDrawing).toEqual(a.testCases[0].expectedDrawing);
    expect(edited.testCases[1].expectedDrawing?.segments).toHaveLength(4);
  });

  it.each([
    [
      "stops with an error",
      "import turtle\nturtle.forward(10)\n1/0\n",
      /stopped with an error: ZeroDivisionError/,
    ],
    ["draws nothing", "print('A star')\n", /draws nothing/],
    [
      "prints something else",
      "import turtle\nturtle.forward(10)\nprint('No')\n",
      /does not print this test's expected output/,
    ],
    [
      "draws too much",
      "import turtle\nturtle.speed(0)\nfor i in range(6000):\n    turtle.forward(1 + i / 10)\n    turtle.left(91)\nprint('A star')\n",
      /draws too much to compare: at most 5,000/,
    ],
    [
      "runs forever",
      "import turtle\nwhile True:\n    turtle.forward(1)\n    turtle.left(1)\n",
      /stopped with an error/,
    ],
  ])("refuses a model answer that %s (400, nothing saved)", async (_why, model, message) => {
    const res = await create([
      { description: "Bad", input: "", expectedOutput: "A star", drawingModel: model },
    ]);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({
      code: "MODEL_ANSWER_FAILED",
      message: expect.stringMatching(message),
    });
  });

  it("refuses an empty model answer and an oversized one as validation errors", async () => {
    const empty = await create([{ description: "Bad", input: "", expectedOutput: "", drawingModel: "  " }]);
    expect(empty.status).toBe(400);
    expect(JSON.stringify(await empty.json())).toContain("Paste the model answer");
    const huge = await create([
      { description: "Bad", input: "", expectedOutput: "", drawingModel: "#".repeat(100_001) },
    ]);
    expect(huge.status).toBe(400);
  });
});
