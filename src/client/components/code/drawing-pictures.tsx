// A failed drawing test (decision 064): two small still pictures, "Expected" and "Yours", painted
// by the turtle painter from the normalised drawings the comparison used, and in words what
// differs (also what a screen reader hears of the pair). Each canvas names what it holds.
import { useEffect, useRef } from "react";
import type { DrawCommand } from "@/shared/grading/drawing.ts";
import { type DrawingShape, describeShape } from "@/shared/grading/drawing-shape.mjs";
import { TurtlePainter } from "./turtle-painter.ts";

/** A normalised drawing as painter commands: the screen, the fills, then the lines over them. */
export function shapeCommands(shape: DrawingShape): DrawCommand[] {
  const commands: DrawCommand[] = [{ kind: "size", width: shape.width, height: shape.height }];
  for (const fill of shape.fills) {
    const points: [number, number][] = [];
    for (let i = 0; i < fill.points.length; i += 2) points.push([fill.points[i], fill.points[i + 1]]);
    // `since` at itself: no line is drawn again over this fill (the lines come after it).
    commands.push({ kind: "fill", t: 0, points, colour: fill.colour, since: commands.length });
  }
  for (const [x1, y1, x2, y2, colour, width] of shape.segments)
    commands.push({ kind: "line", t: 0, x1, y1, x2, y2, colour, width, ms: 0 });
  return commands;
}

function Picture({ title, shape, testId }: { title: string; shape: DrawingShape; testId: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current || shape.tooBig) return;
    const commands = shapeCommands(shape);
    new TurtlePainter(canvas.current, 0.5).repaint(commands, commands.length);
  }, [shape]);
  const label = `${title} drawing: ${describeShape(shape)}`;
  return (
    <figure className="min-w-0 flex-1">
      <figcaption className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
        {title}
      </figcaption>
      {shape.tooBig ? (
        <p className="mt-1 rounded border border-slate-200 p-3 text-sm text-slate-600">{label}</p>
      ) : (
        <canvas
          ref={canvas}
          role="img"
          aria-label={label}
          data-testid={testId}
          className="mt-1 h-auto w-full max-w-80 rounded border border-slate-300 bg-white"
        />
      )}
    </figure>
  );
}

export function DrawingPictures({
  expected,
  yours,
  summary,
}: {
  expected: DrawingShape;
  yours: DrawingShape;
  summary: string;
}) {
  return (
    <section aria-label="Drawing: expected and yours" className="space-y-2">
      <h5 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Drawing</h5>
      <p className="text-sm text-slate-800" data-testid="drawing-summary">
        {summary}
      </p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Picture title="Expected" shape={expected} testId="drawing-expected" />
        <Picture title="Yours" shape={yours} testId="drawing-yours" />
      </div>
    </section>
  );
}
