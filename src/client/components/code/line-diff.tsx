// Expected output against the student's, line by line: the one diff view of every workspace.
// Only the first DIFF_LINE_LIMIT lines of each side are compared, so a huge output stays quick.
import { lineCount } from "@/shared/domain/failure-tips.ts";
import { DIFF_LINE_LIMIT, type DiffLine, diffLines, headLines } from "@/shared/grading/diff.ts";
import { DiffBox, type DiffMark } from "./diff-box.tsx";

const MARK: Record<DiffLine["kind"], DiffMark> = { expected: "+", actual: "−", same: " " };

export function LineDiff({ expected, actual }: { expected: string; actual: string }) {
  const want = headLines(expected, DIFF_LINE_LIMIT);
  const got = headLines(actual, DIFF_LINE_LIMIT);
  const clipped = want.total > DIFF_LINE_LIMIT || got.total > DIFF_LINE_LIMIT;
  return (
    <div>
      <h5 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Differences</h5>
      <DiffBox
        label="Differences"
        lines={diffLines(want.head, got.head).map((l) => ({ mark: MARK[l.kind], text: l.text }))}
        spoken={{ "+": "expected: ", "−": "yours: " }}
        testId="line-diff"
        className="mt-1 max-h-48"
        notes={[
          clipped && `Only the first ${lineCount(DIFF_LINE_LIMIT)} of each output are compared.`,
          "Green lines (+) were expected; red lines (−) are what your program printed instead.",
        ]}
      />
    </div>
  );
}
