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
//   6. Storage knows nothing above it: src/server/db imports no feature, grading, auth or seeding.
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

/** The file an import points at, relative to the repository root, or null for a package. */
function target(root, fromFile, spec) {
  if (spec.startsWith(".")) return path.relative(root, path.resolve(path.dirname(fromFile), spec));
  if (spec.startsWith("@/")) return path.join("src", spec.slice(2));
  return null;
}

const under = (file, dir) => file === dir || file.startsWith(`${dir}/`);
const featureOf = (file) => (under(file, "src/client/features") ? file.split("/")[3] : null);
const isNodeBuiltin = (spec) => spec.startsWith("node:") || NODE_BUILTINS.has(spec.split("/")[0]);

/** Checks the tree at `root`; returns one line per broken rule (empty when all hold). */
export function checkBoundaries(root) {
  const problems = [];
  const srcDir = path.join(root, "src");
  for (const abs of sourceFiles(srcDir)) {
    const file = path.relative(root, abs).split(path.sep).join("/");
    const text = fs.readFileSync(abs, "utf8");
    const say = (rule, what) => problems.push(`${file}: ${what} (${rule})`);
    // Tests run under Node and may use its APIs (and set process.env to prove isolation).
    const isTest = /\.test\.[cm]?[jt]sx?$/.test(file);

    for (const spec of importsOf(text)) {
      const to = target(root, abs, spec)?.split(path.sep).join("/") ?? null;
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
      if (
        under(file, "src/server/db") &&
        to &&
        ["features", "python", "grading", "auth", "seed"].some((d) => under(to, `src/server/${d}`))
      )
        say("storage imports nothing above it", `imports ${spec}`);
      const from = featureOf(file);
      const into = to ? featureOf(to) : null;
      if (from && into && from !== into && !/^src\/client\/features\/[^/]+\/index\.tsx?$/.test(to))
        say("features meet only through index.ts", `reaches into ${spec}`);
    }

    if (file !== "src/server/config.ts" && !isTest && PROCESS_ENV.test(text))
      say("process.env only in src/server/config.ts", "reads process.env");
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
