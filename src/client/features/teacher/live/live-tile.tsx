// One student on the live lesson's board: name, state (a badge with words, never colour alone),
// why they need the teacher, what they have open, their last run, tests now against the start of
// the lesson, and how long since they last did anything. Shared by the board and the student page.
import { Link } from "react-router";
import { Badge, type BadgeTone } from "@/client/components/ui/badge.tsx";
import { Card } from "@/client/components/ui/card.tsx";
import type { LiveTile as Tile } from "@/shared/api/live.ts";
import { LIVE_STATE_LABELS, type LiveState, runWords } from "@/shared/domain/live.ts";

export const STATE_TONES: Record<LiveState, BadgeTone> = {
  hand: "purple",
  stuck: "red",
  working: "green",
  idle: "yellow",
  done: "blue",
  away: "slate",
};

const score = (s: { passed: number; total: number } | null) => (s ? `${s.passed} of ${s.total}` : "none yet");

/** "Online now", "Last seen 12 min ago", "Not here this lesson". */
export function presenceWords(tile: Tile): string {
  if (tile.idleMinutes === null) return "Not here this lesson";
  if (tile.online) return tile.idleMinutes === 0 ? "Online now" : `Online, idle ${tile.idleMinutes} min`;
  return `Last seen ${tile.idleMinutes} min ago`;
}

export function LiveTileFacts({ tile }: { tile: Tile }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      <dt className="text-slate-600">Open</dt>
      <dd className="text-slate-900">{tile.open?.name || "Nothing"}</dd>
      <dt className="text-slate-600">Last run</dt>
      <dd className="text-slate-900" data-testid="live-last-run">
        {runWords(tile.lastRun ? { ...tile.lastRun, at: 0 } : null)}
      </dd>
      <dt className="text-slate-600">Tests</dt>
      <dd className="text-slate-900" data-testid="live-tests">
        {tile.testsNow ? `${score(tile.testsNow)} now` : "No tests run yet"}
        {tile.testsAtStart && tile.testsNow ? ` (${score(tile.testsAtStart)} at the start)` : ""}
      </dd>
      <dt className="text-slate-600">Activity</dt>
      <dd className="text-slate-900">{presenceWords(tile)}</dd>
    </dl>
  );
}

export function LiveTileCard({
  tile,
  classId,
  assignmentId,
}: {
  tile: Tile;
  classId: string;
  assignmentId: string | null;
}) {
  const work = assignmentId ?? tile.open?.assignmentId ?? null;
  const shoulder = `/teacher/classes/${classId}/live/${tile.studentId}${work ? `?assignmentId=${work}` : ""}`;
  return (
    <Card
      className={`flex h-full flex-col gap-3 p-4 ${tile.state === "stuck" || tile.state === "hand" ? "border-2 border-red-300" : ""}`}
      data-testid="live-tile"
      data-student={tile.name}
      data-state={tile.state}
    >
      <div className="flex items-start justify-between gap-2">
        <h2 className="min-w-0 text-base font-semibold break-words text-slate-900">{tile.name}</h2>
        <Badge tone={STATE_TONES[tile.state]} data-testid="live-state">
          {LIVE_STATE_LABELS[tile.state]}
        </Badge>
      </div>
      {tile.reasons.length > 0 && (
        <ul className="space-y-1 text-sm font-medium text-red-800" data-testid="live-reasons">
          {tile.reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
      <LiveTileFacts tile={tile} />
      {tile.lastEventAt && (
        <Link
          to={shoulder}
          className="mt-auto self-start text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          Look over the shoulder<span className="sr-only"> of {tile.name}</span>
        </Link>
      )}
    </Card>
  );
}
