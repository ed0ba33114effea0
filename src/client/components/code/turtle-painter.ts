// Paints the turtle's drawing (shared/grading/drawing.ts commands) on a canvas, as the standard
// turtle's Tk window shows it: (0, 0) in the middle, y up, round line ends, fills under the lines
// drawn while filling. The painter keeps each turtle's cursor (where it is, which way it faces,
// how it looks) so the player can draw the turtles on top. No React here: the player
// (turtle-canvas.tsx) and still pictures (expected vs yours) both use it.
import { DEFAULT_SCREEN, type DrawCommand } from "@/shared/grading/drawing.ts";

export type Cursor = {
  x: number;
  y: number;
  heading: number;
  shown: boolean;
  shape: string;
  pen: string;
  fill: string;
  width: number;
};

// The standard module's shapes, pointing up (+y is the turtle's heading).
const SHAPES: Record<string, [number, number][]> = {
  arrow: [
    [-10, 0],
    [10, 0],
    [0, 10],
  ],
  classic: [
    [0, 0],
    [-5, -9],
    [0, -7],
    [5, -9],
  ],
  square: [
    [10, -10],
    [10, 10],
    [-10, 10],
    [-10, -10],
  ],
  triangle: [
    [10, -5.77],
    [0, 11.55],
    [-10, -5.77],
  ],
  turtle: [
    [0, 16],
    [-2, 14],
    [-1, 10],
    [-4, 7],
    [-7, 9],
    [-9, 8],
    [-6, 5],
    [-7, 1],
    [-5, -3],
    [-8, -6],
    [-6, -8],
    [-4, -5],
    [0, -7],
    [4, -5],
    [6, -8],
    [8, -6],
    [5, -3],
    [7, 1],
    [6, 5],
    [9, 8],
    [7, 9],
    [4, 7],
    [1, 10],
    [2, 14],
  ],
  circle: Array.from({ length: 20 }, (_, i) => {
    const a = (i / 20) * 2 * Math.PI;
    return [10 * Math.cos(a), 10 * Math.sin(a)] as [number, number];
  }),
};

const newCursor = (): Cursor => ({
  x: 0,
  y: 0,
  heading: 0,
  shown: true,
  shape: "classic",
  pen: "#000000",
  fill: "#000000",
  width: 1,
});

export class TurtlePainter {
  width: number = DEFAULT_SCREEN.width;
  height: number = DEFAULT_SCREEN.height;
  background = "#ffffff";
  title = "";
  cursors = new Map<number, Cursor>();
  private ctx: CanvasRenderingContext2D;

  constructor(
    private canvas: HTMLCanvasElement,
    private scale = 1,
  ) {
    const ctx = canvas.getContext("2d");
    if (!ctx) throw new Error("This browser cannot draw on a canvas.");
    this.ctx = ctx;
    this.resize();
  }

  /** Canvas x, y of a turtle position. */
  private px = (x: number) => x + this.width / 2;
  private py = (y: number) => this.height / 2 - y;

  private resize() {
    this.canvas.width = Math.round(this.width * this.scale);
    this.canvas.height = Math.round(this.height * this.scale);
    this.ctx.setTransform(this.scale, 0, 0, this.scale, 0, 0);
    this.ctx.lineCap = "round";
    this.ctx.lineJoin = "round";
    this.ctx.fillStyle = this.background;
    this.ctx.fillRect(0, 0, this.width, this.height);
  }

  cursor(t: number): Cursor {
    let c = this.cursors.get(t);
    if (!c) {
      c = newCursor();
      this.cursors.set(t, c);
    }
    return c;
  }

  /** Paints `commands[0..upTo)` from scratch (after a clear, a new background or size). */
  repaint(commands: readonly DrawCommand[], upTo: number) {
    this.cursors.clear();
    let from = 0;
    const clearedBefore = new Map<number, number>();
    for (let i = 0; i < upTo; i++) {
      const c = commands[i];
      if (c.kind === "clearscreen") {
        from = i + 1;
        clearedBefore.clear();
      } else if (c.kind === "clear") clearedBefore.set(c.t, i);
    }
    // Screen settings hold across a clear of one turtle; a clearscreen puts them back.
    this.background = "#ffffff";
    for (let i = from; i < upTo; i++) {
      const c = commands[i];
      if (c.kind === "bg") this.background = c.colour;
    }
    this.resize();
    for (let i = from; i < upTo; i++) {
      const c = commands[i];
      const hidden = "t" in c && c.kind !== "turtle" && i < (clearedBefore.get(c.t) ?? -1);
      this.apply(commands, i, hidden ? "cursor-only" : "paint");
    }
  }

