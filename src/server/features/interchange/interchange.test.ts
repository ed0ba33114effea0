// Imports from Moodle CodeRunner and GitHub Classroom, and the CodeRunner export (decision 065),
// against real-shaped files and hostile ones, through the real API on a fresh database.
import { readFileSync } from "node:fs";
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { assignments, exercises, testCases } from "@/server/db/schema.ts";
import { BODY_LIMITS, bodyLimitFor } from "@/server/http/input-hygiene.ts";
import type { TeacherAssignmentDetail } from "@/shared/api/assignments.ts";
import type { AdminExercise } from "@/shared/api/exercises.ts";
import {
  type ClassroomPreview,
  type CodeRunnerPreview,
  type ImportCreated,
  INTERCHANGE_LIMITS,
  INTERCHANGE_MESSAGES,
} from "@/shared/api/interchange.ts";
import { createAssignment } from "../../../../tests/factories/classroom.ts";
import { createCategory } from "../../../../tests/factories/exercises.ts";
import { createStudent } from "../../../../tests/factories/users.ts";
import { errorOf } from "../../../../tests/setup/error-body.ts";
import { escapeXml } from "./coderunner-export.ts";
import { setUpInterchangeSchool } from "./interchange.factory.ts";
import { parseXmlDocument, readMoodleXml } from "./moodle-xml.ts";

const fixture = (name: string) =>
  readFileSync(new URL(`../../../../tests/fixtures/interchange/${name}`, import.meta.url), "utf8");
const BANK = fixture("coderunner-bank.xml");

const s = setUpInterchangeSchool();
let categoryId: string;

beforeAll(async () => {
  categoryId = (await createCategory(s.t, { name: "Imported from Moodle" })).id;
});

const json = async <T>(res: Response) => (await res.json()) as T;

