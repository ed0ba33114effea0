// Reads a Moodle XML question bank into plain records, refusing hostile or broken files first:
// any DOCTYPE or entity declaration (billion laughs, external entities such as file://) is refused
// before parsing, so no entity is ever defined, fetched or expanded; malformed XML is refused with
// its line and column. fast-xml-parser then expands only XML's five entities and character
// references, and leaves CDATA as written (decision 065).
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { badRequest } from "@/server/errors.ts";
import { INTERCHANGE_LIMITS, INTERCHANGE_MESSAGES } from "@/shared/api/interchange.ts";

/** One CodeRunner test case as the file writes it. */
export type RawTestCase = {
  testCode: string;
  stdin: string;
  expected: string;
  extra: string;
  display: string;
  useAsExample: boolean;
  hideRestIfFail: boolean;
  /** "0" normal, "1" precheck only, "2" both. */
  testType: string;
  mark: string;
};

/** One `<question>` as the file writes it; fields a non-CodeRunner question lacks are "". */
export type RawQuestion = {
  type: string;
  name: string;
  questionText: string;
  /** The question text's format attribute: html (Moodle's default), moodle_auto_format, plain_text, markdown. */
  questionTextFormat: string;
  answer: string;
  answerPreload: string;
  coderunnerType: string;
  template: string;
  grader: string;
  allOrNothing: string;
  testCases: RawTestCase[];
};

/** XML's own five entities; nothing else has a name here. */
const XML_ENTITIES: Record<string, string> = { amp: "&", apos: "'", gt: ">", lt: "<", quot: '"' };

const codePoint = (ref: string) =>
  ref[1] === "x" ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));

/**
 * The parser's entity decoder: XML's five entities and character references only. Entities a
 * DOCTYPE declares are never added (addInputEntities does nothing), so even a declaration that got
 * past the refusal above could not expand or fetch anything.
 */
export const xmlOnlyEntities = {
  setExternalEntities: () => {},
  addInputEntities: () => {},
  reset: () => {},
  setXmlVersion: () => {},
  decode: (text: string) =>
    text.includes("&")
      ? text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|amp|lt|gt|quot|apos);/g, (whole, ref: string) => {
          if (ref[0] !== "#") return XML_ENTITIES[ref];
          const cp = codePoint(ref);
          const valid = cp > 0 && cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff);
          return valid ? String.fromCodePoint(cp) : whole;
        })
      : text,
};

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  // Code keeps every space and line break, and "007" stays text.
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: true,
  entityDecoder: xmlOnlyEntities,
  ignoreDeclaration: true,
  ignorePiTags: true,
  isArray: (name) => name === "question" || name === "testcase",
});

/** The document as objects, with no check of its own: readMoodleXml checks first. */
export const parseXmlDocument = (xml: string) => parser.parse(xml) as Record<string, unknown>;

/**
 * The markup of a document without its CDATA sections and comments (where `<` is only text). One
 * left-to-right pass: whichever opens first is the one that counts, so a `<![CDATA[` written inside
 * a comment can't swallow the real markup up to a later `]]>` (and hide a DOCTYPE between them).
 */
const outsideCdataAndComments = (text: string) =>
  text.replace(/<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->/g, "");

/** A DOCTYPE or ENTITY declaration anywhere but inside CDATA or a comment (where it is only text). */
export function declaresDoctype(text: string): boolean {
  return /<!\s*(DOCTYPE|ENTITY|ELEMENT|ATTLIST)/i.test(outsideCdataAndComments(text));
}

/**
 * Elements and attributes in the document's markup. Reading costs time per element, on the
 * request's thread: 5 MB of `<a/>` took the validator and parser 7 s, 200,000 attributes on one
 * element 7 s (under load). A Moodle bank of 200 questions with 50 tests each has about 160,000.
 */
export function markupItems(text: string): number {
  let items = 0;
  for (const tag of outsideCdataAndComments(text).matchAll(/<[A-Za-z_:][^>]*/g))
    items += 1 + (tag[0].match(/=/g)?.length ?? 0);
  return items;
}

type Node = unknown;

/** An element's text: a string, or the `<text>` inside it, or its text node; "" when absent. */
export function textOf(node: Node): string {
  if (node === undefined || node === null) return "";
  if (typeof node === "string") return node;
  if (Array.isArray(node)) return textOf(node[0]);
  if (typeof node === "object") {
    const o = node as Record<string, Node>;
    if ("text" in o) return textOf(o.text);
    if ("#text" in o) return textOf(o["#text"]);
  }
  return "";
}