  /**
   * Applies command `i`. Returns true when the whole picture must be repainted instead (a clear,
   * a new background or size), which the caller does with repaint(commands, i + 1).
   */
  apply(commands: readonly DrawCommand[], i: number, mode: "paint" | "cursor-only" = "paint"): boolean {
    const c = commands[i];
    const ctx = this.ctx;
    const paint = mode === "paint";
    switch (c.kind) {
      case "turtle": {
        const cur = this.cursor(c.t);
        Object.assign(cur, { shown: c.shown, shape: c.shape, pen: c.pen, fill: c.fill, width: c.width });
        return false;
      }
      case "line":
        if (paint) this.strokeLine(c.x1, c.y1, c.x2, c.y2, c.colour, c.width);
        Object.assign(this.cursor(c.t), { x: c.x2, y: c.y2 });
        return false;
      case "move":
        Object.assign(this.cursor(c.t), { x: c.x2, y: c.y2 });
        return false;
      case "turn":
        this.cursor(c.t).heading = c.heading;
        return false;
      case "fill":
        if (!paint) return false;
        ctx.beginPath();
        for (const [k, [x, y]] of c.points.entries()) {
          if (k === 0) ctx.moveTo(this.px(x), this.py(y));
          else ctx.lineTo(this.px(x), this.py(y));
        }
        ctx.closePath();
        ctx.fillStyle = c.colour;
        ctx.fill("evenodd");
        // The lines drawn while filling lie over the fill, as in the standard module.
        for (let k = Math.max(0, c.since); k < i; k++) {
          const line = commands[k];
          if (line.kind === "line")
            this.strokeLine(line.x1, line.y1, line.x2, line.y2, line.colour, line.width);
        }
        return false;
      case "dot":
        if (!paint) return false;
        ctx.beginPath();
        ctx.arc(this.px(c.x), this.py(c.y), c.size / 2, 0, 2 * Math.PI);
        ctx.fillStyle = c.colour;
        ctx.fill();
        return false;
      case "stamp":
        if (paint)
          this.shape({
            ...newCursor(),
            x: c.x,
            y: c.y,
            heading: c.heading,
            shape: c.shape,
            pen: c.pen,
            fill: c.fill,
          });
        return false;
      case "text": {
        if (!paint) return false;
        const style = c.font.style.includes("bold") ? "bold " : "";
        const italic = c.font.style.includes("italic") ? "italic " : "";
        // Tk sizes fonts in points.
        ctx.font = `${italic}${style}${Math.round(c.font.size * 1.33)}px ${c.font.family}, sans-serif`;
        ctx.fillStyle = c.colour;
        ctx.textAlign = c.align;
        ctx.textBaseline = "bottom";
        ctx.fillText(c.text, this.px(c.x), this.py(c.y));
        return false;
      }
      case "bg":
        this.background = c.colour;
        return true;
      case "size":
        this.width = c.width;
        this.height = c.height;
        return true;
      case "title":
        this.title = c.text;
        return false;
      case "clear":
      case "clearscreen":
        return true;
    }
  }

  strokeLine(x1: number, y1: number, x2: number, y2: number, colour: string, width: number) {
    const ctx = this.ctx;
    ctx.beginPath();
    ctx.moveTo(this.px(x1), this.py(y1));
    ctx.lineTo(this.px(x2), this.py(y2));
    ctx.strokeStyle = colour;
    ctx.lineWidth = Math.max(width, 1);
    ctx.stroke();
  }

  /** Draws a turtle's shape (a cursor or a stamp) at its place and heading. */
  shape(c: Cursor, ctx = this.ctx) {
    const points = SHAPES[c.shape];
    if (!points) return;
    const h = (c.heading * Math.PI) / 180;
    const [sin, cos] = [Math.sin(h), Math.cos(h)];
    ctx.beginPath();
    points.forEach(([sx, sy], k) => {
      const x = c.x + sx * sin + sy * cos;
      const y = c.y - sx * cos + sy * sin;
      if (k === 0) ctx.moveTo(this.px(x), this.py(y));
      else ctx.lineTo(this.px(x), this.py(y));
    });
    ctx.closePath();
    ctx.fillStyle = c.fill;
    ctx.fill();
    ctx.strokeStyle = c.pen;
    ctx.lineWidth = 1;
    ctx.stroke();
  }

  /** Draws, on an overlay the size of this canvas, the shown turtles and a line in progress. */
  overlay(
    target: HTMLCanvasElement,
    inProgress: {
      t: number;
      x1: number;
      y1: number;
      x: number;
      y: number;
      heading?: number;
      line?: { colour: string; width: number };
    } | null,
  ) {
    if (target.width !== this.canvas.width || target.height !== this.canvas.height) {
      target.width = this.canvas.width;
      target.height = this.canvas.height;
    }
    const ctx = target.getContext("2d");
    if (!ctx) return;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, target.width, target.height);
    ctx.setTransform(this.scale, 0, 0, this.scale, 0, 0);
    ctx.lineCap = "round";
    if (inProgress?.line) {
      ctx.beginPath();
      ctx.moveTo(this.px(inProgress.x1), this.py(inProgress.y1));
      ctx.lineTo(this.px(inProgress.x), this.py(inProgress.y));
      ctx.strokeStyle = inProgress.line.colour;
      ctx.lineWidth = Math.max(inProgress.line.width, 1);
      ctx.stroke();
    }
    for (const [t, c] of this.cursors) {
      if (!c.shown || c.shape === "blank") continue;
      const here =
        inProgress && inProgress.t === t
          ? { ...c, x: inProgress.x, y: inProgress.y, heading: inProgress.heading ?? c.heading }
          : c;
      this.shape(here, ctx);
    }
  }
}
