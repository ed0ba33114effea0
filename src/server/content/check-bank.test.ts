// The bank's check on small fixture banks written to a temp folder (never the real bank): each
// kind of bad exercise fails it, with the server's grader and CPython doing the grading.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGraderPool, type GraderPool } from "@/server/python/index.ts";
import type { BankExercise } from "@/shared/api/exercise-file.ts";
import { GCSE_POINT_IDS } from "@/shared/content/gcse-points.ts";
import {
  checkStructure,
  coverage,
  coverageMarkdown,
  coverageProblems,
  coverageTable,
  DOCS_END,
  DOCS_START,
  docsProblem,
  gradeExercises,
  type LoadedExercise,
  loadBankFiles,
  withGeneratedSection,
} from "./check-bank.ts";

const root = fileURLToPath(new URL("../../../", import.meta.url));
let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "pyclass-bank-"));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let n = 0;
/** A good exercise: its solution doubles a number, its starter prints nothing. */
function exercise(overrides: Partial<BankExercise> = {}): BankExercise {
  n++;
  return {
    id: `fixture-double-it-${n}`,
    title: `Fixture: Double It ${n}`,
    description: "Ask for a number and print double it.\n\nExample:\nNumber? 4\n8",
    category: "Fixtures",
    difficulty: "easy",
    language: "python",
    starter_code: 'number = int(input("Number? "))\n# Print double the number here\n',
    solution: 'number = int(input("Number? "))\nprint(number * 2)\n',
    hints: ["Multiply with *.", "print() shows a value."],
    estimated_time: "5 minutes",
    testCases: [
      { description: "Four", input: "4", expected_output: "8" },
      { description: "With the prompt", input: "21", expected_output: "Number? 21\n42" },
      { description: "Edge case: zero", inputs: ["0"], expected_output: "0" },
    ],
    topics: ["arithmetic", "input-output"],
    ...overrides,
  };
}

function writeFile(name: string, body: unknown): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, JSON.stringify(body, null, 2));
  return file;
}

function bankFile(name: string, exercises: BankExercise[], category = "Fixtures") {
  return writeFile(name, {
    category: { name: category, description: "Fixture exercises.", display_order: 1 },
    exercises: exercises.map((e) => ({ ...e, category })),
  });
}

const threeLevels = () => [exercise(), exercise({ difficulty: "medium" }), exercise({ difficulty: "hard" })];

