// GitHub Classroom's autograding tests: `.github/classroom/autograding.json` (a "tests" list) or
// the autograding-io-grader steps of `.github/workflows/classroom.yml`. An `exact` test of a Python
// program given input maps one to one onto a PyClass test; `included`/`contains`/`regex`, other
// graders, commands that are not a Python program, points, timeouts and setup commands are listed
// as not carried (decision 065). YAML is read by `yaml` with its alias limit (no billion laughs).
import { parse as parseYaml } from "yaml";
import { badRequest } from "@/server/errors.ts";
import { EXERCISE_LIMITS } from "@/shared/api/exercise-file.ts";
import {
  type ClassroomPreview,
  type ClassroomTestPreview,
  INTERCHANGE_LIMITS,
  INTERCHANGE_MESSAGES,
} from "@/shared/api/interchange.ts";

/** One test as either file writes it, in the names of autograding.json. */
type ClassroomTest = {
  name: string;
  setup: string;
  run: string;
  input: string;
  output: string;
  comparison: string;
  timeout: string;
  points: string;
  /** A workflow step that is not the I/O grader: why it can't carry. */
  otherGrader?: string;
};

const str = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");
const obj = (v: unknown) =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/** `python3 main.py`, `python -u src/app.py`: the student's program run as PyClass runs it. */
const RUNS_A_PYTHON_FILE = /^\s*python3?\s+(-u\s+)?[\w./-]+\.py\s*$/;

const firstLine = (e: unknown) => (e instanceof Error ? e.message.split("\n")[0] : "unreadable");

/**
 * JSON (autograding.json) by JSON.parse, which is fast and makes `__proto__` an own key; anything
 * else as YAML, at most INTERCHANGE_LIMITS.yamlBytes: YAML is slow to read (5 MB of one-letter
 * list items held the request's thread 24 s), and a workflow is a few KB.
 */
function readText(text: string): unknown {
  const trimmed = text.replace(/^\uFEFF/, "").trim();
  if (trimmed === "") throw badRequest(INTERCHANGE_MESSAGES.emptyFile, "INVALID_FILE");
  let jsonError: unknown = null;
  if (trimmed.startsWith("{") || trimmed.startsWith("["))
    try {
      return JSON.parse(trimmed);
    } catch (e) {
      jsonError = e;
    }
  if (Buffer.byteLength(trimmed, "utf8") > INTERCHANGE_LIMITS.yamlBytes)
    throw badRequest(
      jsonError
        ? INTERCHANGE_MESSAGES.classroomNotYaml(firstLine(jsonError))
        : INTERCHANGE_MESSAGES.classroomYamlTooLarge,
      "INVALID_FILE",
    );
  try {
    // YAML 1.2 reads JSON too; aliases are capped and no custom tag builds anything.
    return parseYaml(trimmed, { maxAliasCount: 100, uniqueKeys: true, prettyErrors: true });
  } catch (e) {
    throw badRequest(INTERCHANGE_MESSAGES.classroomNotYaml(firstLine(e)), "INVALID_FILE");
  }
}

function fromAutogradingJson(tests: unknown[]): ClassroomTest[] {
  return tests.map((raw) => {
    const t = obj(raw) ?? {};
    return {
      name: str(t.name),
      setup: str(t.setup),
      run: str(t.run),
      input: str(t.input),
      output: str(t.output),
      comparison: str(t.comparison) || "included",
      timeout: str(t.timeout),
      points: str(t.points),
    };
  });
}

const GRADER_STEP = /^classroom-resources\/autograding-([a-z-]+)-grader@/;

function fromWorkflow(jobs: Record<string, unknown>): ClassroomTest[] {
  const tests: ClassroomTest[] = [];
  for (const job of Object.values(jobs)) {
    const steps = obj(job)?.steps;
    if (!Array.isArray(steps)) continue;
    for (const raw of steps) {
      const step = obj(raw) ?? {};
      const grader = GRADER_STEP.exec(str(step.uses))?.[1];
      if (!grader) continue;
      const w = obj(step.with) ?? {};
      tests.push({
        name: str(w["test-name"]) || str(step.name),
        setup: str(w["setup-command"]),
        run: str(w.command),
        input: str(w.input),
        output: str(w["expected-output"]),
        comparison: str(w["comparison-method"]) || "exact",
        timeout: str(w.timeout),
        points: str(w["max-score"]),
        otherGrader: grader === "io" ? undefined : `autograding-${grader}-grader`,
      });
    }
  }
  return tests;
}

