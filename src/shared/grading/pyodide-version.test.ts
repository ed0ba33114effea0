import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PYODIDE_VERSION } from "./pyodide-version.ts";

describe("Pyodide version", () => {
  it("matches the installed npm package exactly", () => {
    const pkg = JSON.parse(
      readFileSync(new URL("../../../node_modules/pyodide/package.json", import.meta.url), "utf8"),
    );
    expect(PYODIDE_VERSION).toBe(pkg.version);
  });
});
