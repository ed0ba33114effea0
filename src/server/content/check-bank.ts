// The exercise bank's check (npm run exercises:check): every file in content/exercises matches
// the BankFile contract, titles are unique, each category has easy, medium and hard exercises,
// every model solution passes its tests in the server grader and prints the same under CPython,
// every starter runs and fails a test, and every GCSE point is practised by at least two
// exercises. A drawing test (compare_drawing, decision 077) needs the solution to draw with its
// input; the solution's drawing is recorded in the grader, as the server records it, the solution
// and starter are graded against it, and the solution must draw the same under CPython. The CLI (src/server/cli/exercises-check.ts) prints what this returns.
import fs from "node:fs";
import path from "node:path";
import type { z } from "zod";
import { type ModelDrawing, modelDrawing } from "@/server/grading/model-drawing.ts";
import type { GraderPool } from "@/server/python/index.ts";
import {
  type BankExercise,
  BankFile,
  EXERCISE_DIFFICULTIES,
  type ExerciseDifficulty,
  testCaseInput,
} from "@/shared/api/exercise-file.ts";
import { GCSE_POINT_IDS, GCSE_POINTS, type GcsePointId } from "@/shared/content/gcse-points.ts";
import { expandStarterCode } from "@/shared/grading/compare.ts";
import { compareDrawings, drawingShape } from "@/shared/grading/drawing-shape.mjs";
import type { GradeResult, TestCase } from "@/shared/grading/types.ts";
import { type CPythonRun, runUnderCPython } from "./cpython.ts";

/** What the whole bank must reach (`--require-bank`). */
export const BANK_MINIMUM = { exercises: 150, categories: 12 };
/** The spec's three premade entries (spec 02 §3), by title and category. */
export const PREMADE_ENTRIES = [
  { title: "Using Comments", category: "Variables & Operators" },
  { title: "Print and Input with Strings", category: "Variables & Operators" },
  { title: "What is an Array", category: "Arrays" },
] as const;
/** A GCSE point practised by fewer exercises than this is a gap. */
export const MIN_EXERCISES_PER_POINT = 2;

/** One thing wrong: where (a file, maybe an exercise in it) and what. */
export type Problem = { file: string; title?: string; message: string };

export type LoadedFile = { file: string; data: BankFile };
export type LoadedExercise = { file: string; exercise: BankExercise };

/** Prints `file` relative to the working folder when it lies inside it. */
function shown(file: string): string {
  const rel = path.relative(process.cwd(), file);
  return rel && !rel.startsWith("..") ? rel : file;
}

/** The *.json files of a folder, sorted (none when it does not exist). */
export function bankFilesIn(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => path.join(dir, name));
}

function valueAt(data: unknown, at: PropertyKey[]): unknown {
  let v = data;
  for (const key of at) v = v == null ? undefined : (v as Record<PropertyKey, unknown>)[key];
  return v;
}

/** `exercises[3] "Title" › testCases[1].expected_output: must not be blank`. */
function describeIssue(data: unknown, issue: z.core.$ZodIssue): { title?: string; message: string } {
  const at = issue.path;
  const part = (keys: PropertyKey[]) =>
    keys.map((k, i) => (typeof k === "number" ? `[${k}]` : `${i ? "." : ""}${String(k)}`)).join("");
  let where = part(at);
  let title: string | undefined;
  const t = at[0] === "exercises" ? valueAt(data, ["exercises", at[1], "title"]) : undefined;
  if (typeof at[1] === "number" && typeof t === "string" && t.trim()) {
    title = t;
    const rest = at.slice(2);
    where = `${part(at.slice(0, 2))} "${t}"${rest.length ? ` › ${part(rest)}` : ""}`;
  }
  let message = issue.message;
  if (issue.code === "invalid_value" && at.includes("topics")) {
    message = `unknown GCSE point ${JSON.stringify(valueAt(data, at))} (the ids are in src/shared/content/gcse-points.ts)`;
  }
  return { title, message: where ? `${where}: ${message}` : message };
}

