// What the grader host may send the web server, checked strictly: the host runs beside student
// programs, so nothing it sends is trusted. A malformed message or record never throws; a
// malformed record becomes a failed test ("the grader could not read this run").
import { type DrawingShape, readDrawingShape } from "@/shared/grading/drawing-shape.mjs";
import type { HarnessRun } from "@/shared/grading/types.ts";

export const UNREADABLE_MESSAGE = "Error: the grader could not read this run";

/** Why a test ended, as the host observed it. */
export type HostReason = null | "timeout" | "crash" | "skipped" | "budget" | "budget-timeout";
/**
 * `drawing`: a drawing test's drawing (decision 064), null when what the host sent was not a
 * well-formed one; absent for other tests.
 */
export type HostRun = {
  run: HarnessRun | null;
  timeMs: number;
  reason: HostReason;
  drawing?: DrawingShape | null;
};
/** A record the pool could not read: the test fails with UNREADABLE_MESSAGE. */
export type Unreadable = { unreadable: true; timeMs: number };

const REASONS = new Set<unknown>([null, "timeout", "crash", "skipped", "budget", "budget-timeout"]);
/** The longest error line kept (a Python message can be long, never this long). */
export const MAX_ERROR_CHARS = 4_000;

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === "object" && x !== null && !Array.isArray(x);
const isTime = (x: unknown): x is number => typeof x === "number" && Number.isFinite(x) && x >= 0;
const isStringOrNull = (x: unknown, max: number) => x === null || (typeof x === "string" && x.length <= max);

/**
 * A harness run as the host reports it, or null if anything about it is off. `maxOutput` is the
 * test's output cap: the text fields may exceed it only by the error line after the cap.
 */
export function readRun(x: unknown, maxOutput: number): HarnessRun | null {
  if (!isObject(x)) return null;
  const maxText = maxOutput + MAX_ERROR_CHARS + 2;
  const { transcript, output, error, error_type, line, prompt } = x;
  if (typeof transcript !== "string" || transcript.length > maxText) return null;
  if (typeof output !== "string" || output.length > maxText) return null;
  if (!isStringOrNull(error, MAX_ERROR_CHARS) || (typeof error === "string" && error.includes("\n")))
    return null;
  if (!isStringOrNull(error_type, 200)) return null;
  if (!(line === null || (Number.isSafeInteger(line) && (line as number) > 0))) return null;
  if (!isStringOrNull(prompt, maxText)) return null;
  return {
    transcript,
    output,
    error: error as string | null,
    error_type: error_type as string | null,
    line: line as number | null,
    prompt: prompt as string | null,
  };
}

/** One test's record from the host, or Unreadable. */
export function readHostRun(x: unknown, maxOutput: number): HostRun | Unreadable {
  try {
    return readHostRunUnchecked(x, maxOutput);
  } catch {
    return { unreadable: true, timeMs: 0 };
  }
}

function readHostRunUnchecked(x: unknown, maxOutput: number): HostRun | Unreadable {
  if (!isObject(x)) return { unreadable: true, timeMs: 0 };
  const timeMs = isTime(x.timeMs) ? x.timeMs : 0;
  if (!isTime(x.timeMs) || !REASONS.has(x.reason)) return { unreadable: true, timeMs };
  const reason = x.reason as HostReason;
  if (x.run === null) return { run: null, timeMs, reason };
  const run = readRun(x.run, maxOutput);
  if (!run) return { unreadable: true, timeMs };
  return x.drawing === undefined
    ? { run, timeMs, reason }
    : { run, timeMs, reason, drawing: readDrawingShape(x.drawing) };
}

/** How many interpreters a host started, and how many jobs got one put back into its start state. */
export type InterpreterCounts = { started: number; reused: number };

export type HostRunMessage =
  | { type: "ran"; seq: number; run: unknown; killed: boolean; interpreters: InterpreterCounts | null }
  | { type: "failed"; seq: number; message: string };
export type HostMessage = { type: "ready" } | HostRunMessage;

/** The message's type and test number, or null when it is not a message the host may send. */
export function readHostMessage(msg: unknown): HostMessage | null {
  try {
    return readHostMessageUnchecked(msg);
  } catch {
    return null;
  }
}

function readHostMessageUnchecked(msg: unknown): HostMessage | null {
  if (!isObject(msg)) return null;
  if (msg.type === "ready") return { type: "ready" };
  if (!Number.isSafeInteger(msg.seq)) return null;
  const seq = msg.seq as number;
  if (msg.type === "ran") {
    return {
      type: "ran",
      seq,
      run: msg.run,
      killed: msg.killed === true,
      interpreters: readCounts(msg.interpreters),
    };
  }
  if (msg.type === "failed") {
    const message = typeof msg.message === "string" ? msg.message.slice(0, 500) : "unknown error";
    return { type: "failed", seq, message };
  }
  return null;
}

const isCount = (x: unknown): x is number => Number.isSafeInteger(x) && (x as number) >= 0;

function readCounts(x: unknown): InterpreterCounts | null {
  if (!isObject(x) || !isCount(x.started) || !isCount(x.reused)) return null;
  return { started: x.started, reused: x.reused };
}
