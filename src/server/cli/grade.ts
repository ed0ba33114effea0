// npm run --silent grade -- <jobs.json>: grades one job or an array of jobs with the server's
// grader (one warm interpreter for the whole batch) and prints one JSON document.
// A job: {"code": "...", "tests": [{"input": "...", "expected_output": "..."}]}.
import { readFileSync } from "node:fs";
import { z } from "zod";
import { createGraderPool } from "@/server/python/index.ts";

const TestSchema = z
  .object({
    input: z.string().optional(),
    // The exercise format's list of input lines, accepted too.
    inputs: z.array(z.string()).optional(),
    expected_output: z.string(),
  })
  .loose();
const JobSchema = z.object({ code: z.string(), tests: z.array(TestSchema) }).loose();

function fail(message: string): never {
  console.error(`grade: ${message}`);
  process.exit(2);
}

const file = process.argv[2];
if (!file) fail("usage: npm run --silent grade -- <jobs.json>");

let text: string;
try {
  text = readFileSync(file, "utf8");
} catch (e) {
  const code = (e as NodeJS.ErrnoException).code;
  fail(code === "ENOENT" ? `${file}: no such file` : `${file}: cannot be read (${code ?? e})`);
}
let data: unknown;
try {
  data = JSON.parse(text);
} catch (e) {
  fail(`${file}: not valid JSON (${e instanceof Error ? e.message : e})`);
}
const parsed = (Array.isArray(data) ? z.array(JobSchema) : JobSchema).safeParse(data);
if (!parsed.success) {
  const issue = parsed.error.issues[0];
  fail(`${file}: not a job or an array of jobs (${issue.path.join(".") || "top level"}: ${issue.message})`);
}

const jobs = Array.isArray(parsed.data) ? parsed.data : [parsed.data];
const pool = createGraderPool({ size: 1, reuseInterpreter: true });
try {
  const graded = [];
  for (const job of jobs) {
    const tests = job.tests.map((t) => ({
      input: t.input ?? (t.inputs ? t.inputs.join("\n") : ""),
      expectedOutput: t.expected_output,
    }));
    const result = await pool.grade(job.code, tests);
    // The documented shape: the UI-only plainOutput stays out of the CLI's answer.
    const { timing: _timing, ...answer } = result;
    graded.push({ ...answer, results: result.results.map(({ plainOutput: _, ...r }) => r) });
  }
  process.stdout.write(`${JSON.stringify(Array.isArray(parsed.data) ? graded : graded[0], null, 2)}\n`);
} catch (e) {
  console.error(`grade: grading failed (${e instanceof Error ? e.message : e})`);
  process.exitCode = 1;
} finally {
  await pool.close();
}
