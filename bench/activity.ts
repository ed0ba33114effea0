// npx tsx bench/activity.ts: the activity record's budgets (issue 18).
//  · browser: the recorder's cost per keystroke (p50/p99) over an hour of steady typing, its
//    3-second tick, and the bytes an hour of typing sends (budgets: < 1 ms p99, ≤ 200 KB);
//    measured in Node on the same code the workspace runs (CodeMirror state, no DOM);
//  · server: CPU per stored batch (rate limit counters and insert) and what 30 students typing
//    (a batch every RECORDER_TIMING.flushMs each) cost as a share of one core (budget ≤ 2 %).
// In-memory PGlite by default; TEST_DATABASE_URL=postgres://… runs the server part on PostgreSQL.
// A benchmark, not a test: it prints numbers and never fails on the budget.
import { EditorState, Transaction } from "@codemirror/state";
import { sql } from "drizzle-orm";
import {
  ActivityRecorder,
  RECORDER_TIMING,
} from "../src/client/features/workspace/activity/activity-recorder.ts";
import type { ActivityBatch, ActivityEvent } from "../src/shared/api/activity.ts";
import { addMember, createAssignment, createClass } from "../tests/factories/classroom.ts";
import { createStudent, createTeacher } from "../tests/factories/users.ts";
import { createTestApp } from "../tests/setup/test-app.ts";
import { formatCpu, startCpuCount } from "./cpu.ts";

const row = (what: string, value: string, note = "") =>
  console.log(`  ${what.padEnd(52)} ${value.padStart(12)}  ${note}`);
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * q)];

