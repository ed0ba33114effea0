// The teacher's replay of one student's work on an assignment (issue 18): the code at any point
// (read-only editor), a timeline to play and scrub, markers for runs, errors, tests, pastes and
// hand-ins, the diff between two points, a summary line and the paste evidence in fair words.
// ?handIn=<submissionId> opens it at that hand-in (the submissions page links so).
import { ArrowLeft, History } from "lucide-react";
import { useCallback, useId, useMemo, useState } from "react";
import { useParams, useSearchParams } from "react-router";
import { useActivityHistory } from "@/client/api/activity.ts";
import { useTeacherAssignment } from "@/client/api/assignments.ts";
import { CodeEditor } from "@/client/components/code/code-editor.tsx";
import { Alert } from "@/client/components/ui/alert.tsx";
import { ButtonLink } from "@/client/components/ui/button.tsx";
import { Card } from "@/client/components/ui/card.tsx";
import { DataUseNotice } from "@/client/components/ui/data-use-notice.tsx";
import { EmptyState } from "@/client/components/ui/empty-state.tsx";
import { Loading } from "@/client/components/ui/loading.tsx";
import { PageHeading } from "@/client/components/ui/page-heading.tsx";
import { QueryError } from "@/client/components/ui/query-error.tsx";
import { SelectField } from "@/client/components/ui/select-field.tsx";
import { formatDate } from "@/client/lib/format.ts";
import type { ActivityHistory } from "@/shared/api/activity.ts";
import {
  buildReplay,
  pasteEvidenceText,
  RECORDING_STARTED_ON,
  type Replay,
  summaryLine,
} from "@/shared/domain/replay.ts";
import { CodeDiff } from "./code-diff.tsx";
import { ReplayTimeline } from "./replay-timeline.tsx";
import { comparePoints, previousHandIn, replayTimeFormatter } from "./replay-view.ts";

const noop = () => {};
/** "The start" reads "the start" mid-sentence. */
const lowerStart = (label: string) => label.replace(/^The /, "the ");

export function ReplayPage() {
  const { assignmentId = "", studentId = "" } = useParams();
  const history = useActivityHistory(assignmentId, studentId);
  const assignment = useTeacherAssignment(assignmentId);
  const name = history.data?.studentName;

  return (
    <div>
      <ButtonLink
        to={`/teacher/assignments/${assignmentId}/students/${studentId}`}
        variant="ghost"
        size="sm"
        className="mb-4 -ml-2"
      >
        <ArrowLeft className="size-4" aria-hidden />
        Back to {name ? `submissions by ${name}` : "the submissions"}
      </ButtonLink>
      <PageHeading
        title={name ? `Replay: ${name}` : "Replay"}
        subtitle={assignment.data?.name}
        className="mb-4"
      />
      <DataUseNotice feature="replay" className="mb-4 max-w-3xl" />
      {history.isPending ? (
        <Loading text="Loading the replay..." />
      ) : history.isError ? (
        <QueryError what="the replay" error={history.error} onRetry={() => history.refetch()} />
      ) : history.data.events.length === 0 ? (
        <EmptyState icon={History} title="Nothing recorded yet for this student.">
          Recording started on {formatDate(`${RECORDING_STARTED_ON}T12:00:00`)}; work before that has no
          history.
        </EmptyState>
      ) : (
        <ReplayView history={history.data} />
      )}
    </div>
  );
}

function ReplayView({ history }: { history: ActivityHistory }) {
  const replay = useMemo(() => buildReplay(history), [history]);
  const time = useMemo(() => replayTimeFormatter(replay), [replay]);
  const [searchParams] = useSearchParams();
  const last = replay.steps.length - 1;
  const [wanted, setIndex] = useState(() => {
    const handIn = replay.handIns.find((h) => h.submissionId === searchParams.get("handIn"));
    return handIn?.step ?? last;
  });
  const seek = useCallback((i: number) => setIndex(Math.min(Math.max(0, i), last)), [last]);
  // A refetch may bring a different number of events (more recorded, or older ones deleted).
  const index = Math.min(wanted, last);
  const code = replay.codeAt(index);
  const { summary } = replay;
  const evidence = pasteEvidenceText({
    largePastes: summary.largePastes,
    largestPasteChars: summary.largestPaste,
  });

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700" data-testid="replay-summary">
        {summaryLine(summary)}
        <span className="block text-xs text-slate-600">
          Active time adds up the pauses between events of at most 2 minutes; longer pauses count as away.
        </span>
      </p>
      {evidence && (
        <div className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {evidence}
        </div>
      )}
      {history.truncated && (
        <Alert tone="info">
          This history is longer than PyClass shows at once: the replay ends at the last event shown, not at
          the latest work. The submissions are complete.
        </Alert>
      )}
      {summary.gaps > 0 && (
        <Alert tone="info">
          Some changes were not recorded (for example, a connection dropped). Where that happened the code
          shown is the last that could be rebuilt, until the next full copy.
        </Alert>
      )}
      <Card className="p-4">
        <ReplayTimeline replay={replay} index={index} onSeek={seek} time={time} />
      </Card>
      <Card className="p-4">
        <h2 className="mb-2 text-lg font-semibold text-slate-900">Code at this point</h2>
        <CodeEditor value={code} onChange={noop} readOnly label="The student's code at this point" />
      </Card>
      <Card className="p-4">
        <Compare replay={replay} index={index} time={time} />
      </Card>
    </div>
  );
}

function Compare({ replay, index, time }: { replay: Replay; index: number; time: (t: number) => string }) {
  const headingId = useId();
  const points = useMemo(() => comparePoints(replay, time), [replay, time]);
  const [chosen, setChosen] = useState("");
  const point = points.find((p) => p.key === chosen);
  const here = `this point (${time(replay.steps[index].t)})`;
  // Oldest first, so added lines are what came later.
  const earlierFirst = point && (point.step === null || point.step <= index);
  const other = point?.code() ?? "";
  const current = replay.codeAt(index);
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Compare
      </h2>
      <div className="mt-2 flex flex-wrap items-end gap-3">
        <SelectField
          label="Compare this point with…"
          className="w-full sm:w-96"
          value={chosen}
          onChange={(e) => setChosen(e.target.value)}
        >
          <option value="">Choose a point</option>
          {points.map((p) => (
            <option key={p.key} value={p.key}>
              {p.label}
            </option>
          ))}
        </SelectField>
        {replay.handIns.length > 0 && (
          <button
            type="button"
            className="pb-2 text-sm font-medium text-brand-700 underline underline-offset-2"
            onClick={() =>
              setChosen(previousHandIn(replay, index) ?? `hand-in:${replay.handIns[0].submissionId}`)
            }
          >
            Compare with the previous hand-in
          </button>
        )}
      </div>
      {point && (
        <div className="mt-3">
          <h3 className="mb-1 text-sm font-medium text-slate-800">
            {earlierFirst
              ? `From ${lowerStart(point.label)} to ${here}`
              : `From ${here} to ${lowerStart(point.label)}`}
          </h3>
          <CodeDiff
            before={earlierFirst ? other : current}
            after={earlierFirst ? current : other}
            label="Differences between the two points"
          />
        </div>
      )}
    </section>
  );
}
