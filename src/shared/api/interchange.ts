// Contracts of /api/interchange: importing Moodle CodeRunner question banks (as assignments or
// library exercises) and GitHub Classroom autograding tests (into an assignment), and exporting
// back to CodeRunner XML (decision 065). Every import is previewed first — what is carried and
// what is not, per question — and nothing is saved until the user confirms, in one transaction.
import { z } from "zod";
import { EXERCISE_DIFFICULTIES, EXERCISE_LIMITS } from "./exercise-file.ts";

const count = (n: number) => n.toLocaleString("en-GB");

/**
 * A file of at most 5 MB (413 above) and 200 questions; each question and test is held to the
 * assignment and exercise forms' limits (EXERCISE_LIMITS: the two forms share the same numbers).
 */
export const INTERCHANGE_LIMITS = {
  fileBytes: 5 * 1024 * 1024,
  questions: 200,
  testCases: EXERCISE_LIMITS.testCases,
  /** Elements and attributes of a Moodle XML file: reading each costs time (200 × 50 tests ≈ 160,000). */
  markupItems: 200_000,
  /** Test cases in a CodeRunner file, carried or not: each is named in the preview. */
  testCasesInFile: 10_000,
  /** Tests in a GitHub Classroom file, carried or not. */
  classroomTests: 1_000,
  /** A GitHub Classroom workflow read as YAML (a JSON file may be 5 MB): YAML is slow to read. */
  yamlBytes: 256 * 1024,
} as const;

export const INTERCHANGE_MESSAGES = {
  noFile: "Choose a file to import first.",
  fileTooLarge: `The file is too large (at most ${INTERCHANGE_LIMITS.fileBytes / 1024 / 1024} MB). Export fewer questions at a time.`,
  emptyFile: "The file is empty.",
  doctype:
    "The file declares a DOCTYPE or entities (<!DOCTYPE …>, <!ENTITY …>). Moodle never writes them, and PyClass does not read them: export the questions from Moodle again.",
  notXml: (where: string, why: string) =>
    `The file is not well-formed XML (${where}: ${why}). Export the question bank from Moodle again, or check that the file is complete.`,
  notQuiz:
    "This is not a Moodle XML question bank: expected a <quiz> holding <question> elements. In Moodle, use Question bank → Export → Moodle XML format.",
  noQuestions: "The file holds no CodeRunner questions.",
  tooManyQuestions: (n: number) =>
    `A file can hold at most ${count(INTERCHANGE_LIMITS.questions)} questions; this one has ${count(n)}. Export fewer questions at a time.`,
  tooMuchMarkup: (n: number) =>
    `The file has too many XML elements and attributes (${count(n)}; at most ${count(INTERCHANGE_LIMITS.markupItems)}). Export fewer questions at a time.`,
  tooManyTestCases: (n: number) =>
    `A file can hold at most ${count(INTERCHANGE_LIMITS.testCasesInFile)} test cases; this one has ${count(n)}. Export fewer questions at a time.`,
  stillReading: "PyClass is still reading your previous file. Try again in a few seconds.",
  readerBusy: "PyClass is reading many files just now. Try again in a minute.",
  readFailed:
    "PyClass could not finish reading this file. Try again in a minute; if it happens again, export fewer questions at a time.",
  chooseQuestions: "Choose at least one question to import.",
  unknownQuestion: (n: number) => `The file has no question number ${n}. Preview the file again.`,
  notImportable: (name: string) =>
    `Question "${name}" can't be imported (see the preview for why). Leave it out and try again.`,
  classroomUnknown:
    'This is neither a GitHub Classroom autograding.json (an object with a "tests" list) nor a workflow (.github/workflows/classroom.yml) with autograding-io-grader steps.',
  classroomNotYaml: (why: string) => `The file could not be read as JSON or YAML (${why}).`,
  classroomNoTests: "The file holds no tests.",
  classroomTooManyTests: (n: number) =>
    `A GitHub Classroom file can hold at most ${count(INTERCHANGE_LIMITS.classroomTests)} tests; this one has ${count(n)}.`,
  classroomYamlTooLarge: `A workflow file read as YAML can be at most ${INTERCHANGE_LIMITS.yamlBytes / 1024} KB (an autograding.json file, up to 5 MB). Import the tests' autograding.json instead.`,
  noneCarried: "None of the file's tests can be carried into PyClass (see why above).",
  tooManyTests: (existing: number, adding: number) =>
    `An assignment can have at most ${INTERCHANGE_LIMITS.testCases} test cases: it has ${existing}, and the file would add ${adding}.`,
} as const;

