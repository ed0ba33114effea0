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
 * Pyodide's fixed JS reference slots that still hold its public API (`pyodide`) and its internal
 * `API` once the bridges are closed (Pyodide 314's getExpectedKeys: null, jsglobals, public API,
 * API, …; the others are freed by closeJsBridges, which also clears them). Nothing in Python
 * refers to them any more, but a program that writes a forged reference into a JsProxy with
 * ctypes (slot 2 is reference 5, slot 3 reference 7) got the API back. On the server,
 * mountNodeFS read and wrote the host's files and config._loadSnapshot is the snapshot every
 * later interpreter of the host loads from; in the browser, API.config.jsglobals is the worker's
 * globalThis: fetch with the student's cookies (teacher's starter code, a shared snippet).
 * Found by interpreter-reuse.test.ts and tests/e2e/browser-python-sandbox.spec.ts.
 */
const API_SLOTS = [2, 3];

/**
 * Replaces the API in its slots by an empty frozen object: a forged reference then reaches
 * nothing. Call it once the interpreter is loaded and its bridges are closed, and after the last
 * makeMemorySnapshot (a snapshot checks that the slots hold the API).
 * @param {{ _module: { __hiwire_set(slot: number, value: unknown): number } }} py
 */
export function hidePyodideApi(py) {
  const nothing = Object.freeze(Object.create(null));
  for (const slot of API_SLOTS)
    if (py._module.__hiwire_set(slot, nothing) < 0) throw new Error("hiwire slot");
}
