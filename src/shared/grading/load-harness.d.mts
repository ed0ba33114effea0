// Types for load-harness.mjs (plain JS so the sandboxed grader host needs no TypeScript loader).
export function loadHarness(
  py: {
    runPython(code: string, options?: { filename?: string }): unknown;
    globals: { get(name: string): unknown };
  },
  harnessSource: string,
  modules: Record<string, string>,
): void;
