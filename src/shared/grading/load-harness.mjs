// @ts-check
// Loads the grading harness into a Pyodide interpreter, for both workers (the server's
// interpreter-worker.mjs and the browser's python-worker.ts), before the memory snapshot is made:
// harness.py itself, then the modules the platform provides (turtle.py), which the harness
// compiles once and gives each run that imports them as a fresh module.
// Plain JavaScript with JSDoc so the sandboxed grader host loads it without a TypeScript loader.

/**
 * @param {{ runPython(code: string, options?: { filename?: string }): unknown, globals: { get(name: string): any } }} py
 * @param {string} harnessSource  harness.py
 * @param {Record<string, string>} modules  module name → its Python source (e.g. { turtle })
 */
export function loadHarness(py, harnessSource, modules) {
  py.runPython(harnessSource, { filename: "harness.py" });
  const provide = py.globals.get("provide_module");
  try {
    for (const [name, source] of Object.entries(modules)) provide(name, source, `${name}.py`);
  } finally {
    provide.destroy?.();
  }
}
