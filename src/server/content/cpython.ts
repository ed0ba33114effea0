// Runs programs through harness.py's CPython mode (run_program) in ONE python3 process for the
// whole batch (cpython-batch.py): the bank's check compares each model solution's transcript
// under CPython with the server grader's, so an exercise never depends on Pyodide's quirks.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { HarnessRun } from "@/shared/grading/types.ts";

const DRIVER = fileURLToPath(new URL("./cpython-batch.py", import.meta.url));
const HARNESS_DIR = fileURLToPath(new URL("../../shared/grading/", import.meta.url));

/** `drawing`: the turtle's recorded commands, for a run that asked for them (a drawing test's). */
export type CPythonRun = Pick<HarnessRun, "transcript" | "output" | "error"> & { drawing?: unknown[] };

/** Each program's run under CPython, in order; rejects when python3 is missing or fails. */
export function runUnderCPython(
  runs: { code: string; input: string; drawing?: boolean }[],
  options: { python?: string; timeLimitMs?: number } = {},
): Promise<CPythonRun[]> {
  if (runs.length === 0) return Promise.resolve([]);
  return new Promise((resolve, reject) => {
    // -I: no user site-packages or PYTHON* variables; -B: no .pyc files beside harness.py.
    const child = spawn(options.python ?? "python3", ["-I", "-B", DRIVER], {
      stdio: ["pipe", "pipe", "pipe"],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (b: Buffer) => out.push(b));
    child.stderr.on("data", (b: Buffer) => err.push(b));
    child.on("error", (e) =>
      reject(new Error(`python3 could not be started (${e.message}); --no-cpython skips CPython`)),
    );
    child.on("close", (code, signal) => {
      const stderr = Buffer.concat(err).toString("utf8").trim();
      if (code !== 0) {
        reject(new Error(`python3 exited with ${signal ?? code}${stderr ? `: ${stderr.slice(-2000)}` : ""}`));
        return;
      }
      try {
        const results = JSON.parse(Buffer.concat(out).toString("utf8")) as CPythonRun[];
        if (!Array.isArray(results) || results.length !== runs.length)
          throw new Error("wrong number of runs");
        resolve(results);
      } catch (e) {
        reject(new Error(`python3 gave an unreadable answer (${e instanceof Error ? e.message : e})`));
      }
    });
    child.stdin.on("error", () => {}); // a python3 that died early is reported by "close"
    child.stdin.end(
      JSON.stringify({ harness_dir: HARNESS_DIR, time_limit_s: (options.timeLimitMs ?? 5000) / 1000, runs }),
    );
  });
}
