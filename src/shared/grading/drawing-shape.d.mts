// Types for drawing-shape.mjs (plain JS so the sandboxed grader host needs no TypeScript loader).
/** x1, y1, x2, y2 (the first end is the smaller x, then y), colour "#rrggbb", pen width. */
export type Segment = [number, number, number, number, string, number];
/** A filled shape: its corners as x, y, x, y, … */
export type Fill = { colour: string; points: number[] };
/** A drawing normalised for comparing (decision 064). */
export type DrawingShape = {
  segments: Segment[];
  fills: Fill[];
  /** The turn made most often between lines that join (degrees, left positive), or null. */
  corner: number | null;
  width: number;
  height: number;
  /** More than MAX_SHAPES lines and fills (then `segments` and `fills` are empty). */
  tooBig: boolean;
  lines: number;
  fillCount: number;
};
export type DrawingComparison = {
  matches: boolean;
  /** What differs, in words (also the pictures' text alternative). */
  summary: string;
  missingLines: number;
  extraLines: number;
  recolouredLines: number;
  missingFills: number;
  extraFills: number;
};
export const DRAWING_TOLERANCE: number;
export const MAX_SHAPES: number;
export const MAX_FILL_POINTS: number;
export function emptyDrawing(): DrawingShape;
export function drawingShape(lines: readonly string[], limited?: boolean): DrawingShape;
export function readDrawingShape(x: unknown): DrawingShape | null;
export function compareDrawings(
  expected: DrawingShape,
  actual: DrawingShape,
  tolerance?: number,
): DrawingComparison;
export function describeShape(d: DrawingShape): string;
