// The visualiser's step model (issue 21, decision 067): reads the record tracer.py wrote while a
// program ran (through the browser worker's trace-recorder.ts) into steps the page shows — the
// line about to run, every frame of the program with its variables, the boxes (lists, dicts,
// sets, objects) they point at, the output so far and how much of the turtle's drawing.
// The record is the program's claim: every field is checked here, a part or step that does not
// read is shown as unreadable, never trusted. Pure: the page and the tests share it.
import type { DrawCommand } from "../grading/drawing.ts";

/** tracer.py's MAX_STEPS: a run stops there and the visualiser says so. */
export const MAX_TRACE_STEPS = 10_000;

/** What the worker hands the page after a traced run (strings parsed lazily, step by step). */
export type TraceRecord = {
  /** JSON texts: a frame's variables or one box, numbered in order. */
  parts: string[];
  /** JSON texts, one per step. */
  steps: string[];
  /** The console's length (UTF-16 units of the transcript) when each step was recorded… */
  outputAt: number[];
  /** …and where it last cleared (os.system("clear")) by then. */
  clearedAt: number[];
  /** The turtle's drawing of the run; a step shows its first `drawn` commands. */
  drawing: DrawCommand[];
  /** tracer.py's closing line: how many steps, and whether a limit stopped the run. */
  end: string | null;
};

export type ShownValue =
  | { kind: "none" }
  | { kind: "bool"; value: boolean }
  /** int and float digits, a string as Python writes it (quoted), or words for anything else. */
  | { kind: "int" | "float" | "str" | "text"; text: string; length?: number }
  /** A box of this step, by its index in `boxes`. */
  | { kind: "ref"; box: number }
  /** Not followed: too deep, too many boxes, or past the value's size. */
  | { kind: "cut" };

export type BoxKind = "list" | "tuple" | "dict" | "set" | "frozenset" | "object";

export type Box = {
  kind: BoxKind;
  /** The class's name for an object, or for a subclass of a built-in (a namedtuple); else null. */
  className: string | null;
  /** list, tuple, set: the items shown. */
  items: ShownValue[];
  /** dict: [key, value]; object: [attribute name, value]. */
  entries: [ShownValue, ShownValue][];
  /** Items not shown (the box was cut to its size). */
  more: number;
};

export type Variable = { name: string; value: ShownValue };

export type Frame = {
  /** "<module>" for the program's global frame, else the function's name (Class.method). */
  name: string;
  line: number;
  variables: Variable[];
  /** Variables not shown (more than tracer.py's MAX_NAMES). */
  hiddenVariables: number;
  /** On a "return" step, in the frame that returns. */
  returned: ShownValue | null;
};

export type StepEvent = "line" | "return" | "exception" | "end";

export type Step = {
  index: number;
  /** The line about to run (line), that returns (return), where the error happened (exception). */
  line: number;
  event: StepEvent;
  frames: Frame[];
  boxes: Box[];
  /** Frames hidden between the global frame and the innermost ones (deep recursion). */
  hiddenFrames: number;
  /** "ValueError: invalid literal…" on an exception step. */
  note: string | null;
  /** How many of the drawing's commands had been drawn. */
  drawn: number;
  /** The console at this step, from its last clear: what the program had printed and been typed. */
  output: string;
  /** The step could not be read (a record the program tampered with). */
  unreadable: boolean;
};

export type TraceLimit = "steps" | "size" | null;

export type Trace = {
  count: number;
  limit: TraceLimit;
  drawing: DrawCommand[];
  step(index: number): Step;
};

const MAX_TEXT = 400;
const EVENTS: readonly StepEvent[] = ["line", "return", "exception", "end"];
const BOX_KINDS: readonly BoxKind[] = ["list", "tuple", "dict", "set", "frozenset", "object"];

const isCount = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;
const text = (v: unknown, max = MAX_TEXT): string | null =>
  typeof v === "string" ? (v.length > max ? `${v.slice(0, max)}…` : v) : null;

function parse(json: string | undefined): unknown {
  if (typeof json !== "string") return undefined;
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}

/** One encoded value (tracer.py's _Step.value); anything else reads as cut. */
export function readValue(raw: unknown, boxCount: number): ShownValue {
  if (!Array.isArray(raw) || typeof raw[0] !== "string") return { kind: "cut" };
  switch (raw[0]) {
    case "n":
      return { kind: "none" };
    case "b":
      return { kind: "bool", value: raw[1] === true };
    case "i":
    case "f":
    case "s":
    case "t": {
      const t = text(raw[1]);
      if (t === null) return { kind: "cut" };
      const kind = ({ i: "int", f: "float", s: "str", t: "text" } as const)[raw[0]];
      return isCount(raw[2]) ? { kind, text: t, length: raw[2] } : { kind, text: t };
    }
    case "r":
      return isCount(raw[1]) && raw[1] < boxCount ? { kind: "ref", box: raw[1] } : { kind: "cut" };
    default:
      return { kind: "cut" };
  }
}

function readBox(raw: unknown, boxCount: number): Box {
  const box: Box = { kind: "list", className: null, items: [], entries: [], more: 0 };
  if (typeof raw !== "object" || raw === null || Array.isArray(raw))
    return { ...box, kind: "object", className: "?" };
  const r = raw as Record<string, unknown>;
  box.kind = BOX_KINDS.includes(r.k as BoxKind) ? (r.k as BoxKind) : "object";
  box.className = text(r.c, 80);
  box.more = isCount(r.m) ? r.m : 0;
  if (Array.isArray(r.i)) box.items = r.i.map((v) => readValue(v, boxCount));
  if (Array.isArray(r.e)) {
    box.entries = r.e.map((pair): [ShownValue, ShownValue] => {
      if (!Array.isArray(pair)) return [{ kind: "cut" }, { kind: "cut" }];
      // An object's attribute names are plain strings.
      const key: ShownValue =
        typeof pair[0] === "string"
          ? { kind: "text", text: text(pair[0], 80) ?? "" }
          : readValue(pair[0], boxCount);
      return [key, readValue(pair[1], boxCount)];
    });
  }
  return box;
}

