// The similarity worker: Dolos (tree-sitter tokens, winnowed fingerprints, pairs) on a worker
// thread, so a year group's report never holds the API's event loop. Plain JavaScript so it loads
// without a TypeScript loader (under `node --import tsx`, vitest and the bench alike); checked by
// tsconfig.sandbox.json. It answers jobs through workers/serve-jobs.mjs (decision 076); the other
// side is similarity-worker.ts, a JobThread.
//
// Dolos's own pieces do the comparing (FingerprintIndex, Pair, Fragment, with Dolos's default
// k-gram length and window); two steps of Dolos.analyze are done here instead, faster, with the
// same results (decision 048):
//  · tokens: Dolos walks the syntax tree through node.namedChildren, which makes a JavaScript
//    object per node; the same walk on a tree cursor gives identical tokens and positions
//    (similarity.test.ts compares them) in about a third of the time;
//  · pairs: Dolos's allPairs() builds all n(n-1)/2 pairs, each with a longest-common-run search;
//    here each fingerprint's files are walked once to count what every pair shares, and the
//    longest run is searched only for the pairs that are kept.
import { readFileSync, readlinkSync } from "node:fs";
import { setPriority } from "node:os";
import { serveJobs } from "../../workers/serve-jobs.mjs";

/**
 * On a busy machine the report gives way to the API: this thread (not the server's) runs at a
 * lower priority (Linux: a thread's id works as a pid for setpriority), from before Dolos and
 * its parsers load. Best effort elsewhere.
 */
function lowerThisThreadsPriority() {
  try {
    const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, 10);
  } catch {
    // not Linux, or not allowed: the report still runs, at the same priority as the API
  }
}
lowerThisThreadsPriority();

const { File, FingerprintIndex, LanguagePicker, Pair, Region, TokenizedFile } = await import(
  "@dodona/dolos-lib"
);

/** @typedef {import("@dodona/dolos-lib").Region} Region */
/** @typedef {{ id: string, code: string }} Source */
/** @typedef {{ kind: "report", files: Source[], template: string, floor: number, limit: number }} ReportJob */
/** @typedef {{ kind: "pair", files: [Source, Source], template: string }} PairJob */
/** @typedef {{ kind: "tokens", code: string }} TokensJob */
/** @typedef {{ parse(text: string, old?: unknown, options?: { bufferSize?: number }): { walk(): Cursor } }} Parser */
/** @typedef {{ nodeType: string, nodeIsNamed: boolean, startPosition: { row: number, column: number }, endPosition: { row: number, column: number }, gotoFirstChild(): boolean, gotoNextSibling(): boolean, gotoParent(): boolean }} Cursor */

const KGRAM_LENGTH = 23; // Dolos's defaults: 23-token k-grams, one fingerprint per window of 17
const KGRAMS_IN_WINDOW = 17;

/** @type {Promise<{ parser: Parser, dolosTokens: (code: string) => [string[], Region[]] }> | null} */
let tokenizerReady = null;
function tokenizer() {
  tokenizerReady ??= (async () => {
    const language = await new LanguagePicker().findLanguage("python");
    const dolos = /** @type {any} */ (await language.createTokenizer({ includeComments: false }));
    return { parser: dolos.parser, dolosTokens: (code) => dolos.tokenizeWithMapping(code) };
  })();
  return tokenizerReady;
}

/**
 * Dolos's CodeTokenizer.tokenizeNode on a cursor: "(", the node's type, its named children, ")"
 * (comments left out, their positions still count); a node's region ends where its first child
 * starts, and the three tokens of a node share one Region object, as in Dolos.
 * @param {Parser} parser
 * @param {string} code
 * @returns {[string[], Region[]]}
 */
