// @ts-check
// The program's console inside Pyodide, one piece for both workers: the server's interpreter
// (src/server/python/interpreter-worker.mjs) and the browser's (src/client/python/python-worker.ts).
// harness.py's `run_on_host` runs the program; what it shows is recorded here, in JavaScript,
// by console-recorder.mjs (which also enforces the output cap):
// - bytes written to fd 1/2 (print, sys.__stdout__, os.write alike);
// - console-only text written to the device /dev/pyclass-console (prompts, and the echo of
//   input() past the end of the input);
// - each input line as it is consumed (fd 0): the test's lines, then (browser) lines the user
//   types, or (browser re-run mode) a stop that reports the prompt waiting for one;
// - apart from all of that, never in the transcript: warning lines written to the device
//   /dev/pyclass-warnings, and a write to /dev/pyclass-clear for os.system("clear") (the browser
//   empties its console). The program can write to both too: a claim about its own console only.
// - the turtle's drawing (turtle.py, drained by the harness): JSON lines written to the device
//   /dev/pyclass-drawing, kept up to MAX_DRAWING_CHARS and passed on as they arrive (the browser
//   animates them). Also only the program's claim: it could write there itself.
// Plain JavaScript with JSDoc so the sandboxed grader host loads it without a TypeScript loader.
import { createConsoleRecorder, splitInput, UNREADABLE_LINE } from "./console-recorder.mjs";

/** Emscripten's (WASI) errno for a refused read or write: Python sees OSError. */
const EIO = 29;
const SIGINT = 2;
const CONSOLE_DEVICE = "/dev/pyclass-console";
const WARNINGS_DEVICE = "/dev/pyclass-warnings";
const CLEAR_DEVICE = "/dev/pyclass-clear";
const DRAWING_DEVICE = "/dev/pyclass-drawing";
/** The most drawing text a run keeps: 100,000 commands (turtle.py's cap) take about 5 MB. */
export const MAX_DRAWING_CHARS = 8_000_000;

/**
 * @typedef {object} RunOptions
 * @property {number} maxOutput  the output cap (code points of the transcript)
 * @property {string} [input]  the test's input lines, consumed first
 * @property {(prompt: string) => string | null} [readLine]  once they are used up: asks for a line
 *   (the browser blocks until the user answers); null ends the input; throwing means Stop
 * @property {boolean} [needMore]  re-run mode: once they are used up, stop the program and report
 *   the prompt that was waiting
 * @property {(text: string) => void} [onText]  each recorded piece, as it is written
 * @property {(line: string) => void} [onWarning]  each warning line kept, as it is written
 * @property {() => void} [onClear]  the program cleared the console (os.system("clear"))
 * @property {(line: string) => void} [onDrawing]  each line of drawing (a JSON list of turtle
 *   commands) as it is written; the browser may block here to pace the program to its animation
 * @property {boolean} [freshDir]  run in a new empty folder (default true)
 * @property {boolean} [stream]  unbuffered stdout, so each print reaches onText at once
 */

/**
 * @typedef {object} ConsoleRecord
 * @property {string} transcript
 * @property {string} output
 * @property {boolean} limited  the output cap was reached
 * @property {string | null} error  the error line the harness claimed (or UNREADABLE_LINE)
 * @property {string | null} prompt  re-run mode: the program stopped for input after this prompt
 * @property {string[]} warnings  warning lines, apart from the transcript
 * @property {number} clearedAt  the console shows the transcript from here (UTF-16 index; 0: all)
 * @property {string[]} drawing  the drawing's lines (JSON lists of turtle commands), unchecked
 * @property {boolean} drawingLimited  lines past MAX_DRAWING_CHARS were dropped
 */

/**
 * Wires a loaded Pyodide (with harness.py already run) to the recorder. Call it once, before any
 * student code runs: it takes `run_on_host` and `PythonError` then.
 * @param {any} py  the Pyodide API
 * @param {{ interrupt?: Int32Array | null }} [options]  the interrupt buffer: set when the cap is
 *   reached or, in re-run mode, when the program needs a line it hasn't got
 */
