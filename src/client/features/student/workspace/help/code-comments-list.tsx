// The teacher's comments on lines of the student's code, listed under the editor (the gutter's
// 💬 only points at them): the line number, the line as it read when the comment was written, and
// whether it still reads that way in the code now.
import { MessageSquareText } from "lucide-react";
import type { CodeComment } from "@/shared/api/comments.ts";

export function CodeCommentsList({
  comments,
  code,
  title = "Comments on your code",
}: {
  comments: CodeComment[];
  /** The code now (the editor's), to say when a commented line has changed since. */
  code: string | null;
  title?: string;
}) {
  if (comments.length === 0) return null;
  const lines = code?.split("\n") ?? null;
  return (
    <section aria-label={title} className="rounded-lg border border-blue-200 bg-blue-50 p-4 text-sm">
      <h3 className="flex items-center gap-2 font-semibold text-blue-950">
        <MessageSquareText className="size-4" aria-hidden /> {title}
      </h3>
      <ul className="mt-2 space-y-2" data-testid="code-comments">
        {comments.map((c) => {
          const changed = lines !== null && lines[c.line - 1] !== c.lineText;
          return (
            <li key={c.id} className="rounded border border-blue-100 bg-white p-2" data-line={c.line}>
              <p className="text-xs text-slate-600">
                <span className="font-medium text-slate-800">Line {c.line}</span>
                {changed && " (this line has changed since)"}
              </p>
              {c.lineText.trim() !== "" && (
                <pre className="mt-1 overflow-x-auto rounded bg-slate-100 px-2 py-1 font-mono text-xs text-slate-800">
                  {c.lineText}
                </pre>
              )}
              <p className="mt-1 whitespace-pre-wrap text-slate-900">{c.body}</p>
              <p className="mt-1 text-xs text-slate-600">{c.authorName}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
