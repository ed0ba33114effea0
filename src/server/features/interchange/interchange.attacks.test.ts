// A hostile review of the imports and the export (decision 065): files built to hide a DOCTYPE,
// pollute prototypes, or cost the server minutes and gigabytes; a student or another teacher
// calling the routes; hidden tests leaking to a student. Every bad input is a clear 4xx.
import { beforeAll, describe, expect, it } from "vitest";
import { testCases } from "@/server/db/schema.ts";
import { acquireLease, releaseLease } from "@/server/limits/limits.ts";
import {
  type ClassroomPreview,
  type CodeRunnerPreview,
  INTERCHANGE_LIMITS,
  INTERCHANGE_MESSAGES,
} from "@/shared/api/interchange.ts";
import { createAssignment } from "../../../../tests/factories/classroom.ts";
import { createCategory, createExercise } from "../../../../tests/factories/exercises.ts";
import type { TestUser } from "../../../../tests/factories/users.ts";
import { errorOf } from "../../../../tests/setup/error-body.ts";
import { setUpInterchangeSchool } from "./interchange.factory.ts";
import { declaresDoctype, markupItems } from "./moodle-xml.ts";

const s = setUpInterchangeSchool();
let otherAssignmentId: string;
let exerciseId: string;

beforeAll(async () => {
  otherAssignmentId = (
    await createAssignment(s.t, s.otherTeacher, s.otherCls.id, {
      testCases: [{ description: "Secret", input: "OTHER-SECRET", expectedOutput: "x", hidden: true }],
    })
  ).id;
  exerciseId = await createExercise(s.t, (await createCategory(s.t)).id, { title: "Library one" });
});

const quiz = (...parts: string[]) => `<?xml version="1.0" encoding="UTF-8"?>\n<quiz>${parts.join("")}</quiz>`;
const question = (name: string, tests = "") =>
  `<question type="coderunner"><name><text>${name}</text></name><questiontext format="plain_text"><text>Do it.</text></questiontext><grader>EqualityGrader</grader><testcases>${tests}</testcases></question>`;
const testcase = (stdin: string, expected: string, display = "SHOW") =>
  `<testcase><testcode><text></text></testcode><stdin><text>${stdin}</text></stdin><expected><text>${expected}</text></expected><display><text>${display}</text></display></testcase>`;

describe("a DOCTYPE hidden from the check", () => {
  it("is found behind a CDATA opener written inside a comment (the two no longer overlap)", async () => {
    // Stripping CDATA first used to remove from the comment's "<![CDATA[" to the later "]]>",
    // DOCTYPE and all, so the check passed and the parser met the declaration.
    const file = `<?xml version="1.0"?><!-- <![CDATA[ --><!DOCTYPE quiz [<!ENTITY a "AAAA">]><!-- ]]> -->${quiz(question("&a;", testcase("", "1")))}`;
    expect(declaresDoctype(file)).toBe(true);
    expect(await s.refused(file)).toMatchObject({ status: 400, message: INTERCHANGE_MESSAGES.doctype });
    // And the other way round: a comment opener inside CDATA is only text.
    const cdataFirst = quiz(question("A", testcase("", "<![CDATA[<!--]]>")), "<!-- --><!DOCTYPE x>");
    expect(declaresDoctype(cdataFirst)).toBe(true);
  });

  it("is found in mixed case, after a byte order mark, with a line break, or in a processing instruction", async () => {
    for (const file of [
      `<!DocType quiz [<!EnTiTy a "b">]>${quiz(question("A"))}`,
      `\uFEFF<?xml version="1.0"?><!DOCTYPE quiz SYSTEM "file:///etc/passwd">${quiz(question("A"))}`,
      `<?xml version="1.0"?><!\nDOCTYPE quiz>${quiz(question("A"))}`,
      `<?xml version="1.0"?><?evil <!DOCTYPE quiz [<!ENTITY a "b">]> ?>${quiz(question("A"))}`,
    ])
      expect(await s.refused(file)).toMatchObject({ status: 400, code: "INVALID_FILE" });
  });

  it("a DOCTYPE only in a comment or CDATA is text, and the file imports", async () => {
    const file = quiz(
      "<!-- <!DOCTYPE quiz> -->",
      question("Fine", testcase("", "<![CDATA[<!DOCTYPE html>]]>")),
    );
    const res = await s.post("/coderunner/assignments/preview", s.teacher, { file });
    expect(res.status).toBe(200);
    expect(((await res.json()) as CodeRunnerPreview).questions[0].draft.testCases[0].expectedOutput).toBe(
      "<!DOCTYPE html>",
    );
  });

  it("a UTF-16 file read as if it were UTF-8 carries NUL characters: refused before reading", async () => {
    const utf16 = Buffer.from(`\uFEFF${quiz(question("A"))}`, "utf16le").toString("latin1");
    const res = await s.post("/coderunner/assignments/preview", s.teacher, { file: utf16 });
    expect(res.status).toBe(400);
  });
});