function carry(t: ClassroomTest, n: number): ClassroomTestPreview {
  const name = t.name.trim() || `Test ${n}`;
  const reasons: string[] = [];
  if (t.otherGrader)
    reasons.push(
      `It uses ${t.otherGrader}, which passes when a command succeeds: PyClass tests compare a program's output.`,
    );
  else {
    if (t.comparison !== "exact")
      reasons.push(
        `Its comparison "${t.comparison}" is not carried: PyClass compares the whole output exactly.`,
      );
    if (!RUNS_A_PYTHON_FILE.test(t.run))
      reasons.push(`It runs "${t.run.trim() || "nothing"}", not a Python program given input.`);
    if (t.output.trim() === "")
      reasons.push("It expects no output: a PyClass test needs an expected output.");
    if (t.input.length > EXERCISE_LIMITS.testCaseText || t.output.length > EXERCISE_LIMITS.testCaseText)
      reasons.push(
        `Its input or expected output is too long (at most ${EXERCISE_LIMITS.testCaseText.toLocaleString("en-GB")} characters).`,
      );
  }
  const description = name.slice(0, EXERCISE_LIMITS.testCaseDescription);
  return {
    name,
    reasons,
    test:
      reasons.length > 0 ? null : { description, input: t.input, expectedOutput: t.output, hidden: false },
  };
}

/** What applies to the file as a whole: points, time limits and setup commands are not carried. */
function fileNotes(tests: ClassroomTest[]): string[] {
  const notes: string[] = [];
  const points = [...new Set(tests.map((t) => t.points).filter((p) => p !== "" && p !== "0"))];
  if (points.length > 0)
    notes.push(`Points (${points.join(", ")}) are not carried: PyClass scores the share of tests passed.`);
  const timeouts = [...new Set(tests.map((t) => t.timeout).filter((p) => p !== ""))];
  if (timeouts.length > 0)
    notes.push(`Time limits (${timeouts.join(", ")} min) are not carried: PyClass's own time limit applies.`);
  const setups = [...new Set(tests.map((t) => t.setup.trim()).filter((s) => s !== ""))];
  if (setups.length > 0)
    notes.push(`Setup commands (${setups.join("; ")}) are not carried: PyClass runs the program on its own.`);
  return notes;
}

/** Each test, carried or not, is named in the preview: 1.7 million `{}` answered 450 MB. */
function assertTestCount(n: number) {
  if (n > INTERCHANGE_LIMITS.classroomTests)
    throw badRequest(INTERCHANGE_MESSAGES.classroomTooManyTests(n), "INVALID_FILE");
}

/** The file's tests, each carried or not with its reasons. Throws a 400 for a file that is neither format. */
export function readClassroomFile(text: string): ClassroomPreview {
  const doc = obj(readText(text));
  let source: ClassroomPreview["source"];
  let tests: ClassroomTest[];
  if (doc && Array.isArray(doc.tests)) {
    assertTestCount(doc.tests.length);
    source = "autograding.json";
    tests = fromAutogradingJson(doc.tests);
  } else if (doc && obj(doc.jobs)) {
    source = "classroom.yml";
    tests = fromWorkflow(obj(doc.jobs)!);
  } else throw badRequest(INTERCHANGE_MESSAGES.classroomUnknown, "INVALID_FILE");
  if (tests.length === 0) throw badRequest(INTERCHANGE_MESSAGES.classroomNoTests, "INVALID_FILE");
  assertTestCount(tests.length);
  return { source, tests: tests.map((t, i) => carry(t, i + 1)), notCarried: fileNotes(tests) };
}