/** Reads and validates each file; a file that does not parse or match adds problems instead. */
export function loadBankFiles(files: string[]): { files: LoadedFile[]; problems: Problem[] } {
  const loaded: LoadedFile[] = [];
  const problems: Problem[] = [];
  for (const file of files) {
    let data: unknown;
    try {
      data = JSON.parse(fs.readFileSync(file, "utf8"));
    } catch (e) {
      problems.push({ file, message: `cannot be read as JSON (${e instanceof Error ? e.message : e})` });
      continue;
    }
    const parsed = BankFile.safeParse(data);
    if (parsed.success) {
      loaded.push({ file, data: parsed.data });
      continue;
    }
    for (const issue of parsed.error.issues) problems.push({ file, ...describeIssue(data, issue) });
  }
  return { files: loaded, problems };
}

/** Titles as a teacher would tell them apart (case and spacing aside). */
const titleKey = (title: string) => title.trim().replace(/\s+/g, " ").toLowerCase();

/**
 * Checks the contract cannot: unique titles and ids (also against `otherTitles`, the rest of the
 * bank when only some files are checked), one file per category, easy, medium and hard in each category,
 * test inputs the import would read otherwise than written, and with `requireBank` the bank's size
 * and the spec's premade entries.
 */
export function checkStructure(
  files: LoadedFile[],
  options: { requireBank?: boolean; otherTitles?: { file: string; title: string; id?: string }[] } = {},
): Problem[] {
  const problems: Problem[] = [];
  const seen = new Map<string, string>();
  // The id is the exercise's identity in every database seeded from the bank (decision 044).
  const seenIds = new Map<string, string>();
  for (const other of options.otherTitles ?? []) {
    seen.set(titleKey(other.title), shown(other.file));
    if (other.id) seenIds.set(other.id, shown(other.file));
  }
  const categories = new Map<string, string>();
  for (const { file, data } of files) {
    const earlier = categories.get(data.category.name);
    if (earlier)
      problems.push({ file, message: `category "${data.category.name}" is also the category of ${earlier}` });
    categories.set(data.category.name, shown(file));
    const levels = new Set<ExerciseDifficulty>();
    for (const e of data.exercises) {
      levels.add(e.difficulty);
      const key = titleKey(e.title);
      const first = seen.get(key);
      if (first !== undefined)
        problems.push({
          file,
          title: e.title,
          message: `title "${e.title}" is used twice (also in ${first})`,
        });
      else seen.set(key, shown(file));
      const idFirst = seenIds.get(e.id);
      if (idFirst !== undefined)
        problems.push({ file, title: e.title, message: `id "${e.id}" is used twice (also in ${idFirst})` });
      else seenIds.set(e.id, shown(file));
      e.testCases.forEach((tc, i) => {
        // testCaseInput (the import's rule) drops blank `inputs` lines and prefers `inputs`.
        const say = (message: string) =>
          problems.push({
            file,
            title: e.title,
            message: `"${e.title}": test ${i + 1} (${tc.description}) ${message}`,
          });
        if (tc.input !== undefined && tc.inputs !== undefined) say("gives both input and inputs: give one");
        if (tc.inputs?.some((line) => line.trim() === ""))
          say('has a blank line in inputs, which is dropped: to send an empty line write input "…\n\n…"');
      });
    }
    const missing = EXERCISE_DIFFICULTIES.filter((d) => !levels.has(d));
    if (missing.length > 0)
      problems.push({
        file,
        message: `category "${data.category.name}" has no ${missing.join(" or ")} exercise (each category needs easy, medium and hard)`,
      });
  }
  if (options.requireBank) {
    const count = files.reduce((n, f) => n + f.data.exercises.length, 0);
    if (count < BANK_MINIMUM.exercises || categories.size < BANK_MINIMUM.categories)
      problems.push({
        file: "content/exercises",
        message: `the bank has ${count} exercises in ${categories.size} categories; it needs at least ${BANK_MINIMUM.exercises} in at least ${BANK_MINIMUM.categories}`,
      });
    for (const entry of PREMADE_ENTRIES) {
      const found = files.some(
        (f) =>
          f.data.category.name === entry.category &&
          f.data.exercises.some(
            (e) => titleKey(e.title) === titleKey(entry.title) && e.difficulty === "easy",
          ),
      );
      if (!found)
        problems.push({
          file: "content/exercises",
          message: `the spec's premade entry "${entry.title}" (easy, category "${entry.category}") is missing`,
        });
    }
  }
  return problems;
}

/** Every GCSE point of the catalogue with the exercises that practise it, in catalogue order. */
export function coverage(exercises: LoadedExercise[]): { point: GcsePointId; exercises: BankExercise[] }[] {
  return GCSE_POINT_IDS.map((point) => ({
    point,
    exercises: exercises.map((x) => x.exercise).filter((e) => e.topics.includes(point)),
  }));
}

