// Look over the shoulder (issue 20): one student's code as it is now, read-only, rebuilt from the
// activity record (their latest full copy and the edits since, through the replay engine), with
// their last run. It follows the class's live stream, so it changes as they type (batches arrive
// every few seconds) and run.
import { ArrowLeft } from "lucide-react";
import { useMemo } from "react";
import { useParams, useSearchParams } from "react-router";
import { useLiveStream, useLiveStudent } from "@/client/api/live.ts";
import { Badge } from "@/client/components/ui/badge.tsx";
import { ButtonLink } from "@/client/components/ui/button.tsx";
import { Card } from "@/client/components/ui/card.tsx";
import { PageHeading } from "@/client/components/ui/page-heading.tsx";
import { QueryError } from "@/client/components/ui/query-error.tsx";
import { SkeletonList } from "@/client/components/ui/skeleton.tsx";
import { hasErrorCode } from "@/client/lib/api.ts";
import type { ActivityHistory } from "@/shared/api/activity.ts";
import { LIVE_STATE_LABELS } from "@/shared/domain/live.ts";
import { buildReplay } from "@/shared/domain/replay.ts";
import { ConnectionNote } from "./connection-note.tsx";
import { LiveCodeView } from "./live-code-view.tsx";
import { LiveTileFacts, STATE_TONES } from "./live-tile.tsx";

/** The code now: the last step of the replay of what the server sent (from a full copy on). */
export function codeNow(history: ActivityHistory | null): string | null {
  if (!history || history.events.length === 0) return null;
  const replay = buildReplay(history);
  return replay.codeAt(replay.steps.length - 1);
}

export function LiveStudentPage() {
  const { classId = "", studentId = "" } = useParams();
  const [params] = useSearchParams();
  const assignmentId = params.get("assignmentId") || null;
  const connection = useLiveStream(classId);
  const view = useLiveStudent(classId, studentId, assignmentId);
  const code = useMemo(() => codeNow(view.data?.history ?? null), [view.data]);
  const back = `/teacher/classes/${classId}/live${assignmentId ? `?assignmentId=${assignmentId}` : ""}`;
  const tile = view.data?.tile;

  return (
    <div>
      <ButtonLink to={back} variant="ghost" size="sm" className="mb-4 -ml-2">
        <ArrowLeft className="size-4" aria-hidden />
        Back to the live lesson
      </ButtonLink>
      <PageHeading
        title={tile ? `${tile.name}'s code` : "Student's code"}
        subtitle={tile?.open?.name}
        className="mb-4"
        actions={<ConnectionNote state={connection} />}
      />
      {view.isPending ? (
        <SkeletonList rows={2} className="h-40" />
      ) : view.isError ? (
        hasErrorCode(view.error, "NOT_FOUND") ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
            This student was not found in this class, or the class is not one of yours.
          </p>
        ) : (
          <QueryError what="this student's code" error={view.error} onRetry={() => view.refetch()} />
        )
      ) : (
        <div className="grid gap-4 lg:grid-cols-[1fr_18rem]">
          <div>
            {code === null ? (
              <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
                Nothing recorded on this work this lesson yet.
              </p>
            ) : (
              <LiveCodeView
                code={code}
                label={`${view.data.tile.name}'s code now`}
                markLine={view.data.tile.lastRun?.error?.line ?? null}
              />
            )}
            <p className="mt-2 text-sm text-slate-600">
              Read-only. It changes as they type: their editor sends its changes every few seconds.
            </p>
          </div>
          <Card className="space-y-3 self-start p-4">
            <Badge tone={STATE_TONES[view.data.tile.state]}>{LIVE_STATE_LABELS[view.data.tile.state]}</Badge>
            {view.data.tile.reasons.length > 0 && (
              <ul className="space-y-1 text-sm font-medium text-red-800">
                {view.data.tile.reasons.map((r) => (
                  <li key={r}>{r}</li>
                ))}
              </ul>
            )}
            <LiveTileFacts tile={view.data.tile} />
          </Card>
        </div>
      )}
    </div>
  );
}
