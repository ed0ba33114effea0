// The assignment grade sheet behind GET /api/assignments/:id/export.csv: the progress view's rows
// with score, grade, notes and the number of line comments, in the cells a spreadsheet reads:
// local date-times, numbers as numbers.

import type { Db } from "@/server/db/client.ts";
import { commentCounts } from "@/server/features/comments/index.ts";
import { CSV_TIME_ZONE, type CsvCell, csvDateTime } from "@/server/http/csv.ts";
import type { SessionUser } from "@/server/types.ts";
import { formatLateness } from "@/shared/domain/late-work.ts";
import { PROGRESS_LABELS } from "@/shared/domain/progress.ts";
import { loadProgress } from "./progress.service.ts";

const round2 = (n: number) => Number(n.toFixed(2));

/** The assignment grade sheet: one row per class member in name order, then those who left. */
export async function assignmentGradeSheet(db: Db, me: SessionUser, id: string) {
  const { assignment, cls, rows } = await loadProgress(db, me, id);
  // Line comments on the hand-in each row shows (decision "Help requests and line comments").
  const comments = await commentCounts(
    db,
    rows.flatMap((r) => (r.submissionId ? [r.submissionId] : [])),
  );
  const sheet: CsvCell[][] = [
    [
      "Student",
      "E-mail",
      "Status",
      `Submitted at (${CSV_TIME_ZONE})`,
      "Late",
      "Tests passed",
      "Tests total",
      "Score",
      "Grade",
      "Notes",
      "Earlier grade",
      "Class membership",
      "Comments",
    ],
  ];
  for (const r of rows) {
    sheet.push([
      r.student.name,
      r.student.email,
      PROGRESS_LABELS[r.status],
      csvDateTime(r.submittedAt),
      r.lateByMs === null ? null : formatLateness(r.lateByMs),
      // Two numbers, not "2 of 3" (text to a spreadsheet) nor "2/3" (a date to one).
      r.passedTests,
      r.passedTests === null ? null : r.totalTests,
      r.score === null ? null : round2(r.score),
      r.grade === null ? null : round2(r.grade),
      r.notes,
      r.previousGrade === null ? null : round2(r.previousGrade),
      r.leftClass ? "Left the class" : "Member",
      r.submissionId ? (comments.get(r.submissionId) ?? 0) : null,
    ]);
  }
  return { name: `${cls.name}-${assignment.name}`, rows: sheet };
}
