// @ts-check
// The console recorder: builds a run's transcript (everything the console shows, in order) and
// its output (printed text only) from what the JavaScript side observed the program write,
// and enforces the output cap — outside Python, where the program cannot reach it.
// Plain JavaScript with JSDoc so the sandboxed grader host loads it without a TypeScript loader;
// harness.py's _Console implements the same rule for CPython (the reference transcripts).
//
// The cap counts characters (code points, as Python's len does) of the whole transcript. The
// write that crosses it is kept up to the cap and refused; every later write is refused too.
//
// Apart from the transcript, never part of what tests compare: warnings (text the harness writes
// a line at a time; anything else that arrives there is only the program's claim, kept to
// MAX_WARNINGS lines of MAX_WARNING_CHARS) and where the console was last cleared
// (os.system("clear"): the browser shows the transcript from there on).

export const OUTPUT_LIMIT_LINE = "[output limit reached]";
/** The most warning lines kept per run, and the longest (as in harness.py). */
export const MAX_WARNINGS = 20;
export const MAX_WARNING_CHARS = 500;

/** Test input is lines separated by newlines; a final newline does not add an empty line. */
export function splitInput(/** @type {string} */ text) {
  if (!text) return [];
  const lines = text.replace(/\r\n/g, "\n").replace(/\r/g, "\n").split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/** Number of code points in `text` (a surrogate pair counts once). */
function codePoints(/** @type {string} */ text) {
  let n = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/** The first `count` code points of `text`. */
function headCodePoints(/** @type {string} */ text, /** @type {number} */ count) {
  let i = 0;
  for (let taken = 0; taken < count && i < text.length; taken++) {
    const c = text.charCodeAt(i);
    const pair = c >= 0xd800 && c <= 0xdbff && i + 1 < text.length;
    i += pair && text.charCodeAt(i + 1) >= 0xdc00 && text.charCodeAt(i + 1) <= 0xdfff ? 2 : 1;
  }
  return text.slice(0, i);
}

/** Appends `line` on a line of its own. */
export function appendLine(/** @type {string} */ text, /** @type {string} */ line) {
  return (text && !text.endsWith("\n") ? `${text}\n` : text) + line;
}

/**
 * @typedef {object} ConsoleRecorder
 * @property {(text: string) => boolean} print  printed text (stdout/stderr): transcript and output
 * @property {(text: string) => boolean} console  console-only text (prompts, echoed input)
 * @property {() => void} freeze  refuse everything from now on (the time limit fired)
 * @property {() => boolean} limited  whether the cap was reached
 * @property {() => string} transcript
 * @property {() => string} output
 * @property {(text: string) => void} warn  warning text (lines end with "\n"); never refused
 * @property {() => string[]} warnings  the warning lines kept
 * @property {() => void} clear  the console was cleared here
 * @property {() => number} clearedAt  where the console shows the transcript from (UTF-16 index)
 */

/**
 * @param {{ maxOutput: number, isFrozen?: () => boolean, onText?: (text: string) => void, onWarning?: (line: string) => void, onClear?: () => void }} options
 *   `isFrozen` is asked on every write (e.g. a flag the timing thread sets when the time limit
 *   fires); `onText` sees each accepted piece (for streaming to a console), `onWarning` each
 *   warning line kept, `onClear` each clear of the console.
 * @returns {ConsoleRecorder} `print`/`console` return false when the text was refused (cap
 *   reached or frozen): the caller makes that write fail.
 */
export function createConsoleRecorder({ maxOutput, isFrozen, onText, onWarning, onClear }) {
  /** @type {string[]} */
  const transcript = [];
  /** @type {string[]} */
  const output = [];
  let size = 0;
  /** The transcript's length in UTF-16 units (where a clear happened). */
  let units = 0;
  let cleared = 0;
  let limited = false;
  let frozen = false;
  /** @type {string[]} */
  const warningLines = [];
  /** The warning line being written (up to MAX_WARNING_CHARS of it). */
  let partial = "";

  const isStopped = () => {
    if (frozen || (isFrozen?.() ?? false)) frozen = true;
    return frozen;
  };

  /** @param {string} text @param {boolean} printed */
  function add(text, printed) {
    if (isStopped()) return false;
    if (limited) return false;
    if (!text) return true;
    const room = Math.max(0, maxOutput - size);
    let n = codePoints(text);
    if (n > room) {
      text = headCodePoints(text, room);
      n = room;
      limited = true;
    }
    size += n;
    if (text) {
      units += text.length;
      transcript.push(text);
      if (printed) output.push(text);
      onText?.(text);
    }
    return !limited;
  }

  return {
    print: (text) => add(text, true),
    console: (text) => add(text, false),
    freeze() {
      frozen = true;
    },
    limited: () => limited,
    transcript: () => transcript.join(""),
    output: () => output.join(""),
    warn(text) {
      if (isStopped() || typeof text !== "string") return;
      const pieces = text.split("\n");
      for (const [i, piece] of pieces.entries()) {
        if (warningLines.length >= MAX_WARNINGS) return;
        if (codePoints(partial) < MAX_WARNING_CHARS)
          partial = headCodePoints(partial + headCodePoints(piece, MAX_WARNING_CHARS), MAX_WARNING_CHARS);
        if (i === pieces.length - 1) break;
        const line = partial;
        partial = "";
        if (line) {
          warningLines.push(line);
          onWarning?.(line);
        }
      }
    },
    warnings: () =>
      partial && warningLines.length < MAX_WARNINGS ? [...warningLines, partial] : [...warningLines],
    clear() {
      if (isStopped() || limited) return;
      cleared = units;
      onClear?.();
    },
    clearedAt: () => cleared,
  };
}

/** What the run's error line reads when the harness's answer was not an error line. */
export const UNREADABLE_LINE = "Error: the grader could not read this run";
/** The longest error line kept (as MAX_ERROR_CHARS in host-protocol.ts). */
export const MAX_ERROR_CHARS = 4000;

/**
 * @typedef {object} RecordedRun  a run as harness.py's run_program returns it (HarnessRun)
 * @property {string} transcript
 * @property {string} output
 * @property {string | null} error
 * @property {string | null} error_type
 * @property {number | null} line
 * @property {string | null} prompt
 * @property {string[]} [warnings]  shown apart from the transcript (browser only)
 */

/**
 * A run's result, from what the recorder kept and the error line the harness claimed — the
 * same merge for the server grader and the browser: a reached cap fails the run with
 * `[output limit reached]` whatever the program claimed; an error line must start `Error: `
 * (cut to MAX_ERROR_CHARS; anything else reads UNREADABLE_LINE); it ends both texts, on a line
 * of its own. In re-run mode, `prompt` says the program stopped for input (no error line).
 * `warnings`, when given (the browser), are passed on apart from the transcript.
 * @param {{ transcript: string, output: string, limited: boolean, error: unknown, prompt?: string | null, warnings?: string[] }} record
 * @returns {RecordedRun}
 */
export function recordedRun({ transcript, output, limited, error, prompt = null, warnings }) {
  const apart = Array.isArray(warnings) ? { warnings: [...warnings] } : {};
  if (!limited && typeof prompt === "string") {
    return { transcript, output, error: null, error_type: "InputNeeded", line: null, prompt, ...apart };
  }
  /** @type {number | null} */
  let line = null;
  /** @type {string | null} */
  let errorLine = null;
  if (limited) errorLine = OUTPUT_LIMIT_LINE;
  else if (typeof error === "string" && error.startsWith("Error: ")) {
    errorLine = error.slice(0, MAX_ERROR_CHARS);
    const at = /\(line (\d{1,9})\)$/.exec(errorLine);
    if (at) line = Number(at[1]);
  } else if (error !== null) errorLine = UNREADABLE_LINE;
  const type =
    errorLine === OUTPUT_LIMIT_LINE ? "OutputLimit" : (/^Error: (\w+)/.exec(errorLine ?? "")?.[1] ?? null);
  return {
    transcript: errorLine === null ? transcript : appendLine(transcript, errorLine),
    output: errorLine === null ? output : appendLine(output, errorLine),
    error: errorLine,
    error_type: type,
    line,
    prompt: null,
    ...apart,
  };
}
