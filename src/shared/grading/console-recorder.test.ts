// recordedRun: the one merge of a run's record and its error line, for the server grader and the
// browser worker (both replayed against harness-cases.json: harness-pyodide.test.ts on the
// server, tests/e2e/harness-replay.spec.ts in Chromium).
import { describe, expect, it } from "vitest";
import {
  createConsoleRecorder,
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

function record(r: ReturnType<typeof createConsoleRecorder>) {
  return { transcript: r.transcript(), output: r.output(), limited: r.limited() };
}
