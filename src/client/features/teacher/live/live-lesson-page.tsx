// The live lesson (issue 20): one tile per student of the class for the work the teacher picks
// ("Any open work" by default), those who need help first. The page holds one server-sent stream;
// a `changed` ping re-reads the summary, so tiles move within a couple of seconds of a student's
// run, without a reload. The polite summary line is the only thing read out on a change. The help
// queue sits below the tiles, so a raised hand is answered without leaving the page.
import { Radio } from "lucide-react";
import { useParams, useSearchParams } from "react-router";
import { useLiveStream, useLiveSummary } from "@/client/api/live.ts";
import { DataUseNotice } from "@/client/components/ui/data-use-notice.tsx";
import { EmptyState } from "@/client/components/ui/empty-state.tsx";
import { PageHeading } from "@/client/components/ui/page-heading.tsx";
import { QueryError } from "@/client/components/ui/query-error.tsx";
import { SelectField } from "@/client/components/ui/select-field.tsx";
import { SkeletonList } from "@/client/components/ui/skeleton.tsx";
import { BackToClass } from "@/client/features/teacher/back-to-class.tsx";
import { HelpQueuePanel } from "@/client/features/teacher/help/index.ts";
import { hasErrorCode } from "@/client/lib/api.ts";
import { helpSummary } from "@/shared/domain/live.ts";
import { ConnectionNote } from "./connection-note.tsx";
import { LiveTileCard } from "./live-tile.tsx";

export function LiveLessonPage() {
  const { classId = "" } = useParams();
  const [params, setParams] = useSearchParams();
  const assignmentId = params.get("assignmentId") || null;
  const connection = useLiveStream(classId);
  const summary = useLiveSummary(classId, assignmentId);
  const data = summary.data;

  return (
    <div>
      <BackToClass classId={classId} />
      <PageHeading
        title="Live lesson"
        subtitle={data?.className}
        className="mb-4"
        actions={<ConnectionNote state={connection} />}
      />
      <DataUseNotice feature="live" className="mb-4 max-w-3xl" />
      {summary.isPending ? (
        <SkeletonList rows={3} className="h-40" />
      ) : summary.isError ? (
        hasErrorCode(summary.error, "NOT_FOUND") ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
            This class was not found, or it is not one of yours.
          </p>
        ) : (
          <QueryError what="the live lesson" error={summary.error} onRetry={() => summary.refetch()} />
        )
      ) : (
        <>
          <div className="mb-4 flex flex-wrap items-end justify-between gap-4">
            <SelectField
              label="Work"
              className="w-full max-w-sm"
              value={assignmentId ?? ""}
              onChange={(e) => {
                const next = new URLSearchParams(params);
                if (e.target.value) next.set("assignmentId", e.target.value);
                else next.delete("assignmentId");
                setParams(next, { replace: true });
              }}
            >
              <option value="">Any open work</option>
              {summary.data.assignments.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </SelectField>
            <p
              aria-live="polite"
              className="text-base font-semibold text-slate-900"
              data-testid="live-summary-line"
            >
              {helpSummary(summary.data.tiles.map((t) => t.state))}
            </p>
          </div>
          {summary.data.tiles.length === 0 ? (
            <EmptyState icon={Radio} title="No students in this class yet">
              Students appear here once they join with the class code.
            </EmptyState>
          ) : (
            <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Students">
              {summary.data.tiles.map((t) => (
                <li key={t.studentId}>
                  <LiveTileCard tile={t} classId={classId} assignmentId={assignmentId} />
                </li>
              ))}
            </ul>
          )}
          {/* Raised hands are answered here too: the queue re-reads on the same stream's pings. */}
          <div className="mt-8">
            <HelpQueuePanel classId={classId} headingLevel={2} />
          </div>
        </>
      )}
    </div>
  );
}
