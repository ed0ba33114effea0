// Every request the simulated school makes, by route pattern (never an id), and what the report
// reads from them: errors by status and route, p50/p99 per route, grading latency.

/** Deliberate refusals: a rate limit answering as designed, not a failure of the server. */
export const DELIBERATE_STATUS = 429;

/** Routes kept out of the API p99 goal: each has its own line (password hashing, grading). */
export const SIGN_IN = "POST /api/auth/sign-in/email";
export const SUBMIT = "POST /api/assignments/:id/submissions (Submit Code)";
const OWN_GOALS = new Set([SIGN_IN, SUBMIT]);

/** `at`: when it was sent (performance.now()). */
export type Sample = { route: string; status: number; ms: number; at: number; code?: string };

export const percentile = (sorted: number[], q: number) =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

const sortedMs = (samples: Sample[]) => samples.map((s) => s.ms).sort((a, b) => a - b);

/** Map.groupBy arrives with Node 21; the project runs on Node 20. */
function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

export type RouteStats = { route: string; n: number; p50: number; p99: number; max: number };
export type ErrorCount = { route: string; status: number; code: string; n: number };

export class Samples {
  readonly all: Sample[] = [];

  add(sample: Sample) {
    this.all.push(sample);
  }

  /** p50/p99 per route over every answered request (refusals included: they are answers too). */
  byRoute(): RouteStats[] {
    const groups = groupBy(
      this.all.filter((s) => s.status !== 0),
      (s) => s.route,
    );
    return [...groups].map(([route, list]) => {
      const ms = sortedMs(list);
      return { route, n: list.length, p50: percentile(ms, 0.5), p99: percentile(ms, 0.99), max: ms.at(-1)! };
    });
  }

  /** The API goal's figure: every answered request but sign-in and Submit Code, sent in [from, to). */
  apiP99(from = Number.NEGATIVE_INFINITY, to = Number.POSITIVE_INFINITY): number {
    const counted = this.all.filter(
      (s) => s.status !== 0 && !OWN_GOALS.has(s.route) && s.at >= from && s.at < to,
    );
    return percentile(sortedMs(counted), 0.99);
  }

  /** Non-2xx answers (and status 0: no answer at all), grouped by route, status and error code. */
  errors(): { deliberate: ErrorCount[]; unexpected: ErrorCount[] } {
    const groups = groupBy(
      this.all.filter((s) => s.status < 200 || s.status > 299),
      (s) => `${s.route}\t${s.status}\t${s.code ?? ""}`,
    );
    const counts = [...groups].map(([key, list]) => {
      const [route, status, code] = key.split("\t");
      return { route, status: Number(status), code, n: list.length };
    });
    return {
      deliberate: counts.filter((c) => c.status === DELIBERATE_STATUS),
      unexpected: counts.filter((c) => c.status !== DELIBERATE_STATUS),
    };
  }
}
