// The exercise workspace's collapsible panels: numbered Hints revealed one at a time, and Past
// Saved (each Save: time, score, passed/total, Completed, Restore, and its per-test Results as
// the server graded them).
import { ChevronDown, History, Lightbulb } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { fetchExerciseAttempts, useExerciseAttempt } from "@/client/api/exercises.ts";
import { Alert } from "@/client/components/ui/alert.tsx";
import { Badge } from "@/client/components/ui/badge.tsx";
import { Button } from "@/client/components/ui/button.tsx";
import { Card } from "@/client/components/ui/card.tsx";
import { TestResults } from "@/client/features/workspace/index.ts";
import { formatDateTime } from "@/client/lib/format.ts";
import type { ExerciseAttempt } from "@/shared/api/exercises.ts";
import { exerciseSavedRows, groupSameCode } from "./exercise-rows.ts";

/** A card whose heading is the button that opens and closes its body. */
export function Collapsible({
  title,
  icon,
  defaultOpen = false,
  children,
}: {
  title: string;
  icon: ReactNode;
  defaultOpen?: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const panelId = useId();
  return (
    <Card>
      <h3>
        <button
          type="button"
          onClick={() => setOpen(!open)}
          aria-expanded={open}
          aria-controls={panelId}
          className="flex w-full items-center gap-2 rounded-xl px-4 py-3 text-left font-semibold hover:bg-slate-50"
        >
          {icon}
          <span className="flex-1">{title}</span>
          <ChevronDown
            className={`size-4 text-slate-500 transition ${open ? "rotate-180" : ""}`}
            aria-hidden
          />
        </button>
      </h3>
      {open && (
        <div id={panelId} className="border-t border-slate-100 px-4 py-3">
          {children}
        </div>
      )}
    </Card>
  );
}

export function Hints({ hints }: { hints: string[] }) {
  const [shown, setShown] = useState(1);
  return (
    <Collapsible
      title={`Hints (${hints.length})`}
      icon={<Lightbulb className="size-4 text-amber-600" aria-hidden />}
    >
      <ol className="space-y-2 text-sm">
        {hints.slice(0, shown).map((hint, i) => (
          <li key={i} className="rounded-lg bg-amber-50 p-3 text-amber-950">
            <strong className="mr-1">Hint {i + 1}:</strong>
            <span className="whitespace-pre-wrap">{hint}</span>
          </li>
        ))}
      </ol>
      {shown < hints.length ? (
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => setShown(shown + 1)}>
          Show hint {shown + 1}
        </Button>
      ) : (
        hints.length > 1 && <p className="mt-3 text-xs text-slate-600">That was the last hint.</p>
      )}
    </Collapsible>
  );
}

export function PastSaved({
  exerciseId,
  attempts,
  total = attempts.length,
  onRestore,
}: {
  exerciseId: string;
  /** The newest saves, newest first (the first page). */
  attempts: ExerciseAttempt[];
  /** How many saves there are in all; older pages load on "Show older saves". */
  total?: number;
  onRestore: (code: string, label: string) => void;
}) {
  const [older, setOlder] = useState<ExerciseAttempt[]>([]);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  // A save made after older pages loaded shifts the pages by one: a row is never shown twice.
  const seen = new Set(attempts.map((a) => a.id));
  const all = [...attempts, ...older.filter((a) => !seen.has(a.id))];
  const groups = groupSameCode(all);
  async function showOlder() {
    setLoading(true);
    setFailed(false);
    try {
      const page = await fetchExerciseAttempts(exerciseId, all.length);
      setOlder((o) => [...o, ...page.attempts]);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }
  return (
    <Collapsible
      title={`Past Saved (${total})`}
      icon={<History className="size-4 text-slate-500" aria-hidden />}
    >
      {all.length === 0 ? (
        <p className="text-sm text-slate-600">Nothing saved yet. Save keeps a copy of your code here.</p>
      ) : (
        <>
          <ul className="divide-y divide-slate-100" aria-label="Past saved attempts">
            {groups.map(({ attempt, times }) => (
              <PastSavedRow
                key={attempt.id}
                exerciseId={exerciseId}
                attempt={attempt}
                times={times}
                onRestore={onRestore}
              />
            ))}
          </ul>
          {all.length < total && (
            <div className="mt-2 flex flex-wrap items-center gap-3 text-sm">
              <Button size="sm" variant="secondary" onClick={showOlder} disabled={loading}>
                {loading ? "Loading older saves…" : "Show older saves"}
              </Button>
              <span className="text-slate-600">
                Showing {all.length} of {total}
              </span>
              {failed && (
                <span role="alert" className="text-red-700">
                  Older saves could not be loaded. Please try again.
                </span>
              )}
            </div>
          )}
        </>
      )}
    </Collapsible>
  );
}

/** One save: when, how it scored, Restore, and Results — each test as the server graded it then. */
function PastSavedRow({
  exerciseId,
  attempt: a,
  times,
  onRestore,
}: {
  exerciseId: string;
  attempt: ExerciseAttempt;
  /** Saves in a row with this same code (this row is the newest of them). */
  times: number;
  onRestore: (code: string, label: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const detail = useExerciseAttempt(exerciseId, a.id, open);
  const panelId = useId();
  const when = formatDateTime(a.submittedAt);
  return (
    <li className="py-2 text-sm" data-testid="past-saved-row">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="min-w-0 flex-1">
          <span className="block text-slate-800">{when}</span>
          <span className="text-slate-600">
            Score {Math.round(a.score)}% · {a.passedTests}/{a.totalTests} tests passed
            {times > 1 && ` · the same code saved ${times} times in a row`}
          </span>
        </span>
        {a.isCompleted && <Badge tone="green">Completed</Badge>}
        <Button
          size="sm"
          variant="ghost"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
        >
          Results<span className="sr-only"> of the save at {when}</span>
        </Button>
        <Button size="sm" variant="secondary" onClick={() => onRestore(a.code, `your save of ${when}`)}>
          Restore<span className="sr-only"> the code saved {when}</span>
        </Button>
      </div>
      {open && (
        <div id={panelId} className="mt-2">
          {detail.isPending ? (
            <p className="text-slate-600">Loading results…</p>
          ) : detail.isError ? (
            <Alert tone="error">These results could not be loaded. Please try again.</Alert>
          ) : detail.data.results === null ? (
            <p className="text-slate-600">
              Test details were not kept for this save (it is older than them).
            </p>
          ) : (
            <TestResults results={exerciseSavedRows(detail.data.results)} />
          )}
        </div>
      )}
    </li>
  );
}
