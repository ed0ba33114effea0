// @ts-check
// Puts a used interpreter back into the exact state it started in, so that the next submission
// can run in it instead of in a new one (decision 038: a new interpreter costs ≈0.25 s of CPU,
// this ≈10 ms). Runs in the interpreter's worker thread (interpreter-worker.mjs).
//
// The state of a Pyodide interpreter, and what happens to each part:
// - wasm: its memory, its mutable globals (the stack pointer, the stack limits, tempRet0 and the
//   GOT entries it imports) and its tables (functions; Pyodide's JS references) — that is all a
//   WebAssembly instance holds (read from the module's sections). Memory and globals are copied
//   back; the function table and the table of interned strings must be unchanged; the table of
//   JS references is put back slot by slot. Memory and that table must not have grown: their
//   size alone would tell the next program something about this one.
// - JavaScript: whatever the JS functions the interpreter calls (its imports) change. Every
//   import outside SYSTEM_IMPORTS is watched; if the program made the interpreter call one (any
//   use of pyodide.ffi or `js`, ctypes, sockets, pipes, dynamic libraries, exit…), it is not
//   reused. SYSTEM_IMPORTS only reach the file system (checked and put back below), memory growth,
//   clocks, randomness, the interrupt check and the console (recorded anew for every test).
// Anything unexpected means "not reusable": the host then starts a new interpreter, as before.
// Plain JavaScript with JSDoc, like the rest of the sandboxed host.

/** Imports whose JavaScript side only touches what restore() puts back or checks. */
export const SYSTEM_IMPORTS = new Set([
  // Python calling through a function pointer of another signature; the interrupt check;
  // whether Pyodide could wait for a promise (read only; time.sleep asks).
  "_PyEM_TrampolineCall_JS",
  "_Py_CheckEmscriptenSignals_Helper",
  "can_run_sync_js",
  // Clocks, time zones, randomness, the environment read at start, memory growth.
  "clock_res_get",
  "clock_time_get",
  "emscripten_date_now",
  "emscripten_get_now",
  "_tzset_js",
  "_localtime_js",
  "_gmtime_js",
  "_mktime_js",
  "_timegm_js",
  "random_get",
  "environ_get",
  "environ_sizes_get",
  "_emscripten_get_progname",
  "__syscall_getuid32_js",
  "emscripten_get_heap_max",
  "emscripten_resize_heap",
  // Files and open file descriptors (Emscripten's in-memory file system).
  "fd_close",
  "fd_read",
  "fd_write",
  "fd_seek",
  "fd_pread",
  "fd_pwrite",
  "fd_sync",
  "fd_fdstat_get",
  "__syscall_openat",
  "__syscall_fcntl64",
  "_try_fcntl64",
  "__syscall_faccessat",
  "__syscall_chdir",
  "__syscall_fchdir",
  "__syscall_chmod",
  "__syscall_fchmod",
  "__syscall_fchmodat2",
  "__syscall_fchownat",
  "__syscall_fchown32",
  "__syscall_dup",
  "__syscall_dup3",
  "__syscall_fdatasync",
  "__syscall_fstat64",
  "__syscall_stat64",
  "__syscall_newfstatat",
  "__syscall_lstat64",
  "__syscall_ftruncate64",
  "__syscall_truncate64",
  "__syscall_getcwd",
  "__syscall_getdents64",
  "__syscall_mkdirat",
  "__syscall_mknodat",
  "__syscall_readlinkat",
  "__syscall_unlinkat",
  "__syscall_rmdir",
  "__syscall_renameat",
  "__syscall_symlinkat",
  "__syscall_statfs64",
  "__syscall_fstatfs64",
  "__syscall_utimensat",
  "__syscall_fadvise64",
  "__syscall_fallocate",
]);

/**
 * Pyodide's own calls into JavaScript at the edge of every test, converting run_on_host's
 * arguments and its answer (measured: the same for every run; the answer, an error line or None,
 * becomes a JS string through at most one of the `_python2js_*`). They only read values or make
 * strings. A program that also used one of them would exceed its count.
 */