const attr = (node: Node, name: string): string => {
  if (node && typeof node === "object" && !Array.isArray(node)) {
    const v = (node as Record<string, Node>)[`@${name}`];
    return typeof v === "string" ? v : "";
  }
  return "";
};

const field = (q: Record<string, Node>, name: string) => textOf(q[name]);

const asList = (node: Node): Node[] => (Array.isArray(node) ? node : node === undefined ? [] : [node]);

function readTestCase(node: Node): RawTestCase {
  const t = (node && typeof node === "object" ? node : {}) as Record<string, Node>;
  return {
    testCode: field(t, "testcode"),
    stdin: field(t, "stdin"),
    expected: field(t, "expected"),
    extra: field(t, "extra"),
    display: field(t, "display").trim().toUpperCase() || "SHOW",
    useAsExample: attr(node, "useasexample") === "1",
    hideRestIfFail: attr(node, "hiderestiffail") === "1",
    testType: attr(node, "testtype") || "0",
    mark: attr(node, "mark"),
  };
}

function readQuestion(node: Node): RawQuestion {
  const q = (node && typeof node === "object" ? node : {}) as Record<string, Node>;
  const testcases =
    q.testcases && typeof q.testcases === "object" ? (q.testcases as Record<string, Node>) : {};
  return {
    type: attr(node, "type"),
    name: field(q, "name").trim(),
    questionText: field(q, "questiontext"),
    questionTextFormat: attr(q.questiontext, "format") || "html",
    answer: field(q, "answer"),
    answerPreload: field(q, "answerpreload"),
    coderunnerType: field(q, "coderunnertype").trim(),
    template: field(q, "template"),
    grader: field(q, "grader").trim(),
    allOrNothing: field(q, "allornothing").trim(),
    testCases: asList(testcases.testcase).map(readTestCase),
  };
}

/**
 * The file's questions, Moodle's category markers left out. Throws a 400 naming what is wrong
 * (DOCTYPE, broken XML, not a question bank, too many questions); the size is checked before.
 */
export function readMoodleXml(text: string): RawQuestion[] {
  const xml = text.replace(/^\uFEFF/, "");
  if (xml.trim() === "") throw badRequest(INTERCHANGE_MESSAGES.emptyFile, "INVALID_FILE");
  if (declaresDoctype(xml)) throw badRequest(INTERCHANGE_MESSAGES.doctype, "INVALID_FILE");
  const items = markupItems(xml);
  if (items > INTERCHANGE_LIMITS.markupItems)
    throw badRequest(INTERCHANGE_MESSAGES.tooMuchMarkup(items), "INVALID_FILE");
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    const { line, col, msg } = valid.err;
    throw badRequest(INTERCHANGE_MESSAGES.notXml(`line ${line}, column ${col}`, msg), "INVALID_FILE");
  }
  let doc: Record<string, Node>;
  try {
    doc = parseXmlDocument(xml);
  } catch (e) {
    // The validator passed, so this is a limit of the parser's (nesting, entities): still the file's fault.
    throw badRequest(
      INTERCHANGE_MESSAGES.notXml("while reading", e instanceof Error ? e.message : "unreadable"),
      "INVALID_FILE",
    );
  }
  const quiz = doc.quiz;
  if (!quiz || typeof quiz !== "object" || Array.isArray(quiz))
    throw badRequest(INTERCHANGE_MESSAGES.notQuiz, "INVALID_FILE");
  const questions = asList((quiz as Record<string, Node>).question)
    .map(readQuestion)
    .filter((q) => q.type !== "category");
  if (questions.length > INTERCHANGE_LIMITS.questions)
    throw badRequest(INTERCHANGE_MESSAGES.tooManyQuestions(questions.length), "INVALID_FILE");
  // Each test not carried is named in the preview: unbounded, one file's answer was 30 MB.
  const tests = questions.reduce((n, q) => n + q.testCases.length, 0);
  if (tests > INTERCHANGE_LIMITS.testCasesInFile)
    throw badRequest(INTERCHANGE_MESSAGES.tooManyTestCases(tests), "INVALID_FILE");
  return questions;
}
