// "I'm stuck" in the assignment workspace (issue 20; assignments only: exercises from the library
// have no class teacher to ask). The button opens a small dialog with an optional question; the
// code in the editor is attached. While it waits: "Waiting for your teacher (3 min)" and a
// one-click Withdraw. The answer (a message, comments on lines) appears at once: the workspace's
// own live stream re-reads it, and while that stream is down an open request is asked about every 5 s.
import { Hand, MessageSquareText } from "lucide-react";
import { useEffect, useState } from "react";
import { useHelpMutations, useMyHelpRequest, useStudentStream } from "@/client/api/help.ts";
import { Alert } from "@/client/components/ui/alert.tsx";
import { Button } from "@/client/components/ui/button.tsx";
import { Dialog } from "@/client/components/ui/dialog.tsx";
import { TextAreaField } from "@/client/components/ui/field.tsx";
import { ApiError } from "@/client/lib/api.ts";
import { HELP_LIMITS, type HelpRequest, waitingText } from "@/shared/api/help.ts";

/** Whole minutes since `iso`, moving with the clock (every 15 s). */
function useMinutesSince(iso: string | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!iso) return;
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, [iso]);
  return iso ? Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000)) : 0;
}

/** The student's help request on this assignment (open or answered), kept fresh; null when none. */
export function useHelpRequest(assignmentId: string): HelpRequest | null {
  const live = useStudentStream();
  return useMyHelpRequest(assignmentId, !live).data?.request ?? null;
}

export function HelpCorner({
  assignmentId,
  request,
  code,
}: {
  assignmentId: string;
  request: HelpRequest | null;
  /** The code in the editor now: attached when the hand goes up. */
  code: () => string;
}) {
  const { raise, withdraw } = useHelpMutations(assignmentId);
  const [open, setOpen] = useState(false);
  const [question, setQuestion] = useState("");
  const [error, setError] = useState<string | null>(null);
  const waited = useMinutesSince(request?.status === "open" ? request.createdAt : null);

  async function ask(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      await raise.mutateAsync({ question: question.trim(), code: code() });
      setOpen(false);
      setQuestion("");
    } catch (err) {
      setError(err instanceof ApiError ? err.message : "Your question could not be sent. Please try again.");
    }
  }

  if (request?.status === "open") {
    return (
      <div
        className="flex flex-wrap items-center gap-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
        data-testid="help-waiting"
      >
        <Hand className="size-4" aria-hidden />
        <span role="status">Waiting for your teacher ({waitingText(waited)})</span>
        {request.question && <span className="text-amber-900">“{request.question}”</span>}
        <Button
          size="sm"
          variant="secondary"
          busy={withdraw.isPending}
          onClick={() => withdraw.mutate()}
          className="ml-auto"
        >
          Withdraw
        </Button>
        {withdraw.isError && (
          <span className="w-full text-red-800">Your question could not be withdrawn. Please try again.</span>
        )}
      </div>
    );
  }

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <Hand className="size-4" aria-hidden /> I'm stuck
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setError(null);
        }}
        title="Ask your teacher for help"
        description="Your teacher sees your code as it is now. Add a short question if you like."
        dirty={question.trim() !== ""}
      >
        <form onSubmit={ask} className="space-y-4">
          <TextAreaField
            label="Your question (optional)"
            hint={`Up to ${HELP_LIMITS.questionChars} characters.`}
            rows={3}
            maxLength={HELP_LIMITS.questionChars}
            value={question}
            onChange={(e) => setQuestion(e.target.value)}
          />
          {error && <Alert tone="error">{error}</Alert>}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" busy={raise.isPending}>
              Ask for help
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}

/** The teacher's answer to the student's request: their message (comments are listed with the code). */
export function HelpAnswer({ request }: { request: HelpRequest | null }) {
  if (!request?.answeredAt) return null;
  return (
    <section
      aria-label="Your teacher's answer"
      className="rounded-lg border border-green-200 bg-green-50 p-4 text-sm text-green-950"
      data-testid="help-answer"
    >
      <h3 className="flex items-center gap-2 font-semibold">
        <MessageSquareText className="size-4" aria-hidden /> Your teacher answered
      </h3>
      {request.question && <p className="mt-1 text-green-900">You asked: “{request.question}”</p>}
      {request.answer && <p className="mt-2 whitespace-pre-wrap">{request.answer}</p>}
      {request.comments.length > 0 && (
        <p className="mt-2 text-green-900">
          {request.comments.length === 1
            ? "There is a comment on a line of your code, below the editor."
            : `There are ${request.comments.length} comments on lines of your code, below the editor.`}
        </p>
      )}
    </section>
  );
}
