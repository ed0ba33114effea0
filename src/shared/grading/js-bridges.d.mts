// Types for js-bridges.mjs (plain JS so the sandboxed grader host needs no TypeScript loader).
export const SCRUB_JS_REFERENCES: string;
export function closeJsBridges(py: {
  unregisterJsModule(name: string): void;
  runPython(code: string): unknown;
}): void;
export function hidePyodideApi(py: { _module: { __hiwire_set(slot: number, value: unknown): number } }): void;
