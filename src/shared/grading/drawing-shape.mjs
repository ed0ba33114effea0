// @ts-check
// A drawing test (decision 064): what a turtle drawing IS, for comparing one with a model
// answer's. The recorded commands (turtle.py, as JSON lines on the drawing device) become a small
// normalised "shape": the lines left on the screen once clears are applied, with lines that
// continue one another in a straight line merged (forward(50) twice is forward(100)), each line's
// ends in a fixed order, rounded to 0.1 px and sorted; and the filled shapes as polygons
// (duplicate and in-between corners dropped, anticlockwise, starting at their lowest corner).
// Two shapes match when every line and fill of one has a partner in the other within TOLERANCE,
// in the same colour, whatever the order they were drawn in; pen width, dots, stamps and text are
// not compared. Also the words that say what differs, for the student and for a screen reader.
// Plain JavaScript with JSDoc: the grader's interpreter worker (no TypeScript loader) normalises
// in the sandbox, the browser's worker and the server import the same file.

/** Endpoints and corners closer than this (px) are the same. */
export const DRAWING_TOLERANCE = 0.5;
/** Lines plus filled shapes a compared drawing may hold (after merging); more is "too big". */
export const MAX_SHAPES = 5_000;
/** Corners of all filled shapes together. */
export const MAX_FILL_POINTS = 20_000;
/** turtle.py's cap on commands per run. */
const MAX_COMMANDS = 100_000;
const MAX_COORD = 1e7;
/** How far (px) a line may stray from another's to continue it. */
const COLLINEAR_PX = 0.05;
/** How far (px) any end of a merged group may lie from the merged line. */
const MERGE_SLACK_PX = 0.25;
/** Corner comparisons allowed when matching filled shapes (a hostile polygon stays cheap). */
const FILL_CHECK_BUDGET = 5_000_000;

/**
 * @typedef {[number, number, number, number, string, number]} Segment
 *   x1, y1, x2, y2 (the first end is the smaller x, then y), colour "#rrggbb", pen width
 * @typedef {{ colour: string, points: number[] }} Fill  corners as x, y, x, y, …
 * @typedef {{ segments: Segment[], fills: Fill[], corner: number | null, width: number,
 *   height: number, tooBig: boolean, lines: number, fillCount: number }} DrawingShape
 *   `corner`: the turn the drawing makes most often between lines that join (degrees, left
 *   positive); `width`/`height`: the screen; `lines`/`fillCount`: counts, also when too big
 * @typedef {{ matches: boolean, summary: string, missingLines: number, extraLines: number,
 *   recolouredLines: number, missingFills: number, extraFills: number }} DrawingComparison
 */

const isNum = (/** @type {unknown} */ v) =>
  typeof v === "number" && Number.isFinite(v) && Math.abs(v) <= MAX_COORD;
const isColour = (/** @type {unknown} */ v) => typeof v === "string" && /^#[0-9a-f]{6}$/.test(v);
const isId = (/** @type {unknown} */ v) => Number.isInteger(v) && /** @type {number} */ (v) >= 0;
/** Rounded to 0.1 px, never -0. */
const r1 = (/** @type {number} */ v) => Math.round(v * 10) / 10 || 0;

/** An empty drawing on the standard screen. @returns {DrawingShape} */
export function emptyDrawing() {
  return {
    segments: [],
    fills: [],
    corner: null,
    width: 640,
    height: 480,
    tooBig: false,
    lines: 0,
    fillCount: 0,
  };
}

/**
 * The shape of what a run drew. `lines` are the drawing device's lines as the console kept them
 * (JSON lists of commands, the program's claim: anything malformed is ignored); `limited`: some
 * were dropped, so the drawing is too big to compare.
 * @param {readonly string[]} lines @param {boolean} [limited]
 * @returns {DrawingShape}
 */
