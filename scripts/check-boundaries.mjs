// Import boundaries of STYLE.md §2 and the config rule of §7, checked on every file in src/ (run by
// `npm run check`). Biome's noRestrictedImports matches import strings, not the files they resolve
// to, so it cannot tell `../server/x` in the client from a package; this resolves each import.
//
//   1. src/shared imports neither src/client nor src/server, nor Node built-ins (`node:` or bare;
//      its tests run under Node and may).
//   2. src/client never imports src/server.
//   3. app/ sits on top: nothing in client/features, client/components, client/api or client/lib
//      imports client/app.
//   4. A feature reaches another feature only through its index.ts.
//   5. process.env is read only in src/server/config.ts (test files may set it to prove isolation).
//   6. The server's bottom floor (config.ts, config/, types.ts, errors.ts, validate.ts, db/) imports
//      nothing in src/server above it. types.ts alone may name types from above (`import type`,
//      gone at run time: AppDeps holds the grader pool); rule 7 still sees those edges.
//   7. No import cycles among src/server's files (tests aside), `import type` included: a cycle
//      means two modules that can only be understood, moved or tested together.
//   8. Server .ts files import with `@/` outside their own folder: a relative import reaches only
//      down (sandbox .mjs files stay relative; they load without a TypeScript loader).
import fs from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const IMPORTS = [
  /(?:^|[\s;}])(?:import|export)\s+(?:type\s+)?[^"'`;]*?\sfrom\s*["']([^"']+)["']/g,
  /(?:^|[\s;}])import\s*["']([^"']+)["']/g,
  /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
  /\brequire\s*\(\s*["']([^"']+)["']\s*\)/g,
];
const PROCESS_ENV = /\bprocess\s*(?:\.\s*env\b|\[\s*["']env["']\s*\])|\{\s*env\s*\}\s*=\s*process\b/;
const NODE_BUILTINS = new Set(builtinModules);

function* sourceFiles(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (SOURCE.test(entry.name)) yield full;
  }
}

/** Every module specifier a file imports (static, dynamic, re-exports, require). */
export function importsOf(text) {
  const found = new Set();
  for (const pattern of IMPORTS) for (const m of text.matchAll(pattern)) found.add(m[1]);
  return [...found];
}

/** `import type … from` / `export type … from` only: erased at run time. */
const TYPE_ONLY = /(?:^|[\s;}])(?:import|export)\s+type\s[^"'`;]*?\sfrom\s*["']([^"']+)["']/g;

/** The specifiers a file imports only as types (never also as values). */
export function typeOnlyImportsOf(text) {
  const typeOnly = new Set([...text.matchAll(TYPE_ONLY)].map((m) => m[1]));
  const values = text.replace(TYPE_ONLY, "");
  for (const spec of importsOf(values)) typeOnly.delete(spec);
  return typeOnly;
}

/** The file an import points at, relative to the repository root, or null for a package. */
function target(root, fromFile, spec) {
  if (spec.startsWith(".")) return path.relative(root, path.resolve(path.dirname(fromFile), spec));
  if (spec.startsWith("@/")) return path.join("src", spec.slice(2));
  return null;
}

const under = (file, dir) => file === dir || file.startsWith(`${dir}/`);
const FLOOR = [
  "src/server/config.ts",
  "src/server/config",
  "src/server/types.ts",
  "src/server/errors.ts",
  "src/server/validate.ts",
  "src/server/db",
];
const onFloor = (file) => FLOOR.some((f) => under(file, f));

/** The file an import resolves to (`.ts`, `.tsx`, `.mjs`, `index.ts`; `.js` written for `.ts`), or null. */
function resolveFile(root, file) {
  const base = path.join(root, file);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}.mjs`, path.join(base, "index.ts")];
  if (base.endsWith(".js")) candidates.push(base.replace(/\.js$/, ".ts"));
  const hit = candidates.find((c) => fs.existsSync(c) && fs.statSync(c).isFile());
  return hit ? path.relative(root, hit).split(path.sep).join("/") : null;
}

/** One shortest cycle through `start` within `members`, as a list of files ending where it began. */
function cycleThrough(graph, members, start) {
  const previous = new Map();
  const queue = [start];
  while (queue.length > 0) {
    const at = queue.shift();
    for (const next of graph.get(at) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const loop = [start];
        for (let f = at; f !== start; f = previous.get(f)) loop.splice(1, 0, f);
        return [...loop, start];
      }
      if (!previous.has(next)) {
        previous.set(next, at);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

/** Strongly connected components of more than one file, or one file importing itself (Tarjan). */
function cycles(graph) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (v) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || graph.get(v).has(v)) found.push(component.sort());
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return found;
}

const featureOf = (file) => (under(file, "src/client/features") ? file.split("/")[3] : null);
const isNodeBuiltin = (spec) => spec.startsWith("node:") || NODE_BUILTINS.has(spec.split("/")[0]);

/** Checks the tree at `root`; returns one line per broken rule (empty when all hold). */
export function checkBoundaries(root) {
  const problems = [];
  const srcDir = path.join(root, "src");
  /** src/server's import graph (tests aside), file → files it imports. */
  const serverGraph = new Map();
  for (const abs of sourceFiles(srcDir)) {
    const file = path.relative(root, abs).split(path.sep).join("/");
    const text = fs.readFileSync(abs, "utf8");
    const say = (rule, what) => problems.push(`${file}: ${what} (${rule})`);
    // Tests run under Node and may use its APIs (and set process.env to prove isolation).
    const isTest = /\.test\.[cm]?[jt]sx?$/.test(file);
    const inServer = under(file, "src/server");
    const typeOnly = typeOnlyImportsOf(text);
    if (inServer && !isTest) serverGraph.set(file, new Set());

    for (const spec of importsOf(text)) {
      const to = target(root, abs, spec)?.split(path.sep).join("/") ?? null;
      const resolved = to && under(to, "src/server") ? resolveFile(root, to) : null;
      if (inServer && !isTest && resolved) serverGraph.get(file).add(resolved);
      if (
        inServer &&
        !isTest &&
        onFloor(file) &&
        to &&
        under(to, "src/server") &&
        !onFloor(resolved ?? to) &&
        !(file === "src/server/types.ts" && typeOnly.has(spec))
      )
        say("the bottom floor imports nothing above it", `imports ${spec}`);
      if (
        inServer &&
        /\.tsx?$/.test(file) &&
        spec.startsWith(".") &&
        to &&
        under(to, "src") &&
        !under(to, path.posix.dirname(file))
      )
        say("outside its folder the server imports with @/", `imports ${spec}`);
      if (under(file, "src/shared")) {
        if (to && (under(to, "src/client") || under(to, "src/server")))
          say("shared imports neither side", `imports ${spec}`);
        if (!to && !isTest && isNodeBuiltin(spec)) say("shared has no Node APIs", `imports ${spec}`);
      }
      if (under(file, "src/client") && to && under(to, "src/server"))
        say("client never imports server", `imports ${spec}`);
      if (
        ["features", "components", "api", "lib"].some((d) => under(file, `src/client/${d}`)) &&
        to &&
        under(to, "src/client/app")
      )
        say("app/ sits on top", `imports ${spec}`);
      const from = featureOf(file);
      const into = to ? featureOf(to) : null;
      if (from && into && from !== into && !/^src\/client\/features\/[^/]+\/index\.tsx?$/.test(to))
        say("features meet only through index.ts", `reaches into ${spec}`);
    }

    if (file !== "src/server/config.ts" && !isTest && PROCESS_ENV.test(text))
      say("process.env only in src/server/config.ts", "reads process.env");
  }
  for (const component of cycles(serverGraph)) {
    const loop = cycleThrough(serverGraph, new Set(component), component[0]);
    const more = component.length > loop.length - 1 ? ` (${component.length} files in all)` : "";
    problems.push(
      `${component[0]}: import cycle ${loop.join(" → ")}${more} (no import cycles in the server)`,
    );
  }
  return problems;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const problems = checkBoundaries(root);
  for (const p of problems) console.error(p);
  if (problems.length > 0) {
    console.error(`\n${problems.length} boundary ${problems.length === 1 ? "rule" : "rules"} broken.`);
    process.exit(1);
  }
  console.log("Boundaries hold.");
}
