// The CPython a bare-process baseline should use: the fastest-starting interpreter on the machine.
// `python3` on the PATH may be a version manager's shim that starts 15× slower than the system
// interpreter (issue 19), which would flatter PyClass in every ratio printed beside it.
import { spawnSync } from "node:child_process";

export type Python = { exe: string; version: string; startMs: number };

/** Every CPython found, fastest first (start time: best of 5 `-I -c pass`). */
export function pythonsFastestFirst(): Python[] {
  const found = [
    ...new Set(
      ["/usr/bin/python3", "/usr/local/bin/python3", "python3", "python"].filter(
        (p) => spawnSync(p, ["-c", "import sys; assert sys.version_info >= (3, 8)"]).status === 0,
      ),
    ),
  ];
  return found
    .map((exe) => {
      const times = Array.from({ length: 5 }, () => {
        const started = performance.now();
        spawnSync(exe, ["-I", "-c", "pass"]);
        return performance.now() - started;
      });
      const version = spawnSync(exe, ["--version"], { encoding: "utf8" }).stdout.trim();
      return { exe, version, startMs: Math.min(...times) };
    })
    .sort((a, b) => a.startMs - b.startMs);
}

/** How the baseline's interpreter is named in a bench's output. */
export const describePython = (p: Python, all: Python[]) =>
  `${p.exe}, ${p.version}, starts in ${p.startMs.toFixed(0)} ms` +
  (all.length > 1
    ? `; others: ${all
        .slice(1)
        .map((o) => `${o.exe} ${o.startMs.toFixed(0)} ms`)
        .join(", ")}`
    : "");
