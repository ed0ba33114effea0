// The code at two points of a replay, line by line: what went and what came between them (the
// project's one LCS line diff, shared/grading/diff.ts, through codeDiff). The first
// DIFF_LINE_LIMIT lines of each side are compared, so a huge program stays quick.
import { DiffBox, type DiffMark } from "@/client/components/code/diff-box.tsx";
import { type CodeDiffLine, codeDiff } from "@/shared/domain/replay.ts";
import { DIFF_LINE_LIMIT, headLines } from "@/shared/grading/diff.ts";

const MARK: Record<CodeDiffLine["kind"], DiffMark> = { added: "+", removed: "−", same: " " };

export function CodeDiff({ before, after, label }: { before: string; after: string; label: string }) {
  const a = headLines(before, DIFF_LINE_LIMIT);
  const b = headLines(after, DIFF_LINE_LIMIT);
  const lines = codeDiff(a.head, b.head);
  const added = lines.filter((l) => l.kind === "added").length;
  const removed = lines.filter((l) => l.kind === "removed").length;
  return (
    <div>
      <p className="text-sm text-slate-700" data-testid="replay-diff-summary">
        {added + removed === 0
          ? "No lines changed between these two points."
          : `${added} ${added === 1 ? "line" : "lines"} added, ${removed} removed.`}
      </p>
      <DiffBox
        label={label}
        lines={lines.map((l) => ({ mark: MARK[l.kind], text: l.text }))}
        spoken={{ "+": "added: ", "−": "removed: " }}
        testId="replay-diff"
        className="mt-2 max-h-96"
        notes={[
          (a.total > DIFF_LINE_LIMIT || b.total > DIFF_LINE_LIMIT) &&
            `Only the first ${DIFF_LINE_LIMIT} lines of each are compared.`,
          "Green lines (+) were added after the earlier point; red lines (−) were there and went.",
        ]}
      />
    </div>
  );
}
