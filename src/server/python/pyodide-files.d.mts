// Types for pyodide-files.mjs (plain JS so the sandboxed host needs no TypeScript loader).
export const RUNTIME_FILES: string[];
export const MAX_MEMORY_PAGES: number;
export const HARNESS_PATH: string;
export const TURTLE_PATH: string;
export function pyodidePackageDir(): string;
export function pyodideVersion(): string;
export function findMemoryLimits(bytes: Uint8Array): {
  flags: number;
  min: number;
  max: number | null;
  maxAt: number;
  maxLength: number;
};
export function capWasmMemory(bytes: Uint8Array, maxPages: number): void;
export function preparePyodideDir(cacheRoot?: string): string;
