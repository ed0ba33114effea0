// One shape for a test's result, whether the browser ran it (Run Tests, the playground) or the
// server graded it (Submit Code), joined with what the student may see of the test case.
import type { StudentTestCase, SubmissionTestResult } from "@/shared/api/assignments.ts";
import { scoreTone } from "@/shared/domain/progress.ts";
import type { BadgeTone } from "@/shared/domain/tones.ts";
import { closestOutput } from "@/shared/grading/diff.ts";
import type { DrawingShape } from "@/shared/grading/drawing-shape.mjs";
import { scorePercent } from "@/shared/grading/score.ts";
import type { GradeResult, TestCase } from "@/shared/grading/types.ts";

export type ResultRow = {
  key: string;
  label: string;
  hidden: boolean;
  /** null: not run in this check (hidden cases are run only by the server). */
  passed: boolean | null;
  output: string | null;
  input: string | null;
  expected: string | null;
  error: string | null;
  timeMs: number | null;
  /** A visible drawing test whose drawing did not match: both drawings and what differs. */
  drawing?: { expected: DrawingShape; yours: DrawingShape; summary: string } | null;
};

/** The pictures of a drawing test that failed on its drawing (decision 064); null otherwise. */
function drawingOf(
  expected: DrawingShape | null | undefined,
  verdict: { matches: boolean; summary: string; yours: DrawingShape | null } | null | undefined,
): ResultRow["drawing"] {
  if (!expected || !verdict || verdict.matches || !verdict.yours) return null;
  return { expected, yours: verdict.yours, summary: verdict.summary };
}

/** `passed`/`total` count the cases this check ran; `unchecked` the hidden ones it could not. */
export type ResultSet = {
  source: "browser" | "server";
  rows: ResultRow[];
  passed: number;
  total: number;
  unchecked: number;
  /** The code that was checked, so an error's explanation can quote the student's line. */
  code?: string;
};

const labelOf = (tc: StudentTestCase, i: number) =>
  tc.hidden ? `Hidden test ${i + 1}` : tc.description || `Test ${i + 1}`;

const errorLine = (output: string | null) => {
  const last = output?.trimEnd().split("\n").at(-1) ?? "";
  return last.startsWith("Error: ") ? last : null;
};

/**
 * Browser results cover the visible cases, in order; hidden ones wait for the server. The code
 * checked (the runner adds it to its grades) lets an error's explanation quote the student's line.
 */
export function browserRows(
  cases: StudentTestCase[],
  grade: GradeResult & { code?: string },
  code = grade.code,
): ResultSet {
  let next = 0;
  const rows = cases.map((tc, i): ResultRow => {
    if (tc.hidden) {
      return {
        key: tc.id,
        label: labelOf(tc, i),
        hidden: true,
        passed: null,
        output: null,
        input: null,
        expected: null,
        error: null,
        timeMs: null,
      };
    }
    const r = grade.results[next++];
    return {
      key: tc.id,
      label: labelOf(tc, i),
      hidden: false,
      passed: r?.passed ?? false,
      output: r ? closestOutput(tc.expectedOutput, r) : "",
      input: tc.input,
      expected: tc.expectedOutput,
      error: r?.error ?? null,
      timeMs: r?.timeMs ?? null,
      drawing: drawingOf(tc.expectedDrawing, r?.drawing),
    };
  });
  const unchecked = rows.filter((r) => r.passed === null).length;
  return { source: "browser", rows, passed: grade.passed, total: grade.total, unchecked, code };
}

/** The playground's own tests: all visible, numbered. */
export function playgroundRows(
  tests: TestCase[],
  grade: GradeResult & { code?: string },
  code = grade.code,
): ResultSet {
  const rows = grade.results.map((r, i): ResultRow => {
    const tc = tests[i];
    return {
      key: `test-${i}`,
      label: `Test ${i + 1}`,
      hidden: false,
      passed: r.passed,
      output: closestOutput(tc?.expectedOutput ?? "", r),
      input: tc?.input || null,
      expected: tc?.expectedOutput ?? "",
      error: r.error,
      timeMs: r.timeMs,
    };
  });
  return { source: "browser", rows, passed: grade.passed, total: grade.total, unchecked: 0, code };
}

export function serverRows(
  cases: StudentTestCase[],
  results: SubmissionTestResult[],
  code?: string,
): ResultSet {
  const byId = new Map(cases.map((tc, i) => [tc.id, { tc, i }]));
  const rows = results.map((r, i): ResultRow => {
    const found = r.testCaseId ? byId.get(r.testCaseId) : undefined;
    const visible = found && !found.tc.hidden ? found.tc : null;
    return {
      key: r.testCaseId ?? `result-${i}`,
      label: found ? labelOf(found.tc, found.i) : r.description || `Test ${i + 1}`,
      hidden: r.hidden,
      passed: r.passed,
      // The same rule as the browser's rows, so one program gets one diagnosis whoever ran it.
      output:
        r.hidden || r.output === null
          ? null
          : closestOutput(visible?.expectedOutput ?? "", {
              output: r.output,
              plainOutput: r.plainOutput ?? undefined,
              error: errorLine(r.output),
            }),
      input: visible ? visible.input : null,
      expected: visible ? visible.expectedOutput : null,
      error: r.hidden ? null : errorLine(r.output),
      timeMs: r.executionTimeMs,
      drawing: r.hidden ? null : drawingOf(visible?.expectedDrawing, r.drawing),
    };
  });
  const passed = results.filter((r) => r.passed).length;
  return { source: "server", rows, passed, total: results.length, unchecked: 0, code };
}

/**
 * The tests-passed badge. A browser check that left hidden cases unchecked says it counted only
 * the visible ones and is never green: only the server's check can say everything passed.
 */
export function resultBadge(set: ResultSet): { text: string; tone: BadgeTone } {
  const tone = scoreTone(scorePercent(set.passed, set.total));
  if (set.unchecked === 0) return { text: `${set.passed}/${set.total} tests passed`, tone };
  return {
    text: `${set.passed}/${set.total} visible tests passed`,
    tone: tone === "green" ? "blue" : tone,
  };
}