describe("loading and structure", () => {
  it("reports a schema error with the file, the exercise and the field", () => {
    const bad = exercise({ title: "Fixture: One Hint", hints: ["Only one."] });
    const file = bankFile("schema.json", [bad]);
    const { files, problems } = loadBankFiles([file]);
    expect(files).toHaveLength(0);
    expect(problems).toHaveLength(1);
    expect(problems[0].file).toBe(file);
    expect(problems[0].message).toMatch(/^exercises\[0\] "Fixture: One Hint" › hints: /);
  });

  it("names an unknown GCSE point, and a file that is not JSON", () => {
    const file = bankFile("topic.json", [exercise({ topics: ["loops" as never] })]);
    expect(loadBankFiles([file]).problems[0].message).toMatch(/topics\[0\]: unknown GCSE point "loops"/);
    const broken = path.join(dir, "broken.json");
    fs.writeFileSync(broken, '{"exercises": [');
    expect(loadBankFiles([broken]).problems[0].message).toMatch(/cannot be read as JSON/);
  });

  it("fails a duplicate title (case and spacing aside), also across files", () => {
    const a = exercise({ title: "Fixture: Same Name" });
    const b = exercise({ title: "fixture:  same name", difficulty: "medium" });
    const { files, problems } = loadBankFiles([
      bankFile("dup-a.json", [a, b, exercise({ difficulty: "hard" })]),
      bankFile("dup-b.json", [...threeLevels(), exercise({ title: "Fixture: Same Name" })], "Other"),
    ]);
    expect(problems).toEqual([]);
    const found = checkStructure(files);
    expect(found.map((p) => p.message)).toEqual([
      expect.stringMatching(/title "fixture: {2}same name" is used twice \(also in .*dup-a\.json\)/),
      expect.stringMatching(/title "Fixture: Same Name" is used twice/),
    ]);
    expect(found[0].title).toBe("fixture:  same name");
    // Checking one file: the rest of the bank's titles still count.
    const one = loadBankFiles([bankFile("dup-c.json", [...threeLevels(), exercise({ title: "Taken" })])]);
    expect(checkStructure(one.files, { otherTitles: [{ file: "x.json", title: "TAKEN" }] })).toHaveLength(1);
  });

  it("fails an id that is not a slug, or that another exercise of the bank already has", () => {
    const bad = loadBankFiles([bankFile("bad-id.json", [exercise({ id: "Not A Slug" }), ...threeLevels()])]);
    expect(bad.problems.map((p) => p.message)).toEqual([
      expect.stringMatching(/id: must be lower-case letters and digits joined by dashes/),
    ]);
    const { files, problems } = loadBankFiles([
      bankFile("ids-a.json", [exercise({ id: "same-id" }), ...threeLevels()]),
      bankFile("ids-b.json", [exercise({ id: "same-id" }), ...threeLevels()], "Other"),
    ]);
    expect(problems).toEqual([]);
    expect(checkStructure(files).map((p) => p.message)).toEqual([
      expect.stringMatching(/id "same-id" is used twice \(also in .*ids-a\.json\)/),
    ]);
    // Checking one file: the rest of the bank's ids still count.
    const one = loadBankFiles([bankFile("ids-c.json", [exercise({ id: "taken-id" }), ...threeLevels()])]);
    expect(
      checkStructure(one.files, { otherTitles: [{ file: "x.json", title: "Elsewhere", id: "taken-id" }] }),
    ).toHaveLength(1);
  });

  it("fails test input the import would read otherwise than written", () => {
    const e = exercise({ title: "Fixture: Inputs" });
    e.testCases[0] = { description: "Blank", inputs: ["1", "", "2"], expected_output: "x" };
    e.testCases[1] = { description: "Both", input: "1", inputs: ["2"], expected_output: "x" };
    const { files } = loadBankFiles([bankFile("inputs.json", [e, ...threeLevels().slice(1)])]);
    expect(checkStructure(files).map((p) => p.message)).toEqual([
      expect.stringMatching(
        /"Fixture: Inputs": test 1 \(Blank\) has a blank line in inputs, which is dropped/,
      ),
      expect.stringMatching(/test 2 \(Both\) gives both input and inputs/),
    ]);
  });

  it("needs easy, medium and hard in each category, and a bank of 150 in 12 with --require-bank", () => {
    const { files } = loadBankFiles([
      bankFile("levels.json", [exercise(), exercise({ difficulty: "hard" })]),
    ]);
    const messages = checkStructure(files, { requireBank: true }).map((p) => p.message);
    expect(messages[0]).toMatch(/category "Fixtures" has no medium exercise/);
    expect(messages).toContainEqual(
      expect.stringMatching(/2 exercises in 1 categories; it needs at least 150 in at least 12/),
    );
    expect(messages).toContainEqual(expect.stringMatching(/premade entry "What is an Array"/));
    expect(checkStructure([], { requireBank: true })[0].message).toMatch(/the bank has 0 exercises/);
  });
});

