// Types for more-stdlib.mjs (plain JS, like the other files the workers share).
export const MORE_STDLIB_FILE: string;
export const MORE_STDLIB_PATH: string;
export function installMoreStdlib(py: { runPython(code: string): unknown }, archive?: string): void;
