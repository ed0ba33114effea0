// What the similarity page works out from the server's report (pure, tested beside).
import type { SharedFragment, SimilarityReport, SimilarityStudent } from "@/shared/api/similarity.ts";

/** 0.9234 → "92%". */
export const percent = (x: number) => `${Math.round(x * 100)}%`;

/**
 * The lowest the slider goes, in whole percent: the floor, or, when the server sent only the most
 * similar pairs, the lowest of those (below it the list would be missing pairs).
 */
export function sliderMinimum(report: Pick<SimilarityReport, "floor" | "pairs" | "pairsAboveFloor">): number {
  const floor = Math.round(report.floor * 100);
  if (report.pairsAboveFloor <= report.pairs.length || report.pairs.length === 0) return floor;
  const lowest = report.pairs[report.pairs.length - 1].similarity;
  return Math.max(floor, Math.ceil(lowest * 100));
}

/**
 * For each line of one side (1-based), the numbers (from 1) of the shared fragments covering it;
 * a line not in any fragment is absent.
 */
export function fragmentLines(
  fragments: readonly SharedFragment[],
  side: "left" | "right",
): Map<number, number[]> {
  const lines = new Map<number, number[]>();
  fragments.forEach((f, i) => {
    const range = f[side];
    for (let line = range.startLine; line <= range.endLine; line++) {
      const list = lines.get(line) ?? [];
      if (list.length === 0) lines.set(line, list);
      list.push(i + 1);
    }
  });
  return lines;
}

/** "line 4" or "lines 4–12". */
export const lineSpan = (start: number, end: number) =>
  start === end ? `line ${start}` : `lines ${start}–${end}`;

/** "Ada, Ben and Cara". */
export function nameList(names: readonly string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** A student's name as the report shows it, with "(left the class)" for a leaver (decision 036). */
export const studentLabel = (s: Pick<SimilarityStudent, "name" | "leftClass">) =>
  s.leftClass ? `${s.name} (left the class)` : s.name;
