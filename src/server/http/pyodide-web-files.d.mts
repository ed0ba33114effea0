// Types for pyodide-web-files.mjs (plain JS so scripts/start.mjs runs it without a TypeScript loader).
export const WEB_FILES: Record<string, string>;
export const LEFT_OUT: string[];
export function parsePutBack(text: string | undefined): string[];
export function leftOut(putBack: string[]): string[];
export function trimStdlib(zip: Uint8Array, putBack: string[]): Uint8Array;
export function browserStdlib(
  zip: Uint8Array,
  putBack: string[],
): Promise<{ first: Uint8Array; more: Uint8Array }>;
export function emptyLockFile(bytes: Uint8Array): Uint8Array;
export function pyodidePackageDir(): string;
export function webPyodideDir(putBack: string[], cacheRoot?: string): string;
export function preparedWebPyodide(putBack: string[], cacheRoot?: string): string | null;
export function brotliBest(bytes: Uint8Array): Promise<Buffer>;
export function gzipBest(bytes: Uint8Array): Promise<Buffer>;
export function lockIsLeftOver(lock: string): boolean;
export function prepareWebPyodide(putBack: string[], cacheRoot?: string): Promise<string>;
