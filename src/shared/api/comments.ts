// Contract of line comments (issue 20, decision "Help requests and line comments"): one home for a
// teacher's comment on a line of a student's code, written while grading a final submission
// (POST /api/submissions/:id/comments) or when answering a help request (POST /api/help/:id/answer).
// Each comment keeps the code it was written on (`code`), so it stays anchored to that line.
// The class's teacher writes; the author edits or deletes (PATCH/DELETE /api/comments/:id); the
// student whose code it is reads; nobody else.
import { z } from "zod";

export const COMMENT_LIMITS = { bodyChars: 2_000, perAnswer: 20 } as const;

export const COMMENT_MESSAGES = {
  bodyRequired: "Write a comment.",
  bodyTooLong: `A comment can be at most ${COMMENT_LIMITS.bodyChars.toLocaleString("en-GB")} characters.`,
  lineOutside: "That line is not in the code.",
  notFound: "Comment not found.",
  notFinal: "Comments while grading go on a final submission.",
  notAuthor: "Only the teacher who wrote a comment can change or delete it.",
} as const;

const body = z
  .string()
  .trim()
  .min(1, COMMENT_MESSAGES.bodyRequired)
  .max(COMMENT_LIMITS.bodyChars, COMMENT_MESSAGES.bodyTooLong);
const line = z.number().int().min(1, COMMENT_MESSAGES.lineOutside).max(100_000, COMMENT_MESSAGES.lineOutside);

export const NewLineComment = z.object({ line, body });
export type NewLineComment = z.output<typeof NewLineComment>;

export const EditCommentBody = z.object({ body });

export const CodeComment = z.object({
  id: z.string(),
  authorId: z.string(),
  authorName: z.string(),
  studentId: z.string(),
  assignmentId: z.string(),
  submissionId: z.string().nullable(),
  helpRequestId: z.string().nullable(),
  line: z.number().int(),
  /** The text of that line in the code the comment was written on. */
  lineText: z.string(),
  body: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CodeComment = z.output<typeof CodeComment>;

/** Comments in line order, then oldest first. */
export const CodeComments = z.array(CodeComment);

/** The text of line `n` (1-based) of `code`, or null when the code has no such line. */
export function lineOf(code: string, n: number): string | null {
  const lines = code.split("\n");
  return n >= 1 && n <= lines.length ? lines[n - 1]! : null;
}