function readVariables(raw: unknown, boxCount: number): Variable[] {
  if (!Array.isArray(raw)) return [];
  const out: Variable[] = [];
  for (const pair of raw) {
    if (!Array.isArray(pair)) continue;
    const name = text(pair[0], 80);
    if (name !== null) out.push({ name, value: readValue(pair[1], boxCount) });
  }
  return out;
}

function readLimit(end: string | null): TraceLimit {
  const raw = parse(end ?? undefined) as { limit?: unknown } | undefined;
  return raw?.limit === "steps" || raw?.limit === "size" ? raw.limit : null;
}

/**
 * The trace the page steps through. `transcript` is the run's console text (HarnessRun's) and
 * `shownFrom` where the console starts (its last clear): the last step shows all of it (the error
 * line included); earlier steps, what had been written by then.
 */
export function readTrace(record: TraceRecord, transcript: string, shownFrom = 0): Trace {
  const parts = Array.isArray(record.parts) ? record.parts : [];
  const steps = Array.isArray(record.steps) ? record.steps.slice(0, MAX_TRACE_STEPS) : [];
  const drawing = Array.isArray(record.drawing) ? record.drawing : [];
  const partCache = new Map<number, unknown>();
  const part = (index: unknown): unknown => {
    if (!isCount(index) || index >= parts.length) return undefined;
    if (!partCache.has(index)) partCache.set(index, parse(parts[index]));
    return partCache.get(index);
  };
  const stepCache = new Map<number, Step>();
  const at = (list: unknown, i: number, max: number) => {
    const v = Array.isArray(list) ? list[i] : undefined;
    return isCount(v) ? Math.min(v, max) : 0;
  };

  function readStep(index: number): Step {
    const last = index === steps.length - 1;
    const end = at(record.outputAt, index, transcript.length);
    const from = Math.min(at(record.clearedAt, index, transcript.length), end);
    const output = last ? transcript.slice(shownFrom) : transcript.slice(from, end);
    const step: Step = {
      index,
      line: 0,
      event: "line",
      frames: [],
      boxes: [],
      hiddenFrames: 0,
      note: null,
      drawn: 0,
      output,
      unreadable: true,
    };
    const raw = parse(steps[index]);
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return step;
    const r = raw as Record<string, unknown>;
    if (!isCount(r.l) || !Array.isArray(r.f) || !Array.isArray(r.h)) return step;
    const boxCount = r.h.length;
    step.line = r.l;
    step.event = EVENTS.includes(r.e as StepEvent) ? (r.e as StepEvent) : "line";
    step.boxes = r.h.map((p) => readBox(part(p), boxCount));
    step.frames = r.f.flatMap((f): Frame[] => {
      if (typeof f !== "object" || f === null) return [];
      const fr = f as Record<string, unknown>;
      return [
        {
          name: text(fr.n, 80) ?? "?",
          line: isCount(fr.l) ? fr.l : 0,
          variables: readVariables(part(fr.v), boxCount),
          hiddenVariables: isCount(fr.hv) ? fr.hv : 0,
          returned: "r" in fr ? readValue(fr.r, boxCount) : null,
        },
      ];
    });
    step.hiddenFrames = isCount(r.hf) ? r.hf : 0;
    step.note = text(r.x);
    step.drawn = isCount(r.d) ? Math.min(r.d, drawing.length) : 0;
    // The last step shows the whole drawing: commands recorded after it (the final flush) too.
    if (last) step.drawn = drawing.length;
    step.unreadable = false;
    return step;
  }

  return {
    count: steps.length,
    limit: readLimit(record.end),
    drawing,
    step(index) {
      const i = Math.max(0, Math.min(steps.length - 1, Math.floor(index)));
      let found = stepCache.get(i);
      if (!found) {
        found = readStep(i);
        stepCache.set(i, found);
      }
      return found;
    },
  };
}

/** A value as a beginner reads it: None, True, 42, 'Sam' (strings quoted, as Python shows them). */
export function valueText(value: ShownValue): string {
  switch (value.kind) {
    case "none":
      return "None";
    case "bool":
      return value.value ? "True" : "False";
    case "str":
      return value.length ? `${value.text} (${value.length.toLocaleString("en-GB")} characters)` : value.text;
    case "ref":
      return `box ${value.box + 1}`;
    case "cut":
      return "…";
    default:
      return value.text;
  }
}

/** A box's heading: "list", "dict", "Dog object", "Point (a tuple)". */
export function boxTitle(box: Box): string {
  if (box.kind === "object") return `${box.className ?? "?"} object`;
  return box.className ? `${box.className} (a ${box.kind})` : box.kind;
}

/** Words for what a step is doing, e.g. "About to run line 4" or "double returns 6". */
export function stepSummary(step: Step): string {
  if (step.unreadable) return "This step could not be read.";
  const frame = step.frames[step.frames.length - 1];
  switch (step.event) {
    case "return":
      return `${frame?.name ?? "The function"} returns ${frame?.returned ? valueText(frame.returned) : "None"} (line ${step.line})`;
    case "exception":
      return `Error on line ${step.line}: ${step.note ?? "an exception"}`;
    case "end":
      return "The program has finished.";
    default:
      return `About to run line ${step.line}`;
  }
}
