// The turtle's drawing as the hosts see it: turtle.py records commands, the harness writes them as
// JSON lines to the drawing device, and this file turns a line back into typed commands. What
// arrives is the program's claim (it could write to the device itself), so every command is
// checked for shape and size, and anything else is dropped: the page only ever draws these.
// Also here: how long a command takes to animate, and the words that describe a drawing to
// someone who cannot see it.

export type TurtleId = number;
/** "#rrggbb", as turtle.py records every colour. */
export type Colour = string;

export type DrawCommand =
  /** A turtle's look changed (or it was made): shown, shape, pen and fill colour, pen width. */
  | { kind: "turtle"; t: TurtleId; shown: boolean; shape: string; pen: Colour; fill: Colour; width: number }
  /** A move with the pen down, animated over `ms`. */
  | {
      kind: "line";
      t: TurtleId;
      x1: number;
      y1: number;
      x2: number;
      y2: number;
      colour: Colour;
      width: number;
      ms: number;
    }
  /** A move with the pen up. */
  | { kind: "move"; t: TurtleId; x1: number; y1: number; x2: number; y2: number; ms: number }
  /** The turtle now faces `heading` (degrees, 0 east, anticlockwise). */
  | { kind: "turn"; t: TurtleId; heading: number; ms: number }
  /** A filled shape; it lies under what was drawn since command number `since`. */
  | { kind: "fill"; t: TurtleId; points: [number, number][]; colour: Colour; since: number }
  | { kind: "dot"; t: TurtleId; x: number; y: number; size: number; colour: Colour }
  | {
      kind: "stamp";
      t: TurtleId;
      x: number;
      y: number;
      heading: number;
      shape: string;
      pen: Colour;
      fill: Colour;
    }
  | {
      kind: "text";
      t: TurtleId;
      x: number;
      y: number;
      text: string;
      align: "left" | "center" | "right";
      font: { family: string; size: number; style: string };
      colour: Colour;
    }
  | { kind: "bg"; colour: Colour }
  | { kind: "size"; width: number; height: number }
  | { kind: "title"; text: string }
  /** One turtle's drawings are wiped. */
  | { kind: "clear"; t: TurtleId }
  /** Everything is wiped. */
  | { kind: "clearscreen" };

export const DEFAULT_SCREEN = { width: 640, height: 480 } as const;
export const TURTLE_SHAPES = ["arrow", "blank", "circle", "classic", "square", "triangle", "turtle"] as const;
/** turtle.py's cap on commands per run (MAX_COMMANDS); a line holding more is not believed. */
export const MAX_DRAW_COMMANDS = 100_000;
/** The longest any one command may claim to animate (turtle.py: a long line at speed 1). */
const MAX_MS = 60_000;
const MAX_COORD = 1e7;

const isColour = (v: unknown): v is Colour => typeof v === "string" && /^#[0-9a-f]{6}$/.test(v);
const isNum = (v: unknown): v is number =>
  typeof v === "number" && Number.isFinite(v) && Math.abs(v) <= MAX_COORD;
const isId = (v: unknown): v is number =>
  Number.isInteger(v) && (v as number) >= 0 && (v as number) < MAX_DRAW_COMMANDS;
const isMs = (v: unknown): v is number => isNum(v) && v >= 0 && v <= MAX_MS;
const isShape = (v: unknown): v is string =>
  typeof v === "string" && (TURTLE_SHAPES as readonly string[]).includes(v);

