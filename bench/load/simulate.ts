// The simulation core of `npm run load`: a seeded school plays a lesson against one instance
// over real HTTP. Every student signs in at a random moment of the first window, opens My
// Classes, the assignment list and one assignment's workspace; the submitters then run the
// visible tests (a Run Tests attempt) and press Submit Code at a random moment of the second
// window; meanwhile every teacher pages through their assignments' progress tables until the
// students are done. The requests are those the React pages make (src/client/api).
import { setMaxListeners } from "node:events";
import { setTimeout as sleep } from "node:timers/promises";
import { type Answer, Browser } from "./browser.ts";
import { Samples, SUBMIT } from "./samples.ts";
import type { Person, School, SeededAssignment, SeededClass } from "./school.ts";

export type SimulationOptions = {
  url: string;
  /** The web app's address as the browsers know it (the Origin they send); default `url`. */
  origin?: string;
  school: School;
  /** How many students press Submit Code (the first ones of each class, in turn). */
  submitters: number;
  /** Sign-ins spread over one window; Submit Code over the next. 60 s in the issue. */
  windowMs: number;
  /** Client addresses the school appears from; 1 = one address for all (a school behind NAT). */
  addresses?: number;
  /** Unanswered requests are cut off this long after the second window ends. */
  graceMs?: number;
};

/** One press of Submit Code: how long until the answer, whether it was graded, its status. */
export type Submitted = { ms: number; graded: boolean; status: number };

export type SimulationResult = {
  samples: Samples;
  submissions: Submitted[];
  /** Submitters who never got to press Submit Code, and why. */
  notSubmitted: { reason: string; n: number }[];
  students: number;
  signedIn: number;
  teacherPagesViewed: number;
  /** performance.now() at the start; the sign-in window is [startedAt, startedAt + windowMs). */
  startedAt: number;
  windowMs: number;
  elapsedMs: number;
};

const between = (lo: number, hi: number) => lo + Math.random() * (hi - lo);