const CALLS_PER_TEST = {
  JsvArray_Get: 6,
  js2python_js: 6,
  JsvError_Check: 1,
  JsvNoValue_Check: 1,
  _python2js_ascii: 1,
  _python2js_ucs1: 1,
  _python2js_ucs2: 1,
  _python2js_ucs4: 1,
};

/**
 * Wraps, in place, every import outside SYSTEM_IMPORTS. Called with the imports object before
 * the instance is made: Emscripten resolves function pointers to JS functions from the same
 * object afterwards, so those are watched too.
 *
 * The verdict must hold even if a program replaced methods of JavaScript's built-in objects
 * (through pyodide.ffi it can reach Array.prototype, Object.prototype…): a watched call sets a
 * closure variable or bumps an own property of our own object before it does anything else, and
 * onlyEdgeCalls() reads them with plain property reads and arithmetic — no method a program could
 * have replaced. Changing a JavaScript object takes a watched call, so every later check (which
 * does use such methods) only runs in a realm nobody changed.
 * @param {Record<string, any>} imports
 */
export function watchImports(imports) {
  /** Set by any watched call that is not an edge call; the names only explain the verdict. */
  let touched = false;
  /** @type {Set<string>} */
  const touchedNames = new Set();
  /** @type {Record<string, { count: number }>} */
  const edge = {};
  for (const name of Object.keys(CALLS_PER_TEST)) edge[name] = { count: 0 };
  let unwatchable = false;
  for (const table of new Set([imports.env, imports.wasi_snapshot_preview1])) {
    for (const name of Object.keys(table)) {
      const original = table[name];
      if (SYSTEM_IMPORTS.has(name)) continue;
      if (typeof original !== "function") {
        unwatchable = true;
        continue;
      }
      const counter = Object.hasOwn(CALLS_PER_TEST, name) ? edge[name] : null;
      const watched = counter
        ? (/** @type {unknown[]} */ ...args) => {
            counter.count++;
            return original(...args);
          }
        : (/** @type {unknown[]} */ ...args) => {
            if (!touched) {
              touched = true;
              touchedNames.add(name);
            }
            return original(...args);
          };
      // Emscripten reads .sig (and flags) off imports it turns into function pointers.
      Object.assign(watched, original);
      table[name] = watched;
    }
  }
  return {
    /** An import that is not a function (e.g. a JSPI wrapper) cannot be watched: never reuse. */
    unwatchable: () => unwatchable,
    /** Whether nothing but the per-test edge calls happened over `tests` tests. */
    onlyEdgeCalls(/** @type {number} */ tests) {
      if (touched) return false;
      const answers =
        edge._python2js_ascii.count +
        edge._python2js_ucs1.count +
        edge._python2js_ucs2.count +
        edge._python2js_ucs4.count;
      return (
        answers <= tests &&
        edge.JsvArray_Get.count <= CALLS_PER_TEST.JsvArray_Get * tests &&
        edge.js2python_js.count <= CALLS_PER_TEST.js2python_js * tests &&
        edge.JsvError_Check.count <= CALLS_PER_TEST.JsvError_Check * tests &&
        edge.JsvNoValue_Check.count <= CALLS_PER_TEST.JsvNoValue_Check * tests
      );
    },
    /** For the record of why an interpreter was not reused (the first unexpected call). */
    calls: () => [...touchedNames, ...Object.keys(edge).filter((name) => edge[name].count > 0)],
    clear() {
      touched = false;
      touchedNames.clear();
      for (const name of Object.keys(CALLS_PER_TEST)) edge[name].count = 0;
    },
  };
}

/** @typedef {ReturnType<typeof watchImports>} ImportWatch */

/**
 * Emscripten's in-memory file system, as a list of nodes to compare and their times to put back.
 * Folders whose entries are made on the fly (/proc/self/fd lists the open descriptors, which are
 * compared apart) have no `contents` and end the walk.
 * @param {any} FS
 */
