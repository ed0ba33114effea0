// Types for js-bridges.mjs (plain JS so the sandboxed grader host needs no TypeScript loader).
export const SCRUB_JS_REFERENCES: string;
export function closeJsBridges(py: {
  unregisterJsModule(name: string): void;
  runPython(code: string): unknown;
}): void;
export type HiwireModule = {
  __hiwire_get(slot: number): unknown;
  __hiwire_set(slot: number, value: unknown): number;
};
export type PyodideInternals = {
  getExpectedKeys(): unknown[];
  public_api?: unknown;
  config?: { jsglobals?: unknown };
};
export function hidePyodideApi(py: { _module: HiwireModule; _api: PyodideInternals }): number[];
