// What the replay page shows beside the engine (shared/domain/replay.ts): times in the teacher's
// clock, the marker tones, and the points a teacher can compare the current one with.

import type { Replay, ReplayMarker } from "@/shared/domain/replay.ts";
import type { BadgeTone } from "@/shared/domain/tones.ts";

const timeFmt = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", second: "2-digit" });
const dayTimeFmt = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** "10:32:05", or "25 Nov, 10:32:05" when the history spans more than one day. */
export function replayTimeFormatter(replay: Replay): (t: number) => string {
  const { steps } = replay;
  const oneDay =
    steps.length === 0 ||
    new Date(steps[0].t).toDateString() === new Date(steps[steps.length - 1].t).toDateString();
  return (t) => (oneDay ? timeFmt : dayTimeFmt).format(new Date(t));
}

export const MARKER_TONES: Record<ReplayMarker["kind"], BadgeTone> = {
  run: "slate",
  error: "red",
  tests: "blue",
  paste: "yellow",
  "hand-in": "purple",
  gap: "slate",
};

export function markerTone(m: ReplayMarker): BadgeTone {
  if (m.kind === "tests") return m.passed ? "green" : "blue";
  if (m.kind === "paste" && !m.prominent) return "slate";
  return MARKER_TONES[m.kind];
}

/** A point to compare with: a step of the replay, or a hand-in's own code. */
export type ComparePoint = { key: string; label: string; step: number | null; code: () => string };

/** The start, each hand-in (its submitted code) and each marker, in time order. */
export function comparePoints(replay: Replay, time: (t: number) => string): ComparePoint[] {
  const points: ComparePoint[] = [];
  if (replay.steps.length > 0)
    points.push({ key: "start", label: "The start", step: 0, code: () => replay.codeAt(0) });
  replay.handIns.forEach((h, i) => {
    points.push({
      key: `hand-in:${h.submissionId}`,
      label: `Hand-in ${i + 1} (${h.step === null ? "before recording" : time(replay.steps[h.step].t)})`,
      step: h.step,
      code: () => h.code,
    });
  });
  for (const m of replay.markers) {
    if (m.kind === "hand-in") continue;
    points.push({
      key: `step:${m.step}:${m.kind}`,
      label: `${time(replay.steps[m.step].t)} ${m.label}`,
      step: m.step,
      code: () => replay.codeAt(m.step),
    });
  }
  return points;
}

/** The last hand-in at or before `step` (the default "Compare with…"), if any. */
export function previousHandIn(replay: Replay, step: number): string | null {
  const before = replay.handIns.filter((h) => h.step === null || h.step <= step);
  const last = before.at(-1);
  return last ? `hand-in:${last.submissionId}` : null;
}
