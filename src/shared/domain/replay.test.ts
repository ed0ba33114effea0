import { ChangeSet, Text } from "@codemirror/state";
import { describe, expect, it } from "vitest";
import type { ActivityEvent, ActivityHistory, StoredActivityEvent } from "../api/activity.ts";
import {
  ACTIVE_GAP_MS,
  buildReplay,
  CHECKPOINT_EVERY,
  codeDiff,
  describeEvent,
  describeExerciseEvent,
  formatActiveTime,
  IDLE_GAP_PLAY_MS,
  isLargePaste,
  pasteBadgeText,
  pasteEvidenceText,
  playbackDelayMs,
  summaryLine,
} from "./replay.ts";

const T0 = Date.parse("2026-11-25T10:00:00.000Z");
const SESSION = "11111111-1111-4111-8111-111111111111";

/** Builds a history event by event, keeping the document so edits are real change sets. */
class Recorder {
  events: StoredActivityEvent[] = [];
  doc = Text.empty;
  private id = 1;
  constructor(
    public session = SESSION,
    public clock = T0,
  ) {}
  /** Each push is its own batch arriving at `clock` (advance the clock first). */
  push(event: ActivityEvent, time = this.clock) {
    this.events.push({ id: this.id++, sessionId: this.session, time: new Date(time).toISOString(), event });
  }
  at() {
    return this.clock - T0;
  }
  open(code: string) {
    this.doc = Text.of(code.split("\n"));
    this.push({ type: "open", at: this.at(), code });
  }
  /** Replaces [from, to) with `insert`, as one edit event. */
  edit(from: number, to: number, insert: string) {
    const changes = ChangeSet.of({ from, to, insert }, this.doc.length);
    this.doc = changes.apply(this.doc);
    this.push({ type: "edit", at: this.at(), changes: changes.toJSON(), length: this.doc.length });
  }
  type(text: string) {
    this.edit(this.doc.length, this.doc.length, text);
  }
  paste(text: string) {
    const from = this.doc.length;
    this.type(text);
    this.push({ type: "paste", at: this.at(), from, chars: text.length, lines: text.split("\n").length });
  }
  tick(ms: number) {
    this.clock += ms;
    return this;
  }
}

const history = (events: StoredActivityEvent[], extra: Partial<ActivityHistory> = {}): ActivityHistory => ({
  assignmentId: "a",
  studentId: "s",
  studentName: "Kit",
  starterCode: "# Your code here",
  events,
  submissions: [],
  ...extra,
});