describe("coverage", () => {
  it("flags every point with fewer than 2 exercises, and lists each point in the table", () => {
    const xs: LoadedExercise[] = [
      { file: "f", exercise: exercise({ topics: ["arithmetic", "random"] }) },
      { file: "f", exercise: exercise({ topics: ["arithmetic"] }) },
    ];
    const rows = coverage(xs);
    expect(rows.map((r) => r.point)).toEqual(GCSE_POINT_IDS);
    const gaps = coverageProblems(rows).map((p) => p.message);
    expect(gaps).toHaveLength(GCSE_POINT_IDS.length - 1);
    expect(gaps).toContainEqual(
      expect.stringMatching(/"random" .* is practised by 1 exercise\(s\); it needs at least 2/),
    );
    expect(gaps.some((m) => m.includes('"arithmetic"'))).toBe(false);
    const table = coverageTable(rows);
    expect(table).toMatch(/arithmetic: .* 2 +✔/);
    expect(table).toMatch(/random: .* 1 +✖ fewer than 2/);
  });

  it("keeps the docs' generated table in step with the bank", () => {
    const { files } = loadBankFiles([bankFile("docs.json", threeLevels())]);
    const doc = path.join(dir, "content.md");
    fs.writeFileSync(doc, `# Bank\n\n${DOCS_START}\nold table\n${DOCS_END}\n`);
    expect(docsProblem(doc, files)?.message).toMatch(
      /out of date: run `npm run exercises:check -- --write-docs`/,
    );
    fs.writeFileSync(doc, withGeneratedSection(fs.readFileSync(doc, "utf8"), coverageMarkdown(files))!);
    expect(docsProblem(doc, files)).toBeNull();
    expect(fs.readFileSync(doc, "utf8")).toMatch(
      /\| Arithmetic .* \| 3: Fixture: Double It \d+ \(Fixtures, easy\);/,
    );
    fs.writeFileSync(doc, "# No markers\n");
    expect(docsProblem(doc, files)?.message).toMatch(/has no generated section/);
  });
});

