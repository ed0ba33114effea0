// A line diff of expected against actual output, for the "why did this test fail?" view.
export type DiffLine = { kind: "same" | "expected" | "actual"; text: string };

function lines(text: string): string[] {
  const t = text.replace(/\r\n?/g, "\n").trim();
  return t === "" ? [] : t.split("\n");
}

/** Longest-common-subsequence diff; outputs of GCSE programs are small, O(n·m) is fine. */
export function diffLines(expected: string, actual: string): DiffLine[] {
  const a = lines(expected);
  const b = lines(actual);
  // Beyond this the table would be large; show both sides whole instead.
  if (a.length * b.length > 4_000_000) {
    return [
      ...a.map((text) => ({ kind: "expected" as const, text })),
      ...b.map((text) => ({ kind: "actual" as const, text })),
    ];
  }
  const lcs: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      out.push({ kind: "same", text: a[i] });
      i++;
      j++;
    } else if (lcs[i + 1][j] >= lcs[i][j + 1]) {
      out.push({ kind: "expected", text: a[i++] });
    } else {
      out.push({ kind: "actual", text: b[j++] });
    }
  }
  while (i < a.length) out.push({ kind: "expected", text: a[i++] });
  while (j < b.length) out.push({ kind: "actual", text: b[j++] });
  return out;
}

/**
 * The first `limit` lines of a text and how many lines it has, without splitting all of it: a
 * program may print 100,000 lines and the view shows a few hundred.
 */
export function headLines(text: string, limit: number): { head: string; total: number } {
  const t = text.replace(/\r\n?/g, "\n").replace(/\n+$/, "");
  if (t === "") return { head: "", total: 0 };
  let total = 1;
  let cut = -1;
  for (let i = t.indexOf("\n"); i !== -1; i = t.indexOf("\n", i + 1)) {
    if (total === limit) cut = i;
    total++;
  }
  return { head: cut === -1 ? t : t.slice(0, cut), total };
}

/** The diff compares at most this many lines of each side: enough to find where they part. */
export const DIFF_LINE_LIMIT = 300;

const changedLines = (expected: string, actual: string) =>
  diffLines(expected, actual).filter((l) => l.kind !== "same").length;

/**
 * Teachers may write expected output with or without the prompts and echoed input, so a failed
 * test is shown against whichever form of the program's output is closer to what was expected.
 * After an error the transcript is kept: it ends with the error line.
 */
export function closestOutput(
  expected: string,
  r: { output: string; plainOutput?: string; error: string | null },
): string {
  if (r.error || r.plainOutput === undefined || r.plainOutput === r.output) return r.output;
  return changedLines(expected, r.plainOutput) < changedLines(expected, r.output) ? r.plainOutput : r.output;
}