export function drawingShape(lines, limited = false) {
  /** @type {{ t: number, gen: number, epoch: number, x1: number, y1: number, x2: number, y2: number, colour: string, width: number }[]} */
  const raw = [];
  /** @type {{ t: number, gen: number, epoch: number, colour: string, points: number[] }[]} */
  const rawFills = [];
  /** Each turtle's clear() count and the clearscreen() count: what was drawn before is gone. */
  /** @type {Map<number, number>} */
  const gens = new Map();
  let epoch = 0;
  let width = 640;
  let height = 480;
  let seen = 0;
  for (const line of lines) {
    let batch;
    try {
      batch = JSON.parse(line);
    } catch {
      continue;
    }
    if (!Array.isArray(batch)) continue;
    for (const c of batch) {
      if (++seen > MAX_COMMANDS) break;
      if (!Array.isArray(c)) continue;
      const [kind, t] = c;
      if (kind === "line") {
        const [, , x1, y1, x2, y2, colour, w] = c;
        if (!isId(t) || ![x1, y1, x2, y2, w].every(isNum) || !isColour(colour)) continue;
        raw.push({
          t,
          gen: gens.get(t) ?? 0,
          epoch,
          x1,
          y1,
          x2,
          y2,
          colour,
          width: Math.max(0, Math.min(w, 1000)),
        });
      } else if (kind === "fill") {
        const [, , flat, colour] = c;
        if (!isId(t) || !isColour(colour) || !Array.isArray(flat) || flat.length % 2 !== 0) continue;
        if (flat.length > 2 * MAX_COMMANDS || !flat.every(isNum)) continue;
        rawFills.push({ t, gen: gens.get(t) ?? 0, epoch, colour, points: flat });
      } else if (kind === "clear" && isId(t)) {
        gens.set(t, (gens.get(t) ?? 0) + 1);
      } else if (kind === "clearscreen") {
        epoch++;
      } else if (kind === "size") {
        const [, w, h] = c;
        if (Number.isInteger(w) && Number.isInteger(h) && w >= 10 && w <= 4000 && h >= 10 && h <= 4000) {
          width = w;
          height = h;
        }
      }
    }
  }
  const shown = (/** @type {{ t: number, gen: number, epoch: number }} */ x) =>
    x.epoch === epoch && x.gen === (gens.get(x.t) ?? 0);
  const kept = raw.filter((s) => shown(s) && (s.x1 !== s.x2 || s.y1 !== s.y2));
  const corner = commonCorner(kept);
  const segments = mergeSegments(kept);
  const fills = [];
  let fillPoints = 0;
  for (const f of rawFills) {
    if (!shown(f)) continue;
    const points = normalPolygon(f.points);
    if (!points) continue;
    fills.push({ colour: f.colour, points });
    fillPoints += points.length / 2;
  }
  fills.sort(
    (a, b) => compareNumbers(a.points, b.points) || (a.colour < b.colour ? -1 : a.colour > b.colour ? 1 : 0),
  );
  const shape = {
    segments,
    fills,
    corner,
    width,
    height,
    tooBig: false,
    lines: segments.length,
    fillCount: fills.length,
  };
  if (limited || segments.length + fills.length > MAX_SHAPES || fillPoints > MAX_FILL_POINTS) {
    return { ...shape, segments: [], fills: [], tooBig: true };
  }
  return shape;
}