/** One recorded command (a JSON list, see turtle.py), or null when it is not one. */
export function toCommand(raw: unknown): DrawCommand | null {
  if (!Array.isArray(raw) || typeof raw[0] !== "string") return null;
  const [kind, ...a] = raw as [string, ...unknown[]];
  switch (kind) {
    case "turtle":
      return isId(a[0]) &&
        typeof a[1] === "boolean" &&
        isShape(a[2]) &&
        isColour(a[3]) &&
        isColour(a[4]) &&
        isNum(a[5])
        ? {
            kind,
            t: a[0],
            shown: a[1],
            shape: a[2],
            pen: a[3],
            fill: a[4],
            width: Math.min(Math.max(a[5], 0), 1000),
          }
        : null;
    case "line":
      return isId(a[0]) &&
        isNum(a[1]) &&
        isNum(a[2]) &&
        isNum(a[3]) &&
        isNum(a[4]) &&
        isColour(a[5]) &&
        isNum(a[6]) &&
        isMs(a[7])
        ? {
            kind,
            t: a[0],
            x1: a[1],
            y1: a[2],
            x2: a[3],
            y2: a[4],
            colour: a[5],
            width: Math.min(Math.max(a[6], 0), 1000),
            ms: a[7],
          }
        : null;
    case "move":
      return isId(a[0]) && isNum(a[1]) && isNum(a[2]) && isNum(a[3]) && isNum(a[4]) && isMs(a[5])
        ? { kind, t: a[0], x1: a[1], y1: a[2], x2: a[3], y2: a[4], ms: a[5] }
        : null;
    case "turn":
      return isId(a[0]) && isNum(a[1]) && isMs(a[2]) ? { kind, t: a[0], heading: a[1], ms: a[2] } : null;
    case "fill": {
      const flat = a[1];
      if (
        !isId(a[0]) ||
        !Array.isArray(flat) ||
        flat.length % 2 !== 0 ||
        flat.length < 6 ||
        flat.length > 2 * MAX_DRAW_COMMANDS
      )
        return null;
      if (!flat.every(isNum) || !isColour(a[2]) || !(Number.isInteger(a[3]) && (a[3] as number) >= 0))
        return null;
      const points: [number, number][] = [];
      for (let i = 0; i < flat.length; i += 2) points.push([flat[i] as number, flat[i + 1] as number]);
      return { kind, t: a[0], points, colour: a[2], since: a[3] as number };
    }
    case "dot":
      return isId(a[0]) && isNum(a[1]) && isNum(a[2]) && isNum(a[3]) && isColour(a[4])
        ? { kind, t: a[0], x: a[1], y: a[2], size: Math.min(Math.max(a[3], 1), 2000), colour: a[4] }
        : null;
    case "stamp":
      return isId(a[0]) &&
        isNum(a[1]) &&
        isNum(a[2]) &&
        isNum(a[3]) &&
        isShape(a[4]) &&
        isColour(a[5]) &&
        isColour(a[6])
        ? { kind, t: a[0], x: a[1], y: a[2], heading: a[3], shape: a[4], pen: a[5], fill: a[6] }
        : null;
    case "text": {
      const font = a[5];
      if (!isId(a[0]) || !isNum(a[1]) || !isNum(a[2]) || typeof a[3] !== "string" || !isColour(a[6]))
        return null;
      if (
        !Array.isArray(font) ||
        typeof font[0] !== "string" ||
        !isNum(font[1]) ||
        typeof font[2] !== "string"
      )
        return null;
      const align = a[4] === "center" || a[4] === "right" ? a[4] : "left";
      return {
        kind,
        t: a[0],
        x: a[1],
        y: a[2],
        text: a[3].slice(0, 1000),
        align,
        // Only letters, digits, spaces and hyphens reach the canvas's font string.
        font: {
          family: font[0].replace(/[^\w -]/g, "").slice(0, 50) || "Arial",
          size: Math.min(Math.max(Math.round(font[1]), 1), 200),
          style: /^(normal|bold|italic|underline|bold italic)$/.test(font[2]) ? font[2] : "normal",
        },
        colour: a[6],
      };
    }
    case "bg":
      return isColour(a[0]) ? { kind, colour: a[0] } : null;
    case "size":
      return Number.isInteger(a[0]) &&
        Number.isInteger(a[1]) &&
        (a[0] as number) >= 10 &&
        (a[0] as number) <= 4000 &&
        (a[1] as number) >= 10 &&
        (a[1] as number) <= 4000
        ? { kind, width: a[0] as number, height: a[1] as number }
        : null;
    case "title":
      return typeof a[0] === "string" ? { kind, text: a[0].slice(0, 200) } : null;
    case "clear":
      return isId(a[0]) ? { kind, t: a[0] } : null;
    case "clearscreen":
      return { kind };
    default:
      return null;
  }
}

/** The commands of one line the harness wrote (a JSON list of commands); bad ones are dropped. */
export function parseDrawingLine(line: string): DrawCommand[] {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  const out: DrawCommand[] = [];
  for (const item of raw.slice(0, MAX_DRAW_COMMANDS)) {
    const command = toCommand(item);
    if (command) out.push(command);
  }
  return out;
}

/** How long the page takes to animate a command (0: at once). */
export function commandMs(command: DrawCommand): number {
  return command.kind === "line" || command.kind === "move" || command.kind === "turn" ? command.ms : 0;
}

/** What is on the screen once the commands are drawn: counts for the text alternative. */
export function drawingCounts(commands: readonly DrawCommand[]) {
  const counts = { lines: 0, fills: 0, dots: 0, texts: 0, stamps: 0 };
  for (const c of commands) {
    if (c.kind === "line") counts.lines++;
    else if (c.kind === "fill") counts.fills++;
    else if (c.kind === "dot") counts.dots++;
    else if (c.kind === "text") counts.texts++;
    else if (c.kind === "stamp") counts.stamps++;
    else if (c.kind === "clearscreen")
      Object.assign(counts, { lines: 0, fills: 0, dots: 0, texts: 0, stamps: 0 });
  }
  return counts;
}

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString("en-GB")} ${n === 1 ? one : many}`;

/** "Turtle drawing: 8 lines, 1 filled shape, 2 dots, 1 piece of text" (a canvas's text alternative). */
export function describeDrawing(commands: readonly DrawCommand[]): string {
  const c = drawingCounts(commands);
  const parts = [plural(c.lines, "line")];
  if (c.fills) parts.push(plural(c.fills, "filled shape"));
  if (c.dots) parts.push(plural(c.dots, "dot"));
  if (c.stamps) parts.push(plural(c.stamps, "stamp"));
  if (c.texts) parts.push(plural(c.texts, "piece of text", "pieces of text"));
  const words = commands.filter((x) => x.kind === "text").map((x) => (x as { text: string }).text);
  const said =
    words.length > 0 && words.length <= 5
      ? ` saying ${words.map((w) => `“${w.slice(0, 40)}”`).join(", ")}`
      : "";
  return `Turtle drawing: ${parts.join(", ")}${said}`;
}
