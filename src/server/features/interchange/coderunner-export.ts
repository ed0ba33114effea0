// An assignment or a library exercise as a Moodle XML question bank of one CodeRunner question
// (python3_w_input: input echoed as PyClass's console shows it), so leaving PyClass is as easy as
// arriving. Written so that importing it gives the same thing back: the description as plain_text,
// every text exact (a CR as &#13;, which XML would otherwise turn into a line break), and each
// test's description as a comment in its testcode, which runs nothing (decision 065). A drawing
// test (decisions 064, 077) is not carried as one: CodeRunner has no turtle to compare, so the
// test checks the printed output only, and an XML comment in the question says so.
import type { CarriedTest, QuestionDraft } from "@/shared/api/interchange.ts";

/** A test as exported: `comparesDrawing` marks a PyClass drawing test, whose drawing CodeRunner cannot check. */
export type ExportTest = CarriedTest & { comparesDrawing?: boolean };
export type ExportQuestion = Omit<QuestionDraft, "testCases"> & { testCases: ExportTest[] };

/** What the file cannot carry of a question, said in a comment Moodle ignores on import. */
export function notCarriedNote(q: ExportQuestion): string | null {
  const drawing = q.testCases.flatMap((t, i) => (t.comparesDrawing ? [i + 1] : []));
  if (drawing.length === 0) return null;
  const which = drawing.length === 1 ? `Test ${drawing[0]}` : `Tests ${drawing.join(", ")}`;
  return `Not carried: ${which} also compared the turtle drawing in PyClass. CodeRunner cannot compare drawings, so here ${drawing.length === 1 ? "it checks" : "they check"} the printed output only.`;
}

/** An XML comment's text: "--" may not appear in one. */
const commentText = (s: string) => xmlSafe(s).replace(/--/g, "- -");

/** Characters XML 1.0 cannot hold at all, even as references (C0 controls but tab, LF, CR). */
const notXml = (code: number) =>
  (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code >= 0xfffe;

/** Such a character is shown as U+FFFD: a file Moodle can read beats one character kept. */
const xmlSafe = (s: string) =>
  Array.from(s, (ch) => (notXml(ch.codePointAt(0)!) && ch.length === 1 ? "\uFFFD" : ch)).join("");

export const escapeXml = (s: string) =>
  xmlSafe(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/\r/g, "&#13;");

/** A test's description as CodeRunner shows a test: its testcode, here comment lines. */
export const descriptionComment = (description: string) =>
  description.trim() === ""
    ? ""
    : description
        .split("\n")
        .map((line) => (line === "" ? "#" : `# ${line}`))
        .join("\n");

const text = (tag: string, value: string, attrs = "") =>
  `<${tag}${attrs}>\n      <text>${escapeXml(value)}</text>\n    </${tag}>`;
const plain = (tag: string, value: string) => `<${tag}>${escapeXml(value)}</${tag}>`;

function testCase(t: ExportTest): string {
  return [
    '      <testcase testtype="0" useasexample="0" hiderestiffail="0" mark="1.0000000">',
    `        ${text("testcode", descriptionComment(t.description))}`,
    `        ${text("stdin", t.input)}`,
    `        ${text("expected", t.expectedOutput)}`,
    `        ${text("extra", "")}`,
    `        ${text("display", t.hidden ? "HIDE" : "SHOW")}`,
    "      </testcase>",
  ].join("\n");
}

function question(q: ExportQuestion): string {
  const note = notCarriedNote(q);
  return [
    '  <question type="coderunner">',
    ...(note ? [`    <!-- ${commentText(note)} -->`] : []),
    `    ${text("name", q.name)}`,
    `    ${text("questiontext", q.description, ' format="plain_text"')}`,
    `    ${text("generalfeedback", "", ' format="html"')}`,
    "    <defaultgrade>1</defaultgrade>",
    "    <penalty>0</penalty>",
    "    <hidden>0</hidden>",
    `    ${plain("coderunnertype", "python3_w_input")}`,
    "    <prototypetype>0</prototypetype>",
    // PyClass scores the share of tests passed; CodeRunner's default is all or nothing.
    "    <allornothing>0</allornothing>",
    "    <penaltyregime>0</penaltyregime>",
    "    <precheck>0</precheck>",
    "    <showsource>0</showsource>",
    "    <answerboxlines>18</answerboxlines>",
    `    ${plain("answerpreload", q.starterCode)}`,
    `    ${plain("answer", q.solution ?? "")}`,
    // Moodle would check the model answer on saving: an assignment has none to check.
    `    ${plain("validateonsave", q.solution ? "1" : "0")}`,
    "    <template></template>",
    "    <grader></grader>",
    "    <testcases>",
    ...q.testCases.map(testCase),
    "    </testcases>",
    "  </question>",
  ].join("\n");
}

/** The whole file: one question bank holding the given questions. */
export function toCodeRunnerXml(questions: ExportQuestion[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    "<!-- Exported from PyClass: import it in Moodle under Question bank → Import → Moodle XML format. -->",
    "<quiz>",
    ...questions.map(question),
    "</quiz>",
    "",
  ].join("\n");
}

/** A download's name: letters, digits and dashes, then -coderunner.xml. */
export function xmlFileName(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .toLowerCase()
    .slice(0, 80);
  return `${slug || "question"}-coderunner.xml`;
}