describe("grading with the server's grader and CPython", () => {
  let pool: GraderPool;
  beforeAll(async () => {
    pool = createGraderPool({ size: 1, reuseInterpreter: true, maxQueue: 1000 });
    await pool.ready();
  });
  afterAll(() => pool.close());

  const grade = async (e: BankExercise) => {
    const [r] = await gradeExercises([{ file: "fixture.json", exercise: e }], pool);
    return r;
  };

  it("passes a good exercise", async () => {
    const r = await grade(exercise());
    expect(r.problems).toEqual([]);
    expect(r).toMatchObject({ solutionOk: true, starterOk: true });
  });

  describe("drawing tests (decision 077)", () => {
    /** A star of `size` (the input) turning `angle`; it prints the same whatever it draws. */
    const star = (angle: string) =>
      `import turtle\nsize = int(input("Size? "))\nfor i in range(5):\n    turtle.forward(size)\n    turtle.right(${angle})\nprint("A star")\n`;
    const drawing = (overrides: Partial<BankExercise> = {}) =>
      exercise({
        solution: star("144"),
        starter_code: 'import turtle\nsize = int(input("Size? "))\nprint("A star")\n',
        testCases: [
          { description: "Big star", input: "100", expected_output: "A star", compare_drawing: true },
          { description: "Small star", input: "40", expected_output: "A star", compare_drawing: true },
          { description: "Prints", input: "10", expected_output: "A star" },
        ],
        ...overrides,
      });

    it("passes a solution that draws, and fails a starter that only prints", async () => {
      const r = await grade(drawing());
      expect(r.problems).toEqual([]);
      expect(r).toMatchObject({ solutionOk: true, starterOk: true });
      // The starter prints the right words: only the drawing tests fail it.
      const printsOnly = await grade(drawing({ starter_code: star("144") }));
      expect(printsOnly.starterOk).toBe(false);
      expect(printsOnly.problems.map((p) => p.message).join("\n")).toMatch(
        /starter code already passes every test/,
      );
    });

    it("fails a drawing test whose solution draws nothing with its input", async () => {
      const r = await grade(drawing({ solution: 'size = int(input("Size? "))\nprint("A star")\n' }));
      expect(r.solutionOk).toBe(false);
      expect(r.problems.map((p) => p.message)).toContain(
        `"${r.exercise.title}": test 1 (Big star) compares the drawing, but the solution draws nothing: a drawing test needs a program that draws lines or filled shapes with turtle.`,
      );
    });

    it("fails a solution that draws something else under CPython than in the grader", async () => {
      const r = await grade(
        drawing({
          solution: star('144 if sys.platform == "emscripten" else 143').replace(
            "import turtle",
            "import sys, turtle",
          ),
        }),
      );
      expect(r.solutionOk).toBe(false);
      expect(r.problems.map((p) => p.message).join("\n")).toMatch(
        /draws something else under CPython than in the grader \(Pyodide\) on test 1 \(Big star\): Expected 5 lines/,
      );
    });
  });

  it("fails a deliberately broken solution, showing expected and actual", async () => {
    const r = await grade(exercise({ solution: 'number = int(input("Number? "))\nprint(number + 2)\n' }));
    expect(r.solutionOk).toBe(false);
    expect(r.problems.map((p) => p.message)).toEqual([
      expect.stringMatching(
        /the solution fails test 1 \(Four\)\n {4}expected: {3}"8"\n {4}transcript: "Number\? 4\\n6\\n"/,
      ),
      expect.stringMatching(/fails test 2/),
      expect.stringMatching(/fails test 3 \(Edge case: zero\)/),
    ]);
  });

  it("fails a starter that already passes every test", async () => {
    const r = await grade(exercise({ starter_code: 'number = int(input("Number? "))\nprint(number * 2)\n' }));
    expect(r.starterOk).toBe(false);
    expect(r.problems.map((p) => p.message)).toEqual([
      expect.stringMatching(/starter code already passes every test/),
    ]);
  });

  it("fails a starter that raises on its first test", async () => {
    const r = await grade(exercise({ starter_code: 'number = int(input("Number? "))\nprint(number / 0)\n' }));
    expect(r.starterOk).toBe(false);
    expect(r.problems.map((p) => p.message)).toEqual([
      expect.stringMatching(
        /starter code must run without an error on test 1, but: Error: ZeroDivisionError: .*\(line 2\)/,
      ),
    ]);
  });

  it("grades the starter as the editor shows it (literal \\n outside strings is a line break)", async () => {
    const r = await grade(exercise({ starter_code: 'number = int(input("Number? "))\\nprint("?")\\n' }));
    expect(r.problems).toEqual([]);
  });

  it("reports a solution that prints something else under CPython than in Pyodide", async () => {
    const e = exercise({
      solution: "import sys\nprint(sys.platform)\n",
      starter_code: "print('?')\n",
      testCases: ["one", "two", "three"].map((d) => ({ description: d, expected_output: "emscripten" })),
    });
    const r = await grade(e);
    expect(r.solutionOk).toBe(false);
    expect(r.starterOk).toBe(true);
    expect(r.problems).toHaveLength(3);
    expect(r.problems[0].message).toMatch(
      /prints something else under CPython than in the grader \(Pyodide\) on test 1 \(one\)\n {4}grader: {2}"emscripten\\n"\n {4}CPython: "linux\\n"/,
    );
  });

  it("rejects (no exercise counts as checked) when python3 cannot be started", async () => {
    const run = gradeExercises([{ file: "fixture.json", exercise: exercise() }], pool, {
      python: "/nonexistent/python3",
    });
    await expect(run).rejects.toThrow(/python3 could not be started .*--no-cpython skips CPython/);
  });

  it("a random draw with a fixed seed prints the same under both", async () => {
    const r = await grade(
      exercise({
        solution: "import random\nrandom.seed(7)\nprint(random.randint(1, 100), random.choice('abc'))\n",
        starter_code: "import random\n",
        testCases: ["a", "b", "c"].map((d) => ({ description: d, expected_output: "42 a" })),
      }),
    );
    // Only the expected output may be wrong here: the draw itself must agree.
    expect(r.problems.filter((p) => p.message.includes("CPython"))).toEqual([]);
  });
});

