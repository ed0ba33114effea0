// The exact Pyodide version served at /pyodide/<version>/ and keyed into the browser's snapshot
// cache. Pinned: memory snapshots are private API and only load into the same build.
// pyodide-version.test.ts keeps this equal to the installed npm package.
export const PYODIDE_VERSION = "314.0.7";
export const PYODIDE_BASE_PATH = `/pyodide/${PYODIDE_VERSION}/`;