/** A question bank of the given questions' XML. */
const quiz = (...questions: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n${questions.join("\n")}\n</quiz>`;
const question = (name: string, tests = "") =>
  `<question type="coderunner"><name><text>${name}</text></name><questiontext format="html"><text>&lt;p&gt;Print hello.&lt;/p&gt;</text></questiontext><coderunnertype>python3</coderunnertype><answer>print("hello")</answer><answerpreload></answerpreload><template></template><grader>EqualityGrader</grader><testcases>${tests}</testcases></question>`;
const testcase = (stdin: string, expected: string, display = "SHOW") =>
  `<testcase testtype="0" useasexample="0" hiderestiffail="0" mark="1.0000000"><testcode><text></text></testcode><stdin><text>${stdin}</text></stdin><expected><text>${expected}</text></expected><extra><text></text></extra><display><text>${display}</text></display></testcase>`;

describe("CodeRunner preview", () => {
  it("lists every question with what is carried and what is not, and saves nothing", async () => {
    const before = await s.rowsIn(assignments);
    const res = await s.post("/coderunner/assignments/preview", s.teacher, { file: BANK });
    expect(res.status).toBe(200);
    const preview = await json<CodeRunnerPreview>(res);
    expect(preview.questions.map((q) => [q.number, q.name, q.importable])).toEqual([
      [1, "Add two numbers", true],
      [2, "Grade boundaries & messages", true],
      [3, "Email pattern", true],
      [4, "Factorial function (template graded)", true],
      [5, "Hello in C", false],
      [6, "Shout it", true],
    ]);
    // The category marker is no question; the multiple-choice one is named as left out.
    expect(preview.skipped).toEqual([
      '"What does print do?" is a multichoice question, not CodeRunner: left out.',
    ]);

    const [add, grades, regex, template, c, near] = preview.questions;
    // HTML in CDATA becomes plain text: no tags, no script, entities read, the image named.
    expect(add.draft.description).toBe(
      "Write a program that asks for two whole numbers & prints their sum.\n\nFor example:\n\n- Use int(input())\n- Print only the sum",
    );
    expect(add.draft.starterCode).toBe('# Read two numbers\na = int(input("First: "))\n');
    // SHOW → visible, HIDE → hidden, HIDE_IF_FAIL → hidden and said so; the testcode one is left out.
    expect(add.draft.testCases.map((x) => [x.input, x.expectedOutput, x.hidden])).toEqual([
      ["3\n4", "First: 3\nSecond: 4\n7", false],
      ["-10\n10", "First: -10\nSecond: 10\n0", true],
      ["1000000\n2", "First: 1000000\nSecond: 2\n1000002", true],
    ]);
    expect(add.notCarried).toEqual(
      expect.arrayContaining([
        "Test 4 runs code of its own (print(add(2, 2))): PyClass tests give the program input and compare what it prints.",
        "Test 3's display HIDE_IF_FAIL is not carried: it will always be hidden.",
        "1 image in the question text is not carried.",
        "All-or-nothing marking is not carried: PyClass scores the share of tests passed.",
        "The model answer is not kept: PyClass assignments have no model answer.",
      ]),
    );
    // Escaped HTML (no CDATA) reads the same way.
    expect(grades.draft.description).toBe(
      "Ask for a mark out of 100 and print Pass when it is 50 or more, else Fail.",
    );
    expect(grades.notCarried).toEqual(
      expect.arrayContaining([
        "Test 2's display HIDE_IF_SUCCEED is not carried: it will always be hidden.",
        "Marks per test (1, 2) are not carried: PyClass counts every test the same.",
      ]),
    );
    expect(regex.draft.testCases).toEqual([]);
    expect(regex.notCarried[0]).toBe(
      "Its grader RegexGrader is not carried (its expected outputs are patterns, not text), so its test can't be either.",
    );
    expect(template.notCarried).toEqual(
      expect.arrayContaining([
        "Its grader TemplateGrader is not carried (its template marks the answer), so its test can't be either.",
        "Its customised template is not carried: PyClass runs the student's program as it is.",
      ]),
    );
    expect(c.problems).toEqual(["It is a c_program question: PyClass runs Python only."]);
    expect(near.notCarried).toContain(
      "Its grader NearEqualityGrader (case and spacing ignored) is not carried: PyClass compares outputs exactly, after trimming.",
    );
    expect(await s.rowsIn(assignments)).toBe(before);
  });

  it("for the library, keeps the model answer and shows hidden tests, saying so", async () => {
    const res = await s.post("/coderunner/exercises/preview", s.admin, { file: BANK });
    expect(res.status).toBe(200);
    const [add] = (await json<CodeRunnerPreview>(res)).questions;
    expect(add.draft.solution).toBe('a = int(input("First: "))\nb = int(input("Second: "))\nprint(a + b)\n');
    expect(add.draft.testCases.every((x) => !x.hidden)).toBe(true);
    expect(add.notCarried).toContain("Test 2 is hidden in CodeRunner; library exercises show every test.");
    expect(add.notCarried).not.toContain(
      "The model answer is not kept: PyClass assignments have no model answer.",
    );
  });
});

describe("CodeRunner import into a class", () => {
  it("creates the chosen questions as assignments, tests and hidden flags as previewed", async () => {
    const res = await s.post("/coderunner/assignments", s.teacher, {
      file: BANK,
      classId: s.cls.id,
      questions: [1, 2, 6],
    });
    expect(res.status).toBe(201);
    const { created } = await json<ImportCreated>(res);
    expect(created.map((c) => c.name)).toEqual([
      "Add two numbers",
      "Grade boundaries & messages",
      "Shout it",
    ]);
    const a = await json<TeacherAssignmentDetail>(
      await s.t.request("GET", `/api/assignments/${created[0].id}`, { cookie: s.teacher.cookie }),
    );
    expect(a).toMatchObject({
      name: "Add two numbers",
      class: { id: s.cls.id },
      language: "python",
      dueDate: null,
    });
    expect(a.starterCode).toBe('# Read two numbers\na = int(input("First: "))\n');
    expect(a.testCases.map((x) => [x.position, x.description, x.hidden])).toEqual([
      [0, "Test 1", false],
      [1, "Test 2", true],
      [2, "Test 3", true],
    ]);
  });

  it("imports nothing when one chosen question can't be imported, and names it", async () => {
    const [before, beforeCases] = [await s.rowsIn(assignments), await s.rowsIn(testCases)];
    const res = await s.post("/coderunner/assignments", s.teacher, {
      file: BANK,
      classId: s.cls.id,
      questions: [1, 5],
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(INTERCHANGE_MESSAGES.notImportable("Hello in C"));
    const unknown = await s.post("/coderunner/assignments", s.teacher, {
      file: BANK,
      classId: s.cls.id,
      questions: [99],
    });
    expect(unknown.status).toBe(400);
    expect((await errorOf(unknown)).message).toBe(INTERCHANGE_MESSAGES.unknownQuestion(99));
    const none = await s.post("/coderunner/assignments", s.teacher, {
      file: BANK,
      classId: s.cls.id,
      questions: [],
    });
    expect((await errorOf(none)).message).toBe(INTERCHANGE_MESSAGES.chooseQuestions);
    expect([await s.rowsIn(assignments), await s.rowsIn(testCases)]).toEqual([before, beforeCases]);
  });

  it("never imports into another teacher's class", async () => {
    const res = await s.post("/coderunner/assignments", s.otherTeacher, {
      file: BANK,
      classId: s.cls.id,
      questions: [1],
    });
    expect(res.status).toBe(404);
  });
});

describe("hostile and broken files", () => {
  it("refuses entities that expand (billion laughs) before reading them", async () => {
    const lol = `<?xml version="1.0"?>
<!DOCTYPE quiz [
  <!ENTITY lol "lol">
  <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
  <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
<quiz>${question("&lol9;", testcase("", "&lol9;"))}</quiz>`;
    expect(await s.refused(lol)).toEqual({
      status: 400,
      code: "INVALID_FILE",
      message: INTERCHANGE_MESSAGES.doctype,
    });
  });

  it("refuses external entities (file://) and a lower-case doctype", async () => {
    for (const file of [
      `<?xml version="1.0"?><!DOCTYPE quiz [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><quiz>${question("&xxe;", testcase("", "&xxe;"))}</quiz>`,
      `<?xml version="1.0"?><!doctype quiz SYSTEM "http://127.0.0.1:9/evil.dtd"><quiz>${question("A")}</quiz>`,
      `<quiz><!ENTITY x "y">${question("A")}</quiz>`,
    ]) {
      const { status, message } = await s.refused(file);
      expect([status, message]).toEqual([400, INTERCHANGE_MESSAGES.doctype]);
    }
  });

  it("would not expand a declared entity even past that refusal", () => {
    // The parser's own entity decoder knows XML's five entities only: nothing declared, nothing fetched.
    const doc = parseXmlDocument(`<!DOCTYPE q [<!ENTITY a "AAAAAAAAAA">]><q><b>&a;&lt;&#65;</b></q>`) as {
      q: { b: string };
    };
    expect(doc.q.b).toBe("&a;<A");
    // fast-xml-parser itself refuses an external entity outright.
    expect(() =>
      parseXmlDocument(`<!DOCTYPE q [<!ENTITY x SYSTEM "file:///etc/passwd">]><q>&x;</q>`),
    ).toThrow(/External entities are not supported/);
  });

  it("reads a DOCTYPE written inside CDATA as text, not a declaration", () => {
    const [q] = readMoodleXml(quiz(question("HTML page", testcase("", "<![CDATA[<!DOCTYPE html>]]>"))));
    expect(q.testCases[0].expected).toBe("<!DOCTYPE html>");
  });

  it("refuses broken XML with where it broke", async () => {
    const cut = BANK.slice(0, BANK.indexOf("<!-- question: 103"));
    const { status, message } = await s.refused(cut);
    expect(status).toBe(400);
    expect(message).toMatch(
      /^The file is not well-formed XML \(line \d+, column \d+: .+\)\. Export the question bank/,
    );
    const garbage = await s.refused("this is not xml at all");
    expect(garbage.status).toBe(400);
  });

  it("refuses a file that is not a question bank, an empty one, and one of only other question types", async () => {
    expect((await s.refused("<html><body>hi</body></html>")).message).toBe(INTERCHANGE_MESSAGES.notQuiz);
    expect((await s.refused("   ")).message).toBe(INTERCHANGE_MESSAGES.emptyFile);
    expect(
      (await s.refused(quiz('<question type="essay"><name><text>E</text></name></question>'))).message,
    ).toBe(INTERCHANGE_MESSAGES.noQuestions);
  });

  it("refuses more questions than a file may hold", async () => {
    const many = quiz(
      ...Array.from({ length: INTERCHANGE_LIMITS.questions + 1 }, (_, i) => question(`Q${i}`)),
    );
    expect((await s.refused(many)).message).toBe(INTERCHANGE_MESSAGES.tooManyQuestions(201));
  });

  it("refuses a file over 5 MB with 413, before reading it", async () => {
    const padding = `<!-- ${"x".repeat(INTERCHANGE_LIMITS.fileBytes)} -->`;
    const big = quiz(question("Big", testcase("1", "1")), padding);
    expect(big.length).toBeGreaterThan(INTERCHANGE_LIMITS.fileBytes);
    const { status, code, message } = await s.refused(big);
    expect([status, code, message]).toEqual([413, "PAYLOAD_TOO_LARGE", INTERCHANGE_MESSAGES.fileTooLarge]);
  });

  it("holds each question to the assignment form's limits", async () => {
    const long = quiz(question("x".repeat(201), testcase("1", "1")));
    const res = await s.post("/coderunner/assignments/preview", s.teacher, { file: long });
    const [q] = (await json<CodeRunnerPreview>(res)).questions;
    expect(q.importable).toBe(false);
    expect(q.problems).toEqual(["Its name is too long (at most 200 characters)."]);
    const tests = quiz(
      question("Many", Array.from({ length: 51 }, (_, i) => testcase(`${i}`, `${i}`)).join("")),
    );
    const [m] = (
      await json<CodeRunnerPreview>(
        await s.post("/coderunner/assignments/preview", s.teacher, { file: tests }),
      )
    ).questions;
    expect(m.problems).toEqual(["It has 51 tests that can be carried; PyClass takes at most 50."]);
  });

  it("reads HTML nested thousands deep without failing, and refuses a question text too long to convert", async () => {
    const withText = (html: string) =>
      quiz(
        question("Text", testcase("1", "1")).replace(
          "&lt;p&gt;Print hello.&lt;/p&gt;",
          `<![CDATA[${html}]]>`,
        ),
      );
    const deep = await s.post("/coderunner/assignments/preview", s.teacher, {
      file: withText(`${"<div>".repeat(5000)}x${"</div>".repeat(5000)}`),
    });
    expect(deep.status).toBe(200);
    expect((await json<CodeRunnerPreview>(deep)).questions[0].importable).toBe(true);
    const long = await s.post("/coderunner/assignments/preview", s.teacher, {
      file: withText(`<p>${"a".repeat(250_000)}</p>`),
    });
    expect((await json<CodeRunnerPreview>(long)).questions[0].problems).toEqual([
      "Its question text is too long (at most 20,000 characters).",
    ]);
  });

  it("gives teachers and admins a body limit above the file's, and no one else", () => {
    expect(bodyLimitFor("POST", "/api/interchange/coderunner/assignments", "teacher")).toBe(
      BODY_LIMITS.interchange,
    );
    expect(bodyLimitFor("POST", "/api/interchange/coderunner/exercises", "admin")).toBe(
      BODY_LIMITS.interchange,
    );
    expect(bodyLimitFor("POST", "/api/interchange/coderunner/assignments", "student")).toBe(
      BODY_LIMITS.default,
    );
  });
});

