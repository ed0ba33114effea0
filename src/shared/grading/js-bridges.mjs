// @ts-check
// Closes Pyodide's bridges from Python to JavaScript, for both the server grader and the
// browser worker: the `js` module (the JS global scope: in the browser, fetch with the user's
// cookies; on the server, process) and `pyodide_js` (the Pyodide API: mountNodeFS, loadPackage).
// Unregistering stops new imports, but bootstrap already imported both, so they are also dropped
// from sys.modules and from every module namespace that kept a reference.
// What the bridges leave behind, Pyodide's API in its fixed JS reference slots, is emptied by
// hidePyodideApi once the interpreter is ready.
// Plain JavaScript with JSDoc so the sandboxed grader host loads it without a TypeScript loader.

// Runs in __main__, where the harness also lives: a function, so it leaves no names behind.
export const SCRUB_JS_REFERENCES = `
def _pyclass_scrub():
    import sys
    from pyodide.ffi import JsProxy
    for name in list(sys.modules):
        if name.split(".")[0] in ("js", "pyodide_js"):
            del sys.modules[name]
    for module in list(sys.modules.values()):
        namespace = getattr(module, "__dict__", None)
        if isinstance(namespace, dict):
            for key, value in list(namespace.items()):
                if isinstance(value, JsProxy):
                    del namespace[key]
_pyclass_scrub()
del _pyclass_scrub
`;

/**
 * @param {{ unregisterJsModule(name: string): void, runPython(code: string): unknown }} py
 */
export function closeJsBridges(py) {
  py.unregisterJsModule("js");
  py.unregisterJsModule("pyodide_js");
  py.runPython(SCRUB_JS_REFERENCES);
}

/**
 * Pyodide's fixed JS reference slots (API.getExpectedKeys; in Pyodide 314: null, jsglobals, the
 * public API, the internal API, a scheduler, the internal API again, {}) keep what Python must
 * never reach once the bridges are closed. Nothing in Python refers to them any more, but a
 * program that writes a forged reference into a JsProxy with ctypes (slot s, version v is
 * reference (2s + 1) | v << 26) got them back. On the server, mountNodeFS read and wrote the
 * host's files and config._loadSnapshot is the snapshot every later interpreter of the host loads
 * from; in the browser, jsglobals (or API.config.jsglobals) was the worker's globalThis: fetch
 * with the student's cookies (teacher's starter code, a shared snippet).
 * Found by interpreter-reuse.test.ts and tests/e2e/browser-python-sandbox.spec.ts.
 */

/** @typedef {{ __hiwire_get(slot: number): unknown, __hiwire_set(slot: number, value: unknown): number }} HiwireModule */
/** @typedef {{ getExpectedKeys(): unknown[], public_api?: unknown, config?: { jsglobals?: unknown } }} PyodideInternals */

/**
 * Replaces, in every fixed slot, what is the API, the public API, the jsglobals object or
 * globalThis (found by identity, so a Pyodide that moves them is still covered) by an empty
 * frozen object: a forged reference then reaches nothing. Call it once the interpreter is loaded
 * and its bridges are closed, and after the last makeMemorySnapshot (a snapshot checks that the
 * slots hold the API). Returns the slots it emptied.
 * @param {{ _module: HiwireModule, _api: PyodideInternals }} py
 */
export function hidePyodideApi(py) {
  const api = py._api;
  const hidden = new Set([py, api, api.public_api, api.config?.jsglobals, globalThis]);
  const nothing = Object.freeze(Object.create(null));
  const emptied = [];
  for (let slot = 0; slot < api.getExpectedKeys().length; slot++) {
    let value;
    try {
      value = py._module.__hiwire_get(slot);
    } catch {
      continue; // a slot that was freed: no reference reaches it
    }
    if (!hidden.has(value)) continue;
    if (py._module.__hiwire_set(slot, nothing) < 0) throw new Error("hiwire slot");
    emptied.push(slot);
  }
  // The API and the public API are always in the table: finding neither means Pyodide changed.
  if (emptied.length < 2) throw new Error("Pyodide's API not found in its fixed JS reference slots");
  return emptied;
}