/** @param {readonly number[]} a @param {readonly number[]} b */
function compareNumbers(a, b) {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

/**
 * The turn made most often where one line starts at the end of the turtle's previous line
 * (degrees, left positive, whole degrees), or null when lines never join at an angle.
 * @param {readonly { t: number, x1: number, y1: number, x2: number, y2: number }[]} lines
 */
function commonCorner(lines) {
  /** @type {Map<number, { x: number, y: number, angle: number }>} */
  const last = new Map();
  /** @type {Map<number, number>} */
  const counts = new Map();
  for (const s of lines) {
    const angle = (Math.atan2(s.y2 - s.y1, s.x2 - s.x1) * 180) / Math.PI;
    const before = last.get(s.t);
    if (before && before.x === s.x1 && before.y === s.y1) {
      let turn = (angle - before.angle) % 360;
      if (turn > 180) turn -= 360;
      if (turn <= -180) turn += 360;
      const whole = Math.round(turn);
      if (whole !== 0) counts.set(whole, (counts.get(whole) ?? 0) + 1);
    }
    last.set(s.t, { x: s.x2, y: s.y2, angle });
  }
  let best = null;
  let bestCount = 0;
  for (const [turn, n] of counts) {
    if (n > bestCount) {
      best = turn;
      bestCount = n;
    }
  }
  return best;
}

/** Distance of (px, py) from the infinite line through (x1, y1) and (x2, y2). */
function lineDistance(
  /** @type {number[]} */ [x1, y1, x2, y2],
  /** @type {number} */ px,
  /** @type {number} */ py,
) {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const len = Math.hypot(dx, dy);
  return len === 0 ? Math.hypot(px - x1, py - y1) : Math.abs(dx * (py - y1) - dy * (px - x1)) / len;
}

/**
 * Lines of one colour that share an end and continue each other in a straight line become one;
 * then each line's ends are rounded and put in order, and the list sorted.
 * @param {readonly { x1: number, y1: number, x2: number, y2: number, colour: string, width: number }[]} lines
 * @returns {Segment[]}
 */
function mergeSegments(lines) {
  const parent = lines.map((_, i) => i);
  const find = (/** @type {number} */ i) => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
    return i;
  };
  /** @type {Map<string, number[]>} */
  const atPoint = new Map();
  lines.forEach((s, i) => {
    for (const key of [`${s.x1},${s.y1}`, `${s.x2},${s.y2}`]) {
      const list = atPoint.get(key);
      if (list) list.push(i);
      else atPoint.set(key, [i]);
    }
  });
  const direction = (/** @type {number} */ i) => {
    const s = lines[i];
    const a = (Math.atan2(s.y2 - s.y1, s.x2 - s.x1) * 180) / Math.PI;
    return ((a % 180) + 180) % 180;
  };
  const collinear = (/** @type {number} */ i, /** @type {number} */ j) => {
    const a = lines[i];
    const b = lines[j];
    const la = [a.x1, a.y1, a.x2, a.y2];
    const lb = [b.x1, b.y1, b.x2, b.y2];
    return (
      a.colour === b.colour &&
      lineDistance(la, b.x1, b.y1) <= COLLINEAR_PX &&
      lineDistance(la, b.x2, b.y2) <= COLLINEAR_PX &&
      lineDistance(lb, a.x1, a.y1) <= COLLINEAR_PX &&
      lineDistance(lb, a.x2, a.y2) <= COLLINEAR_PX
    );
  };
  for (const list of atPoint.values()) {
    if (list.length < 2) continue;
    // Lines through one point that continue each other lie next to each other in this order.
    const order = list
      .map((i) => ({ i, colour: lines[i].colour, dir: direction(i) }))
      .sort((a, b) => (a.colour < b.colour ? -1 : a.colour > b.colour ? 1 : a.dir - b.dir));
    for (let k = 0; k < order.length; k++) {
      const next = order[(k + 1) % order.length];
      if (next.i !== order[k].i && collinear(order[k].i, next.i)) parent[find(order[k].i)] = find(next.i);
    }
  }
  /** @type {Map<number, number[]>} */
  const groups = new Map();
  lines.forEach((_, i) => {
    const root = find(i);
    const g = groups.get(root);
    if (g) g.push(i);
    else groups.set(root, [i]);
  });
  /** @type {Segment[]} */
  const out = [];
  const push = (
    /** @type {number} */ x1,
    /** @type {number} */ y1,
    /** @type {number} */ x2,
    /** @type {number} */ y2,
    /** @type {string} */ colour,
    /** @type {number} */ width,
  ) => {
    [x1, y1, x2, y2] = [r1(x1), r1(y1), r1(x2), r1(y2)];
    if (x1 === x2 && y1 === y2) return;
    if (x1 > x2 || (x1 === x2 && y1 > y2)) [x1, y1, x2, y2] = [x2, y2, x1, y1];
    out.push([x1, y1, x2, y2, colour, width]);
  };
  for (const members of groups.values()) {
    const merged = members.length > 1 ? mergeGroup(members.map((i) => lines[i])) : null;
    if (merged) push(...merged);
    else
      for (const i of members)
        push(lines[i].x1, lines[i].y1, lines[i].x2, lines[i].y2, lines[i].colour, lines[i].width);
  }
  out.sort(
    (a, b) =>
      a[0] - b[0] || a[1] - b[1] || a[2] - b[2] || a[3] - b[3] || (a[4] < b[4] ? -1 : a[4] > b[4] ? 1 : 0),
  );
  // The same line drawn twice without sharing an end with itself (after rounding): once.
  return out.filter((s, k) => k === 0 || s.some((v, j) => v !== out[k - 1][j]));
}

/**
 * One line covering a group of lines that continue each other, or null when the group bends
 * (many short sides of a huge circle each look straight next to their neighbour).
 * @param {{ x1: number, y1: number, x2: number, y2: number, colour: string, width: number }[]} group
 * @returns {[number, number, number, number, string, number] | null}
 */
