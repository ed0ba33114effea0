// The sandbox's plain-JavaScript files (src/server/python/*.mjs, src/shared/grading/*.mjs) are
// type-checked by `npm run check` through tsconfig.sandbox.json (checkJs): a type error planted in
// a copy of one fails the check, and the real tree passes.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const repo = path.resolve(import.meta.dirname, "..");
const tsc = path.join(repo, "node_modules", "typescript", "bin", "tsc");
// Plain-JavaScript files loaded without a TypeScript loader: the grader host and worker, the shared
// console recorder, the similarity report's worker thread, the browser's Pyodide files that
// `npm start` prepares (decision 069), and the import reader's and export zipper's threads (076).
const SANDBOX_DIRS = [
  "src/server/python",
  "src/shared/grading",
  "src/server/features/similarity",
  "src/server/http",
  "src/server/features/interchange",
  "src/server/features/account",
  "src/server/workers",
];
let tree: string | null = null;

function typecheck(root: string): { ok: boolean; out: string } {
  const r = spawnSync(process.execPath, [tsc, "--noEmit", "-p", path.join(root, "tsconfig.sandbox.json")], {
    cwd: root,
    encoding: "utf8",
  });
  return { ok: r.status === 0, out: `${r.stdout}${r.stderr}` };
}

/** A throwaway project: both tsconfigs, the sandbox directories' JS and declarations, the
 * repository's node_modules (for the `types` the compiler options name). */
function copyProject(): string {
  tree = fs.mkdtempSync(path.join(os.tmpdir(), "sandbox-types-"));
  for (const file of ["tsconfig.json", "tsconfig.sandbox.json"]) {
    fs.copyFileSync(path.join(repo, file), path.join(tree, file));
  }
  for (const dir of SANDBOX_DIRS) {
    fs.mkdirSync(path.join(tree, dir), { recursive: true });
    for (const file of fs.readdirSync(path.join(repo, dir))) {
      if (file.endsWith(".mjs") || file.endsWith(".d.mts")) {
        fs.copyFileSync(path.join(repo, dir, file), path.join(tree, dir, file));
      }
    }
  }
  fs.symlinkSync(path.join(repo, "node_modules"), path.join(tree, "node_modules"), "dir");
  return tree;
}

afterEach(() => {
  if (tree) fs.rmSync(tree, { recursive: true, force: true });
  tree = null;
});

describe("type-checking the sandbox .mjs files", () => {
  it("is part of npm run check and of npm test's Typecheck step", () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(repo, "package.json"), "utf8"));
    expect(pkg.scripts.check).toContain("tsc --noEmit -p tsconfig.sandbox.json");
    expect(fs.readFileSync(path.join(repo, "scripts/test.mjs"), "utf8")).toContain('"tsconfig.sandbox.json"');
    const config = JSON.parse(fs.readFileSync(path.join(repo, "tsconfig.sandbox.json"), "utf8"));
    expect(config.compilerOptions).toMatchObject({ allowJs: true, checkJs: true });
    expect(config.include).toEqual(SANDBOX_DIRS.map((dir) => `${dir}/*.mjs`));
  });

  it("passes on the real tree", () => {
    const r = typecheck(repo);
    expect(r.out).toBe("");
    expect(r.ok).toBe(true);
  });

  it("passes on a faithful copy, and fails once a type error is planted in a .mjs file", () => {
    const root = copyProject();
    expect(typecheck(root)).toEqual({ ok: true, out: "" });

    for (const file of [
      "src/server/python/interpreter-worker.mjs",
      "src/shared/grading/console-recorder.mjs",
    ]) {
      const target = path.join(root, file);
      const original = fs.readFileSync(target, "utf8");
      // No `// @ts-check` needed: checkJs covers the file even without the pragma.
      const planted = `${original.replace("// @ts-check\n", "")}\n/** @type {number} */\nexport const planted = "not a number";\n`;
      fs.writeFileSync(target, planted);
      const r = typecheck(root);
      expect(r.ok).toBe(false);
      expect(r.out).toContain(`${file}(`);
      expect(r.out).toContain("TS2322");
      fs.writeFileSync(target, original);
    }
  });
});
