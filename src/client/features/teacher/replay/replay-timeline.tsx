// The replay's timeline: play/pause, speed, a scrubber (arrow keys step event by event; its
// aria-valuetext says the time and what happened), and the markers, each a button that jumps there.
import { Pause, Play } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Badge } from "@/client/components/ui/badge.tsx";
import { Button } from "@/client/components/ui/button.tsx";
import { SelectField } from "@/client/components/ui/select-field.tsx";
import { describeEvent, playbackDelayMs, REPLAY_SPEEDS, type Replay } from "@/shared/domain/replay.ts";
import { markerTone } from "./replay-view.ts";

/** The shortest a step stays on screen when playing (events of one batch may share a moment). */
const MIN_FRAME_MS = 30;

const TICK_COLOURS = {
  slate: "bg-slate-400",
  blue: "bg-blue-500",
  green: "bg-green-600",
  yellow: "bg-amber-500",
  red: "bg-red-600",
  purple: "bg-purple-600",
} as const;

export function ReplayTimeline({
  replay,
  index,
  onSeek,
  time,
  describe = describeEvent,
}: {
  replay: Replay;
  index: number;
  onSeek: (index: number) => void;
  time: (t: number) => string;
  /** What a step did in words (a library exercise's own, decision 072). */
  describe?: (event: Replay["steps"][number]["event"]) => string;
}) {
  const { steps, markers } = replay;
  const last = steps.length - 1;
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<number>(REPLAY_SPEEDS[0]);
  const scrubberId = useId();

  // Playing: one step after another at the pace they happened (divided by the speed), idle gaps
  // skipped; stops at the end.
  useEffect(() => {
    if (!playing) return;
    if (index >= last) {
      setPlaying(false);
      return;
    }
    const timer = setTimeout(
      () => onSeek(index + 1),
      Math.max(MIN_FRAME_MS, playbackDelayMs(steps, index, speed)),
    );
    return () => clearTimeout(timer);
  }, [playing, index, last, speed, steps, onSeek]);

  const step = steps[index];
  const where = `${time(step.t)}, ${describe(step.event)}${step.gap ? " (changes here were not recorded)" : ""}`;
  const at = (i: number) => (last === 0 ? 0 : (i / last) * 100);

  return (
    <section aria-labelledby={`${scrubberId}-heading`} className="space-y-3">
      <h2 id={`${scrubberId}-heading`} className="sr-only">
        Timeline
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <Button
          variant="primary"
          onClick={() => {
            if (!playing && index >= last) onSeek(0);
            setPlaying(!playing);
          }}
          disabled={last === 0}
        >
          {playing ? <Pause className="size-4" aria-hidden /> : <Play className="size-4" aria-hidden />}
          {playing ? "Pause" : "Play"}
        </Button>
        <SelectField
          label="Speed"
          className="w-28"
          value={speed}
          onChange={(e) => setSpeed(Number(e.target.value))}
        >
          {REPLAY_SPEEDS.map((s) => (
            <option key={s} value={s}>
              {s}×
            </option>
          ))}
        </SelectField>
        <p
          className="w-full min-w-0 pb-2 text-sm text-slate-700 sm:w-auto sm:flex-1"
          data-testid="replay-position"
        >
          <span className="font-medium text-slate-900">
            Step {index + 1} of {steps.length}
          </span>{" "}
          · {where}
        </p>
      </div>
      <p className="text-xs text-slate-600">
        Plays at the pace the work happened; pauses of more than 2 minutes are skipped.
      </p>

      <div className="px-2">
        {/* Where the markers fall on the scrubber: a picture only; the buttons below say the same. */}
        <div aria-hidden className="relative h-3">
          {markers.map((m) => (
            <span
              key={`${m.kind}-${m.step}`}
              className={`absolute top-0 h-3 -translate-x-1/2 rounded-sm ${m.prominent ? "w-1.5" : "w-1"} ${TICK_COLOURS[markerTone(m)]}`}
              style={{ left: `${at(m.step)}%` }}
            />
          ))}
        </div>
        <label htmlFor={scrubberId} className="sr-only">
          Point in the replay
        </label>
        <input
          id={scrubberId}
          type="range"
          min={0}
          max={last}
          step={1}
          value={index}
          aria-valuetext={where}
          onChange={(e) => onSeek(Number(e.target.value))}
          className="w-full accent-brand-600"
          data-testid="replay-scrubber"
        />
        <div className="flex justify-between text-xs text-slate-600">
          <span>{time(steps[0].t)}</span>
          <span>{time(steps[last].t)}</span>
        </div>
      </div>

      {markers.length > 0 && (
        <div>
          <h3 className="text-sm font-medium text-slate-800">Markers</h3>
          <ul className="mt-1 flex max-h-48 flex-wrap gap-2 overflow-y-auto p-1" aria-label="Markers">
            {markers.map((m) => (
              <li key={`${m.kind}-${m.step}`}>
                <button
                  type="button"
                  onClick={() => onSeek(m.step)}
                  aria-current={m.step === index ? "step" : undefined}
                  className={`rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${m.step === index ? "ring-2 ring-brand-600" : ""} ${m.prominent ? "font-semibold" : ""}`}
                >
                  <Badge tone={markerTone(m)}>
                    {time(steps[m.step].t)} · {m.label}
                  </Badge>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