function mergeGroup(group) {
  let longest = group[0];
  for (const s of group)
    if (Math.hypot(s.x2 - s.x1, s.y2 - s.y1) > Math.hypot(longest.x2 - longest.x1, longest.y2 - longest.y1))
      longest = s;
  const len = Math.hypot(longest.x2 - longest.x1, longest.y2 - longest.y1);
  const ux = (longest.x2 - longest.x1) / len;
  const uy = (longest.y2 - longest.y1) / len;
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  let width = 0;
  const line = [longest.x1, longest.y1, longest.x2, longest.y2];
  for (const s of group) {
    for (const [x, y] of [
      [s.x1, s.y1],
      [s.x2, s.y2],
    ]) {
      if (lineDistance(line, x, y) > MERGE_SLACK_PX) return null;
      const t = (x - longest.x1) * ux + (y - longest.y1) * uy;
      lo = Math.min(lo, t);
      hi = Math.max(hi, t);
    }
    width = Math.max(width, s.width);
  }
  return [
    longest.x1 + lo * ux,
    longest.y1 + lo * uy,
    longest.x1 + hi * ux,
    longest.y1 + hi * uy,
    longest.colour,
    width,
  ];
}

/**
 * A filled polygon's corners in a fixed form, or null when it covers nothing: rounded, repeated
 * and in-between corners dropped, anticlockwise, starting at the lowest x (then y).
 * @param {readonly number[]} flat
 * @returns {number[] | null}
 */
function normalPolygon(flat) {
  /** @type {[number, number][]} */
  let pts = [];
  for (let i = 0; i < flat.length; i += 2) {
    const p = /** @type {[number, number]} */ ([r1(flat[i]), r1(flat[i + 1])]);
    const prev = pts[pts.length - 1];
    if (!prev || prev[0] !== p[0] || prev[1] !== p[1]) pts.push(p);
  }
  while (pts.length > 1 && pts[0][0] === pts[pts.length - 1][0] && pts[0][1] === pts[pts.length - 1][1])
    pts.pop();
  // Corners where the outline goes straight on (forward(50) twice while filling).
  for (let pass = 0; pass < 5 && pts.length >= 3; pass++) {
    const before = pts;
    pts = before.filter((p, i) => {
      const a = before[(i - 1 + before.length) % before.length];
      const b = before[(i + 1) % before.length];
      const between =
        (p[0] - a[0]) * (b[0] - a[0]) + (p[1] - a[1]) * (b[1] - a[1]) >= 0 &&
        (p[0] - b[0]) * (a[0] - b[0]) + (p[1] - b[1]) * (a[1] - b[1]) >= 0;
      return !(between && lineDistance([a[0], a[1], b[0], b[1]], p[0], p[1]) <= COLLINEAR_PX);
    });
    if (pts.length === before.length) break;
  }
  if (pts.length < 3) return null;
  let area = 0;
  for (let i = 0; i < pts.length; i++) {
    const [x1, y1] = pts[i];
    const [x2, y2] = pts[(i + 1) % pts.length];
    area += x1 * y2 - x2 * y1;
  }
  if (Math.abs(area / 2) < 0.01) return null;
  if (area < 0) pts.reverse();
  let start = 0;
  for (let i = 1; i < pts.length; i++) {
    if (pts[i][0] < pts[start][0] || (pts[i][0] === pts[start][0] && pts[i][1] < pts[start][1])) start = i;
  }
  return [...pts.slice(start), ...pts.slice(0, start)].flat();
}

/**
 * A drawing shape as stored or sent by a host, checked (it is untrusted), or null.
 * @param {unknown} x
 * @returns {DrawingShape | null}
 */