function tokens(parser, code) {
  const tree = parser.parse(code, undefined, { bufferSize: Math.max(32 * 1024, code.length * 2) });
  /** @type {string[]} */
  const out = [];
  /** @type {Region[]} */
  const mapping = [];
  const cursor = tree.walk();
  // The walk keeps its own stack of open nodes instead of recursing: a hand-in whose syntax tree
  // is thousands of nodes deep (a long `1+1+…` chain) overflowed the thread's call stack, and the
  // whole class's report failed with it.
  /** @type {{ location: Region, include: boolean }[]} */
  const open = [];
  const enter = () => {
    const type = cursor.nodeType;
    const start = cursor.startPosition;
    const end = cursor.endPosition;
    const location = new Region(start.row, start.column, end.row, end.column);
    const include = !type.includes("comment");
    if (include) {
      out.push("(", type);
      mapping.push(location, location);
    }
    open.push({ location, include });
  };
  const leave = () => {
    const { location, include } = /** @type {{ location: Region, include: boolean }} */ (open.pop());
    if (include) {
      out.push(")");
      mapping.push(location);
    }
    const parent = open.at(-1);
    if (!parent) return;
    const row = location.startRow;
    const column = location.startCol;
    const p = parent.location;
    if (row < p.endRow || (row === p.endRow && column < p.endCol)) {
      p.endRow = row;
      p.endCol = column;
    }
  };
  const nextNamedSibling = () => {
    while (cursor.gotoNextSibling()) if (cursor.nodeIsNamed) return true;
    return false;
  };
  const firstNamedChild = () => {
    if (!cursor.gotoFirstChild()) return false;
    if (cursor.nodeIsNamed || nextNamedSibling()) return true;
    cursor.gotoParent();
    return false;
  };
  enter();
  for (;;) {
    if (firstNamedChild()) {
      enter();
      continue;
    }
    for (;;) {
      leave();
      if (open.length === 0) return [out, mapping];
      if (nextNamedSibling()) {
        enter();
        break;
      }
      cursor.gotoParent();
    }
  }
}

/** Tokenised programs by their text: a report run again with one new hand-in tokenises only that one. */
const tokenCache = new Map();
const TOKEN_CACHE_SIZE = 1000;

/**
 * @param {Parser} parser
 * @param {string} path
 * @param {string} code
 */
function tokenized(parser, path, code) {
  let cached = tokenCache.get(code);
  if (cached) tokenCache.delete(code);
  else cached = tokens(parser, code);
  tokenCache.set(code, cached);
  if (tokenCache.size > TOKEN_CACHE_SIZE) tokenCache.delete(tokenCache.keys().next().value);
  return new TokenizedFile(new File(path, code), cached[0], cached[1]);
}

/**
 * A fingerprint index of the programs, with the starter code as Dolos's ignored file: what the
 * template contains is left out of every program's fingerprints (and of the similarity).
 * @param {Source[]} sources
 * @param {string} template
 */
async function indexOf(sources, template) {
  const { parser } = await tokenizer();
  const index = new FingerprintIndex(KGRAM_LENGTH, KGRAMS_IN_WINDOW, false);
  const files = sources.map((s) => tokenized(parser, `${s.id}.py`, s.code));
  index.addFiles(files);
  if (template.trim()) index.addIgnoredFile(tokenized(parser, "template.py", template));
  return { index, files };
}

/**
 * Dolos's similarity: the k-grams the two programs share over all their k-grams, template left out.
 * (Dolos 3.5.1's Pair subtracts the left file's template count twice, `rightIgnored =
 * leftEntry.ignored.size`, so its score depends on the order; each side's own count here.)
 * @param {import("@dodona/dolos-lib").FileEntry} left
 * @param {import("@dodona/dolos-lib").FileEntry} right
 * @param {number} shared occurrences of shared fingerprints, both sides together
 */
function similarityOf(left, right, shared) {
  const denominator = left.kgrams.length + right.kgrams.length - left.ignored.size - right.ignored.size;
  return denominator > 0 ? Math.min(1, shared / denominator) : 0;
}

/**
 * Every pair at or above `floor`, most similar first, at most `limit` of them, and how many pairs
 * reached the floor in all.
 * @param {ReportJob} job
 */
