// Earlier test runs and submissions, newest first, each with Restore Code; a graded hand-in keeps
// its own grade and notes here, so a later hand-in never hides them.
import { History } from "lucide-react";
import { Badge } from "@/client/components/ui/badge.tsx";
import { Button } from "@/client/components/ui/button.tsx";
import { formatDateTime } from "@/client/lib/format.ts";
import type { Submission } from "@/shared/api/assignments.ts";
import type { CodeComment } from "@/shared/api/comments.ts";
import { formatGrade } from "@/shared/domain/progress.ts";

export function PreviousSubmissions({
  submissions,
  onRestore,
  commentsOn,
}: {
  submissions: Submission[] | undefined;
  /** Puts `code` in the editor; `label` names where it came from ("your submission of …"). */
  onRestore: (code: string, label: string) => void;
  /** The teacher's line comments on a hand-in. */
  commentsOn?: (submissionId: string) => CodeComment[];
}) {
  if (!submissions) return <p className="text-sm text-slate-500">Loading...</p>;
  if (submissions.length === 0) return <p className="text-sm text-slate-500">No submissions yet</p>;
  // Every hand-in already says "Submitted": only the newest (the one the teacher sees first) gets
  // a badge, so the badge tells something (issue 19 item 14; the list is newest first).
  const latestHandIn = submissions.find((s) => s.isFinal)?.id;
  return (
    <ul className="divide-y divide-slate-100">
      {submissions.map((s) => (
        <li key={s.id} className="py-2 text-sm" data-testid="previous-submission">
          <div className="flex flex-wrap items-center gap-3">
            <History className="size-4 text-slate-400" aria-hidden />
            <span className="min-w-0 flex-1">
              <span className="block text-slate-800">{formatDateTime(s.submittedAt)}</span>
              <span className="text-slate-600">
                {s.isFinal ? "Submitted" : "Test run"} · passed {s.passedTests} of {s.totalTests}
                {s.receivedAt && ` · made offline, sent ${formatDateTime(s.receivedAt)}`}
              </span>
            </span>
            {s.id === latestHandIn && <Badge tone="blue">Latest hand-in</Badge>}
            {s.teacherGrade !== null && <Badge tone="green">Grade: {formatGrade(s.teacherGrade)}</Badge>}
            <Button
              size="sm"
              variant="secondary"
              onClick={() =>
                onRestore(
                  s.code,
                  `your ${s.isFinal ? "submission" : "test run"} of ${formatDateTime(s.submittedAt)}`,
                )
              }
            >
              Restore Code
            </Button>
          </div>
          {s.teacherNotes && (
            <p className="mt-1 ml-7 whitespace-pre-wrap text-slate-700">
              <span className="font-medium">Teacher's notes:</span> {s.teacherNotes}
            </p>
          )}
          {commentsOn?.(s.id).map((c) => (
            <p key={c.id} className="mt-1 ml-7 whitespace-pre-wrap text-slate-700">
              <span className="font-medium">Comment on line {c.line}:</span> {c.body}
            </p>
          ))}
        </li>
      ))}
    </ul>
  );
}
