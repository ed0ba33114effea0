import { describe, expect, it } from "vitest";
import type { ActivityHistory } from "@/shared/api/activity.ts";
import { buildReplay } from "@/shared/domain/replay.ts";
import { comparePoints, markerTone, previousHandIn } from "./replay-view.ts";

const T0 = Date.parse("2026-11-25T10:00:00.000Z");
const at = (s: number) => new Date(T0 + s * 1000).toISOString();
const ev = (id: number, s: number, event: ActivityHistory["events"][number]["event"]) => ({
  id,
  sessionId: "s1",
  time: at(s),
  event,
});

const history: ActivityHistory = {
  assignmentId: "a",
  studentId: "s",
  studentName: "Kit",
  starterCode: "",
  events: [
    ev(1, 0, { type: "open", at: 0, code: "a\n" }),
    ev(2, 10, { type: "submit", at: 10_000 }),
    ev(3, 20, { type: "paste", at: 20_000, from: 0, chars: 640, lines: 12 }),
    ev(4, 30, { type: "tests", at: 30_000, passed: 2, total: 2 }),
    ev(5, 40, { type: "submit", at: 40_000 }),
  ],
  submissions: [
    { id: "h1", submittedAt: at(11), code: "first" },
    { id: "h2", submittedAt: at(41), code: "second" },
  ],
};

describe("replay view", () => {
  const replay = buildReplay(history);
  const time = (t: number) => `t+${(t - T0) / 1000}`;

  it("offers the start, each hand-in (its own code) and each other marker to compare with", () => {
    const points = comparePoints(replay, time);
    expect(points.map((p) => [p.key, p.label, p.step])).toEqual([
      ["start", "The start", 0],
      ["hand-in:h1", "Hand-in 1 (t+10)", 1],
      ["hand-in:h2", "Hand-in 2 (t+40)", 4],
      ["step:2:paste", "t+20 Pasted 640 characters", 2],
      ["step:3:tests", "t+30 Tests 2/2 passed", 3],
    ]);
    expect(points[2].code()).toBe("second");
    expect(points[0].code()).toBe("a\n");
  });

  it("the previous hand-in is the last at or before the point", () => {
    expect(previousHandIn(replay, 0)).toBeNull();
    expect(previousHandIn(replay, 1)).toBe("hand-in:h1");
    expect(previousHandIn(replay, 3)).toBe("hand-in:h1");
    expect(previousHandIn(replay, 4)).toBe("hand-in:h2");
  });

  it("large pastes stand out; all-passed tests are green", () => {
    const tones = Object.fromEntries(replay.markers.map((m) => [m.kind, markerTone(m)]));
    expect(tones).toMatchObject({ paste: "yellow", tests: "green", "hand-in": "purple" });
    expect(markerTone({ step: 0, kind: "paste", label: "", prominent: false })).toBe("slate");
  });
});