export function readDrawingShape(x) {
  if (typeof x !== "object" || x === null || Array.isArray(x)) return null;
  const d = /** @type {Record<string, unknown>} */ (x);
  const { segments, fills, corner, width, height, tooBig, lines, fillCount } = d;
  if (!Array.isArray(segments) || !Array.isArray(fills) || segments.length + fills.length > MAX_SHAPES)
    return null;
  if (!(corner === null || (isNum(corner) && Math.abs(/** @type {number} */ (corner)) <= 180))) return null;
  const size = (/** @type {unknown} */ v) =>
    Number.isInteger(v) && /** @type {number} */ (v) >= 10 && /** @type {number} */ (v) <= 4000;
  const count = (/** @type {unknown} */ v) =>
    Number.isInteger(v) && /** @type {number} */ (v) >= 0 && /** @type {number} */ (v) <= 10 * MAX_COMMANDS;
  if (!size(width) || !size(height) || typeof tooBig !== "boolean" || !count(lines) || !count(fillCount))
    return null;
  /** @type {Segment[]} */
  const segs = [];
  for (const s of segments) {
    if (!Array.isArray(s) || s.length !== 6 || !s.slice(0, 4).every(isNum) || !isColour(s[4])) return null;
    if (!isNum(s[5]) || s[5] < 0 || s[5] > 1000) return null;
    segs.push([s[0], s[1], s[2], s[3], s[4], s[5]]);
  }
  /** @type {Fill[]} */
  const polys = [];
  let points = 0;
  for (const f of fills) {
    if (typeof f !== "object" || f === null || !isColour(f.colour) || !Array.isArray(f.points)) return null;
    const p = f.points;
    if (p.length < 6 || p.length % 2 !== 0 || !p.every(isNum)) return null;
    points += p.length / 2;
    if (points > MAX_FILL_POINTS) return null;
    polys.push({ colour: f.colour, points: [...p] });
  }
  return {
    segments: segs,
    fills: polys,
    corner: /** @type {number | null} */ (corner),
    width: /** @type {number} */ (width),
    height: /** @type {number} */ (height),
    tooBig,
    lines: /** @type {number} */ (lines),
    fillCount: /** @type {number} */ (fillCount),
  };
}

const near = (
  /** @type {number} */ ax,
  /** @type {number} */ ay,
  /** @type {number} */ bx,
  /** @type {number} */ by,
  /** @type {number} */ tol,
) => Math.hypot(ax - bx, ay - by) <= tol;

/**
 * Pairs items of `expected` with items of `actual` that are the same (within the tolerance),
 * each used once, looking only near the item's key point (a grid of cells one tolerance wide).
 * @template T
 * @param {readonly T[]} expected @param {readonly T[]} actual
 * @param {(item: T) => [number, number]} key @param {(e: T, a: T) => boolean} same
 * @param {number} cell
 * @returns {{ missing: T[], extra: T[] }}
 */
function pair(expected, actual, key, same, cell) {
  /** @type {Map<string, number[]>} */
  const grid = new Map();
  actual.forEach((a, i) => {
    const [x, y] = key(a);
    const k = `${Math.floor(x / cell)},${Math.floor(y / cell)}`;
    const list = grid.get(k);
    if (list) list.push(i);
    else grid.set(k, [i]);
  });
  const used = new Uint8Array(actual.length);
  /** @type {T[]} */
  const missing = [];
  for (const e of expected) {
    const [x, y] = key(e);
    const cx = Math.floor(x / cell);
    const cy = Math.floor(y / cell);
    let found = -1;
    for (let dx = -1; dx <= 1 && found < 0; dx++) {
      for (let dy = -1; dy <= 1 && found < 0; dy++) {
        for (const i of grid.get(`${cx + dx},${cy + dy}`) ?? []) {
          if (!used[i] && same(e, actual[i])) {
            found = i;
            break;
          }
        }
      }
    }
    if (found >= 0) used[found] = 1;
    else missing.push(e);
  }
  return { missing, extra: actual.filter((_, i) => !used[i]) };
}

/**
 * Whether the two drawings match, and in words what differs.
 * @param {DrawingShape} expected @param {DrawingShape} actual @param {number} [tolerance]
 * @returns {DrawingComparison}
 */
