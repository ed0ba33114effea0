// Types for console-recorder.mjs (plain JS so the sandboxed grader host needs no TypeScript loader).
export const OUTPUT_LIMIT_LINE: string;
export function splitInput(text: string): string[];
export function appendLine(text: string, line: string): string;
export type ConsoleRecorder = {
  print(text: string): boolean;
  console(text: string): boolean;
  freeze(): void;
  limited(): boolean;
  transcript(): string;
  output(): string;
};
export function createConsoleRecorder(options: {
  maxOutput: number;
  isFrozen?: () => boolean;
  onText?: (text: string) => void;
}): ConsoleRecorder;