function fileTree(FS) {
  /** @type {{ path: string, node: any, contents: unknown, proto: unknown, size: number, mode: number, times: number[] }[]} */
  const nodes = [];
  /** @param {any} node @param {string} at */
  const walk = (node, at) => {
    nodes.push({
      path: at,
      node,
      contents: node.contents,
      // A folder's entries are a plain object: an entry named "__proto__" becomes its prototype.
      proto: node.contents && Object.getPrototypeOf(node.contents),
      size: node.usedBytes ?? -1,
      mode: node.mode,
      times: [node.atime, node.mtime, node.ctime],
    });
    const dir = node.mounted ? node.mounted.root : node;
    if (!FS.isDir(dir.mode) || !dir.contents) return;
    if (dir !== node) walk(dir, `${at}@`);
    // In the folder's own order (what os.listdir shows): renaming an entry away and back moves it
    // to the end, so the order alone could carry a message to the next program.
    for (const name of Object.keys(dir.contents)) walk(dir.contents[name], `${at}/${name}`);
  };
  walk(FS.root, "");
  return nodes;
}

/**
 * Every node Emscripten can find by name (its lookup table): a node no folder lists (see
 * fileTree's "__proto__") is still here.
 * @param {any} FS
 */
function namedNodes(FS) {
  const nodes = new Set();
  for (const head of FS.nameTable) for (let node = head; node; node = node.name_next) nodes.add(node);
  return nodes;
}

/** @param {any} stream */
function streamState(stream) {
  return { own: { ...stream }, shared: { ...stream.shared } };
}

/**
 * Records the interpreter as it is now (call it once it is ready, before any program ran) and
 * returns restore(), which brings it back to that state and says whether that was possible.
 * @param {{ py: any, instance: WebAssembly.Instance, imports: Record<string, any>, module: WebAssembly.Module, watch: ImportWatch }} parts
 */