async function runReport(job) {
  const { index } = await indexOf(job.files, job.template);
  const entries = index.entries();
  const n = entries.length;
  /** @type {Map<import("@dodona/dolos-lib").TokenizedFile, number>} */
  const position = new Map(entries.map((e, i) => [e.file, i]));
  /** @type {Map<number, number>} shared occurrences per pair, key i * n + j (i < j) */
  const shared = new Map();
  for (const fingerprint of index.sharedFingerprints()) {
    if (fingerprint.ignored) continue;
    const files = fingerprint.files();
    if (files.length < 2) continue;
    /** @type {{ at: number, count: number }[]} */
    const sides = [];
    for (const file of files) {
      const at = position.get(file);
      if (at !== undefined) sides.push({ at, count: fingerprint.occurrencesOf(file).length });
    }
    sides.sort((a, b) => a.at - b.at);
    for (let a = 0; a < sides.length; a++) {
      for (let b = a + 1; b < sides.length; b++) {
        const key = sides[a].at * n + sides[b].at;
        shared.set(key, (shared.get(key) ?? 0) + sides[a].count + sides[b].count);
      }
    }
  }
  /** @type {{ i: number, j: number, similarity: number, overlap: number }[]} */
  const kept = [];
  for (const [key, overlap] of shared) {
    const i = Math.floor(key / n);
    const j = key % n;
    const similarity = similarityOf(entries[i], entries[j], overlap);
    if (similarity >= job.floor) kept.push({ i, j, similarity, overlap });
  }
  const aboveFloor = kept.length;
  kept.sort((a, b) => b.similarity - a.similarity || b.overlap - a.overlap || a.i - b.i || a.j - b.j);
  kept.length = Math.min(kept.length, job.limit);
  const idOf = (/** @type {number} */ i) => entries[i].file.path.slice(0, -".py".length);
  const pairs = kept.map(({ i, j, similarity, overlap }) => ({
    left: idOf(i),
    right: idOf(j),
    similarity,
    longest: new Pair(entries[i], entries[j]).longest,
    overlap,
  }));
  return { pairs, aboveFloor };
}

/**
 * The shared fragments of two programs, as regions of each: tree-sitter counts rows and columns
 * from 0; the answer has lines from 1 and columns from 0 (end column exclusive), as editors count.
 * Fingerprints depend only on each program's own text, so two programs analysed alone share
 * exactly what they share in the whole report.
 * @param {PairJob} job
 */
async function runPair(job) {
  const { index, files } = await indexOf(job.files, job.template);
  const pair = index.getPair(files[0], files[1]);
  /** @param {Region} r */
  const range = (r) => ({
    startLine: r.startRow + 1,
    startColumn: r.startCol,
    endLine: r.endRow + 1,
    endColumn: r.endCol,
  });
  const fragments = pair.buildFragments().map((f) => ({
    left: range(f.leftSelection),
    right: range(f.rightSelection),
    kgrams: f.pairs.length,
  }));
  const [left, right] = index.entries();
  return { similarity: similarityOf(left, right, pair.overlap), longest: pair.longest, fragments };
}

/**
 * Both tokenisers on one program, for the test that they agree.
 * @param {TokensJob} job
 */
async function runTokens(job) {
  const { parser, dolosTokens } = await tokenizer();
  const strip = (/** @type {[string[], Region[]]} */ [t, m]) => ({
    tokens: t,
    mapping: m.map((r) => r.toString()),
  });
  return { ours: strip(tokens(parser, job.code)), dolos: strip(dolosTokens(job.code)) };
}

/** This thread's CPU time so far in ms (Linux; null elsewhere): what a job costs, whatever the load. */
function threadCpuMs() {
  try {
    const fields = readFileSync("/proc/thread-self/stat", "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, USER_HZ = 100
  } catch {
    return null;
  }
}

/** Each job's answer, with what it cost this thread in CPU (the bench prints it). */
serveJobs(async (/** @type {ReportJob | PairJob | TokensJob} */ job) => {
  const cpuBefore = threadCpuMs();
  const result =
    job.kind === "report"
      ? await runReport(job)
      : job.kind === "pair"
        ? await runPair(job)
        : await runTokens(job);
  const cpuAfter = threadCpuMs();
  const cpuMs = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
  return { result, cpuMs };
});
