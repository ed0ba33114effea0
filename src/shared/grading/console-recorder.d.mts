// Types for console-recorder.mjs (plain JS so the sandboxed grader host needs no TypeScript loader).
export const OUTPUT_LIMIT_LINE: string;
export const MAX_WARNINGS: number;
export const MAX_WARNING_CHARS: number;
export function splitInput(text: string): string[];
export function appendLine(text: string, line: string): string;
export type ConsoleRecorder = {
  print(text: string): boolean;
  console(text: string): boolean;
  freeze(): void;
  limited(): boolean;
  transcript(): string;
  output(): string;
  warn(text: string): void;
  warnings(): string[];
  clear(): void;
  clearedAt(): number;
};
export function createConsoleRecorder(options: {
  maxOutput: number;
  isFrozen?: () => boolean;
  onText?: (text: string) => void;
  onWarning?: (line: string) => void;
  onClear?: () => void;
}): ConsoleRecorder;
export const UNREADABLE_LINE: string;
export const MAX_ERROR_CHARS: number;
export type RecordedRun = {
  transcript: string;
  output: string;
  error: string | null;
  error_type: string | null;
  line: number | null;
  prompt: string | null;
  warnings?: string[];
};
export function recordedRun(record: {
  transcript: string;
  output: string;
  limited: boolean;
  error: unknown;
  prompt?: string | null;
  warnings?: string[];
}): RecordedRun;
