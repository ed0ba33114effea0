// Grading with line comments (issue 20): a final submission's code where the class's teacher
// comments on any line; the author edits (a small dialog) or deletes (asked first) their own.
// The student sees them beside their code in the workspace and under the hand-in.

import type { UseMutationResult } from "@tanstack/react-query";
import { useState } from "react";
import { useCommentMutations, useWorkComments } from "@/client/api/comments.ts";
import { useMe } from "@/client/api/me.ts";
import { Button } from "@/client/components/ui/button.tsx";
import { ConfirmDialog } from "@/client/components/ui/confirm-dialog.tsx";
import { Dialog } from "@/client/components/ui/dialog.tsx";
import { TextAreaField } from "@/client/components/ui/field.tsx";
import { ApiError } from "@/client/lib/api.ts";
import { formatDateTime } from "@/client/lib/format.ts";
import type { Submission } from "@/shared/api/assignments.ts";
import { COMMENT_LIMITS, type CodeComment } from "@/shared/api/comments.ts";
import { CommentableCode } from "./commentable-code.tsx";

/** The code of a final submission with its line comments; other submissions show their code as before. */
export function SubmissionCodeWithComments({
  submission: s,
  label,
}: {
  submission: Submission;
  label: string;
}) {
  const me = useMe().data;
  const all = useWorkComments(s.assignmentId, s.userId).data ?? [];
  const comments = all.filter((c) => c.submissionId === s.id);
  const { add, edit, remove } = useCommentMutations(s.assignmentId, s.userId);
  const [editing, setEditing] = useState<CodeComment | null>(null);
  const [deleting, setDeleting] = useState<CodeComment | null>(null);

  return (
    <div className="space-y-2">
      <CommentableCode
        code={s.code}
        label={label}
        comments={comments.map((c) => ({
          key: c.id,
          line: c.line,
          body: c.body,
          note: `${c.authorName} · ${formatDateTime(c.updatedAt)}`,
          actions:
            me?.id === c.authorId ? (
              <>
                <button type="button" className="underline" onClick={() => setEditing(c)}>
                  Edit<span className="sr-only"> comment on line {c.line}</span>
                </button>
                <button type="button" className="underline" onClick={() => setDeleting(c)}>
                  Delete<span className="sr-only"> comment on line {c.line}</span>
                </button>
              </>
            ) : undefined,
        }))}
        onComment={async (line, body) => {
          try {
            await add.mutateAsync({ submissionId: s.id, body: { line, body } });
          } catch (e) {
            throw new Error(e instanceof ApiError ? e.message : "The comment could not be saved.");
          }
        }}
      />
      <p className="text-xs text-slate-600">
        {comments.length === 0
          ? "No line comments yet: use the speech-bubble button on a line."
          : comments.length === 1
            ? "1 line comment. The student sees it beside their code."
            : `${comments.length} line comments. The student sees them beside their code.`}
      </p>
      {editing && <EditCommentDialog comment={editing} edit={edit} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this comment?"
        description={deleting ? `Line ${deleting.line}: ${deleting.body}` : undefined}
        confirmLabel="Delete comment"
        onConfirm={() => deleting && remove.mutateAsync(deleting.id).then(() => setDeleting(null))}
      />
    </div>
  );
}

function EditCommentDialog({
  comment,
  edit,
  onClose,
}: {
  comment: CodeComment;
  edit: UseMutationResult<CodeComment, Error, { id: string; body: string }>;
  onClose: () => void;
}) {
  const [body, setBody] = useState(comment.body);
  const [error, setError] = useState<string | null>(null);
  async function save(e: React.FormEvent) {
    e.preventDefault();
    if (body.trim() === "") return setError("Write a comment.");
    try {
      await edit.mutateAsync({ id: comment.id, body: body.trim() });
      onClose();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : "The comment could not be saved.");
    }
  }
  return (
    <Dialog
      open
      onOpenChange={(next) => !next && onClose()}
      title={`Edit the comment on line ${comment.line}`}
      dirty={body !== comment.body}
    >
      <form onSubmit={save} className="space-y-4">
        <TextAreaField
          label="Comment"
          error={error}
          rows={3}
          maxLength={COMMENT_LIMITS.bodyChars}
          value={body}
          onChange={(e) => setBody(e.target.value)}
        />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={edit.isPending}>
            Save comment
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
