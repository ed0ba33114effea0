// What a CodeRunner question becomes in PyClass, and everything that can't come with it, in words
// a teacher reads before anything is saved (decision 065). A test carries when it gives the
// program input and compares its output (empty testcode): HIDE becomes hidden; a testcode that
// calls the student's functions, template and regex graders, HIDE_IF_* and marks do not carry.
import { EXERCISE_LIMITS } from "@/shared/api/exercise-file.ts";
import type { CarriedTest, ImportTarget, PreviewQuestion } from "@/shared/api/interchange.ts";
import type { RawQuestion, RawTestCase } from "./moodle-xml.ts";
import { questionTextToDescription } from "./question-text.ts";

const count = (n: number) => n.toLocaleString("en-GB");
const plural = (n: number, one: string, many = `${one}s`) => `${count(n)} ${n === 1 ? one : many}`;
const tooLong = (what: string, limit: number) =>
  `Its ${what} is too long (at most ${count(limit)} characters).`;

/** A testcode of nothing but comments runs nothing: PyClass's export writes a test's description so. */
export function isCommentOnly(code: string): boolean {
  const lines = code.split("\n").filter((l) => l.trim() !== "");
  return lines.length > 0 && lines.every((l) => l.trimStart().startsWith("#"));
}

/** "# Adds two numbers" → "Adds two numbers" (one "# " per line, as the export writes it). */
export const commentText = (code: string) =>
  code
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => l.trimStart().replace(/^# ?/, ""))
    .join("\n")
    .trim();

/** The first line of a testcode, cut short, to name it in a message. */
const snippet = (code: string) => {
  const first = code.trim().split("\n")[0] ?? "";
  return first.length > 60 ? `${first.slice(0, 57)}...` : first;
};

const isPython = (type: string) => type === "" || /^python3/i.test(type);
const GRADERS_THAT_CARRY = new Set(["", "EqualityGrader"]);

type TestOutcome = { test: CarriedTest } | { reason: string };

function convertTest(t: RawTestCase, n: number, target: ImportTarget, notes: string[]): TestOutcome {
  if (t.testType === "1") return { reason: `Test ${n} runs only when the student presses Precheck.` };
  const commented = isCommentOnly(t.testCode);
  if (t.testCode.trim() !== "" && !commented)
    return {
      reason: `Test ${n} runs code of its own (${snippet(t.testCode)}): PyClass tests give the program input and compare what it prints.`,
    };
  if (t.expected.trim() === "")
    return { reason: `Test ${n} expects no output: a PyClass test needs an expected output.` };
  if (t.stdin.length > EXERCISE_LIMITS.testCaseText)
    return {
      reason: `Test ${n}'s input is too long (at most ${count(EXERCISE_LIMITS.testCaseText)} characters).`,
    };
  if (t.expected.length > EXERCISE_LIMITS.testCaseText)
    return {
      reason: `Test ${n}'s expected output is too long (at most ${count(EXERCISE_LIMITS.testCaseText)} characters).`,
    };

  let description = commented ? commentText(t.testCode) : "";
  if (description.length > EXERCISE_LIMITS.testCaseDescription) {
    notes.push(`Test ${n}'s comment is too long for a test's description; it is called "Test ${n}".`);
    description = "";
  }
  if (t.extra.trim() !== "") notes.push(`Test ${n}'s extra field (used by templates) is not carried.`);

  // What the student may see: an example is shown in CodeRunner whatever its display says.
  let hidden = !t.useAsExample && t.display !== "SHOW";
  if (t.display === "HIDE" && t.useAsExample)
    notes.push(`Test ${n} is hidden but used as an example, so students see it: it stays visible.`);
  if (t.display.startsWith("HIDE_IF_") && !t.useAsExample)
    notes.push(
      target === "assignment"
        ? `Test ${n}'s display ${t.display} is not carried: it will always be hidden.`
        : `Test ${n}'s display ${t.display} is not carried: library exercises show every test.`,
    );
  else if (!["SHOW", "HIDE"].includes(t.display))
    notes.push(
      `Test ${n}'s display "${t.display}" is not known: it will be ${hidden ? "hidden" : "visible"}.`,
    );
  if (hidden && target === "exercise") {
    if (t.display === "HIDE")
      notes.push(`Test ${n} is hidden in CodeRunner; library exercises show every test.`);
    hidden = false;
  }
  return {
    test: { description: description || `Test ${n}`, input: t.stdin, expectedOutput: t.expected, hidden },
  };
}

/** One CodeRunner question as PyClass would save it (number: its place among the file's CodeRunner questions). */
export function convertQuestion(q: RawQuestion, number: number, target: ImportTarget): PreviewQuestion {
  const problems: string[] = [];
  const notes: string[] = [];
  const name = q.name || `Question ${number}`;
  if (!q.name) notes.push(`It has no name: it is called "${name}".`);

  if (!isPython(q.coderunnerType)) {
    if (/^python2/i.test(q.coderunnerType))
      notes.push(
        "It was written for Python 2 (python2): PyClass runs Python 3, so check the code still runs.",
      );
    else problems.push(`It is a ${q.coderunnerType} question: PyClass runs Python only.`);
  }

  const text = questionTextToDescription(q.questionText, q.questionTextFormat);
  if (text.images > 0)
    notes.push(
      `${plural(text.images, "image")} in the question text ${text.images === 1 ? "is" : "are"} not carried.`,
    );
  if (name.length > EXERCISE_LIMITS.title) problems.push(tooLong("name", EXERCISE_LIMITS.title));
  if (text.tooLong || text.text.length > EXERCISE_LIMITS.description)
    problems.push(tooLong("question text", EXERCISE_LIMITS.description));
  if (q.answerPreload.length > EXERCISE_LIMITS.code)
    problems.push(tooLong("starter code", EXERCISE_LIMITS.code));
  if (q.answer.length > EXERCISE_LIMITS.code) problems.push(tooLong("model answer", EXERCISE_LIMITS.code));

  const hasAnswer = q.answer.trim() !== "";
  if (hasAnswer && target === "assignment")
    notes.push("The model answer is not kept: PyClass assignments have no model answer.");

  if (q.template.trim() !== "")
    notes.push("Its customised template is not carried: PyClass runs the student's program as it is.");
  if (q.allOrNothing === "1")
    notes.push("All-or-nothing marking is not carried: PyClass scores the share of tests passed.");

  const reasons: string[] = [];
  const tests: CarriedTest[] = [];
  if (!GRADERS_THAT_CARRY.has(q.grader) && q.grader !== "NearEqualityGrader") {
    const why =
      q.grader === "RegexGrader"
        ? "its expected outputs are patterns, not text"
        : q.grader === "TemplateGrader"
          ? "its template marks the answer"
          : "PyClass does not know it";
    const n = q.testCases.length;
    if (n > 0)
      reasons.push(
        `Its grader ${q.grader} is not carried (${why}), so ${n === 1 ? "its test" : `its ${count(n)} tests`} can't be either.`,
      );
  } else {
    if (q.grader === "NearEqualityGrader")
      notes.push(
        "Its grader NearEqualityGrader (case and spacing ignored) is not carried: PyClass compares outputs exactly, after trimming.",
      );
    q.testCases.forEach((t, i) => {
      const outcome = convertTest(t, i + 1, target, notes);
      if ("test" in outcome) tests.push(outcome.test);
      else reasons.push(outcome.reason);
    });
    if (q.testCases.some((t) => t.hideRestIfFail))
      notes.push('"Hide rest if fail" is not carried: students see every visible test\'s result.');
    const marks = new Set(q.testCases.map((t) => Number(t.mark || "1")));
    if (marks.size > 1)
      notes.push(
        `Marks per test (${[...marks].join(", ")}) are not carried: PyClass counts every test the same.`,
      );
  }
  // Not notes.unshift(...reasons): a spread of many thousand arguments overflows the stack.
  const notCarried = reasons.concat(notes);
  if (tests.length === 0 && problems.length === 0)
    notCarried.push(
      q.testCases.length > 0
        ? "No test can be carried: add tests after importing."
        : "It has no tests: add some after importing.",
    );
  if (tests.length > EXERCISE_LIMITS.testCases)
    problems.push(
      `It has ${count(tests.length)} tests that can be carried; PyClass takes at most ${count(EXERCISE_LIMITS.testCases)}.`,
    );

  return {
    number,
    name,
    importable: problems.length === 0,
    problems,
    notCarried,
    draft: {
      name,
      description: text.text,
      starterCode: q.answerPreload,
      solution: hasAnswer ? q.answer : null,
      testCases: tests,
    },
  };
}
