// What the figures were measured on: cores, load average, the CPU the instance and its grader
// processes used (Linux /proc), and what one password check costs (Better Auth's scrypt).
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import { hashPassword, verifyPassword } from "better-auth/crypto";

export const cores = () => os.availableParallelism();
export const loadAverage = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" / ");

type Proc = { pid: number; ppid: number; cpuMs: number; command: string };

function readProc(pid: number): Proc | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const command = readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
    // utime + stime in clock ticks (USER_HZ is 100 on Linux); threads are included.
    return { pid, ppid: Number(fields[1]), cpuMs: (Number(fields[11]) + Number(fields[12])) * 10, command };
  } catch {
    return null; // gone, or not Linux
  }
}

/** CPU used so far by `pid` itself and by its grader host processes (its descendants). */
export function instanceCpuMs(pid: number): { server: number; graders: number } {
  const procs = readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .map((d) => readProc(Number(d)))
    .filter((p): p is Proc => p !== null);
  const children = new Map<number, Proc[]>();
  for (const p of procs) {
    const siblings = children.get(p.ppid);
    if (siblings) siblings.push(p);
    else children.set(p.ppid, [p]);
  }
  let graders = 0;
  const visit = (parent: number) => {
    for (const child of children.get(parent) ?? []) {
      if (child.command.includes("grader-host")) graders += child.cpuMs;
      visit(child.pid);
    }
  };
  visit(pid);
  return { server: readProc(pid)?.cpuMs ?? 0, graders };
}

/** CPU and wall time of one password check as the server does it (node:crypto scrypt). */
export async function passwordCheckCost(rounds = 5): Promise<{ cpuMs: number; wallMs: number }> {
  const password = "Load-test-password!";
  const hash = await hashPassword(password);
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < rounds; i++) await verifyPassword({ hash, password });
  const used = process.cpuUsage(cpu);
  return {
    cpuMs: (used.user + used.system) / 1000 / rounds,
    wallMs: (performance.now() - started) / rounds,
  };
}
