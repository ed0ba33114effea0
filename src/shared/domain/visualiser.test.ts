// readTrace() reads what a program's tracer wrote: well-formed steps as they are, anything else
// (the program can write to the device itself) as unreadable or cut, never trusted.
import { describe, expect, it } from "vitest";
import { readTrace, stepSummary, type TraceRecord, valueText } from "./visualiser.ts";

const record = (over: Partial<TraceRecord> = {}): TraceRecord => ({
  parts: ['[["a",["i","1"]],["xs",["r",0]]]', '{"k":"list","i":[["s","\'hi\'"],["r",0],["r",7]],"m":3}'],
  steps: [
    '{"l":1,"e":"line","f":[{"n":"<module>","l":1,"v":0}],"h":[1],"d":2}',
    '{"l":2,"e":"exception","f":[{"n":"<module>","l":2,"v":0}],"h":[1],"d":99,"x":"ValueError: bad"}',
    '{"l":3,"e":"end","f":[{"n":"<module>","l":3,"v":0}],"h":[1],"d":0}',
  ],
  outputAt: [0, 3, 5],
  clearedAt: [0, 0, 0],
  drawing: [
    { kind: "bg", colour: "#ffffff" },
    { kind: "bg", colour: "#000000" },
    { kind: "bg", colour: "#ff0000" },
  ] as TraceRecord["drawing"],
  end: '{"steps":3,"limit":null}',
  ...over,
});

describe("readTrace", () => {
  it("reads frames, variables and boxes, with refs to boxes and a box that holds itself", () => {
    const trace = readTrace(record(), "hi\nthere\nError: x");
    const first = trace.step(0);
    expect(first.frames[0].variables.map((v) => `${v.name}=${valueText(v.value)}`)).toEqual([
      "a=1",
      "xs=box 1",
    ]);
    expect(first.boxes[0].items).toEqual([
      { kind: "str", text: "'hi'" },
      { kind: "ref", box: 0 },
      { kind: "cut" },
    ]);
    expect(first.boxes[0].more).toBe(3);
    expect(first.drawn).toBe(2);
    expect(first.output).toBe("");
    expect(stepSummary(first)).toBe("About to run line 1");
  });

  it("shows the output so far, and all of it (error line too) at the last step", () => {
    const trace = readTrace(record(), "hi\nthere\nError: x");
    expect(trace.step(1).output).toBe("hi\n");
    expect(stepSummary(trace.step(1))).toBe("Error on line 2: ValueError: bad");
    expect(trace.step(2).output).toBe("hi\nthere\nError: x");
    // A drawing count past what the page holds is cut to it; the last step shows the whole drawing.
    expect(trace.step(1).drawn).toBe(3);
    expect(trace.step(2).drawn).toBe(3);
  });

  it("a step or part that does not read is unreadable or cut, never a crash", () => {
    const trace = readTrace(
      record({
        steps: ["{not json", '{"l":"x"}', '{"l":4,"e":"sideways","f":[{"n":5,"v":99}],"h":[42]}'],
        outputAt: [-1, 1e9, Number.NaN],
      }),
      "abc",
    );
    expect(trace.step(0).unreadable).toBe(true);
    expect(trace.step(0).output).toBe("");
    expect(trace.step(1).unreadable).toBe(true);
    expect(trace.step(1).output).toBe("abc");
    const odd = trace.step(2);
    expect(odd.unreadable).toBe(false);
    expect(odd.event).toBe("line");
    expect(odd.frames[0]).toMatchObject({ name: "?", variables: [] });
    expect(odd.boxes[0]).toMatchObject({ kind: "object", className: "?" });
    expect(stepSummary(trace.step(0))).toBe("This step could not be read.");
  });

  it("steps are clamped, limits read, and no more than 10,000 steps are kept", () => {
    const many = Array.from({ length: 10_005 }, () => '{"l":1,"e":"line","f":[],"h":[]}');
    const trace = readTrace(record({ steps: many, end: '{"steps":10000,"limit":"steps"}' }), "");
    expect(trace.count).toBe(10_000);
    expect(trace.limit).toBe("steps");
    expect(trace.step(-5).index).toBe(0);
    expect(trace.step(1e9).index).toBe(9_999);
    expect(readTrace(record({ end: '{"limit":"everything"}' }), "").limit).toBeNull();
  });
});
