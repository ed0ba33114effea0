// The pool's reader of host messages: malformed input never throws and never passes a test.
import { describe, expect, it } from "vitest";
import { readHostMessage, readHostRun, readRun } from "./host-protocol.ts";

const good = { transcript: "hi\n", output: "hi\n", error: null, error_type: null, line: null, prompt: null };

describe("host protocol", () => {
  it("reads a well-formed run", () => {
    expect(readRun(good, 100)).toEqual(good);
    expect(readHostRun({ run: good, timeMs: 3, reason: null }, 100)).toEqual({
      run: good,
      timeMs: 3,
      reason: null,
    });
  });

  it.each([
    ["a number", 5],
    ["a string", "x"],
    ["an array", [good]],
    ["a numeric transcript", { ...good, transcript: 5 }],
    ["a missing output", { ...good, output: undefined }],
    ["an oversized transcript", { ...good, transcript: "x".repeat(200_000) }],
    ["a multi-line error", { ...good, error: "a\nb" }],
    ["a fractional line", { ...good, line: 1.5 }],
    [
      "a getter that throws",
      Object.defineProperty({ ...good }, "output", {
        get: () => {
          throw new Error("boom");
        },
        enumerable: true,
      }),
    ],
  ])("refuses %s as a run", (_name, run) => {
    let read: unknown;
    expect(() => {
      read = readHostRun({ run, timeMs: 1, reason: null }, 100);
    }).not.toThrow();
    expect(read).toMatchObject({ unreadable: true });
  });

  it.each([
    null,
    1,
    "x",
    [],
    { type: "graded" },
    { type: "graded", id: 1, runs: [] },
    { type: "other", id: "1" },
  ])("ignores the message %j", (msg) => {
    expect(readHostMessage(msg)).toBeNull();
  });

  it("reads the interpreter counts of a run, and drops malformed ones", () => {
    const ran = { type: "ran", seq: 1, run: null, killed: false };
    expect(readHostMessage({ ...ran, interpreters: { started: 2, reused: 5 } })).toMatchObject({
      interpreters: { started: 2, reused: 5 },
    });
    for (const interpreters of [
      undefined,
      { started: -1, reused: 0 },
      { started: 1.5, reused: 0 },
      { started: 1 },
    ])
      expect(readHostMessage({ ...ran, interpreters })).toMatchObject({ type: "ran", interpreters: null });
  });

  it("reads records with a bad time or reason as unreadable", () => {
    expect(readHostRun({ run: good, timeMs: -1, reason: null }, 100)).toMatchObject({ unreadable: true });
    expect(readHostRun({ run: good, timeMs: 1, reason: "passed" }, 100)).toMatchObject({ unreadable: true });
  });
});
