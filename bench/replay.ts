// The teacher's replay (issue 18): a synthetic one-hour session (1,200 edit batches, one every 3 s,
// a full copy every 40 batches, runs and a paste among them), how long building its timeline
// takes, and the time to rebuild the code at random points (budget: ≤ 16 ms per seek).
// A benchmark, not a test: it prints numbers and never fails on the budget.
import { ChangeSet, Text } from "@codemirror/state";
import type { ActivityEvent, ActivityHistory } from "../src/shared/api/activity.ts";
import { buildReplay, CHECKPOINT_EVERY } from "../src/shared/domain/replay.ts";

type Row = (what: string, value: string, note?: string) => void;

/** A seeded random, so every run measures the same session. */
function random(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

export function oneHourSession(batches = 1200): ActivityHistory {
  const rnd = random(42);
  const t0 = Date.parse("2026-11-25T09:00:00Z");
  const sessionId = crypto.randomUUID();
  const events: ActivityHistory["events"] = [];
  const push = (event: ActivityEvent) =>
    events.push({ id: events.length + 1, sessionId, time: new Date(t0 + event.at).toISOString(), event });
  const words = [
    "total",
    " = ",
    "int(input())",
    "print(",
    ")",
    "for i in range(10):",
    "if ",
    " > 0:",
    "    ",
  ];
  let doc = Text.of(["# Your code here", ""]);
  push({ type: "open", at: 0, code: doc.toString() });
  for (let i = 1; i <= batches; i++) {
    const at = i * 3000;
    const from = Math.floor(rnd() * (doc.length + 1));
    const spec =
      doc.length > 80 && rnd() < 0.2
        ? { from: Math.min(from, doc.length - 10), to: Math.min(from, doc.length - 10) + 6 }
        : { from, insert: rnd() < 0.3 ? "\n" : words[Math.floor(rnd() * words.length)] };
    const changes = ChangeSet.of(spec, doc.length);
    doc = changes.apply(doc);
    push({ type: "edit", at, changes: changes.toJSON(), length: doc.length });
    if (i % 40 === 0) push({ type: "snapshot", at, code: doc.toString() });
    if (i % 25 === 0) push({ type: "run", at: at + 500 });
    if (i === 600) push({ type: "paste", at, from, chars: 120, lines: 4 });
  }
  return {
    assignmentId: crypto.randomUUID(),
    studentId: crypto.randomUUID(),
    studentName: "Bench Student",
    starterCode: "# Your code here\n",
    events,
    submissions: [],
  };
}

export function replayBench(row: Row) {
  const history = oneHourSession();
  console.log(`\nReplay (one hour: ${history.events.length} events, checkpoint every ${CHECKPOINT_EVERY})`);
  row(
    "recorded history as JSON",
    `${(JSON.stringify(history).length / 1024).toFixed(0)} KB`,
    "what the page downloads",
  );
  const builds: number[] = [];
  let replay = buildReplay(history);
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    replay = buildReplay(history);
    builds.push(performance.now() - started);
  }
  builds.sort((a, b) => a - b);
  row(
    "build the timeline (all steps, checkpoints)",
    `${builds[2].toFixed(1)} ms`,
    "median of 5, once per page",
  );
  let seed = 7;
  const seeks: number[] = [];
  for (let k = 0; k < 2000; k++) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    const i = seed % replay.steps.length;
    const started = performance.now();
    replay.codeAt(i);
    seeks.push(performance.now() - started);
  }
  seeks.sort((a, b) => a - b);
  const pct = (p: number) => seeks[Math.min(seeks.length - 1, Math.floor(seeks.length * p))];
  row("seek to a random point, median", `${pct(0.5).toFixed(3)} ms`, "2,000 seeks");
  row("seek to a random point, p99", `${pct(0.99).toFixed(3)} ms`, "budget ≤ 16 ms");
}

// `npx tsx bench/replay.ts` runs it alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  replayBench((what, value, note = "") => console.log(`  ${what.padEnd(52)} ${value.padStart(12)}  ${note}`));
}