/** A test as PyClass will store it: the program's input, its expected output, hidden or not. */
export const CarriedTest = z.object({
  description: z.string(),
  input: z.string(),
  expectedOutput: z.string(),
  hidden: z.boolean(),
});
export type CarriedTest = z.output<typeof CarriedTest>;

/** One question as it would be saved. `solution`: the model answer (kept for library exercises). */
export const QuestionDraft = z.object({
  name: z.string(),
  description: z.string(),
  starterCode: z.string(),
  solution: z.string().nullable(),
  testCases: z.array(CarriedTest),
});
export type QuestionDraft = z.output<typeof QuestionDraft>;

export const ImportTarget = z.enum(["assignment", "exercise"]);
export type ImportTarget = z.output<typeof ImportTarget>;

export const PreviewQuestion = z.object({
  /** The question's number among the file's CodeRunner questions, from 1: what a confirm names. */
  number: z.number().int(),
  name: z.string(),
  /** False when something stops it being imported at all (`problems` says what). */
  importable: z.boolean(),
  problems: z.array(z.string()),
  /** What is left behind or changed on the way in, in words a teacher reads. */
  notCarried: z.array(z.string()),
  draft: QuestionDraft,
});
export type PreviewQuestion = z.output<typeof PreviewQuestion>;

export const CodeRunnerPreview = z.object({
  target: ImportTarget,
  questions: z.array(PreviewQuestion),
  /** Questions of other kinds (multiple choice, essay…) that the file also holds: left out. */
  skipped: z.array(z.string()),
});
export type CodeRunnerPreview = z.output<typeof CodeRunnerPreview>;

/** The file's text; its size is checked by the server (413) and by the dialog before sending. */
const fileText = z.string({ message: INTERCHANGE_MESSAGES.noFile });
const questionNumbers = z
  .array(z.number().int().min(1))
  .min(1, INTERCHANGE_MESSAGES.chooseQuestions)
  .max(INTERCHANGE_LIMITS.questions);

export const CodeRunnerPreviewBody = z.object({ file: fileText });
export type CodeRunnerPreviewBody = z.input<typeof CodeRunnerPreviewBody>;

export const CodeRunnerAssignmentsBody = z.object({
  file: fileText,
  classId: z.string({ message: "Please choose a class." }).uuid("Please choose a class."),
  questions: questionNumbers,
});
export type CodeRunnerAssignmentsBody = z.input<typeof CodeRunnerAssignmentsBody>;

export const CodeRunnerExercisesBody = z.object({
  file: fileText,
  categoryId: z.string({ message: "Please choose a category." }).uuid("Please choose a category."),
  difficulty: z.enum(EXERCISE_DIFFICULTIES).default("easy"),
  questions: questionNumbers,
});
export type CodeRunnerExercisesBody = z.input<typeof CodeRunnerExercisesBody>;

export const ImportCreated = z.object({
  created: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type ImportCreated = z.output<typeof ImportCreated>;

// ── GitHub Classroom ─────────────────────────────────────────────────────────────────────

export const ClassroomSource = z.enum(["autograding.json", "classroom.yml"]);

export const ClassroomTestPreview = z.object({
  name: z.string(),
  /** The test as it will be added; null when it can't be carried (`reasons` says why). */
  test: CarriedTest.nullable(),
  reasons: z.array(z.string()),
});
export type ClassroomTestPreview = z.output<typeof ClassroomTestPreview>;

export const ClassroomPreview = z.object({
  source: ClassroomSource,
  tests: z.array(ClassroomTestPreview),
  /** What the file holds that applies to every test (points, timeouts, setup commands). */
  notCarried: z.array(z.string()),
});
export type ClassroomPreview = z.output<typeof ClassroomPreview>;

export const ClassroomImportBody = z.object({ file: fileText });
export type ClassroomImportBody = z.input<typeof ClassroomImportBody>;

export const ClassroomImportResult = z.object({ added: z.number().int() });
export type ClassroomImportResult = z.output<typeof ClassroomImportResult>;