export function attachConsole(py, { interrupt = null } = {}) {
  /** @type {import("./console-recorder.mjs").ConsoleRecorder | null} */
  let recorder = null;
  /** @type {string[]} */
  let lines = [];
  /** @type {((prompt: string) => string | null) | null} */
  let readLine = null;
  let needMore = false;
  /** @type {string | null} */
  let waitingPrompt = null;
  /** Console-only text since the last line consumed or text printed: the input() prompt. */
  let prompt = "";
  /** @type {Uint8Array | null} */
  let pending = null;
  let pendingAt = 0;
  const encoder = new TextEncoder();

  /** A refused write fails in Python (OSError); past the cap the program is also interrupted. */
  const refuse = () => {
    if (recorder?.limited() && interrupt) Atomics.store(interrupt, 0, SIGINT);
    return new py.FS.ErrnoError(EIO);
  };
  /** @param {TextDecoder} decoder */
  const writer = (decoder) => ({
    isatty: false,
    /** @param {Uint8Array} bytes */
    write(bytes) {
      const text = decoder.decode(bytes, { stream: true });
      if (text) prompt = "";
      if (recorder && !recorder.print(text)) throw refuse();
      return bytes.length;
    },
  });
  const decoders = [new TextDecoder(), new TextDecoder()];
  py.setStdout(writer(decoders[0]));
  py.setStderr(writer(decoders[1]));

  /** The next input line, or null at the end of the input. */
  const nextLine = () => {
    const r = /** @type {import("./console-recorder.mjs").ConsoleRecorder} */ (recorder);
    if (lines.length > 0) return /** @type {string} */ (lines.shift());
    if (readLine) {
      let answer;
      try {
        answer = readLine(prompt);
      } catch {
        // Stop while the program waited: nothing more is recorded; the input fails.
        r.freeze();
        throw new py.FS.ErrnoError(EIO);
      }
      return answer === null ? null : String(answer).replace(/\r/g, "").split("\n")[0];
    }
    if (needMore) {
      waitingPrompt = prompt;
      r.freeze();
      if (interrupt) Atomics.store(interrupt, 0, SIGINT);
      throw new py.FS.ErrnoError(EIO);
    }
    return null;
  };

  py.setStdin({
    isatty: false,
    /** @param {Uint8Array} buffer */
    read(buffer) {
      if (!recorder) return 0;
      if (!pending) {
        const line = nextLine();
        if (line === null) return 0;
        prompt = "";
        // The console shows each consumed line as typed, with its Enter.
        if (!recorder.console(`${line}\n`)) throw refuse();
        pending = encoder.encode(`${line}\n`);
        pendingAt = 0;
      }
      const n = Math.min(buffer.length, pending.length - pendingAt);
      buffer.set(pending.subarray(pendingAt, pendingAt + n));
      pendingAt += n;
      if (pendingAt >= pending.length) pending = null;
      return n;
    },
  });

  // Console-only text (prompts): a device the harness writes to. The program can write there
  // too, which only moves its own text from the output to the console-only part.
  const consoleDev = py.FS.makedev(64, 0);
  const consoleDecoder = new TextDecoder();
  py.FS.registerDevice(consoleDev, {
    open() {},
    close() {},
    read() {
      return 0;
    },
    /** @param {unknown} _stream @param {Int8Array} buffer @param {number} offset @param {number} length */
    write(_stream, buffer, offset, length) {
      const bytes = new Uint8Array(buffer.buffer, buffer.byteOffset + offset, length);
      const text = consoleDecoder.decode(bytes, { stream: true });
      if (recorder && !recorder.console(text)) throw refuse();
      prompt += text;
      return length;
    },
  });
  py.FS.mkdev(CONSOLE_DEVICE, consoleDev);

  // Warnings and clears: recorded apart (console-recorder.mjs caps them); a write never fails.
  const warningsDecoder = new TextDecoder();
  /** @param {number} minor @param {string} name @param {(bytes: Uint8Array) => void} take */
  const sideDevice = (minor, name, take) => {
    const dev = py.FS.makedev(64, minor);
    py.FS.registerDevice(dev, {
      open() {},
      close() {},
      read() {
        return 0;
      },
      /** @param {unknown} _stream @param {Int8Array} buffer @param {number} offset @param {number} length */
      write(_stream, buffer, offset, length) {
        take(new Uint8Array(buffer.buffer, buffer.byteOffset + offset, length));
        return length;
      },
    });
    py.FS.mkdev(name, dev);
    return dev;
  };
  const warningsDev = sideDevice(1, WARNINGS_DEVICE, (bytes) =>
    recorder?.warn(warningsDecoder.decode(bytes, { stream: true })),
  );
  const clearDev = sideDevice(2, CLEAR_DEVICE, () => recorder?.clear());

  // The drawing: whole lines, kept up to MAX_DRAWING_CHARS, passed on as they are completed.
  const drawingDecoder = new TextDecoder();
  /** @type {string[]} */
  let drawing = [];
  let drawingChars = 0;
  let drawingLimited = false;
  let drawingPartial = "";
  /** @type {((line: string) => void) | null} */
  let onDrawing = null;
  /** @param {string} text */
  const takeDrawing = (text) => {
    if (!recorder) return;
    const parts = (drawingPartial + text).split("\n");
    drawingPartial = /** @type {string} */ (parts.pop());
    if (drawingPartial.length > MAX_DRAWING_CHARS) drawingPartial = "";
    for (const line of parts) {
      if (!line) continue;
      if (drawingLimited || drawingChars + line.length > MAX_DRAWING_CHARS) {
        drawingLimited = true;
        continue;
      }
      drawingChars += line.length;
      drawing.push(line);
      onDrawing?.(line);
    }
  };
  const drawingDev = sideDevice(3, DRAWING_DEVICE, (bytes) =>
    takeDrawing(drawingDecoder.decode(bytes, { stream: true })),
  );
  /** The harness opens the drawing device by its path: put it back if a program removed it. */
  const ensureDrawingDevice = () => {
    const found = py.FS.analyzePath(DRAWING_DEVICE);
    if (found.exists && found.object?.rdev === drawingDev) return;
    if (found.exists) py.FS.unlink(DRAWING_DEVICE);
    py.FS.mkdev(DRAWING_DEVICE, drawingDev);
  };

  /**
   * A descriptor open on `name`: `fd` itself, or a new one when the program closed or replaced it
   * in an earlier run.
   * @param {string} name @param {number} dev @param {number} [fd]
   */
  const deviceFd = (name, dev, fd) => {
    const stream = fd === undefined ? null : py.FS.getStream(fd);
    return stream && stream.node?.rdev === dev ? /** @type {number} */ (fd) : py.FS.open(name, "w").fd;
  };
  let consoleFd = deviceFd(CONSOLE_DEVICE, consoleDev);
  let warningsFd = deviceFd(WARNINGS_DEVICE, warningsDev);
  let clearFd = deviceFd(CLEAR_DEVICE, clearDev);

  const runOnHost = py.globals.get("run_on_host");
  const PythonError = py.ffi.PythonError;

  return {
    /** Text the worker itself adds to the running program's output (e.g. a refused system()). */
    print(/** @type {string} */ text) {
      return recorder ? recorder.print(text) : false;
    },

    /**
     * Runs one program through harness.py's run_on_host. Throws when the interpreter itself
     * failed (not the program): the caller should drop this interpreter.
     * @param {string} code @param {RunOptions} options @returns {ConsoleRecord}
     */
    run(code, options) {
      lines = splitInput(String(options.input ?? ""));
      readLine = options.readLine ?? null;
      needMore = options.needMore === true;
      waitingPrompt = null;
      prompt = "";
      pending = null;
      recorder = createConsoleRecorder({
        maxOutput: Number(options.maxOutput) || 0,
        onText: options.onText,
        onWarning: options.onWarning,
        onClear: options.onClear,
      });
      drawing = [];
      drawingChars = 0;
      drawingLimited = false;
      drawingPartial = "";
      onDrawing = options.onDrawing ?? null;
      /** @type {string | null} */
      let error = null;
      try {
        ensureDrawingDevice();
        consoleFd = deviceFd(CONSOLE_DEVICE, consoleDev, consoleFd);
        warningsFd = deviceFd(WARNINGS_DEVICE, warningsDev, warningsFd);
        clearFd = deviceFd(CLEAR_DEVICE, clearDev, clearFd);
        // Only the arguments that differ from run_on_host's defaults: the server's reset counts
        // the values converted into Python per test (interpreter-reset.mjs, CALLS_PER_TEST).
        /** @type {Record<string, number | boolean>} */
        const kwargs = { warnings_fd: warningsFd, clear_fd: clearFd };
        if (options.freshDir === false) kwargs.fresh_dir = false;
        if (options.stream === true) kwargs.stream = true;
        const answer = runOnHost.callKwargs(String(code), consoleFd, kwargs);
        if (typeof answer === "string" || answer === undefined || answer === null) error = answer ?? null;
        else {
          answer?.destroy?.();
          error = UNREADABLE_LINE;
        }
      } catch (e) {
        if (!(e instanceof PythonError)) {
          recorder = null;
          throw e;
        }
        // The harness catches the program's exceptions, so it was itself replaced: say so.
        const type = /** @type {{type?: unknown}} */ (e).type;
        error =
          typeof type === "string" && /^[A-Za-z_][\w.]{0,99}$/.test(type)
            ? `Error: ${type}`
            : UNREADABLE_LINE;
      }
      // Bytes of a character split across writes.
      for (const d of decoders) recorder.print(d.decode());
      recorder.console(consoleDecoder.decode());
      recorder.warn(warningsDecoder.decode());
      takeDrawing(`${drawingDecoder.decode()}\n`);
      onDrawing = null;
      /** @type {ConsoleRecord} */
      const record = {
        transcript: recorder.transcript(),
        output: recorder.output(),
        limited: recorder.limited(),
        error,
        prompt: waitingPrompt,
        warnings: recorder.warnings(),
        clearedAt: recorder.clearedAt(),
        drawing,
        drawingLimited,
      };
      recorder = null;
      return record;
    },
  };
}
