// @ts-check
// The browser's standard library comes in two zips (decision 078): python_stdlib.zip holds what
// Pyodide, the harness and a first Run import, compiled; python_stdlib_more.zip holds the rest as
// source, fetched the first time a program imports something from it (or precached by the service
// worker). This file is the Python side of finding a module in the second zip, shared by the
// browser worker and the tests that load the split library in Node.
// Plain JavaScript with JSDoc, like the other files the workers share.

/** The second zip's name among the browser's Pyodide files (/pyodide/<version>/…). */
export const MORE_STDLIB_FILE = "python_stdlib_more.zip";

/** Where the worker puts it in Pyodide's file system. */
export const MORE_STDLIB_PATH = "/lib/python_stdlib_more.zip";

// A finder at the end of sys.meta_path: asked only when every other finder has failed, so a
// module in the first zip never touches the second. A top-level name is looked for at the second
// zip's root; a submodule of a package from the first zip (encodings.cp1252, asyncio.queues) in the
// same folder of the second. A package found there has its own __path__ inside the second zip, so
// its submodules are found by the ordinary path finder. An archive that cannot be read (offline,
// not yet precached) is tried again at the next import, never remembered as missing, as a plain
// sys.path entry would be; meanwhile a standard module's import says that the download failed
// (the mount's I/O error), not that the module does not exist. Run in a function: it leaves no
// names in __main__ (the harness's module).
// After a memory snapshot is restored, the zip directories cached in it may be those of older zips
// (a new deploy): they are dropped, and read again from the files mounted now.
const INSTALL = (/** @type {string} */ archive) => `
def _pyclass_more_stdlib(archive):
    import errno, os, sys, zipimport

    first = os.path.dirname(os.__file__)

    class MoreStandardLibrary:
        importers = {}

        @classmethod
        def find_spec(cls, name, path=None, target=None):
            if path is None:
                where = archive
            else:
                inside = [p for p in path if isinstance(p, str) and p.startswith(first + "/")]
                if not inside:
                    return None
                where = archive + inside[0][len(first):]
            importer = cls.importers.get(where)
            if importer is None:
                try:
                    os.stat(archive)
                except OSError as e:
                    if e.errno == errno.EIO and name.partition(".")[0] in sys.stdlib_module_names:
                        # name=None: the harness shows this message, not "only Python's standard
                        # modules can be imported here".
                        raise ModuleNotFoundError(
                            f"{name} could not be loaded: this part of Python's library could not"
                            " be downloaded. Check the connection and run the program again."
                        ) from None
                    return None
                try:
                    importer = zipimport.zipimporter(where)
                except (ImportError, OSError):
                    return None
                cls.importers[where] = importer
            return importer.find_spec(name, target)

        @classmethod
        def invalidate_caches(cls):
            cls.importers.clear()

    sys.meta_path[:] = [f for f in sys.meta_path if getattr(f, "__name__", None) != "MoreStandardLibrary"]
    zipimport._zip_directory_cache.pop(archive, None)
    sys.meta_path.append(MoreStandardLibrary)
    # Not importlib.invalidate_caches(): it imports importlib.metadata, left out of the browser's
    # library.
    for finder in list(sys.path_importer_cache.values()):
        if isinstance(finder, zipimport.zipimporter):
            finder.invalidate_caches()

_pyclass_more_stdlib(${JSON.stringify(archive)})
del _pyclass_more_stdlib
`;

/**
 * Lets imports find modules in the second zip at `archive` (MORE_STDLIB_PATH in the browser).
 * Call on every load before the harness, and again after a snapshot is restored (it replaces the
 * snapshot's finder and drops the zip directories the snapshot cached).
 * @param {{ runPython(code: string): unknown }} py
 * @param {string} [archive]
 */
export function installMoreStdlib(py, archive = MORE_STDLIB_PATH) {
  py.runPython(INSTALL(archive));
}
