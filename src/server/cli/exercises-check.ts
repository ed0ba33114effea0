// npm run exercises:check [-- options] [file…]: checks the GCSE exercise bank (content/exercises,
// or the files given) with the server's grader and CPython, prints a table per category, the
// GCSE coverage and every problem, and exits 1 on any problem (2 on a usage error).
//   --require-bank   the bank must be complete: ≥150 exercises in ≥12 categories, the spec's
//                    three premade entries, every GCSE point practised by ≥2 exercises
//   --write-docs     rewrite the generated tables of docs/content.md from the bank (no grading)
//   --no-cpython     skip the CPython comparison
//   --jobs N         grader processes (default 1: the same order every run, and fast enough)
//   --report FILE    also write {exercises, passed, failed, problems} as JSON (npm test reads it)
//   --bank DIR, --docs FILE   another bank folder and docs file (the checker's own tests)
// Without --require-bank an empty or partial bank passes if what is there is right.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import {
  bankFilesIn,
  categoryRows,
  categoryTable,
  checkStructure,
  coverage,
  coverageMarkdown,
  coverageProblems,
  coverageTable,
  docsProblem,
  type ExerciseResult,
  gradeExercises,
  loadBankFiles,
  type Problem,
  withGeneratedSection,
} from "@/server/content/check-bank.ts";
import { createGraderPool } from "@/server/python/index.ts";

const root = fileURLToPath(new URL("../../../", import.meta.url));

function usage(message: string): never {
  console.error(`exercises:check: ${message}`);
  process.exit(2);
}

let args: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    allowPositionals: true,
    options: {
      "require-bank": { type: "boolean", default: false },
      "write-docs": { type: "boolean", default: false },
      "no-cpython": { type: "boolean", default: false },
      jobs: { type: "string" },
      report: { type: "string" },
      bank: { type: "string", default: path.join(root, "content/exercises") },
      docs: { type: "string", default: path.join(root, "docs/content.md") },
    },
  });
}
try {
  args = parse();
} catch (e) {
  usage(e instanceof Error ? e.message : String(e));
}

const started = performance.now();
const BANK_DIR = path.resolve(args.values.bank);
const DOCS = path.resolve(args.values.docs);
const requireBank = args.values["require-bank"];
const given = args.positionals.map((p) => path.resolve(p));
const wholeBank = given.length === 0;
const files = wholeBank ? bankFilesIn(BANK_DIR) : given;
for (const f of given) if (!fs.existsSync(f)) usage(`${f}: no such file`);
const loaded = loadBankFiles(files);
const rel = (f: string) => path.relative(process.cwd(), f) || f;

if (args.values["write-docs"]) {
  if (!wholeBank) usage("--write-docs reads the whole bank; give no files");
  if (loaded.problems.length > 0) {
    for (const p of loaded.problems) console.error(`✖ ${rel(p.file)}: ${p.message}`);
    usage("fix the files above first: the tables are made from valid files only");
  }
  if (!fs.existsSync(DOCS)) usage(`${rel(DOCS)}: no such file`);
  const doc = fs.readFileSync(DOCS, "utf8");
  const updated = withGeneratedSection(doc, coverageMarkdown(loaded.files));
  if (updated === null) usage(`${rel(DOCS)} has no generated section to replace`);
  fs.writeFileSync(DOCS, updated);
  console.log(`${rel(DOCS)}: ${updated === doc ? "already up to date" : "tables updated"}`);
  process.exit(0);
}

const problems: Problem[] = [...loaded.problems];
// Checking some files only: their titles and ids must still be new to the rest of the bank.
const others = wholeBank
  ? []
  : bankFilesIn(BANK_DIR)
      .filter((f) => !given.includes(path.resolve(f)))
      .flatMap((file) => {
        try {
          const data = JSON.parse(fs.readFileSync(file, "utf8")) as {
            exercises?: { title?: unknown; id?: unknown }[];
          };
          return (data.exercises ?? []).flatMap((e) =>
            typeof e?.title === "string"
              ? [{ file, title: e.title, id: typeof e.id === "string" ? e.id : undefined }]
              : [],
          );
        } catch {
          return [];
        }
      });
problems.push(...checkStructure(loaded.files, { requireBank, otherTitles: others }));

const exercises = loaded.files.flatMap(({ file, data }) =>
  data.exercises.map((exercise) => ({ file, exercise })),
);
let results: ExerciseResult[] = [];
let gradingFailed = false;
if (exercises.length > 0) {
  // One warm host grades the bank in a few seconds (starting a host costs about as much as
  // grading), and a single host runs the programs in the same order every time.
  const jobs = args.values.jobs ? Number(args.values.jobs) : 1;
  if (!Number.isInteger(jobs) || jobs < 1) usage("--jobs takes a whole number ≥ 1");
  // One pool for the run; a warm interpreter per grader process, as the grade CLI does (the
  // server starts a fresh one per submission - the same host, harness and recorder otherwise).
  const pool = createGraderPool({ size: jobs, reuseInterpreter: true, maxQueue: Number.MAX_SAFE_INTEGER });
  try {
    results = await gradeExercises(exercises, pool, { cpython: !args.values["no-cpython"] });
  } catch (e) {
    // Nothing was proven: every exercise counts as failed (below), not as passed.
    gradingFailed = true;
    problems.push({
      file: "grader",
      message: `grading failed, no exercise was checked: ${e instanceof Error ? e.message : e}`,
    });
  } finally {
    await pool.close();
  }
  for (const r of results) problems.push(...r.problems);
}

const covered = coverage(exercises);
const gaps = coverageProblems(covered);
if (requireBank) problems.push(...gaps);
if (wholeBank) {
  const stale = loaded.problems.length === 0 ? docsProblem(DOCS, loaded.files) : null;
  if (stale) problems.push(stale);
}

console.log(`\nExercise bank: ${wholeBank ? rel(BANK_DIR) : `${files.length} file(s)`}\n`);
console.log(categoryTable(categoryRows(loaded.files, results), results.length > 0));
console.log(`\nGCSE coverage (each point needs at least 2 exercises)\n`);
console.log(coverageTable(covered));
if (!requireBank && gaps.length > 0)
  console.log(`\n(${gaps.length} point(s) under 2: a failure with --require-bank, as npm test runs it)`);

if (problems.length > 0) {
  console.log(`\n${problems.length} problem(s):`);
  for (const p of problems) console.log(`✖ ${rel(p.file)}: ${p.message}`);
}
// Exercises with a problem of their own, and problems of the bank as a whole, are the failures.
const failedTitles = new Set(problems.flatMap((p) => (p.title ? [`${p.file}\0${p.title}`] : [])));
const bankProblems = problems.filter((p) => !p.title).length;
const passed = gradingFailed
  ? 0
  : exercises.filter((x) => !failedTitles.has(`${x.file}\0${x.exercise.title}`)).length;
const failed = exercises.length - passed + bankProblems;
const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (args.values.report)
  fs.writeFileSync(
    args.values.report,
    JSON.stringify({ exercises: exercises.length, passed, failed, problems: problems.length }),
  );
const ok = problems.length === 0;
console.log(
  `\n${ok ? "✔" : "✖"} ${exercises.length} exercises checked: ${passed} passed, ${failed} failed` +
    `${bankProblems ? ` (incl. ${bankProblems} bank problem(s))` : ""} in ${seconds} s`,
);
process.exit(ok ? 0 : 1);