/** A seeded random (tests that can fail the same way twice). */
function random(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

/** An hour of typing: `batches` edit batches of mixed inserts and deletes, a snapshot every 40. */
function hourSession(batches = 1200) {
  const r = new Recorder();
  const rnd = random(42);
  r.open("# Your code here\n");
  const texts: string[] = [r.doc.toString()];
  for (let i = 0; i < batches; i++) {
    r.tick(3000);
    const len = r.doc.length;
    if (len > 40 && rnd() < 0.25) {
      const from = Math.floor(rnd() * (len - 10));
      r.edit(from, from + Math.floor(rnd() * 8), "");
    } else {
      const from = Math.floor(rnd() * (len + 1));
      r.edit(from, from, rnd() < 0.2 ? "\n    " : "print(x)"[Math.floor(rnd() * 8)].repeat(3));
    }
    texts.push(r.doc.toString());
    if (i % 40 === 39) {
      r.push({ type: "snapshot", at: r.at(), code: r.doc.toString() });
      texts.push(r.doc.toString());
    }
  }
  return { events: r.events, texts };
}

describe("rebuilding the code", () => {
  it("rebuilds every step of an hour's session exactly, in order and at random", () => {
    const { events, texts } = hourSession();
    const replay = buildReplay(history(events));
    expect(replay.steps).toHaveLength(texts.length);
    expect(replay.codeAt(replay.steps.length - 1)).toBe(texts.at(-1));
    for (let i = 0; i < texts.length; i++) {
      expect(replay.codeAt(i)).toBe(texts[i]);
      // Playing forward applies one step at a time.
      if (i > 0) expect(replay.lastSeekSteps()).toBe(1);
    }
    const rnd = random(7);
    for (let k = 0; k < 300; k++) {
      const i = Math.floor(rnd() * texts.length);
      expect(replay.codeAt(i)).toBe(texts[i]);
    }
    expect(replay.steps.some((s) => s.gap)).toBe(false);
    expect(replay.summary.gaps).toBe(0);
  });

  it("seeks anywhere in a one-hour session in well under 16 ms", () => {
    const { events } = hourSession();
    const replay = buildReplay(history(events));
    expect(replay.steps.length).toBeGreaterThan(CHECKPOINT_EVERY * 20);
    const rnd = random(3);
    const times: number[] = [];
    for (let k = 0; k < 500; k++) {
      const i = Math.floor(rnd() * replay.steps.length);
      const started = performance.now();
      replay.codeAt(i);
      times.push(performance.now() - started);
      expect(replay.lastSeekSteps()).toBeLessThanOrEqual(CHECKPOINT_EVERY);
    }
    times.sort((a, b) => a - b);
    // The budget is 16 ms per seek on a student's laptop (a seek here takes a few hundredths of a
    // millisecond). A shared test machine's pauses reach the slowest few, so the bound is on 9 in
    // 10; `npm run bench -- replay` prints the 99th percentile.
    expect(times[Math.floor(times.length * 0.9)]).toBeLessThan(16);
  });

  it("starts from the starter code before anything and from the opened code at the first step", () => {
    const r = new Recorder();
    r.open("name = input()\n");
    r.tick(1000).type("print(name)\n");
    const replay = buildReplay(history(r.events));
    expect(replay.codeAt(0)).toBe("name = input()\n");
    expect(replay.codeAt(1)).toBe("name = input()\nprint(name)\n");
    expect(replay.codeAt(99)).toBe("name = input()\nprint(name)\n");
    expect(buildReplay(history([])).codeAt(0)).toBe("# Your code here");
  });

  it("marks a gap when an edit does not fit the code and resyncs from the next full copy", () => {
    const r = new Recorder();
    r.open("a = 1\n");
    r.tick(1000).type("b = 2\n");
    // A lost batch: the document moves on without its edit being stored.
    const lost = ChangeSet.of({ from: 0, insert: "# lost\n" }, r.doc.length);
    r.doc = lost.apply(r.doc);
    r.tick(1000).type("c = 3\n"); // does not apply to the replay's document
    r.tick(1000).type("d = 4\n");
    r.tick(1000).push({ type: "snapshot", at: r.at(), code: r.doc.toString() });
    r.tick(1000).type("e = 5\n");
    const replay = buildReplay(history(r.events));
    expect(replay.steps.map((s) => s.gap)).toEqual([false, false, true, true, false, false]);
    // In the gap the last code that could be rebuilt is shown.
    expect(replay.codeAt(2)).toBe("a = 1\nb = 2\n");
    expect(replay.codeAt(3)).toBe("a = 1\nb = 2\n");
    expect(replay.codeAt(4)).toBe("# lost\na = 1\nb = 2\nc = 3\nd = 4\n");
    expect(replay.codeAt(5)).toBe("# lost\na = 1\nb = 2\nc = 3\nd = 4\ne = 5\n");
    expect(replay.summary.gaps).toBe(1);
    expect(replay.markers.filter((m) => m.kind === "gap")).toEqual([
      { step: 2, kind: "gap", label: "Changes not recorded", prominent: true },
    ]);
  });

  it("marks a gap when an edit's length disagrees with the rebuilt code", () => {
    const r = new Recorder();
    r.open("");
    r.tick(1000).type("x = 1");
    const last = r.events.at(-1)!;
    if (last.event.type === "edit") last.event.length = 99;
    const replay = buildReplay(history(r.events));
    expect(replay.steps[1].gap).toBe(true);
    expect(replay.codeAt(1)).toBe("");
  });

  it("marks a gap for a session whose opening was lost, and seeks across checkpoints after gaps", () => {
    const r = new Recorder();
    r.open("");
    for (let i = 0; i < CHECKPOINT_EVERY + 5; i++) r.tick(1000).type(`${i}\n`);
    const truth = r.doc.toString();
    const other = new Recorder("22222222-2222-4222-8222-222222222222", r.clock);
    other.doc = r.doc;
    other.tick(1000).type("more\n"); // no open: this session's first batch was lost
    other.tick(1000).push({ type: "restore", at: other.at(), code: "restored\n" });
    other.doc = Text.of(["restored", ""]);
    other.tick(1000).type("after\n");
    const events = [...r.events, ...other.events];
    const replay = buildReplay(history(events));
    const n = events.length;
    expect(replay.steps[n - 3].gap).toBe(true);
    expect(replay.codeAt(n - 3)).toBe(truth);
    expect(replay.codeAt(n - 1)).toBe("restored\nafter\n");
    expect(replay.codeAt(3)).toBe("0\n1\n2\n");
    expect(replay.codeAt(n - 2)).toBe("restored\n");
  });

  it("follows two tabs open on the same work, each with its own code", () => {
    const a = new Recorder("aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa");
    const b = new Recorder("bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb");
    a.open("x\n");
    b.tick(500).open("y\n");
    a.tick(1000).type("ax\n");
    b.tick(1000).type("by\n");
    const events = [a.events[0], b.events[0], a.events[1], b.events[1]];
    const replay = buildReplay(history(events));
    expect([0, 1, 2, 3].map((i) => replay.codeAt(i))).toEqual(["x\n", "y\n", "x\nax\n", "y\nby\n"]);
  });

  it("an unreadable change set is a gap, never a crash", () => {
    const r = new Recorder();
    r.open("abc");
    r.push({ type: "edit", at: 10, changes: ["nonsense", { x: 1 }], length: 3 });
    const replay = buildReplay(history(r.events));
    expect(replay.steps[1].gap).toBe(true);
    expect(replay.codeAt(1)).toBe("abc");
  });
});

describe("time", () => {
  it("spreads a batch back from its arrival by the events' own spacing, never out of order", () => {
    const r = new Recorder();
    const arrived = T0 + 10_000;
    r.push({ type: "open", at: 0, code: "" }, arrived);
    r.push({ type: "run", at: 4000 }, arrived);
    r.push({ type: "run", at: 9000 }, arrived);
    // A later batch whose client clock says earlier: server order still wins.
    r.push({ type: "run", at: 1000 }, arrived + 500);
    r.push({ type: "run", at: 9000 }, arrived + 500);
    const replay = buildReplay(history(r.events));
    expect(replay.steps.map((s) => s.t - T0)).toEqual([1000, 5000, 10_000, 10_000, 10_500]);
  });

  it("counts active time as the gaps of at most 2 minutes between events", () => {
    const r = new Recorder();
    r.open("");
    r.tick(60_000).type("a");
    r.tick(ACTIVE_GAP_MS).type("b"); // exactly 2 minutes: active
    r.tick(ACTIVE_GAP_MS + 1).type("c"); // idle: not counted
    r.tick(30_000).push({ type: "run", at: r.at() });
    const { summary, steps } = buildReplay(history(r.events));
    expect(summary.activeMs).toBe(60_000 + ACTIVE_GAP_MS + 30_000);
    expect(formatActiveTime(summary.activeMs)).toBe("4 min");
    expect(playbackDelayMs(steps, 0, 2)).toBe(30_000);
    expect(playbackDelayMs(steps, 2, 1)).toBe(IDLE_GAP_PLAY_MS);
    expect(playbackDelayMs(steps, 2, 10)).toBe(IDLE_GAP_PLAY_MS / 10);
    expect(playbackDelayMs(steps, steps.length - 1, 1)).toBe(0);
  });

  it("formats active time", () => {
    expect(formatActiveTime(0)).toBe("0 s");
    expect(formatActiveTime(40_400)).toBe("40 s");
    expect(formatActiveTime(65 * 60_000)).toBe("1 h 5 min");
  });
});

describe("markers and summary", () => {
  function lesson() {
    const r = new Recorder();
    r.open("");
    r.tick(5000).type("n = int(input())\n");
    r.tick(5000).push({ type: "run", at: r.at() });
    r.tick(1000).push({ type: "error", at: r.at(), errorType: "ValueError", line: 1 });
    r.tick(5000).paste("def double(x):\n    return x * 2\n\nprint(double(n))\n");
    r.tick(5000).paste("n");
    r.tick(5000).push({ type: "tests", at: r.at(), passed: 2, total: 3 });
    r.tick(5000).push({ type: "tests", at: r.at(), passed: 3, total: 3 });
    r.tick(2000).push({ type: "submit", at: r.at() });
    return r;
  }

  it("marks runs, errors, tests, pastes (large ones prominently) and hand-ins at their Submit", () => {
    const r = lesson();
    const submitAt = r.clock;
    const replay = buildReplay(
      history(r.events, {
        submissions: [
          { id: "late", submittedAt: new Date(submitAt + 3000).toISOString(), code: "final" },
          // Before anything was recorded: listed for comparing, no marker.
          { id: "early", submittedAt: new Date(T0 - 3_600_000).toISOString(), code: "old" },
        ],
      }),
    );
    expect(replay.markers.map((m) => [m.step, m.kind, m.label, m.prominent])).toEqual([
      [2, "run", "Ran the code", false],
      [3, "error", "ValueError on line 1", false],
      [5, "paste", "Pasted 50 characters", true],
      [7, "paste", "Pasted 1 character", false],
      [8, "tests", "Tests 2/3 passed", false],
      [9, "tests", "Tests 3/3 passed", false],
      [10, "hand-in", "Hand-in 2", false],
    ]);
    expect(replay.markers.find((m) => m.step === 9)?.passed).toBe(true);
    expect(replay.handIns.map((h) => [h.submissionId, h.step])).toEqual([
      ["early", null],
      ["late", 10],
    ]);
    expect(replay.summary).toEqual({
      activeMs: 33_000,
      runs: 1,
      testRuns: 2,
      errors: 1,
      pastes: 2,
      largePastes: 1,
      largestPaste: 50,
      handIns: 2,
      gaps: 0,
    });
    expect(summaryLine(replay.summary)).toBe(
      "Active time 33 s · 1 run · 2 test runs · largest paste 50 characters",
    );
  });

  it("places a hand-in with no Submit press at the last step before it", () => {
    const r = new Recorder();
    r.open("");
    r.tick(1000).type("a");
    r.tick(10 * 60_000).type("b");
    const replay = buildReplay(
      history(r.events, {
        submissions: [{ id: "s1", submittedAt: new Date(T0 + 5 * 60_000).toISOString(), code: "a" }],
      }),
    );
    expect(replay.handIns[0].step).toBe(1);
  });

  it("in a library exercise a hand-in is a Save, and says so (decision 072)", () => {
    const r = new Recorder();
    r.open("");
    r.tick(1000).type("a");
    r.push({ type: "submit", at: r.at() });
    const saves = [{ id: "s1", submittedAt: new Date(T0 + 1000).toISOString(), code: "a" }];
    const replay = buildReplay(history(r.events, { submissions: saves }), { handInLabel: "Save" });
    expect(replay.markers.find((m) => m.kind === "hand-in")?.label).toBe("Save 1");
    expect(buildReplay(history(r.events, { submissions: saves })).markers.at(-1)?.label).toBe("Hand-in 1");
    expect(describeExerciseEvent({ type: "submit", at: 0 })).toBe("Pressed Save");
    expect(describeExerciseEvent({ type: "restore", at: 0, code: "" })).toBe("Put back earlier code");
    expect(describeExerciseEvent({ type: "run", at: 0 })).toBe(describeEvent({ type: "run", at: 0 }));
  });

  it("a paste is large from the contract's size (the server's evidence counts the same)", () => {
    expect(isLargePaste({ chars: 39 })).toBe(false);
    expect(isLargePaste({ chars: 40 })).toBe(true);
  });

  it("states paste evidence fairly and never as a verdict", () => {
    const text = pasteEvidenceText({ largePastes: 2, largestPasteChars: 640 });
    expect(text).toBe(
      "Large pastes: 2 (largest 640 characters). A paste is not proof of copying: students paste their own code too. Look at what was pasted and ask.",
    );
    expect(text).not.toMatch(/cheat/i);
    expect(pasteEvidenceText({ largePastes: 0, largestPasteChars: 0 })).toBeNull();
    expect(pasteBadgeText({ largePastes: 2 })).toBe("2 large pastes");
    expect(pasteBadgeText({ largePastes: 1 })).toBe("1 large paste");
    expect(pasteBadgeText({ largePastes: 0 })).toBeNull();
    expect(pasteBadgeText(undefined)).toBeNull();
  });

  it("describes each kind of event in plain words", () => {
    const changes = ChangeSet.of({ from: 0, to: 2, insert: "hello" }, 3).toJSON();
    expect(describeEvent({ type: "edit", at: 0, changes, length: 6 })).toBe(
      "Typed 5 characters, deleted 2 characters",
    );
    expect(describeEvent({ type: "paste", at: 0, from: 0, chars: 640, lines: 12 })).toBe(
      "Pasted 640 characters (12 lines)",
    );
    expect(describeEvent({ type: "tests", at: 0, passed: 1, total: 4 })).toBe("Ran the tests: 1 of 4 passed");
    expect(describeEvent({ type: "error", at: 0, errorType: "NameError", line: null })).toBe(
      "Python error: NameError",
    );
  });
});

describe("diff between two points", () => {
  it("shows the lines removed and added between two points of the replay", () => {
    const r = new Recorder();
    r.open("name = input()\n");
    r.tick(1000).type("print(name)\n");
    r.tick(1000).edit(0, 14, 'name = input("Name? ")');
    const replay = buildReplay(history(r.events));
    expect(codeDiff(replay.codeAt(0), replay.codeAt(2))).toEqual([
      { kind: "removed", text: "name = input()" },
      { kind: "added", text: 'name = input("Name? ")' },
      { kind: "added", text: "print(name)" },
    ]);
  });
});