async function browser() {
  console.log("\nActivity recorder (browser code, in Node): an hour of steady typing");
  const batches: ActivityBatch[] = [];
  let now = 0;
  const recorder = new ActivityRecorder({
    userId: "bench",
    assignmentId: crypto.randomUUID(),
    storage: null,
    now: () => now,
    post: async (batch) => {
      batches.push(batch);
      return { status: 201, retryAfterMs: null };
    },
  });
  let state = EditorState.create({ doc: "# Your code here\n" });
  recorder.attach(state.doc);
  const text = 'total = 0\nfor n in range(10):\n    total = total + int(input("Number? "))\nprint(total)\n';
  const keystroke: number[] = [];
  const ticks: number[] = [];
  const every = RECORDER_TIMING.flushMs;
  let nextTick = every;
  let k = 0;
  // 200 keystrokes a minute (a steady typist), a backspace every 10th: 12,000 in the hour. A GCSE
  // program stays small: past 1,500 characters the student rewrites, deleting its first 500.
  for (now = 0; now < 3600_000; now += 300) {
    k++;
    const pos = state.selection.main.head;
    const spec =
      state.doc.length > 1500
        ? { changes: { from: 0, to: 500 }, annotations: Transaction.userEvent.of("delete.selection") }
        : k % 10 === 0 && pos > 0
          ? { changes: { from: pos - 1, to: pos }, annotations: Transaction.userEvent.of("delete.backward") }
          : {
              changes: { from: pos, insert: text[k % text.length] },
              selection: { anchor: pos + 1 },
              annotations: Transaction.userEvent.of("input.type"),
            };
    const tr = state.update(spec);
    state = tr.state;
    const started = performance.now();
    recorder.record([tr], state.doc);
    keystroke.push(performance.now() - started);
    if (now >= nextTick) {
      nextTick += every;
      const t0 = performance.now();
      recorder.tick();
      ticks.push(performance.now() - t0);
      // The browser's event loop: the batch's POST answers before the next tick.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  recorder.flush();
  while (recorder.queue.size > 0) await new Promise((resolve) => setImmediate(resolve));
  const bytes = batches.reduce((n, b) => n + new TextEncoder().encode(JSON.stringify(b)).length, 0);
  const events = batches.flatMap((b) => b.events as ActivityEvent[]);
  row(
    "recorder per keystroke, p50 / p99",
    `${quantile(keystroke, 0.5).toFixed(3)} / ${quantile(keystroke, 0.99).toFixed(3)} ms`,
    `${keystroke.length} keystrokes; budget p99 < 1 ms`,
  );
  row(
    `recorder tick (every ${every / 1000} s), p50 / p99`,
    `${quantile(ticks, 0.5).toFixed(2)} / ${quantile(ticks, 0.99).toFixed(2)} ms`,
    "off the keystroke path: a timer",
  );
  const eventBytes = events.reduce((n, e) => n + new TextEncoder().encode(JSON.stringify(e)).length, 0);
  row(
    "sent for the hour",
    `${(bytes / 1024).toFixed(0)} KB`,
    `${batches.length} batches, ${events.length} events (${events.filter((e) => e.type === "snapshot").length} copies); final code ${state.doc.length} chars; events alone ${(eventBytes / 1024).toFixed(0)} KB`,
  );
  return batches;
}

async function server(hour: ActivityBatch[]) {
  console.log(`\nActivity record, server (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`);
  let clock = new Date("2026-11-25T09:00:00Z");
  const t = await createTestApp({ rateLimit: true }, { now: () => clock });
  try {
    const teacher = await createTeacher(t);
    const cls = await createClass(t, teacher);
    const assignment = await createAssignment(t, teacher, cls.id);
    const students: (Awaited<ReturnType<typeof createStudent>> & { sessionId: string; seq: number })[] = [];
    for (let i = 0; i < 30; i++) {
      const s = await createStudent(t);
      await addMember(t, cls, s);
      students.push({ ...s, sessionId: crypto.randomUUID(), seq: 0 });
    }
    // A typical batch: one edit of a tick's typing, sometimes a run.
    const batch = (s: (typeof students)[number], at: number): ActivityBatch => ({
      assignmentId: assignment.id,
      sessionId: s.sessionId,
      seq: s.seq++,
      events: [
        { type: "edit", at, changes: [at % 200, [0, "total = total + n"], 40], length: (at % 200) + 57 },
        ...(s.seq % 10 === 0 ? [{ type: "run" as const, at: at + 100 }] : []),
      ],
    });
    const post = (s: (typeof students)[number], at: number) =>
      t.request("POST", "/api/activity", { cookie: s.cookie, body: batch(s, at) });
    for (const s of students) await post(s, 0); // warm
    const every = RECORDER_TIMING.flushMs;
    const rounds = 20; // each student a batch every tick
    const count = await startCpuCount(t.db);
    const started = performance.now();
    for (let r = 1; r <= rounds; r++) {
      clock = new Date(clock.getTime() + every);
      const answers = await Promise.all(students.map((s) => post(s, r * every)));
      if (answers.some((a) => a.status !== 201)) throw new Error(`a batch was refused: ${answers[0].status}`);
    }
    const elapsed = performance.now() - started;
    const n = rounds * students.length;
    const cpu = await count(n);
    const perBatch = cpu.server + (cpu.postgres ?? 0);
    const share = (perBatch * (students.length / (every / 1000))) / 1000; // batches per second × CPU each
    row(
      "CPU per stored batch",
      `${perBatch.toFixed(2)} ms`,
      `${formatCpu(cpu)}; ${n} batches in ${elapsed.toFixed(0)} ms`,
    );
    row(
      `30 students typing (a batch every ${every / 1000} s each)`,
      `${(share * 100).toFixed(2)} %`,
      "of one core; budget ≤ 2 %",
    );

    // What the hour of typing above costs the database: rows, indexes and TOAST.
    t.config.rateLimit = false;
    const size = async () => {
      const result = (await t.db.execute(
        sql`select pg_total_relation_size('activity_events')::bigint as bytes, count(*)::integer as rows from activity_events`,
      )) as unknown as { rows: { bytes: string | number; rows: number }[] };
      return { bytes: Number(result.rows[0].bytes), rows: result.rows[0].rows };
    };
    await t.db.execute(sql`vacuum analyze activity_events`);
    const before = await size();
    const hourStudent = students[0];
    for (const b of hour) {
      clock = new Date(clock.getTime() + RECORDER_TIMING.flushMs);
      const res = await t.request("POST", "/api/activity", {
        cookie: hourStudent.cookie,
        body: { ...b, assignmentId: assignment.id },
      });
      if (res.status !== 201) throw new Error(`the hour's batch was refused: ${res.status}`);
    }
    await t.db.execute(sql`vacuum analyze activity_events`);
    const after = await size();
    row(
      "stored for the hour (table, indexes, TOAST)",
      `${((after.bytes - before.bytes) / 1024).toFixed(0)} KB`,
      `${after.rows - before.rows} rows; budget ≤ 200 KB`,
    );
  } finally {
    await t.close();
  }
}

await server(await browser());
