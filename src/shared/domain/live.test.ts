import { describe, expect, it } from "vitest";
import { helpSummary, judge, LIVE_RULES, type LiveSignals, liveOrder, runsOf, runWords } from "./live.ts";

const MIN = 60_000;
const now = 100 * MIN;
const signals = (o: Partial<LiveSignals>): LiveSignals => ({
  now,
  lastEventAt: now - MIN,
  lastChangeAt: now - MIN,
  outcomes: [],
  testsAtStart: null,
  handRaisedAt: null,
  handedIn: false,
  ...o,
});
const error = (at: number, errorType = "NameError") => ({ at, type: "error" as const, errorType, line: 3 });
const tests = (at: number, passed: number, total = 3) => ({ at, type: "tests" as const, passed, total });

describe("runsOf", () => {
  it("joins a test result and the error it raised into one run", () => {
    expect(runsOf([tests(0, 1), error(10), error(20 * 1000), tests(30 * 1000, 3)])).toEqual([
      { at: 0, tests: { passed: 1, total: 3 }, error: { type: "NameError", line: 3 } },
      { at: 20_000, tests: null, error: { type: "NameError", line: 3 } },
      { at: 30_000, tests: { passed: 3, total: 3 }, error: null },
    ]);
  });
});

describe("judge: the stuck rule", () => {
  it("a working student is not stuck", () => {
    const v = judge(signals({ outcomes: [tests(now - MIN, 2)] }));
    expect(v).toMatchObject({ state: "working", online: true, idleMinutes: 1, reasons: [] });
    expect(v.testsNow).toEqual({ passed: 2, total: 3 });
  });

  it("a student reading with the page open is online; idle minutes count from what they last did", () => {
    // The workspace's `here` 30 s ago; their last edit 8 minutes ago.
    const v = judge(
      signals({ lastEventAt: now - MIN / 2, lastActionAt: now - 8 * MIN, lastChangeAt: now - 8 * MIN }),
    );
    expect(v).toMatchObject({ state: "working", online: true, idleMinutes: 8, reasons: [] });
    // Quiet for 10 minutes with the page open: still online, and stuck by the no-change rule.
    const quiet = judge(
      signals({ lastEventAt: now - MIN / 2, lastActionAt: now - 11 * MIN, lastChangeAt: now - 11 * MIN }),
    );
    expect(quiet).toMatchObject({ state: "stuck", online: true, idleMinutes: 11 });
  });

  it("the same error type three runs in a row is stuck", () => {
    const v = judge(signals({ outcomes: [error(now - 3 * MIN), error(now - 2 * MIN), error(now - MIN)] }));
    expect(v.state).toBe("stuck");
    expect(v.repeatedError).toBe("NameError");
    expect(v.reasons).toEqual(["Same error 3 times in a row: NameError"]);
  });

  it("two different errors, or a passing run between, are not a repeated error", () => {
    expect(
      judge(
        signals({ outcomes: [error(now - 3 * MIN), error(now - 2 * MIN, "TypeError"), error(now - MIN)] }),
      ).repeatedError,
    ).toBeNull();
    expect(
      judge(signals({ outcomes: [error(now - 3 * MIN), tests(now - 2 * MIN, 3), error(now - MIN)] })).state,
    ).toBe("working");
  });

  it("the same failure for 5 minutes over two runs is stuck; under 5 minutes is not", () => {
    const five = LIVE_RULES.sameFailureMs / MIN;
    expect(judge(signals({ outcomes: [tests(now - 6 * MIN, 1), tests(now - MIN, 1)] })).reasons).toEqual([
      "Same failing tests for 6 min: 1 of 3 passing",
    ]);
    expect(judge(signals({ outcomes: [error(now - 6 * MIN), error(now - MIN)] })).reasons).toEqual([
      "Same error for 6 min: NameError",
    ]);
    expect(judge(signals({ outcomes: [tests(now - (five - 1) * MIN, 1), tests(now - MIN, 1)] })).state).toBe(
      "working",
    );
    // One run long ago is not "keeps failing".
    expect(judge(signals({ outcomes: [tests(now - 6 * MIN, 1)] })).state).toBe("working");
    // A different score is progress.
    expect(judge(signals({ outcomes: [tests(now - 6 * MIN, 1), tests(now - MIN, 2)] })).state).toBe(
      "working",
    );
  });

  it("no change for 10 minutes with the work open and not handed in is stuck", () => {
    const v = judge(signals({ lastEventAt: now - 12 * MIN, lastChangeAt: now - 12 * MIN }));
    expect(v).toMatchObject({ state: "stuck", online: false, reasons: ["No change for 12 min"] });
    expect(judge(signals({ lastEventAt: now - 9 * MIN, lastChangeAt: now - 9 * MIN })).state).toBe("idle");
    expect(
      judge(signals({ lastEventAt: now - 12 * MIN, lastChangeAt: now - 12 * MIN, handedIn: true })).state,
    ).toBe("done");
    // Running without changing the code counts too: the code has not moved.
    expect(judge(signals({ lastEventAt: now - MIN, lastChangeAt: now - 11 * MIN })).reasons).toEqual([
      "No change for 11 min",
    ]);
  });

  it("a raised hand wins, and says how long ago", () => {
    const v = judge(
      signals({ handRaisedAt: now - 3 * MIN, outcomes: [error(1), error(2 * MIN), error(3 * MIN)] }),
    );
    expect(v.state).toBe("hand");
    expect(v.reasons[0]).toBe("Hand raised 3 min ago");
  });

  it("nothing this lesson is away", () => {
    expect(judge(signals({ lastEventAt: null, lastChangeAt: null }))).toMatchObject({
      state: "away",
      idleMinutes: null,
      online: false,
    });
  });
});

describe("liveOrder", () => {
  it("raised hands (longest waiting first), then stuck, then by idle time, then by name", () => {
    const tile = (
      name: string,
      state: "hand" | "stuck" | "working" | "away",
      idle: number | null,
      hand = null as number | null,
    ) => ({
      name,
      state,
      idleMinutes: idle,
      handRaisedAt: hand,
    });
    const order = liveOrder([
      tile("Ann", "working", 1),
      tile("Ben", "away", null),
      tile("Cal", "stuck", 2),
      tile("Dee", "hand", 0, 50),
      tile("Eve", "stuck", 12),
      tile("Fin", "hand", 0, 20),
      tile("Gus", "working", 4),
      tile("Hal", "working", 1),
    ]).map((t) => t.name);
    expect(order).toEqual(["Fin", "Dee", "Eve", "Cal", "Gus", "Ann", "Hal", "Ben"]);
  });
});

describe("words", () => {
  it("says the summary once for the class and the last run plainly", () => {
    expect(helpSummary(["stuck", "hand", "working"])).toBe("2 students need help");
    expect(helpSummary(["stuck"])).toBe("1 student needs help");
    expect(helpSummary(["working"])).toBe("No one needs help right now.");
    expect(runWords({ at: 0, tests: { passed: 1, total: 3 }, error: { type: "NameError", line: 4 } })).toBe(
      "Tests 1 of 3 passing, NameError on line 4",
    );
    expect(runWords(null)).toBe("No runs yet");
  });
});
