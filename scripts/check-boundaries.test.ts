// The boundary check fails on each planted violation and passes on the real tree.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { checkBoundaries, importsOf } from "./check-boundaries.mjs";

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
      "src/server/db/seed.ts: imports ../python/index.ts (storage imports nothing above it)",
      "src/server/db/seed.ts: imports ../features/submissions/index.ts (storage imports nothing above it)",
    ]);
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
});