export async function simulate(options: SimulationOptions): Promise<SimulationResult> {
  const { url, school, windowMs } = options;
  const addresses = options.addresses ?? 1;
  const samples = new Samples();
  const submissions: Submitted[] = [];
  const notSubmitted = new Map<string, number>();
  const skip = (reason: string) => notSubmitted.set(reason, (notSubmitted.get(reason) ?? 0) + 1);
  let signedIn = 0;
  let teacherPagesViewed = 0;

  const started = performance.now();
  const at = (ms: number) => started + ms;
  const waitUntil = (time: number) => sleep(Math.max(0, time - performance.now()));
  // A human's pause between pages: 2–5 % of the window (1–3 s in the minute).
  const think = () => sleep(windowMs * between(0.02, 0.05));
  const deadline = new AbortController();
  setMaxListeners(0, deadline.signal); // every request in flight listens to it: 1,000s at once
  const cutOff = setTimeout(() => deadline.abort(), 2 * windowMs + (options.graceMs ?? 90_000));

  // One address per person, in turn over the school's addresses (10.x.y.z, as behind a proxy).
  let people = 0;
  const browser = () => {
    const n = people++ % addresses;
    const address = addresses > 1 ? `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` : null;
    return new Browser(url, options.origin ?? url, samples, address, deadline.signal);
  };

  /** Signs in, waiting out a rate limit's Retry-After as a student would, until `giveUpAt`. */
  async function signIn(b: Browser, who: Person, giveUpAt: number): Promise<Answer> {
    for (;;) {
      const answer = await b.signIn(who.email, school.password);
      if (answer.status !== 429) return answer;
      const retryAt = performance.now() + (answer.retryAfterS ?? 5) * 1000 + between(0, 2000);
      if (retryAt > giveUpAt || deadline.signal.aborted) return answer;
      await waitUntil(retryAt);
    }
  }

  async function student(who: Person, assignment: SeededAssignment, submits: boolean) {
    await waitUntil(at(between(0, windowMs)));
    const b = browser();
    const signedInAnswer = await signIn(b, who, at(2 * windowMs));
    if (signedInAnswer.status !== 200) {
      if (submits) skip(`not signed in (${signedInAnswer.status || "no answer"})`);
      return;
    }
    signedIn++;
    // Sign-in refreshes /api/me, then /dashboard lands on My Classes.
    await b.get("GET /api/me", "/api/me");
    await b.get("GET /api/classes", "/api/classes");
    await think();
    await b.get("GET /api/assignments", "/api/assignments");
    await think();
    const workspace = `/api/assignments/${assignment.id}`;
    await Promise.all([
      b.get("GET /api/assignments/:id", workspace),
      b.get("GET /api/assignments/:id/submissions", `${workspace}/submissions`),
    ]);
    if (!submits) return;

    await waitUntil(Math.max(at(windowMs + between(0, windowMs)), performance.now()));
    if (deadline.signal.aborted) return skip("the run's deadline came first");
    // One in five hands in a program that fails its tests: graded all the same.
    const code = Math.random() < 0.2 ? `${assignment.code}print("done")\n` : assignment.code;
    const all = { passed: assignment.cases, total: assignment.cases };
    await b.post("POST /api/assignments/:id/submissions (Run Tests)", `${workspace}/submissions`, {
      code,
      final: false,
      browserResult: all,
    });
    await sleep(windowMs * between(0.005, 0.02));
    const sent = performance.now();
    const answer = await b.post(SUBMIT, `${workspace}/submissions`, { code, final: true });
    submissions.push({
      ms: performance.now() - sent,
      graded: isGraded(answer, assignment),
      status: answer.status,
    });
    // The workspace then reads the history and the list again (React Query invalidations).
    await Promise.all([
      b.get("GET /api/assignments/:id/submissions", `${workspace}/submissions`),
      b.get("GET /api/assignments", "/api/assignments"),
    ]);
  }

  let studentsDone = false;
  async function teacher(cls: SeededClass) {
    await waitUntil(at(between(0, windowMs / 4)));
    const b = browser();
    if ((await signIn(b, cls.teacher, at(2 * windowMs))).status !== 200) return;
    await b.get("GET /api/me", "/api/me");
    await b.get("GET /api/teacher/dashboard", "/api/teacher/dashboard");
    while (!studentsDone && !deadline.signal.aborted) {
      await sleep(windowMs * between(0.03, 0.08));
      await b.get("GET /api/assignments", "/api/assignments");
      for (const a of cls.assignments) {
        if (studentsDone || deadline.signal.aborted) break;
        await sleep(windowMs * between(0.03, 0.08));
        await Promise.all([
          b.get("GET /api/assignments/:id", `/api/assignments/${a.id}`),
          b.get("GET /api/assignments/:id/progress", `/api/assignments/${a.id}/progress`),
        ]);
        teacherPagesViewed++;
      }
    }
  }

  // Submitters are taken from every class in turn, so each teacher's tables fill up.
  const roster = school.classes.flatMap((cls) => cls.students.map((who, rank) => ({ who, cls, rank })));
  roster.sort((a, b) => a.rank - b.rank);
  const studentRuns = roster.map(({ who, cls }, i) =>
    student(who, cls.assignments[i % cls.assignments.length], i < options.submitters),
  );
  const teacherRuns = school.classes.map((cls) => teacher(cls));
  await Promise.all(studentRuns);
  studentsDone = true;
  await Promise.all(teacherRuns);
  clearTimeout(cutOff);

  return {
    samples,
    submissions,
    notSubmitted: [...notSubmitted].map(([reason, n]) => ({ reason, n })),
    students: roster.length,
    signedIn,
    teacherPagesViewed,
    startedAt: started,
    windowMs,
    elapsedMs: performance.now() - started,
  };
}

/** Graded: answered 201 with a result for every one of the assignment's test cases. */
function isGraded(answer: Answer, assignment: SeededAssignment): boolean {
  const body = answer.body as { totalTests?: unknown; results?: unknown[] } | null;
  return (
    answer.status === 201 &&
    body?.totalTests === assignment.cases &&
    Array.isArray(body.results) &&
    body.results.length === assignment.cases
  );
}