describe("npm run exercises:check", () => {
  it("exits 1 with the problems on a bad file, 0 on a good one, and prints the tables", () => {
    const good = bankFile("cli-good.json", threeLevels(), "CLI Good");
    const bad = bankFile(
      "cli-bad.json",
      [exercise({ title: "Fixture: CLI Broken", solution: "print(1)\n" }), ...threeLevels()],
      "CLI Bad",
    );
    const report = path.join(dir, "report.json");
    const run = (...args: string[]) =>
      spawnSync("npx", ["tsx", "src/server/cli/exercises-check.ts", "--jobs", "1", ...args], {
        cwd: root,
        encoding: "utf8",
      });
    const failed = run("--report", report, bad);
    expect(failed.status, failed.stderr).toBe(1);
    expect(failed.stdout).toMatch(/CLI Bad +4 +2 +1 +1 +12 +3\/4 +4\/4/);
    expect(failed.stdout).toMatch(/✖ .*cli-bad\.json: "Fixture: CLI Broken": the solution fails test 1/);
    expect(failed.stdout).toMatch(/✖ 4 exercises checked: 3 passed, 1 failed/);
    expect(JSON.parse(fs.readFileSync(report, "utf8"))).toEqual({
      exercises: 4,
      passed: 3,
      failed: 1,
      problems: 3,
    });

    const passed = run(good);
    expect(passed.status, passed.stdout).toBe(0);
    expect(passed.stdout).toMatch(/Total \(1 categories\) +3 +1 +1 +1 +9 +3\/3 +3\/3/);
    expect(passed.stdout).toMatch(/GCSE coverage/);
    expect(passed.stdout).toMatch(/✔ 3 exercises checked: 3 passed, 0 failed/);
  });

  const cli = (...args: string[]) =>
    spawnSync("npx", ["tsx", "src/server/cli/exercises-check.ts", "--jobs", "1", ...args], {
      cwd: root,
      encoding: "utf8",
    });

  it("passes an empty bank, and fails it with --require-bank (size, premade entries, coverage)", () => {
    const bank = fs.mkdtempSync(path.join(dir, "empty-"));
    const docs = path.join(bank, "content.md");
    fs.writeFileSync(docs, `${DOCS_START}\n${DOCS_END}\n`);
    expect(cli("--bank", bank, "--docs", docs, "--write-docs").status).toBe(0);
    const plain = cli("--bank", bank, "--docs", docs);
    expect(plain.status, plain.stdout).toBe(0);
    expect(plain.stdout).toMatch(/a failure with --require-bank/);
    const required = cli("--bank", bank, "--docs", docs, "--require-bank");
    expect(required.status).toBe(1);
    expect(required.stdout).toMatch(/✖ .*: the bank has 0 exercises in 0 categories; it needs at least 150/);
    expect(required.stdout).toMatch(/premade entry "Using Comments"/);
    expect(required.stdout).toMatch(/GCSE point "merge-sort" .* is practised by 0 exercise\(s\)/);
  });

  it("fails a whole bank whose docs table is out of date until --write-docs refreshes it", () => {
    const bank = fs.mkdtempSync(path.join(dir, "whole-"));
    const docs = path.join(bank, "content.md");
    fs.writeFileSync(docs, `# Bank\n\n${DOCS_START}\n${DOCS_END}\n`);
    fs.copyFileSync(bankFile("whole.json", threeLevels(), "Whole"), path.join(bank, "whole.json"));
    const stale = cli("--bank", bank, "--docs", docs);
    expect(stale.status).toBe(1);
    expect(stale.stdout).toMatch(/content\.md: its table of specification points is out of date/);
    expect(cli("--bank", bank, "--docs", docs, "--write-docs").stdout).toMatch(/tables updated/);
    const fresh = cli("--bank", bank, "--docs", docs);
    expect(fresh.status, fresh.stdout).toBe(0);
    expect(fs.readFileSync(docs, "utf8")).toMatch(/^# Bank\n\n.*\nThe bank has 3 exercises in 1 category\./);
  });
});
