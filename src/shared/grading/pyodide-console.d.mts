// Types for pyodide-console.mjs (plain JS so the sandboxed grader host needs no TypeScript loader).
export type RunOptions = {
  maxOutput: number;
  input?: string;
  readLine?: (prompt: string) => string | null;
  needMore?: boolean;
  onText?: (text: string) => void;
  onWarning?: (line: string) => void;
  onClear?: () => void;
  onDrawing?: (line: string) => void;
  freshDir?: boolean;
  stream?: boolean;
};
export type ConsoleRecord = {
  transcript: string;
  output: string;
  limited: boolean;
  error: string | null;
  prompt: string | null;
  warnings: string[];
  clearedAt: number;
  /** The turtle's drawing: lines of JSON lists of commands, as the program wrote them. */
  drawing: string[];
  drawingLimited: boolean;
};
export const MAX_DRAWING_CHARS: number;
export type PyodideConsole = {
  print(text: string): boolean;
  run(code: string, options: RunOptions): ConsoleRecord;
};
/** `py` is the Pyodide API (loadPyodide's answer), with harness.py already run. */
export function attachConsole(py: object, options?: { interrupt?: Int32Array | null }): PyodideConsole;