export function compareDrawings(expected, actual, tolerance = DRAWING_TOLERANCE) {
  const none = { missingLines: 0, extraLines: 0, recolouredLines: 0, missingFills: 0, extraFills: 0 };
  if (actual.tooBig) {
    return {
      matches: false,
      summary: `Your drawing is too big to compare: it has more than ${MAX_SHAPES.toLocaleString("en-GB")} lines and filled shapes.`,
      ...none,
    };
  }
  const cell = Math.max(tolerance * 2, 1e-6);
  const segKey = (/** @type {Segment} */ s) =>
    /** @type {[number, number]} */ ([(s[0] + s[2]) / 2, (s[1] + s[3]) / 2]);
  const sameLine = (/** @type {Segment} */ e, /** @type {Segment} */ a) =>
    (near(e[0], e[1], a[0], a[1], tolerance) && near(e[2], e[3], a[2], a[3], tolerance)) ||
    (near(e[0], e[1], a[2], a[3], tolerance) && near(e[2], e[3], a[0], a[1], tolerance));
  const lines = pair(
    expected.segments,
    actual.segments,
    segKey,
    (e, a) => e[4] === a[4] && sameLine(e, a),
    cell,
  );
  // Of the lines left over, those in the right place in another colour.
  const recoloured = pair(lines.missing, lines.extra, segKey, sameLine, cell);
  let budget = FILL_CHECK_BUDGET;
  const sameFill = (/** @type {Fill} */ e, /** @type {Fill} */ a) => {
    if (e.colour !== a.colour || e.points.length !== a.points.length) return false;
    const n = e.points.length / 2;
    for (let r = 0; r < n; r++) {
      if (!near(e.points[0], e.points[1], a.points[2 * r], a.points[2 * r + 1], tolerance)) continue;
      let all = true;
      for (let k = 0; k < n && all; k++) {
        if (--budget < 0) return false;
        const j = (r + k) % n;
        all = near(e.points[2 * k], e.points[2 * k + 1], a.points[2 * j], a.points[2 * j + 1], tolerance);
      }
      if (all) return true;
    }
    return false;
  };
  const centre = (/** @type {Fill} */ f) => {
    let x = 0;
    let y = 0;
    for (let i = 0; i < f.points.length; i += 2) {
      x += f.points[i];
      y += f.points[i + 1];
    }
    const n = f.points.length / 2;
    return /** @type {[number, number]} */ ([x / n, y / n]);
  };
  const fills = pair(expected.fills, actual.fills, centre, sameFill, cell);
  const result = {
    missingLines: recoloured.missing.length,
    extraLines: recoloured.extra.length,
    recolouredLines: lines.missing.length - recoloured.missing.length,
    missingFills: fills.missing.length,
    extraFills: fills.extra.length,
  };
  const matches = Object.values(result).every((n) => n === 0);
  return {
    matches,
    summary: matches ? "Your drawing matches the expected drawing." : differences(expected, actual, result),
    ...result,
  };
}

const plural = (/** @type {number} */ n, /** @type {string} */ one, many = `${one}s`) =>
  `${n.toLocaleString("en-GB")} ${n === 1 ? one : many}`;

/** "right 144°" for a turn (left positive). @param {number} turn */
const turnWords = (turn) => `${turn < 0 ? "right" : "left"} ${Math.abs(turn)}°`;

/**
 * @param {DrawingShape} expected @param {DrawingShape} actual
 * @param {Omit<DrawingComparison, "matches" | "summary">} r
 */
function differences(expected, actual, r) {
  /** @type {string[]} */
  const parts = [];
  const differ = r.missingLines + r.extraLines + r.recolouredLines;
  if (differ > 0) {
    const details = [];
    if (r.missingLines)
      details.push(
        `${plural(r.missingLines, "expected line")} ${r.missingLines === 1 ? "is" : "are"} not in yours`,
      );
    if (r.extraLines)
      details.push(
        `${plural(r.extraLines, "line")} of yours ${r.extraLines === 1 ? "is" : "are"} not expected`,
      );
    if (r.recolouredLines)
      details.push(
        `${plural(r.recolouredLines, "line")} ${r.recolouredLines === 1 ? "is" : "are"} in the right place but a different colour`,
      );
    parts.push(
      `Expected ${plural(expected.segments.length, "line")}, yours has ${plural(actual.segments.length, "line")}: ${details.join(", ")}`,
    );
  }
  if (r.missingFills || r.extraFills) {
    const details = [];
    if (r.missingFills)
      details.push(
        `${plural(r.missingFills, "expected filled shape")} ${r.missingFills === 1 ? "is" : "are"} not in yours`,
      );
    if (r.extraFills)
      details.push(
        `${plural(r.extraFills, "filled shape")} of yours ${r.extraFills === 1 ? "is" : "are"} not expected`,
      );
    parts.push(details.join(", "));
  }
  if (expected.corner !== null && actual.corner !== null && expected.corner !== actual.corner) {
    parts.push(
      `yours turns ${turnWords(actual.corner)} at its corners, the expected drawing ${turnWords(expected.corner)}`,
    );
  }
  const text = parts.join("; ");
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** "5 lines, 1 filled shape" (a picture's text alternative). @param {DrawingShape} d */
export function describeShape(d) {
  if (d.tooBig) return `too big to show (${plural(d.lines, "line")}, ${plural(d.fillCount, "filled shape")})`;
  const parts = [plural(d.segments.length, "line")];
  if (d.fills.length) parts.push(plural(d.fills.length, "filled shape"));
  return parts.join(", ");
}
