// A student's code, read-only, line by line (the live lesson's LiveCodeView), where the teacher can
// leave a comment on any line: "Comment on line N" opens a small form under that line, and the
// comments on a line are listed under it. Used when answering a help request and while grading.
import { MessageSquarePlus } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Button } from "@/client/components/ui/button.tsx";
import { controlClass } from "@/client/components/ui/field.tsx";
import { LiveCodeView } from "@/client/features/teacher/live/index.ts";
import { COMMENT_LIMITS } from "@/shared/api/comments.ts";

export type ShownComment = { key: string; line: number; body: string; note?: string; actions?: ReactNode };

export function CommentableCode({
  code,
  label,
  comments,
  onComment,
  addLabel = "Add comment",
}: {
  code: string;
  label: string;
  comments: ShownComment[];
  /** Resolves when the comment is kept (throws to keep the form open; `error` says why). */
  onComment: (line: number, body: string) => Promise<void> | void;
  addLabel?: string;
}) {
  const [line, setLine] = useState<number | null>(null);
  const [body, setBody] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function add(e: React.FormEvent) {
    e.preventDefault();
    e.stopPropagation();
    if (line === null || body.trim() === "") return setError("Write a comment.");
    setBusy(true);
    setError(null);
    try {
      await onComment(line, body.trim());
      setLine(null);
      setBody("");
    } catch (err) {
      setError(err instanceof Error ? err.message : "The comment could not be saved.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <LiveCodeView
      code={code}
      label={label}
      lineAction={(n) => (
        <button
          type="button"
          className="mr-1 shrink-0 rounded p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
          aria-label={`Comment on line ${n}`}
          aria-expanded={line === n}
          onClick={() => {
            setLine(line === n ? null : n);
            setError(null);
          }}
        >
          <MessageSquarePlus className="size-4" aria-hidden />
        </button>
      )}
      lineExtra={(n) => {
        const here = comments.filter((c) => c.line === n);
        if (here.length === 0 && line !== n) return null;
        return (
          <div className="space-y-1 py-1 pr-2 pl-12 font-sans">
            {here.map((c) => (
              <div
                key={c.key}
                className="rounded border border-blue-200 bg-blue-50 p-2 text-sm text-slate-900"
              >
                <p className="whitespace-pre-wrap">
                  <span className="sr-only">Comment on line {n}: </span>
                  {c.body}
                </p>
                {(c.note || c.actions) && (
                  <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600">
                    {c.note}
                    {c.actions}
                  </div>
                )}
              </div>
            ))}
            {line === n && (
              <form onSubmit={add} className="space-y-2">
                <label className="block text-xs font-medium text-slate-700" htmlFor={`comment-line-${n}`}>
                  Your comment on line {n}
                </label>
                <textarea
                  id={`comment-line-${n}`}
                  className={controlClass}
                  rows={2}
                  maxLength={COMMENT_LIMITS.bodyChars}
                  value={body}
                  // Opened by the line's own button: type at once.
                  autoFocus
                  onChange={(e) => setBody(e.target.value)}
                />
                {error && <p className="text-xs text-red-800">{error}</p>}
                <div className="flex gap-2">
                  <Button type="submit" size="sm" busy={busy}>
                    {addLabel}
                  </Button>
                  <Button type="button" size="sm" variant="ghost" onClick={() => setLine(null)}>
                    Cancel
                  </Button>
                </div>
              </form>
            )}
          </div>
        );
      }}
    />
  );
}
