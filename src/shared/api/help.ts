// Contract of help requests ("I'm stuck", issue 20): a student raises a hand on an assignment with
// an optional short question and their current code; the class's teacher sees the queue in order
// with waiting time, answers with a message and/or line comments, or marks it resolved.
import { z } from "zod";
import { COMMENT_LIMITS, CodeComment, NewLineComment } from "./comments.ts";

export const HELP_LIMITS = { questionChars: 500, answerChars: 2_000, codeChars: 100_000 } as const;

export const HELP_STATUSES = ["open", "answered", "resolved", "withdrawn"] as const;
export type HelpStatus = (typeof HELP_STATUSES)[number];

export const HELP_MESSAGES = {
  alreadyOpen:
    "You already have a question waiting for your teacher. Withdraw it first if you want to ask something else.",
  notFound: "Help request not found.",
  nothingOpen: "You have no question waiting.",
  notOpen: "This help request has been withdrawn or resolved.",
  emptyAnswer: "Write a message or a comment on a line.",
  questionTooLong: `A question can be at most ${HELP_LIMITS.questionChars} characters.`,
  answerTooLong: `A message can be at most ${HELP_LIMITS.answerChars.toLocaleString("en-GB")} characters.`,
  codeTooLong: "Your program is too long (100,000 characters at most).",
  tooManyComments: `At most ${COMMENT_LIMITS.perAnswer} line comments in one answer.`,
} as const;

/** What the student's workspace sends: the question (optional) and the code in the editor now. */
export const RaiseHandBody = z.object({
  question: z.string().trim().max(HELP_LIMITS.questionChars, HELP_MESSAGES.questionTooLong).default(""),
  code: z.string().max(HELP_LIMITS.codeChars, HELP_MESSAGES.codeTooLong),
});
export type RaiseHandBody = z.input<typeof RaiseHandBody>;

export const AnswerHelpBody = z
  .object({
    message: z.string().trim().max(HELP_LIMITS.answerChars, HELP_MESSAGES.answerTooLong).default(""),
    comments: z
      .array(NewLineComment)
      .max(COMMENT_LIMITS.perAnswer, HELP_MESSAGES.tooManyComments)
      .default([]),
  })
  .refine((b) => b.message !== "" || b.comments.length > 0, { message: HELP_MESSAGES.emptyAnswer });
export type AnswerHelpBody = z.input<typeof AnswerHelpBody>;

export const HelpRequest = z.object({
  id: z.string(),
  classId: z.string(),
  assignmentId: z.string(),
  assignmentName: z.string(),
  studentId: z.string(),
  studentName: z.string(),
  question: z.string(),
  code: z.string(),
  status: z.enum(HELP_STATUSES),
  answer: z.string().nullable(),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  /** Whole minutes since it was raised, at the server's clock (the queue's "waiting 3 min"). */
  waitingMinutes: z.number().int(),
  comments: z.array(CodeComment),
});
export type HelpRequest = z.output<typeof HelpRequest>;

/** The teacher's queue: open requests oldest first, then those answered but not yet resolved. */
export const HelpQueue = z.object({ classId: z.string(), requests: z.array(HelpRequest) });
export type HelpQueue = z.output<typeof HelpQueue>;

/** The student's own request on an assignment (open or answered), or null. */
export const MyHelpRequest = z.object({ request: HelpRequest.nullable() });
export type MyHelpRequest = z.output<typeof MyHelpRequest>;

/** Server-sent events of the student's stream (GET /api/me/live/stream). */
export const STUDENT_LIVE_EVENTS = { changed: "changed", hello: "hello" } as const;

/** "Waiting for your teacher (3 min)": whole minutes, under one minute said plainly. */
export function waitingText(minutes: number): string {
  return minutes < 1 ? "just now" : `${minutes} min`;
}