export function coverageProblems(rows: ReturnType<typeof coverage>): Problem[] {
  return rows
    .filter((r) => r.exercises.length < MIN_EXERCISES_PER_POINT)
    .map((r) => ({
      file: "content/exercises",
      message: `GCSE point "${r.point}" (${GCSE_POINTS[r.point].label}) is practised by ${r.exercises.length} exercise(s); it needs at least ${MIN_EXERCISES_PER_POINT}`,
    }));
}

/** What grading found for one exercise. */
export type ExerciseResult = LoadedExercise & {
  solutionOk: boolean;
  starterOk: boolean;
  problems: Problem[];
};

const MAX_SHOWN = 400;
function quote(text: string): string {
  const q = JSON.stringify(text);
  return q.length > MAX_SHOWN ? `${q.slice(0, MAX_SHOWN)}…" (${text.length} characters)` : q;
}

/** The exercise's tests; a drawing test with the solution's drawing, when it was recorded. */
function testsOf(e: BankExercise, drawings: (ModelDrawing | null)[] = []): TestCase[] {
  return e.testCases.map((tc, i) => {
    const made = drawings[i];
    return {
      input: testCaseInput(tc),
      expectedOutput: tc.expected_output,
      ...(made && "drawing" in made ? { expectedDrawing: made.drawing } : {}),
    };
  });
}

/**
 * Each test's recorded drawing (null for a test of output only): the solution run with each
 * drawing test's input in the grader with `recordDrawing`, as the server records it (decision 077).
 */
async function recordDrawings(e: BankExercise, pool: GraderPool): Promise<(ModelDrawing | null)[]> {
  const at = e.testCases.flatMap((tc, i) => (tc.compare_drawing ? [i] : []));
  if (at.length === 0) return e.testCases.map(() => null);
  const recorded = await pool.grade(
    e.solution,
    at.map((i) => ({ input: testCaseInput(e.testCases[i]), expectedOutput: "", recordDrawing: true })),
  );
  const drawings: (ModelDrawing | null)[] = e.testCases.map(() => null);
  at.forEach((i, k) => {
    drawings[i] = modelDrawing(recorded.results[k]);
  });
  return drawings;
}

/** The exercise's problems from its solution's and starter's grades and the solution under CPython. */
export function judgeExercise(
  x: LoadedExercise,
  solution: GradeResult,
  starter: GradeResult,
  cpython: CPythonRun[] | null,
  drawings: (ModelDrawing | null)[] = [],
): ExerciseResult {
  const { file, exercise: e } = x;
  const problems: Problem[] = [];
  const say = (message: string) =>
    problems.push({ file, title: e.title, message: `"${e.title}": ${message}` });

  let drawingsOk = true;
  drawings.forEach((made, i) => {
    if (made && "why" in made) {
      drawingsOk = false;
      say(`test ${i + 1} (${e.testCases[i].description}) compares the drawing, but the solution ${made.why}`);
    }
  });

  solution.results.forEach((r, i) => {
    if (r.passed) return;
    const tc = e.testCases[i];
    say(
      `the solution fails test ${i + 1} (${tc.description})\n    expected:   ${quote(tc.expected_output)}\n    transcript: ${quote(r.output)}` +
        (r.plainOutput !== undefined && r.plainOutput !== r.output
          ? `\n    output:     ${quote(r.plainOutput)}`
          : ""),
    );
  });
  const solutionGraded = solution.passed === solution.total;

  let cpythonOk = true;
  cpython?.forEach((cp, i) => {
    const r = solution.results[i];
    const made = drawings[i];
    if (made && "drawing" in made && cp.drawing) {
      const there = compareDrawings(made.drawing, drawingShape([JSON.stringify(cp.drawing)]));
      if (!there.matches) {
        cpythonOk = false;
        say(
          `the solution draws something else under CPython than in the grader (Pyodide) on test ${i + 1} (${e.testCases[i].description}): ${there.summary}`,
        );
      }
    }
    if (!r || (cp.transcript === r.output && cp.error === r.error)) return;
    cpythonOk = false;
    say(
      `the solution prints something else under CPython than in the grader (Pyodide) on test ${i + 1} (${e.testCases[i].description})\n    grader:  ${quote(r.output)}\n    CPython: ${quote(cp.transcript)}\n    (a random draw without a fixed seed? sys.version or sys.platform? an exception's own text?)`,
    );
  });

  const first = starter.results[0];
  const starterRuns = first !== undefined && first.error === null;
  if (!starterRuns)
    say(`the starter code must run without an error on test 1, but: ${first?.error ?? "no result"}`);
  const starterFails = starter.passed < starter.total;
  if (!starterFails) say("the starter code already passes every test (it must fail at least one)");

  return {
    ...x,
    solutionOk: solutionGraded && cpythonOk && drawingsOk,
    starterOk: starterRuns && starterFails,
    problems,
  };
}

