// The grading contract shared by the browser worker, the server grader and the UI.
import type { DrawingShape } from "./drawing-shape.mjs";

/**
 * One test case, as teachers write it: input lines separated by newlines. A drawing test
 * (decision 064) also compares the turtle drawing with `expectedDrawing`; `recordDrawing` only
 * records it (the server running a teacher's model answer).
 */
export type TestCase = {
  input?: string;
  expectedOutput: string;
  expectedDrawing?: DrawingShape;
  recordDrawing?: boolean;
};

/** A drawing test's verdict: the drawing matched, what differs in words, the program's drawing. */
export type DrawingVerdict = { matches: boolean; summary: string; yours: DrawingShape };

/** What harness.py returns for one run of a program (see its run_program docstring). */
export type HarnessRun = {
  transcript: string;
  output: string;
  error: string | null;
  error_type: string | null;
  line: number | null;
  prompt: string | null;
  /** Warnings ("Warning (line N): …"), shown apart: never part of what tests compare. The
   * harness and the browser's worker give them; the server grader keeps them off its results. */
  warnings?: string[];
};

/** Which form of the expected output matched: with prompts and echoed input, or without. */
export type MatchedStyle = "transcript" | "output";

export type TestResult = {
  passed: boolean;
  /** What the console showed (the transcript, ending with the error line if any). */
  output: string;
  /** What the program printed without prompts and echoed input (for the failure view). */
  plainOutput?: string;
  error: string | null;
  timeMs: number;
  matched?: MatchedStyle;
  /** Drawing tests only; the test passed only if the output matched and `drawing.matches`. */
  drawing?: DrawingVerdict;
};

export type GradeResult = {
  passed: number;
  total: number;
  score: number;
  results: TestResult[];
  /**
   * The server's pool only: when the job's first test was sent to a grader and when its last
   * ended (performance.now() in the server's process). Never sent to a browser.
   */
  timing?: { startedAt: number; finishedAt: number };
};

/** Per-test limits. Defaults: 5 s per test, 1 MB of output. */
export type RunLimits = { timeMs?: number; maxOutput?: number };

export const DEFAULT_TIME_LIMIT_MS = 5_000;
export const DEFAULT_MAX_OUTPUT = 1_000_000;
