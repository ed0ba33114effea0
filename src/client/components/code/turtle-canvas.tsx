// The turtle's window beside the output: shown only when the last Run drew with turtle. It plays
// the commands as they arrive, each line, move and turn over the time turtle.py gave it for the
// turtle's speed (speed 0 and tracer(0) draw at once). The worker keeps the program at most a
// moment ahead of this animation, so an input() prompt comes once what was drawn before it shows.
// Stop shows the rest at once. The canvas says in words what it holds; "Save as PNG" downloads it.
import { Download } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/client/components/ui/button.tsx";
import type { TurtleDrawing } from "@/client/python/python-runtime.ts";
import { commandMs, describeDrawing } from "@/shared/grading/drawing.ts";
import { TurtlePainter } from "./turtle-painter.ts";

/** Most commands drawn at once in one frame, so 100,000 instant lines never freeze the page. */
const INSTANT_PER_FRAME = 20_000;

export function TurtleCanvas({ drawing }: { drawing: TurtleDrawing | null }) {
  if (!drawing || drawing.count === 0) return null;
  return <TurtlePlayer key={drawing.run} drawing={drawing} />;
}

function TurtlePlayer({ drawing }: { drawing: TurtleDrawing }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const overlay = useRef<HTMLCanvasElement>(null);
  const painter = useRef<TurtlePainter | null>(null);
  // The newest drawing, read by the animation loop without restarting it.
  const latest = useRef(drawing);
  latest.current = drawing;
  const [label, setLabel] = useState("Turtle drawing: drawing…");
  const [title, setTitle] = useState("");
  const [caughtUp, setCaughtUp] = useState(false);

  useEffect(() => {
    const main = canvas.current;
    const top = overlay.current;
    if (!main || !top) return;
    const p = new TurtlePainter(main, Math.min(window.devicePixelRatio || 1, 2));
    painter.current = p;
    let drawn = 0;
    // When the command being animated started (performance.now()), carried over between commands
    // so that a long run of short steps keeps its pace.
    let started: number | null = null;
    let frame = 0;
    let labelled = -1;

    const tick = (now: number) => {
      const d = latest.current;
      const instant = d.status === "stopped";
      let budget = INSTANT_PER_FRAME;
      let inProgress: Parameters<TurtlePainter["overlay"]>[1] = null;
      while (drawn < d.count && budget > 0) {
        const c = d.commands[drawn];
        const ms = instant ? 0 : commandMs(c);
        if (ms > 0) {
          started ??= now;
          const progress = (now - started) / ms;
          if (progress < 1) {
            if (c.kind === "turn") {
              const cur = p.cursor(c.t);
              // The short way round, as the turtle turns.
              const delta = ((((c.heading - cur.heading) % 360) + 540) % 360) - 180;
              inProgress = {
                t: c.t,
                x1: cur.x,
                y1: cur.y,
                x: cur.x,
                y: cur.y,
                heading: cur.heading + delta * progress,
              };
            } else if (c.kind === "line" || c.kind === "move") {
              const x = c.x1 + (c.x2 - c.x1) * progress;
              const y = c.y1 + (c.y2 - c.y1) * progress;
              inProgress = {
                t: c.t,
                x1: c.x1,
                y1: c.y1,
                x,
                y,
                line: c.kind === "line" ? { colour: c.colour, width: c.width } : undefined,
              };
            }
            break;
          }
          started += ms;
        } else {
          budget--;
          started = null;
        }
        if (p.apply(d.commands, drawn)) p.repaint(d.commands, drawn + 1);
        drawn++;
      }
      if (drawn >= d.count) started = null;
      p.overlay(top, inProgress);
      const done = drawn >= d.count && d.status !== "drawing";
      if (done && labelled !== drawn) {
        // Words for the picture once it is complete (counting 100,000 commands every frame would not be cheap).
        labelled = drawn;
        setLabel(describeDrawing(d.commands.slice(0, drawn)));
        setTitle(p.title);
        setCaughtUp(true);
      } else if (!done && labelled !== -1) {
        labelled = -1;
        setCaughtUp(false);
        setLabel("Turtle drawing: drawing…");
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, []);

  const save = () => {
    canvas.current?.toBlob((blob) => {
      if (!blob) return;
      const url = URL.createObjectURL(blob);
      const a = document.createElement("a");
      a.href = url;
      a.download = "turtle-drawing.png";
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    }, "image/png");
  };

  return (
    <section
      aria-label="Turtle drawing"
      className="rounded-lg border border-slate-300 bg-white"
      data-testid="turtle"
    >
      <div className="flex items-center justify-between gap-2 border-slate-200 border-b px-3 py-2">
        <h3 className="truncate font-medium text-slate-700 text-sm">{title || "Turtle drawing"}</h3>
        <Button variant="secondary" size="sm" onClick={save} disabled={!caughtUp}>
          <Download aria-hidden className="size-4" />
          Save as PNG
        </Button>
      </div>
      <div className="relative p-2">
        <canvas
          ref={canvas}
          role="img"
          aria-label={label}
          data-testid="turtle-canvas"
          data-complete={caughtUp ? "true" : "false"}
          className="block h-auto w-full ring-1 ring-slate-200"
        />
        <canvas
          ref={overlay}
          aria-hidden
          className="pointer-events-none absolute inset-2 block h-auto w-[calc(100%-1rem)]"
        />
      </div>
      <p className="sr-only" aria-live="polite">
        {caughtUp ? label : ""}
      </p>
    </section>
  );
}
