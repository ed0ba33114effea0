// "Your history" on a library exercise (decision 072): the student's own record of their work on
// it, replayed with the teacher's replay engine and timeline (read-only), with a way to put any
// version back in the editor (Restore with Undo) or copy it. Only the student sees it: no teacher
// owns a library exercise.
import { Copy, History, RotateCcw } from "lucide-react";
import { useCallback, useId, useMemo, useState } from "react";
import { useExerciseHistory } from "@/client/api/activity.ts";
import { CodeEditor } from "@/client/components/code/code-editor.tsx";
import { Alert } from "@/client/components/ui/alert.tsx";
import { Button } from "@/client/components/ui/button.tsx";
import { Card } from "@/client/components/ui/card.tsx";
import { Loading } from "@/client/components/ui/loading.tsx";
import { QueryError } from "@/client/components/ui/query-error.tsx";
import { ReplayTimeline, replayTimeFormatter } from "@/client/features/teacher/index.ts";
import type { ExerciseHistory } from "@/shared/api/activity.ts";
import { buildReplay, describeExerciseEvent } from "@/shared/domain/replay.ts";

const noop = () => {};

export function YourHistory({
  exerciseId,
  beforeOpen,
  onRestore,
}: {
  exerciseId: string;
  /** Sends what the recorder still holds, so the history ends at the code in the editor. */
  beforeOpen: () => Promise<void>;
  onRestore: (code: string, label: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [opening, setOpening] = useState(false);
  const history = useExerciseHistory(exerciseId, open);
  const panelId = useId();

  async function toggle() {
    if (open) return setOpen(false);
    setOpening(true);
    try {
      await beforeOpen();
    } finally {
      setOpening(false);
    }
    setOpen(true);
    if (history.data) void history.refetch();
  }

  return (
    <Card className="p-4" data-testid="your-history">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold">Your history</h3>
        <Button
          variant="secondary"
          size="sm"
          className="ml-auto"
          onClick={toggle}
          busy={opening}
          aria-expanded={open}
          aria-controls={panelId}
        >
          <History className="size-4" aria-hidden /> {open ? "Hide your history" : "Show your history"}
        </Button>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        Every change you made to this exercise, to look back at or put back. Only you can see it.
      </p>
      <div id={panelId}>
        {open &&
          (history.isPending ? (
            <Loading text="Loading your history..." />
          ) : history.isError ? (
            <QueryError what="your history" error={history.error} onRetry={() => history.refetch()} />
          ) : history.data.events.length === 0 ? (
            <p className="mt-3 text-sm text-slate-700">
              Nothing recorded yet. Your history starts as you type.
            </p>
          ) : (
            <HistoryView history={history.data} onRestore={onRestore} />
          ))}
      </div>
    </Card>
  );
}

function HistoryView({
  history,
  onRestore,
}: {
  history: ExerciseHistory;
  onRestore: (code: string, label: string) => void;
}) {
  const replay = useMemo(
    () =>
      buildReplay(
        {
          assignmentId: history.exerciseId,
          studentId: "",
          studentName: "",
          starterCode: history.starterCode,
          events: history.events,
          submissions: history.saves,
        },
        { handInLabel: "Save" },
      ),
    [history],
  );
  const time = useMemo(() => replayTimeFormatter(replay), [replay]);
  const last = replay.steps.length - 1;
  const [wanted, setIndex] = useState(last);
  const seek = useCallback((i: number) => setIndex(Math.min(Math.max(0, i), last)), [last]);
  // A refetch may bring more steps: stay where the student was, within the steps there are.
  const index = Math.min(wanted, last);
  const code = replay.codeAt(index);
  const when = time(replay.steps[index].t);
  const [copied, setCopied] = useState<string | null>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(`Copied your code from ${when}.`);
    } catch {
      setCopied("This browser would not copy. Select the code and copy it yourself.");
    }
  }

  return (
    <div className="mt-3 space-y-3">
      {history.truncated && (
        <Alert tone="info">
          Your history is longer than PyClass shows at once: it ends before your latest work.
        </Alert>
      )}
      {replay.summary.gaps > 0 && (
        <Alert tone="info">
          Some changes were not recorded (for example, a connection dropped). Where that happened the code
          shown is the last that could be rebuilt.
        </Alert>
      )}
      <ReplayTimeline
        replay={replay}
        index={index}
        onSeek={seek}
        time={time}
        describe={describeExerciseEvent}
      />
      <div>
        <h4 className="mb-2 text-sm font-semibold text-slate-900">Your code at this point</h4>
        <CodeEditor value={code} onChange={noop} readOnly label="Your code at this point in your history" />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" size="sm" onClick={() => onRestore(code, `your history (${when})`)}>
          <RotateCcw className="size-4" aria-hidden /> Put this version in the editor
        </Button>
        <Button variant="secondary" size="sm" onClick={copy}>
          <Copy className="size-4" aria-hidden /> Copy this version
        </Button>
        {copied && (
          <span role="status" className="text-sm text-slate-700">
            {copied}
          </span>
        )}
      </div>
    </div>
  );
}
