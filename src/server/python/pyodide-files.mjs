// @ts-check
// The server's copy of Pyodide: the npm package's runtime files, with the wasm module's maximum
// memory lowered to 512 MiB so a memory bomb ends in MemoryError instead of eating the host.
// Built once per Pyodide version into node_modules/.cache (never committed), with the memory
// snapshot beside it.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const RUNTIME_FILES = [
  "pyodide.mjs",
  "pyodide.asm.mjs",
  "pyodide.asm.wasm",
  "python_stdlib.zip",
  "pyodide-lock.json",
  "package.json",
];
export const MAX_MEMORY_PAGES = 8192; // × 64 KiB = 512 MiB

const here = path.dirname(fileURLToPath(import.meta.url));
export const HARNESS_PATH = path.resolve(here, "../../shared/grading/harness.py");
/** The turtle module the harness provides to programs (loaded beside it, into the snapshot). */
export const TURTLE_PATH = path.resolve(here, "../../shared/grading/turtle.py");

export function pyodidePackageDir() {
  return path.dirname(createRequire(import.meta.url).resolve("pyodide"));
}

export function pyodideVersion() {
  return JSON.parse(fs.readFileSync(path.join(pyodidePackageDir(), "package.json"), "utf8")).version;
}

function defaultCacheRoot() {
  return path.resolve(here, "../../../node_modules/.cache/pyclass-pyodide");
}

/** @param {Uint8Array} b @param {number} p */
function readLeb(b, p) {
  let value = 0;
  let shift = 0;
  let byte = 0;
  do {
    byte = b[p++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  } while (byte & 0x80);
  return { value, next: p };
}

/**
 * Where the first memory's limits sit in a wasm binary (memory section, id 5).
 * @param {Uint8Array} b
 */
export function findMemoryLimits(b) {
  let p = 8; // magic + version
  while (p < b.length) {
    const id = b[p++];
    const size = readLeb(b, p);
    const start = size.next;
    if (id === 5) {
      let q = readLeb(b, start).next; // number of memories
      const flags = b[q++];
      const min = readLeb(b, q);
      if (!(flags & 1)) return { flags, min: min.value, max: null, maxAt: -1, maxLength: 0 };
      const max = readLeb(b, min.next);
      return { flags, min: min.value, max: max.value, maxAt: min.next, maxLength: max.next - min.next };
    }
    p = start + size.value;
  }
  throw new Error("wasm module has no memory section");
}

/**
 * Rewrites the maximum in place, LEB128-padded to the original length so no section size moves.
 * @param {Uint8Array} b @param {number} maxPages
 */
export function capWasmMemory(b, maxPages) {
  const limits = findMemoryLimits(b);
  if (limits.max === null) throw new Error("wasm memory has no maximum to lower");
  if (limits.max <= maxPages) return;
  let v = maxPages;
  for (let i = 0; i < limits.maxLength; i++) {
    const last = i === limits.maxLength - 1;
    b[limits.maxAt + i] = (v & 0x7f) | (last ? 0 : 0x80);
    v = Math.floor(v / 128);
  }
  if (v !== 0) throw new Error("new maximum does not fit the old encoding");
}

/**
 * Makes (once) and returns the directory holding the capped copy of Pyodide.
 * Safe when several processes race: each builds a private temporary folder and renames it.
 */
export function preparePyodideDir(cacheRoot = defaultCacheRoot()) {
  const dir = path.join(cacheRoot, `${pyodideVersion()}-mem${MAX_MEMORY_PAGES}`);
  if (fs.existsSync(path.join(dir, ".complete"))) return dir;
  const tmp = `${dir}.tmp-${process.pid}-${randomBytes(4).toString("hex")}`;
  fs.mkdirSync(tmp, { recursive: true });
  const source = pyodidePackageDir();
  for (const file of RUNTIME_FILES) fs.copyFileSync(path.join(source, file), path.join(tmp, file));
  const wasmPath = path.join(tmp, "pyodide.asm.wasm");
  const wasm = fs.readFileSync(wasmPath);
  capWasmMemory(wasm, MAX_MEMORY_PAGES);
  fs.writeFileSync(wasmPath, wasm);
  fs.writeFileSync(path.join(tmp, ".complete"), "");
  try {
    fs.renameSync(tmp, dir);
  } catch {
    // Another process finished first; its copy is identical.
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  return dir;
}
