// Two hand-ins side by side with the stretches they share. A shared line is marked three ways, so
// colour is never the only sign: a tinted background, a bar and the fragment's number beside the
// line number ("F2"), and a list of every fragment with its lines in both programs.
import { useId } from "react";
import { useSimilarityPair } from "@/client/api/similarity.ts";
import { Card } from "@/client/components/ui/card.tsx";
import { Loading } from "@/client/components/ui/loading.tsx";
import { QueryError } from "@/client/components/ui/query-error.tsx";
import { TableScroll } from "@/client/components/ui/table.tsx";
import type { SharedFragment, SimilarityPairDetail } from "@/shared/api/similarity.ts";
import { fragmentLines, lineSpan, percent, studentLabel } from "./similarity-view.ts";

export function PairView({
  assignmentId,
  left,
  right,
}: {
  assignmentId: string;
  left: string;
  right: string;
}) {
  const pair = useSimilarityPair(assignmentId, left, right);
  const headingId = useId();
  return (
    <Card className="p-4" data-testid="similarity-side-by-side">
      <section aria-labelledby={headingId}>
        {pair.isPending ? (
          <>
            <h2 id={headingId} className="text-lg font-semibold text-slate-900">
              Side by side
            </h2>
            <Loading text="Finding the shared code..." />
          </>
        ) : pair.isError ? (
          <>
            <h2 id={headingId} className="text-lg font-semibold text-slate-900">
              Side by side
            </h2>
            <QueryError what="the two programs" error={pair.error} onRetry={() => pair.refetch()} />
          </>
        ) : (
          <PairDetail pair={pair.data} headingId={headingId} />
        )}
      </section>
    </Card>
  );
}

function PairDetail({ pair, headingId }: { pair: SimilarityPairDetail; headingId: string }) {
  const { left, right, fragments } = pair;
  return (
    <div className="space-y-4">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {left.name} and {right.name}: {percent(pair.similarity)} similar
      </h2>
      {fragments.length === 0 ? (
        <p className="text-sm text-slate-700">These two programs share no code beyond the starter code.</p>
      ) : (
        <div>
          <h3 className="text-sm font-medium text-slate-800">Shared fragments</h3>
          <ol className="mt-1 space-y-0.5 text-sm text-slate-700" data-testid="similarity-fragments">
            {fragments.map((f, i) => (
              <li key={`${f.left.startLine}-${f.right.startLine}-${i}`}>
                F{i + 1}: {left.name}'s {lineSpan(f.left.startLine, f.left.endLine)}, {right.name}'s{" "}
                {lineSpan(f.right.startLine, f.right.endLine)}
              </li>
            ))}
          </ol>
        </div>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        <CodeColumn title={studentLabel(left)} code={left.code} fragments={fragments} side="left" />
        <CodeColumn title={studentLabel(right)} code={right.code} fragments={fragments} side="right" />
      </div>
    </div>
  );
}

function CodeColumn({
  title,
  code,
  fragments,
  side,
}: {
  title: string;
  code: string;
  fragments: readonly SharedFragment[];
  side: "left" | "right";
}) {
  const marks = fragmentLines(fragments, side);
  const lines = code.split("\n");
  if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  const sharedCount = marks.size;
  return (
    <figure className="min-w-0">
      <figcaption className="mb-1 text-sm font-medium text-slate-800">
        {title}{" "}
        <span className="font-normal text-slate-600">
          ({sharedCount} of {lines.length} lines shared)
        </span>
      </figcaption>
      <TableScroll
        label={`${title}'s program`}
        className="max-h-[32rem] overflow-auto border border-slate-200"
      >
        <pre
          className="min-w-max py-2 font-mono text-xs leading-5 text-slate-900"
          data-testid={`similarity-code-${side}`}
        >
          {lines.map((text, i) => {
            const line = i + 1;
            const inFragments = marks.get(line);
            const label = inFragments ? inFragments.map((n) => `F${n}`).join(" ") : "";
            return (
              <div
                // Lines never move: the index is the line.
                key={i}
                className={`flex ${inFragments ? "border-l-4 border-amber-500 bg-amber-50" : "border-l-4 border-transparent"}`}
                data-shared={inFragments ? "true" : undefined}
              >
                <span className="w-10 shrink-0 select-none pr-2 text-right text-slate-500">{line}</span>
                <span className="min-w-14 shrink-0 select-none pr-3 whitespace-nowrap text-amber-900">
                  {label && (
                    <>
                      <span aria-hidden>{label}</span>
                      <span className="sr-only">shared, fragment {inFragments?.join(", ")}:</span>
                    </>
                  )}
                </span>
                <code className="pr-4 whitespace-pre">{text || " "}</code>
              </div>
            );
          })}
        </pre>
      </TableScroll>
    </figure>
  );
}
