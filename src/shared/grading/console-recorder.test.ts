// recordedRun: the one merge of a run's record and its error line, for the server grader and the
// browser worker (both replayed against harness-cases.json: harness-pyodide.test.ts on the
// server, tests/e2e/harness-replay.spec.ts in Chromium).
import { describe, expect, it } from "vitest";
import {
  createConsoleRecorder,
  MAX_WARNING_CHARS,
  MAX_WARNINGS,
  OUTPUT_LIMIT_LINE,
  recordedRun,
  UNREADABLE_LINE,
} from "./console-recorder.mjs";

describe("recordedRun", () => {
  it("appends the error line on a line of its own and reads its type and line number", () => {
    expect(
      recordedRun({ transcript: "a", output: "a", limited: false, error: "Error: ValueError: bad (line 3)" }),
    ).toEqual({
      transcript: "a\nError: ValueError: bad (line 3)",
      output: "a\nError: ValueError: bad (line 3)",
      error: "Error: ValueError: bad (line 3)",
      error_type: "ValueError",
      line: 3,
      prompt: null,
    });
  });

  it("fails a capped run with the limit line whatever the program claimed", () => {
    const recorder = createConsoleRecorder({ maxOutput: 5 });
    expect(recorder.print("hello world")).toBe(false);
    const run = recordedRun({ ...record(recorder), error: null });
    expect(run).toMatchObject({ transcript: `hello\n${OUTPUT_LIMIT_LINE}`, error_type: "OutputLimit" });
  });

  it("reads anything but an Error line as unreadable, and a waiting prompt as InputNeeded", () => {
    expect(recordedRun({ transcript: "", output: "", limited: false, error: 42 }).error).toBe(
      UNREADABLE_LINE,
    );
    expect(recordedRun({ transcript: "", output: "", limited: false, error: "pwned" }).error).toBe(
      UNREADABLE_LINE,
    );
    expect(
      recordedRun({
        transcript: "Name? ",
        output: "",
        limited: false,
        error: "Error: OSError",
        prompt: "Name? ",
      }),
    ).toEqual({
      transcript: "Name? ",
      output: "",
      error: null,
      error_type: "InputNeeded",
      line: null,
      prompt: "Name? ",
    });
  });
});

describe("warnings and clears, apart from the transcript", () => {
  it("keeps warning lines apart, however they are split into writes, and passes them on", () => {
    const seen: string[] = [];
    const recorder = createConsoleRecorder({ maxOutput: 100, onWarning: (line) => seen.push(line) });
    recorder.print("art\n");
    recorder.warn("Warning (line 1): invalid escape ");
    recorder.warn("sequence '\\ '\nWarning: careful\n");
    expect(recorder.transcript()).toBe("art\n");
    expect(recorder.warnings()).toEqual([
      "Warning (line 1): invalid escape sequence '\\ '",
      "Warning: careful",
    ]);
    expect(seen).toEqual(recorder.warnings());
    const run = recordedRun({ ...record(recorder), error: null, warnings: recorder.warnings() });
    expect(run).toMatchObject({ transcript: "art\n", output: "art\n", warnings: seen });
    // The server passes none: its runs carry no warnings at all.
    expect(recordedRun({ ...record(recorder), error: null })).not.toHaveProperty("warnings");
  });

  it("caps what a program claims through the warnings device: lines, their length, a line never ended", () => {
    const recorder = createConsoleRecorder({ maxOutput: 100 });
    recorder.warn("x".repeat(10 * MAX_WARNING_CHARS));
    recorder.warn("y".repeat(10 * MAX_WARNING_CHARS));
    expect(recorder.warnings()).toEqual(["x".repeat(MAX_WARNING_CHARS)]);
    recorder.warn("\n");
    recorder.warn("w\n".repeat(10 * MAX_WARNINGS));
    expect(recorder.warnings()).toHaveLength(MAX_WARNINGS);
    // The output cap is untouched by any of it.
    expect(recorder.print("still printing")).toBe(true);
  });

  it("records where the console was last cleared, not after the time limit or the cap", () => {
    let frozen = false;
    let clears = 0;
    const recorder = createConsoleRecorder({
      maxOutput: 12,
      isFrozen: () => frozen,
      onClear: () => clears++,
    });
    expect(recorder.clearedAt()).toBe(0);
    recorder.print("Welcome\n");
    recorder.clear();
    recorder.print("Menu");
    expect(recorder.clearedAt()).toBe("Welcome\n".length);
    expect(recorder.transcript().slice(recorder.clearedAt())).toBe("Menu");
    recorder.print("!!!!");
    recorder.clear(); // past the cap: the limit line stays in view
    frozen = true;
    recorder.clear();
    recorder.warn("late\n");
    expect(recorder.clearedAt()).toBe("Welcome\n".length);
    expect(clears).toBe(1);
    expect(recorder.warnings()).toEqual([]);
  });
});

function record(r: ReturnType<typeof createConsoleRecorder>) {
  return { transcript: r.transcript(), output: r.output(), limited: r.limited() };
}