/**
 * Grades every solution and starter in `pool` (all at once: the pool schedules them) and runs
 * every solution under CPython alongside, in one python3 process.
 */
export async function gradeExercises(
  exercises: LoadedExercise[],
  pool: GraderPool,
  options: { cpython?: boolean; python?: string } = {},
): Promise<ExerciseResult[]> {
  const cpythonRuns =
    options.cpython === false
      ? Promise.resolve(null)
      : runUnderCPython(
          exercises.flatMap(({ exercise: e }) =>
            e.testCases.map((tc) => ({
              code: e.solution,
              input: testCaseInput(tc),
              ...(tc.compare_drawing ? { drawing: true } : {}),
            })),
          ),
          { python: options.python },
        );
  const graded = Promise.all(
    exercises.map(async ({ exercise: e }) => {
      const drawings = await recordDrawings(e, pool);
      const tests = testsOf(e, drawings);
      // The starter as the student's editor shows it (literal \n outside strings becomes a line break).
      const [solution, starter] = await Promise.all([
        pool.grade(e.solution, tests),
        pool.grade(expandStarterCode(e.starter_code), tests),
      ]);
      return { solution, starter, drawings };
    }),
  );
  const [cp, grades] = await Promise.all([cpythonRuns, graded]);
  let at = 0;
  return exercises.map((x, i) => {
    const n = x.exercise.testCases.length;
    const mine = cp ? cp.slice(at, at + n) : null;
    at += n;
    return judgeExercise(x, grades[i].solution, grades[i].starter, mine, grades[i].drawings);
  });
}

export type CategoryRow = {
  name: string;
  file: string;
  exercises: number;
  difficulty: Record<ExerciseDifficulty, number>;
  tests: number;
  solutionsOk: number;
  startersOk: number;
};

/** One row per category (in display order) with its counts; ok counts from `results`. */
export function categoryRows(files: LoadedFile[], results: ExerciseResult[] = []): CategoryRow[] {
  const byTitle = new Map(results.map((r) => [`${r.file}\0${r.exercise.title}`, r]));
  return [...files]
    .sort(
      (a, b) => a.data.category.display_order - b.data.category.display_order || a.file.localeCompare(b.file),
    )
    .map(({ file, data }) => {
      const row: CategoryRow = {
        name: data.category.name,
        file,
        exercises: data.exercises.length,
        difficulty: { easy: 0, medium: 0, hard: 0 },
        tests: 0,
        solutionsOk: 0,
        startersOk: 0,
      };
      for (const e of data.exercises) {
        row.difficulty[e.difficulty]++;
        row.tests += e.testCases.length;
        const r = byTitle.get(`${file}\0${e.title}`);
        if (r?.solutionOk) row.solutionsOk++;
        if (r?.starterOk) row.startersOk++;
      }
      return row;
    });
}

/** A plain text table: the first column left-aligned, the others right-aligned. */
export function textTable(header: string[], rows: (string | number)[][]): string {
  const cells = [header, ...rows].map((r) => r.map(String));
  const widths = header.map((_, c) => Math.max(...cells.map((r) => (r[c] ?? "").length)));
  const line = (r: string[]) =>
    r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join("  ");
  return [line(cells[0]), widths.map((w) => "─".repeat(w)).join("  "), ...cells.slice(1).map(line)].join(
    "\n",
  );
}

