// The boundary check fails on each planted violation and passes on the real tree.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { checkBoundaries, importsOf, typeOnlyImportsOf } from "./check-boundaries.mjs";

const repo = path.resolve(import.meta.dirname, "..");
let tree: string | null = null;

/** A throwaway repository holding just the given files. */
function plant(files: Record<string, string>): string {
  tree = fs.mkdtempSync(path.join(os.tmpdir(), "boundaries-"));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
    fs.writeFileSync(path.join(tree, file), text);
  }
  return tree;
}

afterEach(() => {
  if (tree) fs.rmSync(tree, { recursive: true, force: true });
  tree = null;
});

const base = {
  "src/server/config.ts": "export const port = Number(process.env.PORT ?? 3000);\n",
  "src/server/db/client.ts": "export const db = {};\n",
  "src/shared/domain/rule.ts": "export const rule = 1;\n",
  "src/client/app/shell.tsx": "export const Shell = 1;\n",
  "src/client/features/student/index.ts": 'export { page } from "./page.tsx";\n',
  "src/client/features/student/page.tsx": "export const page = 1;\n",
};

describe("check-boundaries", () => {
  it("passes on the real tree", () => {
    expect(checkBoundaries(repo)).toEqual([]);
  });

  it("passes on a tree that keeps the rules", () => {
    const root = plant({
      ...base,
      "src/client/features/teacher/page.tsx":
        'import { rule } from "@/shared/domain/rule.ts";\nimport { page } from "@/client/features/student/index.ts";\n',
    });
    expect(checkBoundaries(root)).toEqual([]);
  });

  it("fails on a client file importing the server", () => {
    const root = plant({
      ...base,
      "src/client/features/student/leak.ts": 'import { db } from "../../../server/db/client.ts";\n',
    });
    expect(checkBoundaries(root)).toEqual([
      "src/client/features/student/leak.ts: imports ../../../server/db/client.ts (client never imports server)",
    ]);
  });

  it("fails on storage importing the grader or a feature", () => {
    const root = plant({
      ...base,
      "src/server/db/seed.ts":
        'import { createGraderPool } from "../python/index.ts";\nimport { x } from "../features/submissions/index.ts";\n',
    });
    expect(checkBoundaries(root)).toEqual([
      "src/server/db/seed.ts: imports ../python/index.ts (the bottom floor imports nothing above it)",
      "src/server/db/seed.ts: imports ../python/index.ts (outside its folder the server imports with @/)",
      "src/server/db/seed.ts: imports ../features/submissions/index.ts (the bottom floor imports nothing above it)",
      "src/server/db/seed.ts: imports ../features/submissions/index.ts (outside its folder the server imports with @/)",
    ]);
  });

  it("fails on the bottom floor importing above it; types.ts alone may name types from above", () => {
    const root = plant({
      ...base,
      "src/server/config.ts": 'import { parse } from "@/server/auth/proxy.ts";\nexport const port = 3000;\n',
      "src/server/config/domains.ts":
        'import { x } from "@/server/seed/x.ts";\nimport { y } from "./y.ts";\n',
      "src/server/config/y.ts": "export const y = 1;\n",
      "src/server/errors.ts": 'import { id } from "@/server/http/request-id.ts";\n',
      "src/server/validate.ts": 'import { badRequest } from "@/server/errors.ts";\n',
      "src/server/types.ts": [
        'import type { Config } from "@/server/config.ts";',
        'import type { Pool } from "@/server/python/index.ts";',
        'import { type Limiter } from "@/server/grading/limiter.ts";',
        'import { Role } from "@/shared/domain/rule.ts";',
      ].join("\n"),
      "src/server/db/client.test.ts": 'import { app } from "@/server/app.ts";\n',
    });
    expect(checkBoundaries(root)).toEqual([
      "src/server/config/domains.ts: imports @/server/seed/x.ts (the bottom floor imports nothing above it)",
      "src/server/config.ts: imports @/server/auth/proxy.ts (the bottom floor imports nothing above it)",
      "src/server/errors.ts: imports @/server/http/request-id.ts (the bottom floor imports nothing above it)",
      // `import { type X }` keeps an import at run time (verbatimModuleSyntax): only `import type` is exempt.
      "src/server/types.ts: imports @/server/grading/limiter.ts (the bottom floor imports nothing above it)",
    ]);
  });

  it("fails on an import cycle in the server, naming its files, `import type` and index.ts included", () => {
    const root = plant({
      ...base,
      "src/server/types.ts": 'import type { SessionUser } from "./auth/guards";\n',
      "src/server/auth/guards.ts": 'import type { AppEnv } from "@/server/types.ts";\n',
      "src/server/a/a.ts": 'export { b } from "@/server/b/index.ts";\n',
      "src/server/b/index.ts": 'export { c } from "./c.ts";\n',
      "src/server/b/c.ts": 'const a = () => import("@/server/a/a");\n',
      "src/server/python/host.mjs": 'import "./host.mjs";\n',
      // Tests may import each other's subjects both ways.
      "src/server/x.test.ts": 'import "./y.test.ts";\n',
      "src/server/y.test.ts": 'import "./x.test.ts";\n',
    });
    expect(checkBoundaries(root)).toEqual([
      "src/server/a/a.ts: import cycle src/server/a/a.ts → src/server/b/index.ts → src/server/b/c.ts → src/server/a/a.ts (no import cycles in the server)",
      "src/server/auth/guards.ts: import cycle src/server/auth/guards.ts → src/server/types.ts → src/server/auth/guards.ts (no import cycles in the server)",
      "src/server/python/host.mjs: import cycle src/server/python/host.mjs → src/server/python/host.mjs (no import cycles in the server)",
    ]);
  });

  it("fails on a server .ts file importing outside its folder with ../ (tests' helpers and sandbox .mjs aside)", () => {
    const root = plant({
      ...base,
      "src/server/errors.ts": "export const e = 1;\n",
      "src/server/features/x/x.service.ts":
        'import { e } from "../../errors.ts";\nimport { rule } from "../../../shared/domain/rule.ts";\nimport { y } from "./parts/y.ts";\n',
      "src/server/features/x/parts/y.ts": "export const y = 1;\n",
      "src/server/features/x/x.test.ts":
        'import { createTestDb } from "../../../../tests/setup/test-db.ts";\n',
      "src/server/python/host.mjs": 'import { h } from "../../shared/grading/harness.mjs";\n',
      "src/server/app.ts": 'import { y } from "./features/x/parts/y.ts";\n',
    });
    expect(checkBoundaries(root)).toEqual([
      "src/server/features/x/x.service.ts: imports ../../errors.ts (outside its folder the server imports with @/)",
      "src/server/features/x/x.service.ts: imports ../../../shared/domain/rule.ts (outside its folder the server imports with @/)",
    ]);
  });

  it("makes `npm run check` fail on a planted server import cycle", () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(repo, "package.json"), "utf8"));
    expect(pkg.scripts.check).toContain("node scripts/check-boundaries.mjs");
    const root = plant({
      ...base,
      "src/server/features/x/x.service.ts": 'import { y } from "@/server/features/y/y.service.ts";\n',
      "src/server/features/y/y.service.ts": 'import { x } from "@/server/features/x/x.service.ts";\n',
    });
    fs.mkdirSync(path.join(root, "scripts"));
    fs.copyFileSync(
      path.join(repo, "scripts/check-boundaries.mjs"),
      path.join(root, "scripts/check-boundaries.mjs"),
    );
    const run = spawnSync(process.execPath, ["scripts/check-boundaries.mjs"], {
      cwd: root,
      encoding: "utf8",
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      "src/server/features/x/x.service.ts: import cycle src/server/features/x/x.service.ts → src/server/features/y/y.service.ts → src/server/features/x/x.service.ts (no import cycles in the server)",
    );
  });

  it("fails on shared importing the client, or Node", () => {
    const root = plant({
      ...base,
      "src/shared/domain/leak.ts":
        'import { Shell } from "../../client/app/shell.tsx";\nimport fs from "node:fs";\n',
    });
    expect(checkBoundaries(root)).toEqual([
      "src/shared/domain/leak.ts: imports ../../client/app/shell.tsx (shared imports neither side)",
      "src/shared/domain/leak.ts: imports node:fs (shared has no Node APIs)",
    ]);
  });

  it("fails on process.env read outside src/server/config.ts", () => {
    const root = plant({
      ...base,
      "src/server/features/x/x.service.ts": "export const secret = process.env.SECRET;\n",
    });
    expect(checkBoundaries(root)).toEqual([
      "src/server/features/x/x.service.ts: reads process.env (process.env only in src/server/config.ts)",
    ]);
  });

  it("fails on a feature importing app/ or reaching into another feature's files", () => {
    const root = plant({
      ...base,
      "src/client/features/teacher/page.tsx":
        'import { Shell } from "@/client/app/shell.tsx";\nconst p = import("../student/page.tsx");\n',
    });
    expect(checkBoundaries(root)).toEqual([
      "src/client/features/teacher/page.tsx: imports @/client/app/shell.tsx (app/ sits on top)",
      "src/client/features/teacher/page.tsx: reaches into ../student/page.tsx (features meet only through index.ts)",
    ]);
  });

  it("reads static, type-only, re-export and dynamic imports", () => {
    const text = [
      'import type { A } from "./a.ts";',
      'export { b } from "./b.ts";',
      'import "./c.css";',
      "const d = await import('./d.ts');",
      'import {\n  e,\n  f,\n} from "./e.ts";',
    ].join("\n");
    expect(importsOf(text).sort()).toEqual(["./a.ts", "./b.ts", "./c.css", "./d.ts", "./e.ts"]);
  });

  it("tells type-only imports from those that stay at run time", () => {
    const text = [
      'import type { A } from "./a.ts";',
      'export type { B } from "./b.ts";',
      'import { type C } from "./c.ts";',
      'import type { D } from "./d.ts";',
      'import { d } from "./d.ts";',
    ].join("\n");
    expect([...typeOnlyImportsOf(text)].sort()).toEqual(["./a.ts", "./b.ts"]);
  });
});
