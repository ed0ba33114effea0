// The visualiser's side of the browser worker (decision 067): loads tracer.py into the
// interpreter once (its own namespace, never the program's), gives it a device to write steps
// to, and stamps each step as it arrives with how much output the console had then. Only the
// program's claim, like the other devices: the page reads the record with readTrace()
// (shared/domain/visualiser.ts), which checks every field, and the record here is capped.

import type { TraceRecord } from "../../shared/domain/visualiser.ts";
import { MAX_DRAW_COMMANDS, parseDrawingLine } from "../../shared/grading/drawing.ts";
import tracerSource from "../../shared/grading/tracer.py?raw";

const TRACE_DEVICE = "/dev/pyclass-trace";
/** tracer.py stops at 8,000,000 characters; anything written past this is not kept. */
const MAX_RECORD_CHARS = 9_000_000;

type PyProxyFn = ((...args: unknown[]) => unknown) & { destroy?: () => void };
type Fs = {
  makedev(major: number, minor: number): number;
  registerDevice(dev: number, ops: object): void;
  mkdev(path: string, dev: number): void;
  analyzePath(path: string): { exists: boolean; object?: { rdev?: number } };
  unlink(path: string): void;
};
export type TracingPython = {
  FS: Fs;
  runPython(code: string, options?: { globals?: unknown; filename?: string }): unknown;
};

export type TraceRun = {
  /** Call with each piece of the console's text, as it is recorded. */
  output(text: string): void;
  /** The program cleared the console. */
  clear(): void;
  /** Each line of the turtle's drawing: kept for the steps, never animated or paced. */
  drawing(line: string): void;
  /** Stops the tracer: the record of the run. */
  finish(): TraceRecord;
};

export type TraceRecorder = { begin(): TraceRun };

export function createTraceRecorder(py: TracingPython): TraceRecorder {
  let startOnDevice: PyProxyFn | null = null;
  let dev = -1;
  let sink: ((text: string) => void) | null = null;
  const decoder = new TextDecoder();

  function load() {
    if (startOnDevice) return;
    dev = py.FS.makedev(65, 0);
    py.FS.registerDevice(dev, {
      open() {},
      close() {},
      read() {
        return 0;
      },
      write(_stream: unknown, buffer: Int8Array, offset: number, length: number) {
        const bytes = new Uint8Array(buffer.buffer, buffer.byteOffset + offset, length);
        sink?.(decoder.decode(bytes, { stream: true }));
        return length;
      },
    });
    const namespace = py.runPython("{'__name__': 'pyclass_tracer'}");
    py.runPython(tracerSource, { globals: namespace, filename: "tracer.py" });
    startOnDevice = (namespace as { get(name: string): PyProxyFn }).get("start_on_device");
  }

  /** The tracer opens the device by its path: put it back if a program removed it. */
  function ensureDevice() {
    const found = py.FS.analyzePath(TRACE_DEVICE);
    if (found.exists && found.object?.rdev === dev) return;
    if (found.exists) py.FS.unlink(TRACE_DEVICE);
    py.FS.mkdev(TRACE_DEVICE, dev);
  }

  return {
    begin() {
      load();
      ensureDevice();
      const record: TraceRecord = {
        parts: [],
        steps: [],
        outputAt: [],
        clearedAt: [],
        drawing: [],
        end: null,
      };
      let chars = 0;
      let outputChars = 0;
      let cleared = 0;
      let partial = "";
      const take = (line: string) => {
        if (!line) return;
        if (chars + line.length > MAX_RECORD_CHARS) {
          chars = MAX_RECORD_CHARS + 1;
          return;
        }
        chars += line.length;
        const body = line.slice(1);
        if (line[0] === "p") record.parts.push(body);
        else if (line[0] === "s") {
          record.steps.push(body);
          record.outputAt.push(outputChars);
          record.clearedAt.push(cleared);
        } else if (line[0] === "e") record.end = body;
      };
      sink = (text) => {
        const lines = (partial + text).split("\n");
        partial = lines.pop() ?? "";
        if (partial.length > MAX_RECORD_CHARS) partial = "";
        for (const line of lines) take(line);
      };
      const finish = startOnDevice!(TRACE_DEVICE) as PyProxyFn;
      return {
        output(text) {
          outputChars += text.length;
        },
        clear() {
          cleared = outputChars;
        },
        drawing(line) {
          for (const command of parseDrawingLine(line)) {
            if (record.drawing.length < MAX_DRAW_COMMANDS) record.drawing.push(command);
          }
        },
        finish() {
          try {
            finish();
          } catch {
            // The program broke the tracer (closed its device…): the steps so far stand.
          } finally {
            finish.destroy?.();
            take(partial + decoder.decode());
            partial = "";
            sink = null;
          }
          return record;
        },
      };
    },
  };
}
