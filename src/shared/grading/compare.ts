// The pass rule: trimmed expected output equals the trimmed transcript, or the trimmed output
// with prompts and echoed input left out (teachers may write expected output either way).
import type { HarnessRun, MatchedStyle, RunLimits, TestResult } from "./types.ts";
import { DEFAULT_TIME_LIMIT_MS } from "./types.ts";

/** Windows line endings from a teacher's form must not fail a test. */
function normalise(text: string): string {
  return text.replace(/\r\n?/g, "\n").trim();
}

/** Which style matched, or null when the test fails. A run that ended in an error never passes. */
export function matchExpected(
  expected: string,
  run: Pick<HarnessRun, "transcript" | "output" | "error">,
): MatchedStyle | null {
  if (run.error != null) return null;
  const want = normalise(expected);
  if (want === normalise(run.transcript)) return "transcript";
  if (want === normalise(run.output)) return "output";
  return null;
}

/** Turns one harness run into the test's result. */
export function toTestResult(expected: string, run: HarnessRun, timeMs: number): TestResult {
  const matched = matchExpected(expected, run);
  const result: TestResult = {
    passed: matched !== null,
    output: run.transcript,
    plainOutput: run.output,
    error: run.error,
    timeMs,
  };
  if (matched) result.matched = matched;
  return result;
}

/** Why a run was cut short from outside the interpreter. */
export type Interruption = "timeout" | "stopped";

export function interruptionMessage(reason: Interruption, limits?: RunLimits): string {
  if (reason === "stopped") return "[program stopped]";
  const seconds = (limits?.timeMs ?? DEFAULT_TIME_LIMIT_MS) / 1000;
  return `Error: TimeoutError: the program ran for more than ${seconds} s - is there a loop that never ends?`;
}

/**
 * Replaces the harness's KeyboardInterrupt line with the real reason (time limit or Stop), or
 * builds a result for a run whose interpreter had to be killed (`run` null: nothing came back).
 */
export function interruptedRun(run: HarnessRun | null, reason: Interruption, limits?: RunLimits): HarnessRun {
  let line = interruptionMessage(reason, limits);
  if (run?.line != null && reason === "timeout") line += ` (line ${run.line})`;
  const strip = (text: string) =>
    run?.error && text.endsWith(run.error) ? text.slice(0, -run.error.length) : text;
  const join = (text: string) => (text && !text.endsWith("\n") ? `${text}\n` : text) + line;
  return {
    transcript: join(run ? strip(run.transcript) : ""),
    output: join(run ? strip(run.output) : ""),
    error: line,
    error_type: reason === "timeout" ? "TimeoutError" : "KeyboardInterrupt",
    line: run?.line ?? null,
    prompt: null,
  };
}

/**
 * Literal `\n` sequences in starter code become line breaks (spec rule), but only where they
 * cannot be an escape: inside a string literal (`print("a\nb")`) they are Python's own and stay.
 * Outside strings a backslash-n is never valid Python, so converting it there loses nothing; it
 * also ends a `#` comment. Expanding twice gives the same text as expanding once.
 */
export function expandStarterCode(code: string): string {
  let out = "";
  let quote: string | null = null; // the open string's delimiter: one or three ' or "
  let comment = false;
  let i = 0;
  while (i < code.length) {
    const ch = code[i];
    if (quote !== null) {
      if (ch === "\\") {
        // An escape (raw strings too: \" never closes a string) is copied whole.
        out += code.slice(i, i + 2);
        i += 2;
      } else if (code.startsWith(quote, i)) {
        out += quote;
        i += quote.length;
        quote = null;
      } else {
        // A one-quote string cannot cross a line break; a broken one ends there.
        if (ch === "\n" && quote.length === 1) quote = null;
        out += ch;
        i++;
      }
    } else if (ch === "\\" && code[i + 1] === "n") {
      out += "\n";
      i += 2;
      comment = false;
    } else if (comment) {
      if (ch === "\n") comment = false;
      out += ch;
      i++;
    } else if (ch === "#") {
      comment = true;
      out += ch;
      i++;
    } else if (ch === '"' || ch === "'") {
      quote = code.startsWith(ch.repeat(3), i) ? ch.repeat(3) : ch;
      out += quote;
      i += quote.length;
    } else {
      out += ch;
      i++;
    }
  }
  return out;
}
