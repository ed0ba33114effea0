// After submitting: "Awaiting teacher review" until graded, then the teacher's grade and notes.
import { MessageSquareText } from "lucide-react";
import { formatDate } from "@/client/lib/format.ts";
import type { Submission } from "@/shared/api/assignments.ts";
import { formatGrade } from "@/shared/domain/progress.ts";

export function TeacherFeedback({ submission }: { submission: Submission }) {
  if (submission.teacherGrade === null && !submission.teacherNotes) {
    return (
      <div
        className="rounded-lg border border-yellow-200 bg-yellow-50 p-4 text-sm text-yellow-900"
        role="status"
      >
        Awaiting teacher review
      </div>
    );
  }
  return (
    <section
      aria-label="Teacher Feedback"
      className="rounded-lg border border-green-200 bg-green-50 p-4 text-sm text-green-950"
    >
      <h3 className="flex items-center gap-2 font-semibold">
        <MessageSquareText className="size-4" aria-hidden /> Teacher Feedback
      </h3>
      {submission.teacherGrade !== null && (
        <p className="mt-2 text-lg font-semibold" data-testid="teacher-grade">
          {formatGrade(submission.teacherGrade)}
        </p>
      )}
      {submission.teacherNotes && <p className="mt-1 whitespace-pre-wrap">{submission.teacherNotes}</p>}
      {submission.gradedAt && (
        <p className="mt-2 text-xs text-green-800">Graded on {formatDate(submission.gradedAt)}</p>
      )}
    </section>
  );
}
