// Whether the live page is receiving updates, in words (a dot alone would be colour only).
import type { LiveConnection } from "@/client/api/live.ts";

const WORDS: Record<LiveConnection, string> = {
  connecting: "Connecting…",
  live: "Live: updates as students work",
  reconnecting: "Reconnecting… the view may be out of date",
};

export function ConnectionNote({ state }: { state: LiveConnection }) {
  return (
    <span className="inline-flex items-center gap-2 text-sm text-slate-700" data-testid="live-connection">
      <span
        aria-hidden
        className={`size-2.5 rounded-full ${state === "live" ? "bg-green-600" : "bg-yellow-500"}`}
      />
      {WORDS[state]}
    </span>
  );
}