describe("prototype pollution", () => {
  it("an XML element named __proto__ or constructor is refused or harmless", async () => {
    for (const name of ["__proto__", "constructor", "prototype"]) {
      const file = quiz(
        `<${name}><question type="coderunner"><name><text>P</text></name></question></${name}>`,
      );
      const res = await s.post("/coderunner/assignments/preview", s.teacher, { file });
      expect(res.status).toBe(400);
      expect(({} as Record<string, unknown>).question).toBeUndefined();
    }
    const inQuestion = quiz(
      `<question type="coderunner"><name><text>P</text></name><__proto__><polluted>1</polluted></__proto__></question>`,
    );
    expect((await s.post("/coderunner/assignments/preview", s.teacher, { file: inQuestion })).status).toBe(
      400,
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("__proto__ and constructor keys in JSON or YAML pollute nothing and are not read as tests", async () => {
    const carried = { name: "x", run: "python3 main.py", input: "1", output: "2", comparison: "exact" };
    for (const file of [
      JSON.stringify({ ["__proto__"]: { tests: [carried] } }),
      `{"__proto__": {"tests": [${JSON.stringify(carried)}], "polluted": 1}}`,
      "__proto__:\n  polluted: 1\n  tests:\n    - name: x\n      run: python3 main.py\n      output: '2'\n      comparison: exact\n",
      "constructor:\n  prototype:\n    polluted: 1\njobs: {}\n",
    ]) {
      const res = await s.post("/github-classroom/preview", s.teacher, { file });
      expect(res.status).toBe(400);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(({} as Record<string, unknown>).tests).toBeUndefined();
    }
    // A test's own __proto__ key is just ignored.
    const res = await s.post("/github-classroom/preview", s.teacher, {
      file: `{"tests": [{"__proto__": {"output": "evil"}, "name": "x", "run": "python3 main.py", "output": "2", "comparison": "exact"}]}`,
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as ClassroomPreview).tests[0].test?.expectedOutput).toBe("2");
  });
});

describe("files built to cost time and memory", () => {
  it("half a million test cases in one question: a 400 naming the limit, not a stack overflow (500)", async () => {
    const n = Math.floor((INTERCHANGE_LIMITS.fileBytes - 300) / "<testcase/>".length);
    const file = quiz(question("Many", "<testcase/>".repeat(n)));
    expect(await s.refused(file)).toMatchObject({
      status: 400,
      code: "INVALID_FILE",
      message: INTERCHANGE_MESSAGES.tooMuchMarkup(markupItems(file)),
    });
    // Under the markup limit, the test count itself is held.
    const tests = INTERCHANGE_LIMITS.testCasesInFile + 1;
    const counted = quiz(question("Many", "<testcase/>".repeat(tests)));
    expect(await s.refused(counted)).toMatchObject({
      status: 400,
      message: INTERCHANGE_MESSAGES.tooManyTestCases(tests),
    });
  });

  it("a file of nothing but tiny elements, or one element with 200,000 attributes, is refused before reading", async () => {
    const tiny = quiz(question("A"), "<a/>".repeat(Math.floor((INTERCHANGE_LIMITS.fileBytes - 500) / 4)));
    expect((await s.refused(tiny)).message).toMatch(/^The file has too many XML elements and attributes/);
    const attrs = quiz(
      `<question type="coderunner" ${Array.from({ length: 200_000 }, (_, i) => `a${i}="1"`).join(" ")}><name><text>A</text></name></question>`,
    );
    expect((await s.refused(attrs)).message).toMatch(/^The file has too many XML elements and attributes/);
  });

  it("a GitHub Classroom file of 1.7 million tests is refused (its preview was 450 MB)", async () => {
    const n = Math.floor((INTERCHANGE_LIMITS.fileBytes - 20) / 3);
    const file = `{"tests":[${Array(n).fill("{}").join(",")}]}`;
    const res = await s.post("/github-classroom/preview", s.teacher, { file });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(INTERCHANGE_MESSAGES.classroomTooManyTests(n));
    const save = await s.post(
      `/github-classroom/assignments/${(await createAssignment(s.t, s.teacher, s.cls.id)).id}`,
      s.teacher,
      {
        file,
      },
    );
    expect(save.status).toBe(400);
  });

  it("YAML over 256 KB is refused before reading (5 MB of list items took 24 s); JSON that size is read", async () => {
    const yaml = `tests:\n${"- a\n".repeat(Math.ceil(INTERCHANGE_LIMITS.yamlBytes / 4) + 1)}`;
    const res = await s.post("/github-classroom/preview", s.teacher, { file: yaml });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(INTERCHANGE_MESSAGES.classroomYamlTooLarge);
    const test = {
      name: "t",
      run: "python3 main.py",
      input: "x".repeat(90_000),
      output: "y",
      comparison: "exact",
    };
    const json = JSON.stringify({ tests: Array(10).fill(test) });
    expect(json.length).toBeGreaterThan(INTERCHANGE_LIMITS.yamlBytes);
    const big = await s.post("/github-classroom/preview", s.teacher, { file: json });
    expect(big.status).toBe(200);
    expect(((await big.json()) as ClassroomPreview).tests.filter((x) => x.test)).toHaveLength(10);
    // Broken JSON that size says why as JSON, without trying it as YAML.
    const broken = await s.post("/github-classroom/preview", s.teacher, { file: `${json.slice(0, -1)},` });
    expect(broken.status).toBe(400);
    expect((await errorOf(broken)).message).toMatch(/^The file could not be read as JSON or YAML/);
  });
});

describe("one file read at a time per user", () => {
  it("while a read holds the user's lease, another read is a 429; other users read on", async () => {
    const file = quiz(question("Q", testcase("1", "1")));
    s.t.config.rateLimit = true;
    try {
      const held = await acquireLease(s.t.db, `interchange:read:${s.teacher.id}`, 60_000);
      expect(held).not.toBeNull();
      const busy = await s.post("/coderunner/assignments/preview", s.teacher, { file });
      expect(busy.status).toBe(429);
      expect(busy.headers.get("retry-after")).toBe("5");
      expect((await errorOf(busy)).message).toBe(INTERCHANGE_MESSAGES.stillReading);
      expect((await s.post("/github-classroom/preview", s.teacher, { file: "{}" })).status).toBe(429);
      expect((await s.post("/coderunner/assignments/preview", s.otherTeacher, { file })).status).toBe(200);
      await releaseLease(s.t.db, `interchange:read:${s.teacher.id}`, held as string);
      expect((await s.post("/coderunner/assignments/preview", s.teacher, { file })).status).toBe(200);
      // A refused file frees the lease too.
      expect((await s.post("/coderunner/assignments/preview", s.teacher, { file: "<broken" })).status).toBe(
        400,
      );
      expect((await s.post("/coderunner/assignments/preview", s.teacher, { file })).status).toBe(200);
    } finally {
      s.t.config.rateLimit = false;
    }
  });
});

describe("who may call what", () => {
  const file = quiz(question("Q", testcase("1", "1")));
  const classroom = JSON.stringify({
    tests: [{ name: "t", run: "python3 main.py", input: "1", output: "1", comparison: "exact" }],
  });

  it("a student gets 403 from every route, an admin from the teacher's, a teacher from the admin's", async () => {
    const mine = await createAssignment(s.t, s.teacher, s.cls.id);
    const calls: [string, string, unknown][] = [
      ["POST", "/coderunner/assignments/preview", { file }],
      ["POST", "/coderunner/assignments", { file, classId: s.cls.id, questions: [1] }],
      ["GET", `/assignments/${mine.id}/coderunner.xml`, undefined],
      ["POST", "/github-classroom/preview", { file: classroom }],
      ["POST", `/github-classroom/assignments/${mine.id}`, { file: classroom }],
    ];
    const adminCalls: [string, string, unknown][] = [
      ["POST", "/coderunner/exercises/preview", { file }],
      ["POST", "/coderunner/exercises", { file, categoryId: crypto.randomUUID(), questions: [1] }],
      ["GET", `/exercises/${exerciseId}/coderunner.xml`, undefined],
    ];
    const status = (who: TestUser, [method, path, body]: [string, string, unknown]) =>
      s.t.request(method, `/api/interchange${path}`, { cookie: who.cookie, body }).then((r) => r.status);
    for (const call of [...calls, ...adminCalls]) expect(await status(s.student, call)).toBe(403);
    for (const call of calls) expect(await status(s.admin, call)).toBe(403);
    for (const call of adminCalls) expect(await status(s.teacher, call)).toBe(403);
    for (const [method, path, body] of calls)
      expect((await s.t.request(method, `/api/interchange${path}`, { body })).status).toBe(401);
  });

  it("another teacher's class, assignment or export is not found (404), a made-up id too", async () => {
    expect(
      (await s.post("/coderunner/assignments", s.teacher, { file, classId: s.otherCls.id, questions: [1] }))
        .status,
    ).toBe(404);
    expect(
      (
        await s.post("/coderunner/assignments", s.teacher, {
          file,
          classId: crypto.randomUUID(),
          questions: [1],
        })
      ).status,
    ).toBe(404);
    // (A NUL in the path is refused by the input hygiene first: 400.)
    expect((await s.post("/github-classroom/assignments/%00", s.teacher, { file: classroom })).status).toBe(
      400,
    );
    for (const id of [otherAssignmentId, crypto.randomUUID(), "not-a-uuid"]) {
      expect(
        (await s.post(`/github-classroom/assignments/${id}`, s.teacher, { file: classroom })).status,
      ).toBe(404);
      const xml = await s.t.request("GET", `/api/interchange/assignments/${id}/coderunner.xml`, {
        cookie: s.teacher.cookie,
      });
      expect(xml.status).toBe(404);
      expect(await xml.text()).not.toContain("OTHER-SECRET");
    }
    for (const id of [crypto.randomUUID(), "not-a-uuid"])
      expect(
        (
          await s.t.request("GET", `/api/interchange/exercises/${id}/coderunner.xml`, {
            cookie: s.admin.cookie,
          })
        ).status,
      ).toBe(404);
    const tests = await s.t.db.select({ input: testCases.input }).from(testCases);
    expect(tests.filter((x) => x.input === "OTHER-SECRET")).toHaveLength(1);
  });

  it("an imported hidden test shows a student nothing but that it exists", async () => {
    const hidden = quiz(question("Hidden one", testcase("HIDDEN-STDIN", "HIDDEN-EXPECTED", "HIDE")));
    const res = await s.post("/coderunner/assignments", s.teacher, {
      file: hidden,
      classId: s.cls.id,
      questions: [1],
    });
    expect(res.status).toBe(201);
    const [created] = ((await res.json()) as { created: { id: string }[] }).created;
    const seen = await s.t.request("GET", `/api/assignments/${created.id}`, { cookie: s.student.cookie });
    expect(seen.status).toBe(200);
    const text = await seen.text();
    expect(text).not.toContain("HIDDEN-STDIN");
    expect(text).not.toContain("HIDDEN-EXPECTED");
  });
});

describe("bad bodies are 400s", () => {
  it("says what is wrong with each", async () => {
    const file = quiz(question("Q", testcase("1", "1")));
    for (const body of [
      {},
      { file: 42 },
      { file: ["<quiz/>"] },
      { file: null },
      { file, classId: s.cls.id, questions: [] },
      { file, classId: s.cls.id, questions: [0] },
      { file, classId: s.cls.id, questions: [1.5] },
      { file, classId: s.cls.id, questions: [2] },
      { file, classId: s.cls.id, questions: ["1"] },
      { file, classId: s.cls.id, questions: Array.from({ length: 201 }, (_, i) => i + 1) },
      { file, classId: "x", questions: [1] },
      { file, questions: [1] },
    ]) {
      const res = await s.post("/coderunner/assignments", s.teacher, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    const raw = await s.t.app.request("http://localhost:3000/api/interchange/github-classroom/preview", {
      method: "POST",
      headers: {
        Cookie: s.teacher.cookie,
        Origin: "http://localhost:3000",
        "Content-Type": "application/json",
      },
      body: '{"file": "unterminated',
    });
    expect(raw.status).toBe(400);
    for (const file of [
      "",
      " ",
      "null",
      "[]",
      "42",
      '"tests"',
      "{}",
      '{"tests": "no"}',
      '{"tests": [null, 1, "x"]}',
    ])
      expect((await s.post("/github-classroom/preview", s.teacher, { file })).status).toBeLessThan(500);
  });
});
