// The run's report: per-route latencies (as the students' browsers saw them, and the server's own
// time from its request log when there is one), errors by status and route, sign-in and grading
// on their own lines, and each goal of issue 13 beside its figure.
import { percentile, SIGN_IN, SUBMIT } from "./samples.ts";
import type { SimulationResult } from "./simulate.ts";

export const GOALS = { unexpectedErrors: 0, apiP99Ms: 200 } as const;

/** The run's pass/fail facts, for the report and for the test that keeps the tool alive. */
export function verdict(result: SimulationResult) {
  const { unexpected, deliberate } = result.samples.errors();
  const unexpectedErrors = unexpected.reduce((n, e) => n + e.n, 0);
  const graded = result.submissions.filter((s) => s.graded).length;
  const apiP99 = result.samples.apiP99();
  return {
    unexpected,
    deliberate,
    unexpectedErrors,
    graded,
    submitted: result.submissions.length,
    notSubmitted: result.notSubmitted.reduce((n, s) => n + s.n, 0),
    apiP99,
    allGraded: graded === result.submissions.length && result.notSubmitted.length === 0,
  };
}

const ms = (x: number) => (Number.isNaN(x) ? "–" : `${x.toFixed(x < 10 ? 1 : 0)} ms`);
const mark = (ok: boolean) => (ok ? "✔" : "✖");

export type ReportContext = {
  /** "METHOD /route" → the server's own milliseconds for that route (its request log). */
  serverMs?: Map<string, number[]>;
  /** Final submissions stored in the database for the school's assignments. */
  storedFinals?: number;
};

export function formatReport(result: SimulationResult, context: ReportContext = {}): string[] {
  const v = verdict(result);
  const lines: string[] = [];
  const serverP99 = (route: string) => {
    // Run Tests and Submit Code share one route pattern in the log: no server figure for either.
    const list = context.serverMs?.get(route);
    return list
      ? ms(
          percentile(
            [...list].sort((a, b) => a - b),
            0.99,
          ),
        )
      : "";
  };
  lines.push(
    `${"route (as the browsers saw it)".padEnd(54)}${"n".padStart(6)}${"p50".padStart(10)}${"p99".padStart(10)}${"max".padStart(10)}${context.serverMs ? "  server p99¹" : ""}`,
  );
  for (const r of result.samples.byRoute().sort((a, b) => a.route.localeCompare(b.route))) {
    lines.push(
      `${r.route.padEnd(54)}${String(r.n).padStart(6)}${ms(r.p50).padStart(10)}${ms(r.p99).padStart(10)}${ms(r.max).padStart(10)}  ${serverP99(r.route)}`,
    );
  }
  if (context.serverMs)
    lines.push(
      "¹ the handler's own time, from the instance's request log (the two POSTs to submissions share a line there)",
    );

  lines.push("", "Errors (non-2xx answers and requests never answered), by route and status:");
  for (const e of v.deliberate)
    lines.push(`  deliberate  ${e.status} ${e.code.padEnd(24)} ${e.route}  × ${e.n}`);
  for (const e of v.unexpected)
    lines.push(`  UNEXPECTED  ${e.status} ${e.code.padEnd(24)} ${e.route}  × ${e.n}`);
  if (v.deliberate.length + v.unexpected.length === 0) lines.push("  none");
  if (v.deliberate.some((e) => e.route === SIGN_IN))
    lines.push(
      "  (sign-in 429s: the per-address sign-in limit refused students of one school address; they waited",
      "   out Retry-After and tried again, as a student would)",
    );

  const graded = result.submissions.filter((s) => s.graded);
  const grading = graded.map((s) => s.ms).sort((a, b) => a - b);
  lines.push(
    "",
    `Students signed in: ${result.signedIn} of ${result.students}`,
    `Grading (Submit Code → graded answer, ${grading.length} graded): p50 ${ms(percentile(grading, 0.5))}, p99 ${ms(percentile(grading, 0.99))}, max ${ms(grading.at(-1) ?? Number.NaN)}`,
  );
  const ungraded = result.submissions.filter((s) => !s.graded);
  if (ungraded.length > 0)
    lines.push(
      `  not graded: ${ungraded.length} (${ungraded.filter((s) => s.status === 0).length} never answered; statuses ${[...new Set(ungraded.map((s) => s.status))].join(", ")})`,
    );
  for (const s of result.notSubmitted) lines.push(`  submitters who never submitted: ${s.n} — ${s.reason}`);
  if (context.storedFinals !== undefined)
    lines.push(`  final submissions stored in the database: ${context.storedFinals}`);

  const submitRoute = result.samples.byRoute().find((r) => r.route === SUBMIT);
  // A graded answer must also be a stored submission (none lost, none extra).
  const stored = context.storedFinals === undefined || context.storedFinals === v.graded;
  const signInWindow = [result.startedAt, result.startedAt + result.windowMs];
  lines.push(
    "",
    "Goals (issue 13):",
    `  ${mark(v.unexpectedErrors === GOALS.unexpectedErrors)} errors other than deliberate 429s: ${v.unexpectedErrors} (goal 0)`,
    `  ${mark(v.apiP99 <= GOALS.apiP99Ms)} API p99 (every route but sign-in and Submit Code): ${ms(v.apiP99)} (goal ≤ ${GOALS.apiP99Ms} ms)`,
    `      sent during the sign-in window ${ms(result.samples.apiP99(signInWindow[0], signInWindow[1]))}, after it ${ms(result.samples.apiP99(signInWindow[1]))}`,
    `  ${mark(v.allGraded && stored)} every submission graded: ${v.graded} of ${v.submitted + v.notSubmitted}${submitRoute ? "" : " (none made)"} (goal all)`,
  );
  return lines;
}
