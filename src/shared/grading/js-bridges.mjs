// @ts-check
// Closes Pyodide's bridges from Python to JavaScript, for both the server grader and the
// browser worker: the `js` module (the JS global scope: in the browser, fetch with the user's
// cookies; on the server, process) and `pyodide_js` (the Pyodide API: mountNodeFS, loadPackage).
// Unregistering stops new imports, but bootstrap already imported both, so they are also dropped
// from sys.modules and from every module namespace that kept a reference.
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