describe("export and round trip", () => {
  it("gives the same assignment back: export → import", async () => {
    const original = await createAssignment(s.t, s.teacher, s.cls.id, {
      name: "Café receipts <VAT> & totals",
      description: "Work out a bill.\n\n  Indented line, <b>not bold</b> & 5 > 3\nTrailing spaces   \n",
      starterCode: "price = float(input('Price: '))\r\n\tvat = 0.2  # 20%\n]]> is fine here\n",
      testCases: [
        { description: "Adds VAT", input: "10\n", expectedOutput: "Price: 10\n12.0" },
        {
          description: "Two lines\n  of description",
          input: "0\n\n3",
          expectedOutput: "Price: 0\n0.0",
          hidden: true,
        },
        { description: "# looks like a comment", input: "", expectedOutput: "  spaced  \n" },
      ],
    });
    const res = await s.t.request("GET", `/api/interchange/assignments/${original.id}/coderunner.xml`, {
      cookie: s.teacher.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(
      'attachment; filename="cafe-receipts-vat-totals-coderunner.xml"',
    );
    const xml = await res.text();
    expect(xml).toContain('<question type="coderunner">');
    expect(xml).toContain("<display>\n      <text>HIDE</text>");

    const preview = await json<CodeRunnerPreview>(
      await s.post("/coderunner/assignments/preview", s.teacher, { file: xml }),
    );
    // Nothing PyClass exported is lost on the way back in.
    expect(preview.questions.map((q) => [q.importable, q.notCarried])).toEqual([[true, []]]);
    const { created } = await json<ImportCreated>(
      await s.post("/coderunner/assignments", s.teacher, { file: xml, classId: s.cls.id, questions: [1] }),
    );
    const copy = await json<TeacherAssignmentDetail>(
      await s.t.request("GET", `/api/assignments/${created[0].id}`, { cookie: s.teacher.cookie }),
    );
    const shape = (a: TeacherAssignmentDetail) => ({
      name: a.name,
      description: a.description,
      starterCode: a.starterCode,
      language: a.language,
      class: a.class,
      testCases: a.testCases.map(({ id: _id, ...rest }) => rest),
    });
    expect(shape(copy)).toEqual(shape(original));
    expect(copy.id).not.toBe(original.id);
  });

  it("escapes what XML would change, and replaces what XML 1.0 can't hold", () => {
    expect(escapeXml("a\u0001<b>&\r\n\t\u{1F40D}")).toBe("a\uFFFD&lt;b&gt;&amp;&#13;\n\t\u{1F40D}");
    const [q] = readMoodleXml(quiz(question(escapeXml("x\r\ny <&> z"))));
    expect(q.name).toBe("x\r\ny <&> z");
  });

  it("exports only the owner's assignments", async () => {
    const a = await createAssignment(s.t, s.teacher, s.cls.id);
    const path = `/api/interchange/assignments/${a.id}/coderunner.xml`;
    expect((await s.t.request("GET", path, { cookie: s.otherTeacher.cookie })).status).toBe(404);
    const student = await createStudent(s.t);
    expect((await s.t.request("GET", path, { cookie: student.cookie })).status).toBe(403);
  });

  it("turns questions into library exercises with their answers, and exports one back", async () => {
    const before = await s.rowsIn(exercises);
    const res = await s.post("/coderunner/exercises", s.admin, {
      file: BANK,
      categoryId,
      difficulty: "medium",
      questions: [1, 6],
    });
    expect(res.status).toBe(201);
    const { created } = await json<ImportCreated>(res);
    expect(await s.rowsIn(exercises)).toBe(before + 2);
    const list = await json<AdminExercise[]>(
      await s.t.request("GET", "/api/admin/exercises", { cookie: s.admin.cookie }),
    );
    const add = list.find((e) => e.id === created[0].id)!;
    expect(add).toMatchObject({
      title: "Add two numbers",
      difficulty: "medium",
      category: { id: categoryId },
    });
    expect(add.solution).toBe('a = int(input("First: "))\nb = int(input("Second: "))\nprint(a + b)\n');
    expect(add.testCases.map((x) => [x.description, x.input])).toEqual([
      ["Test 1", "3\n4"],
      ["Test 2", "-10\n10"],
      ["Test 3", "1000000\n2"],
    ]);

    const xml = await (
      await s.t.request("GET", `/api/interchange/exercises/${add.id}/coderunner.xml`, {
        cookie: s.admin.cookie,
      })
    ).text();
    const [again] = (
      await json<CodeRunnerPreview>(await s.post("/coderunner/exercises/preview", s.admin, { file: xml }))
    ).questions;
    expect(again.notCarried).toEqual([]);
    expect(again.draft).toEqual({
      name: add.title,
      description: add.description,
      starterCode: add.starterCode,
      solution: add.solution,
      testCases: add.testCases.map((x) => ({
        description: x.description,
        input: x.input,
        expectedOutput: x.expectedOutput,
        hidden: false,
      })),
    });
  });

  it("refuses an unknown category and imports nothing", async () => {
    const before = await s.rowsIn(exercises);
    const res = await s.post("/coderunner/exercises", s.admin, {
      file: BANK,
      categoryId: crypto.randomUUID(),
      questions: [1],
    });
    expect(res.status).toBe(400);
    expect(await s.rowsIn(exercises)).toBe(before);
  });
});

describe("GitHub Classroom tests", () => {
  it("previews autograding.json: exact tests carried, included and commands not, points listed", async () => {
    const res = await s.post("/github-classroom/preview", s.teacher, { file: fixture("autograding.json") });
    expect(res.status).toBe(200);
    const preview = await json<ClassroomPreview>(res);
    expect(preview.source).toBe("autograding.json");
    expect(preview.tests.map((x) => [x.name, x.test !== null])).toEqual([
      ["Adds 3 and 4", true],
      ["Mentions the total", false],
      ["Unit tests", false],
      ["Negative numbers", true],
    ]);
    expect(preview.tests[1].reasons).toEqual([
      'Its comparison "included" is not carried: PyClass compares the whole output exactly.',
    ]);
    expect(preview.tests[2].reasons).toContain('It runs "pytest", not a Python program given input.');
    expect(preview.notCarried[0]).toBe(
      "Points (2, 1, 5) are not carried: PyClass scores the share of tests passed.",
    );
  });

  it("previews a classroom.yml workflow's io-grader steps", async () => {
    const preview = await json<ClassroomPreview>(
      await s.post("/github-classroom/preview", s.teacher, { file: fixture("classroom.yml") }),
    );
    expect(preview.source).toBe("classroom.yml");
    expect(preview.tests.map((x) => [x.name, x.test])).toEqual([
      ["Doubles 5", { description: "Doubles 5", input: "5", expectedOutput: "10", hidden: false }],
      [
        "Doubles a negative",
        { description: "Doubles a negative", input: "-4", expectedOutput: "-8", hidden: false },
      ],
      ["Says double", null],
      ["Style check", null],
    ]);
    expect(preview.tests[2].reasons).toEqual([
      'Its comparison "regex" is not carried: PyClass compares the whole output exactly.',
    ]);
    expect(preview.tests[3].reasons[0]).toMatch(/autograding-command-grader/);
  });

  it("adds the carried tests after the assignment's own", async () => {
    const a = await createAssignment(s.t, s.teacher, s.cls.id);
    const res = await s.post(`/github-classroom/assignments/${a.id}`, s.teacher, {
      file: fixture("classroom.yml"),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ added: 2 });
    const after = await json<TeacherAssignmentDetail>(
      await s.t.request("GET", `/api/assignments/${a.id}`, { cookie: s.teacher.cookie }),
    );
    expect(after.testCases.map((x) => [x.position, x.description, x.input, x.expectedOutput])).toEqual([
      [0, "Says hello", "", "hello"],
      [1, "Doubles 5", "5", "10"],
      [2, "Doubles a negative", "-4", "-8"],
    ]);
    expect(
      (
        await s.post(`/github-classroom/assignments/${a.id}`, s.otherTeacher, {
          file: fixture("classroom.yml"),
        })
      ).status,
    ).toBe(404);
  });

  it("adds nothing past 50 tests, or when nothing can be carried", async () => {
    const a = await createAssignment(s.t, s.teacher, s.cls.id, {
      testCases: Array.from({ length: 49 }, (_, i) => ({
        description: `T${i}`,
        input: "",
        expectedOutput: `${i}`,
      })),
    });
    const res = await s.post(`/github-classroom/assignments/${a.id}`, s.teacher, {
      file: fixture("autograding.json"),
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(INTERCHANGE_MESSAGES.tooManyTests(49, 2));
    const none = JSON.stringify({
      tests: [{ name: "x", run: "pytest", comparison: "included", output: "" }],
    });
    const nothing = await s.post(`/github-classroom/assignments/${a.id}`, s.teacher, { file: none });
    expect((await errorOf(nothing)).message).toBe(INTERCHANGE_MESSAGES.noneCarried);
    const rows = await s.t.db.select({ n: count() }).from(testCases).where(eq(testCases.assignmentId, a.id));
    expect(rows[0].n).toBe(49);
  });

  it("refuses files that are neither format, broken YAML and alias bombs", async () => {
    const bomb = [
      "a: &a [x, x, x, x, x, x, x, x, x]",
      ..."bcdefghij".split("").map((k, i) => {
        const prev = "abcdefghij"[i];
        return `${k}: &${k} [*${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}]`;
      }),
      "tests: *j",
    ].join("\n");
    for (const [file, message] of [
      ['{"nothing": 1}', INTERCHANGE_MESSAGES.classroomUnknown],
      ["jobs: [unclosed", null],
      [bomb, null],
      ['{"tests": []}', INTERCHANGE_MESSAGES.classroomNoTests],
    ] as const) {
      const res = await s.post("/github-classroom/preview", s.teacher, { file });
      expect(res.status, file.slice(0, 20)).toBe(400);
      const error = await errorOf(res);
      if (message) expect(error.message).toBe(message);
      else expect(error.message).toMatch(/^The file could not be read as JSON or YAML \(.+\)\.$/);
    }
  });
});
