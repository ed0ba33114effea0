// Types for pyodide-console.mjs (plain JS so the sandboxed grader host needs no TypeScript loader).
export type RunOptions = {
  maxOutput: number;
  input?: string;
  readLine?: (prompt: string) => string | null;
  needMore?: boolean;
  onText?: (text: string) => void;
  onWarning?: (line: string) => void;
  onClear?: () => void;
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
};
export type PyodideConsole = {
  print(text: string): boolean;
  run(code: string, options: RunOptions): ConsoleRecord;
};
/** `py` is the Pyodide API (loadPyodide's answer), with harness.py already run. */
export function attachConsole(py: object, options?: { interrupt?: Int32Array | null }): PyodideConsole;
