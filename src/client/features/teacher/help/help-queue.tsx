// The class's help queue (issue 20): raised hands oldest first with how long each has waited, then
// those answered but not yet resolved. Answer opens the attached code, where the teacher comments
// on lines and/or writes a message; Resolved takes a request off the queue. Mounted on the help
// page and meant for the live lesson page too; the class's live stream keeps it fresh.
import { Hand } from "lucide-react";
import { useState } from "react";
import { useAnswerMutations, useHelpQueue } from "@/client/api/help.ts";
import { Alert } from "@/client/components/ui/alert.tsx";
import { Badge } from "@/client/components/ui/badge.tsx";
import { Button } from "@/client/components/ui/button.tsx";
import { Dialog } from "@/client/components/ui/dialog.tsx";
import { TextAreaField } from "@/client/components/ui/field.tsx";
import { QueryError } from "@/client/components/ui/query-error.tsx";
import { SkeletonList } from "@/client/components/ui/skeleton.tsx";
import { ApiError } from "@/client/lib/api.ts";
import type { NewLineComment } from "@/shared/api/comments.ts";
import { HELP_LIMITS, type HelpRequest, waitingText } from "@/shared/api/help.ts";
import { CommentableCode } from "./commentable-code.tsx";

export function HelpQueuePanel({ classId, headingLevel = 2 }: { classId: string; headingLevel?: 2 | 3 }) {
  const queue = useHelpQueue(classId);
  const [answering, setAnswering] = useState<HelpRequest | null>(null);
  const { resolve } = useAnswerMutations(classId);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const open = queue.data?.requests.filter((r) => r.status === "open").length ?? 0;

  return (
    <section aria-labelledby="help-queue-heading" className="space-y-3" data-testid="help-queue">
      <div className="flex flex-wrap items-center gap-3">
        <Heading id="help-queue-heading" className="text-lg font-semibold">
          Help queue
        </Heading>
        {queue.data && (
          <span className="text-sm text-slate-700" aria-live="polite">
            {open === 0 ? "No raised hands." : open === 1 ? "1 raised hand" : `${open} raised hands`}
          </span>
        )}
      </div>
      {queue.isPending ? (
        <SkeletonList rows={2} className="h-20" />
      ) : queue.isError ? (
        <QueryError what="the help queue" error={queue.error} onRetry={() => queue.refetch()} />
      ) : queue.data.requests.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-700">
          When a student presses "I'm stuck", their question and code appear here.
        </p>
      ) : (
        <ol className="space-y-2">
          {queue.data.requests.map((r) => (
            <li
              key={r.id}
              className="flex flex-wrap items-start gap-3 rounded-xl border border-slate-200 bg-white p-4"
              data-testid="help-request"
            >
              <Hand className="mt-0.5 size-5 text-slate-500" aria-hidden />
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold text-slate-900">{r.studentName}</span>
                  <span className="text-sm text-slate-600">{r.assignmentName}</span>
                  {r.status === "open" ? (
                    <Badge tone="yellow">
                      {r.waitingMinutes < 1 ? "Just raised" : `Waiting ${waitingText(r.waitingMinutes)}`}
                    </Badge>
                  ) : (
                    <Badge tone="green">Answered</Badge>
                  )}
                </p>
                <p className="mt-1 text-sm whitespace-pre-wrap text-slate-800">
                  {r.question ? (
                    `“${r.question}”`
                  ) : (
                    <span className="text-slate-600">No question: just the code.</span>
                  )}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button size="sm" onClick={() => setAnswering(r)} aria-label={`Answer ${r.studentName}`}>
                  Answer
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  busy={resolve.isPending && resolve.variables === r.id}
                  onClick={() => resolve.mutate(r.id)}
                  aria-label={`Mark ${r.studentName}'s request resolved`}
                >
                  Resolved
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {resolve.isError && <Alert tone="error">{resolve.error.message}</Alert>}
      {answering && <AnswerDialog classId={classId} request={answering} onClose={() => setAnswering(null)} />}
    </section>
  );
}

function AnswerDialog({
  classId,
  request,
  onClose,
}: {
  classId: string;
  request: HelpRequest;
  onClose: () => void;
}) {
  const { answer } = useAnswerMutations(classId);
  const [message, setMessage] = useState("");
  const [drafts, setDrafts] = useState<(NewLineComment & { key: number })[]>([]);
  const [error, setError] = useState<string | null>(null);
  const dirty = message.trim() !== "" || drafts.length > 0;

  async function send() {
    if (!dirty) return setError("Write a message or a comment on a line.");
    setError(null);
    try {
      await answer.mutateAsync({
        id: request.id,
        body: { message: message.trim(), comments: drafts.map(({ line, body }) => ({ line, body })) },
      });
      onClose();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : "The answer could not be sent. Please try again.");
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(next) => !next && onClose()}
      title={`Answer ${request.studentName}`}
      description={request.question ? `“${request.question}”` : "No question: just the code."}
      wide
      dirty={dirty}
    >
      {/* Not a form: each line's comment form sits inside, and forms do not nest. */}
      <div className="space-y-4">
        <p className="text-sm text-slate-700">
          {request.assignmentName}: their code when they asked. Use the speech-bubble button on a line to
          comment on it.
        </p>
        <CommentableCode
          code={request.code}
          label={`${request.studentName}'s code`}
          addLabel="Add to answer"
          comments={[
            ...request.comments.map((c) => ({ key: c.id, line: c.line, body: c.body, note: "Sent" })),
            ...drafts.map((d) => ({
              key: `draft-${d.key}`,
              line: d.line,
              body: d.body,
              note: "Not sent yet",
              actions: (
                <button
                  type="button"
                  className="underline"
                  onClick={() => setDrafts((all) => all.filter((x) => x.key !== d.key))}
                >
                  Remove
                </button>
              ),
            })),
          ]}
          onComment={(line, body) =>
            setDrafts((all) => [...all, { line, body, key: Date.now() + all.length }])
          }
        />
        <TextAreaField
          label="Message (optional)"
          rows={3}
          maxLength={HELP_LIMITS.answerChars}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
        />
        {error && <Alert tone="error">{error}</Alert>}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={send} busy={answer.isPending}>
            Send answer
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