export function categoryTable(rows: CategoryRow[], graded: boolean): string {
  const sum = (f: (r: CategoryRow) => number) => rows.reduce((n, r) => n + f(r), 0);
  const ok = (n: number, of: number) => (graded ? `${n}/${of}` : "-");
  const body = rows.map((r) => [
    r.name,
    r.exercises,
    r.difficulty.easy,
    r.difficulty.medium,
    r.difficulty.hard,
    r.tests,
    ok(r.solutionsOk, r.exercises),
    ok(r.startersOk, r.exercises),
  ]);
  const n = sum((r) => r.exercises);
  body.push([
    `Total (${rows.length} categories)`,
    n,
    sum((r) => r.difficulty.easy),
    sum((r) => r.difficulty.medium),
    sum((r) => r.difficulty.hard),
    sum((r) => r.tests),
    ok(
      sum((r) => r.solutionsOk),
      n,
    ),
    ok(
      sum((r) => r.startersOk),
      n,
    ),
  ]);
  return textTable(
    ["Category", "Exercises", "Easy", "Medium", "Hard", "Tests", "Solution ok", "Starter ok"],
    body,
  );
}

export function coverageTable(rows: ReturnType<typeof coverage>): string {
  return textTable(
    ["GCSE point", "AQA", "OCR", "Exercises", ""],
    rows.map((r) => [
      `${r.point}: ${GCSE_POINTS[r.point].label}`,
      GCSE_POINTS[r.point].aqa,
      GCSE_POINTS[r.point].ocr,
      r.exercises.length,
      r.exercises.length < MIN_EXERCISES_PER_POINT ? "✖ fewer than 2" : "✔",
    ]),
  );
}

// ---- docs/content.md: the generated tables between two markers --------------------------------

export const DOCS_START =
  "<!-- exercises:coverage:start - generated by `npm run exercises:check -- --write-docs`; do not edit -->";
export const DOCS_END = "<!-- exercises:coverage:end -->";

const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\s+/g, " ");

/** The markdown tables of categories and of GCSE points → exercises, from the bank's files. */
export function coverageMarkdown(files: LoadedFile[]): string {
  const rows = categoryRows(files);
  const exercises = rows.flatMap((r) => files.find((f) => f.file === r.file)!.data.exercises);
  const out: string[] = [];
  const total = exercises.length;
  out.push(
    `The bank has ${total} exercise${total === 1 ? "" : "s"} in ${rows.length} categor${rows.length === 1 ? "y" : "ies"}.`,
    "",
  );
  out.push("| Category | Exercises | Easy | Medium | Hard |", "| --- | ---: | ---: | ---: | ---: |");
  for (const r of rows)
    out.push(
      `| ${cell(r.name)} | ${r.exercises} | ${r.difficulty.easy} | ${r.difficulty.medium} | ${r.difficulty.hard} |`,
    );
  out.push("", "| Specification point | AQA 8525 | OCR J277 | Exercises |", "| --- | --- | --- | --- |");
  const ordered = rows.flatMap((r) =>
    files.find((f) => f.file === r.file)!.data.exercises.map((exercise) => ({ file: r.file, exercise })),
  );
  for (const { point, exercises: practising } of coverage(ordered)) {
    const p = GCSE_POINTS[point];
    const list = practising.length
      ? practising.map((e) => `${cell(e.title)} (${e.category}, ${e.difficulty})`).join("; ")
      : "**none yet**";
    out.push(
      `| ${cell(p.label)} | ${p.aqa.replace("AQA ", "")} | ${p.ocr.replace("OCR ", "")} | ${practising.length}: ${list} |`,
    );
  }
  return out.join("\n");
}

/** `doc` with the text between the markers replaced by `generated`; null when a marker is missing. */
export function withGeneratedSection(doc: string, generated: string): string | null {
  const start = doc.indexOf(DOCS_START);
  const end = doc.indexOf(DOCS_END);
  if (start < 0 || end < start) return null;
  return `${doc.slice(0, start + DOCS_START.length)}\n${generated}\n${doc.slice(end)}`;
}

/** A problem when the doc's generated tables differ from what the bank gives now. */
export function docsProblem(docPath: string, files: LoadedFile[]): Problem | null {
  const doc = fs.existsSync(docPath) ? fs.readFileSync(docPath, "utf8") : null;
  const updated = doc === null ? null : withGeneratedSection(doc, coverageMarkdown(files));
  if (updated === null)
    return { file: docPath, message: `has no generated section (${DOCS_START} … ${DOCS_END})` };
  if (updated === doc) return null;
  return {
    file: docPath,
    message:
      "its table of specification points is out of date: run `npm run exercises:check -- --write-docs` and commit it",
  };
}