export function recordPristine({ py, instance, imports, module, watch }) {
  const ex = /** @type {Record<string, any>} */ (instance.exports);
  const M = py._module;
  const FS = py.FS;
  /** @type {WebAssembly.Memory} */
  const memory = ex.memory;
  /** @type {WebAssembly.Table} */
  const functions = ex.__indirect_function_table;
  const image = new Uint8Array(memory.buffer).slice();
  const stackPointer = ex.__stack_pointer.value;
  const stackBase = ex.emscripten_stack_get_base();
  const stackEnd = ex.emscripten_stack_get_end();
  const tempRet = ex.getTempRet0();
  /** @type {[WebAssembly.Global, unknown][]} */
  const got = WebAssembly.Module.imports(module)
    .filter((i) => i.kind === "global")
    .map((i) => {
      const g = imports[i.module][i.name];
      return [g, g.value];
    });
  const functionEntries = Array.from({ length: functions.length }, (_, i) => functions.get(i));
  const jsRefs = listSlots((i) => M.__hiwire_get(i));
  const interned = listSlots((i) => M.__hiwire_immortal_get(i));
  const tree = fileTree(FS);
  const named = namedNodes(FS);
  /** Contents of the files there were, to find a file changed in place. */
  const fileBytes = new Map(
    tree
      .filter((n) => n.contents instanceof Uint8Array)
      .map((n) => [n.node, /** @type {Uint8Array} */ (n.contents).slice(0, n.size)]),
  );
  const streams = FS.streams.map((/** @type {any} */ s) => (s ? { stream: s, state: streamState(s) } : null));
  const cwd = FS.cwd();
  const nextInode = FS.nextInode;
  // Loading called all kinds of imports; from here on, each one counts.
  watch.clear();

  /**
   * Why the interpreter cannot be put back, or null when everything outside linear memory (but
   * Pyodide's JS reference tables, read through wasm: see restore) is as recorded or is put back.
   * @param {number} tests
   */
  function changed(tests) {
    if (watch.unwatchable()) return "an import that cannot be watched";
    if (!watch.onlyEdgeCalls(tests)) return `JavaScript calls: ${watch.calls().join(" ")}`;
    // The size itself would tell the next program how much memory this one used.
    if (memory.buffer.byteLength !== image.length) return "memory grew";
    if (functions.length !== functionEntries.length) return "function table grew";
    for (let i = 0; i < functionEntries.length; i++)
      if (functions.get(i) !== functionEntries[i]) return "function table changed";
    if (FS.cwd() !== cwd) return "working folder changed";
    const now = fileTree(FS);
    for (let i = 0; i < Math.max(tree.length, now.length); i++) {
      const [a, b] = [tree[i], now[i]];
      if (!a || !b || a.path !== b.path || a.node !== b.node) return `files changed: ${(a ?? b).path}`;
      if (a.contents !== b.contents || a.proto !== b.proto || a.size !== b.size || a.mode !== b.mode)
        return `file changed: ${a.path}`;
      const bytes = fileBytes.get(a.node);
      if (bytes && !sameBytes(bytes, /** @type {Uint8Array} */ (b.contents).subarray(0, b.size)))
        return `file written: ${a.path}`;
    }
    const nowNamed = namedNodes(FS);
    if (nowNamed.size !== named.size || [...nowNamed].some((node) => !named.has(node)))
      return "files changed";
    // /dev/tty keeps what was written to it until a newline, in JavaScript.
    for (const tty of Object.values(M.TTY?.ttys ?? {}))
      if (tty.input.length > 0 || tty.output.length > 0) return "text left in a terminal";
    const open = FS.streams;
    if (open.slice(streams.length).some(Boolean)) return "a file left open";
    for (let fd = 0; fd < streams.length; fd++)
      if ((open[fd] ?? null) !== (streams[fd]?.stream ?? null)) return `descriptor ${fd} changed`;
    return null;
  }

  return {
    /**
     * Brings the interpreter back to its recorded state after `tests` tests. Returns why that is
     * not possible (the caller then drops the interpreter), or null once it is done.
     * @param {number} tests
     * @returns {string | null}
     */
    restore(tests) {
      const why = changed(tests);
      if (why) return why;
      new Uint8Array(memory.buffer).set(image);
      // Read through wasm functions, so only now that memory is the recorded one again (the
      // interpreter is dropped if they differ; restoring memory first does no harm then).
      if (listSlots((i) => M.__hiwire_get(i)).length !== jsRefs.length) return "JS reference table grew";
      const nowInterned = listSlots((i) => M.__hiwire_immortal_get(i));
      if (nowInterned.length !== interned.length || nowInterned.some((v, i) => v !== interned[i]))
        return "interned strings changed";
      ex.__stack_pointer.value = stackPointer;
      ex.emscripten_stack_set_limits(stackBase, stackEnd);
      ex.setTempRet0(tempRet);
      for (const [g, value] of got) g.value = value;
      for (let i = 0; i < jsRefs.length; i++)
        if (M.__hiwire_set(i, jsRefs[i]) < 0) return "JS reference table";
      for (const n of tree) [n.node.atime, n.node.mtime, n.node.ctime] = n.times;
      FS.nextInode = nextInode;
      for (const s of streams) {
        if (!s) continue;
        putBack(s.stream, s.state.own);
        putBack(s.stream.shared, s.state.shared);
      }
      watch.clear();
      return null;
    },
  };
}

/** Gives `target` exactly the own properties `saved` has (e.g. a directory listing cached since). */
function putBack(
  /** @type {Record<string, unknown>} */ target,
  /** @type {Record<string, unknown>} */ saved,
) {
  for (const key of Object.keys(target)) if (!(key in saved)) delete target[key];
  Object.assign(target, saved);
}

/** Values of a table read through `get(i)`, which throws past its end. */
function listSlots(/** @type {(i: number) => unknown} */ get) {
  const values = [];
  for (let i = 0; ; i++) {
    try {
      values.push(get(i));
    } catch {
      return values;
    }
  }
}

function sameBytes(/** @type {Uint8Array} */ a, /** @type {Uint8Array} */ b) {
  if (a.length !== b.length) return false;
  return Buffer.compare(a, b) === 0;
}
