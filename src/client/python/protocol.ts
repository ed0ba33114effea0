// Messages between the page (python-runtime.ts) and the Pyodide worker (python-worker.ts).
import type { TraceRecord } from "../../shared/domain/visualiser.ts";
import type { DrawCommand } from "../../shared/grading/drawing.ts";
import type { DrawingShape } from "../../shared/grading/drawing-shape.mjs";
import type { HarnessRun } from "../../shared/grading/types.ts";

/** Stdin control words in the SharedArrayBuffer: [state, byteLength], then the bytes. */
export const STDIN_WAITING = 0;
export const STDIN_DATA = 1;
export const STDIN_CANCEL = 2;
export const STDIN_HEADER_BYTES = 8;
export const STDIN_BUFFER_BYTES = 64 * 1024;
export const SIGINT = 2;
/** Shared console buffer: [bytesWritten, clearedAt] then UTF-8 bytes; room for a capped run's
 * output. `clearedAt` is where the last os.system("clear") left the bytes written (0: none). */
export const OUTPUT_HEADER_BYTES = 8;
export const OUTPUT_BUFFER_BYTES = 4 * 1024 * 1024 + 64 * 1024;

export type ToWorker =
  | {
      type: "init";
      interrupt: SharedArrayBuffer | null;
      stdin: SharedArrayBuffer | null;
      output: SharedArrayBuffer | null;
    }
  /** `answers` is set in re-run mode (no SharedArrayBuffer): input beyond them stops the run.
   * `trace`: Visualise — record the steps (tracer.py); the drawing is kept, not animated. */
  | { type: "run"; id: number; code: string; answers: string[] | null; maxOutput: number; trace?: boolean }
  /** `drawing`: a drawing test (decision 064), whose result carries the drawing's normal form. */
  | {
      type: "test";
      id: number;
      index: number;
      code: string;
      input: string;
      maxOutput: number;
      drawing?: boolean;
    };

export type FromWorker =
  /** `ms` from init to ready inside the worker; `phases` splits it (import, load, setup). */
  | { type: "ready"; ms: number; snapshot: "loaded" | "made" | "none"; phases: Record<string, number> }
  | { type: "load-failed"; message: string }
  /** The snapshot this load made is in Cache Storage, `ms` after "ready" (written meanwhile). */
  | { type: "snapshot-stored"; ms: number }
  /** Output: text itself in re-run mode; otherwise "new bytes in the shared buffer". */
  | { type: "stdout"; id: number; text: string | null }
  | { type: "input-request"; id: number; prompt: string }
  /** The program cleared its console (os.system("clear")); in the shared buffer, at `clearedAt`. */
  | { type: "clear"; id: number }
  /** Commands of the turtle's drawing, in order (checked by parseDrawingLine): the page animates them. */
  | { type: "drawing"; id: number; commands: DrawCommand[] }
  /** One warning line, shown apart from the output (the run's `warnings` has them all). */
  | { type: "warning"; id: number; text: string }
  /** A traced run's record of steps (decision 067), sent just before its "done". */
  | { type: "trace"; id: number; trace: TraceRecord }
  /** `shownFrom`: the console shows run.transcript from here (after the last clear; 0: all). */
  | { type: "done"; id: number; run: HarnessRun; timeMs: number; shownFrom: number; drawing?: DrawingShape }
  | { type: "crashed"; id: number; message: string };
