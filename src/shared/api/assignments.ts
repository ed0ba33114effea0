// Contracts of /api/assignments and /api/submissions.
import { z } from "zod";
import { GRADE_RANGE_MESSAGE, isValidGrade } from "../domain/grade.ts";
import { PROGRESS_STATUSES } from "../domain/progress.ts";
import {
  HALF_TEST_CASE_MESSAGE,
  missingTestCaseFields,
  NO_DRAWING_MODEL_MESSAGE,
} from "../domain/test-cases.ts";
import { readDrawingShape, type DrawingShape as Shape } from "../grading/drawing-shape.mjs";

export const ASSIGNMENT_MESSAGES = {
  titleRequired: "Please enter an assignment title.",
  classRequired: "Please choose a class.",
  noClasses: "Create a class first: assignments are set for a class.",
  notFound: "Assignment not found",
  notFoundLong: "The assignment was not found, or you do not have access to it.",
  oneTestCase: "An assignment needs at least one test case.",
  updated: "Assignment and test cases updated successfully",
  updateFailed: "Error updating assignment",
  gradeRange: GRADE_RANGE_MESSAGE,
  submissionNotFound: "Submission not found.",
  onlyFinalGraded: "Only submitted work can be graded, not a Run Tests attempt.",
  testCaseFailed: "Test case failed",
  testCaseUnknown: (id: string) => `Error updating test case ${id}`,
  graderFailed: "Your code could not be checked just now. Please try submitting again.",
  halfTestCase: HALF_TEST_CASE_MESSAGE,
} as const;

export const TestCaseInput = z
  .object({
    /** Present for an existing case when editing; absent for a new one. */
    id: z.string().uuid().optional(),
    description: z.string().trim().max(500).default(""),
    input: z.string().max(100_000).default(""),
    expectedOutput: z.string().max(100_000).default(""),
    hidden: z.boolean().default(false),
    /**
     * "Compare the drawing" (decision 064): the model answer whose turtle drawing the program's
     * must match, run by the server when the case is saved; null for a test of printed output.
     */
    drawingModel: z
      .string()
      .max(100_000, "The model answer is too long (100,000 characters at most).")
      .nullable()
      .default(null),
  })
  // A blank row is dropped by the service; a half-filled one is refused, at the missing field.
  .superRefine((t, ctx) => {
    for (const field of missingTestCaseFields(t))
      ctx.addIssue({
        code: "custom",
        path: [field],
        message: field === "drawingModel" ? NO_DRAWING_MODEL_MESSAGE : ASSIGNMENT_MESSAGES.halfTestCase,
      });
  });
export type TestCaseInput = z.input<typeof TestCaseInput>;

const dueDate = z
  .union([z.string().datetime({ offset: true }), z.string().date(), z.null()])
  .optional()
  .transform((v) => (v ? new Date(v) : null));

export const CreateAssignmentBody = z.object({
  classId: z.string({ message: ASSIGNMENT_MESSAGES.classRequired }).uuid(ASSIGNMENT_MESSAGES.classRequired),
  name: z
    .string({ message: ASSIGNMENT_MESSAGES.titleRequired })
    .trim()
    .min(1, ASSIGNMENT_MESSAGES.titleRequired)
    .max(200),
  description: z.string().max(20_000).default(""),
  language: z.literal("python", { message: "Only Python is available for now." }).default("python"),
  dueDate,
  starterCode: z.string().max(100_000).default(""),
  testCases: z.array(TestCaseInput).max(50, "An assignment can have at most 50 test cases.").default([]),
});
export type CreateAssignmentBody = z.input<typeof CreateAssignmentBody>;

/** Edit mode: language stays Python; the test case list replaces the old one (ids keep existing cases). */
export const UpdateAssignmentBody = z.object({
  name: z.string().trim().min(1, ASSIGNMENT_MESSAGES.titleRequired).max(200).optional(),
  description: z.string().max(20_000).optional(),
  language: z.literal("python", { message: "The language of an assignment is locked to Python." }).optional(),
  dueDate: z
    .union([z.string().datetime({ offset: true }), z.string().date(), z.null()])
    .optional()
    .transform((v) => (v === undefined ? undefined : v ? new Date(v) : null)),
  starterCode: z.string().max(100_000).optional(),
  testCases: z.array(TestCaseInput).min(1, ASSIGNMENT_MESSAGES.oneTestCase).max(50).optional(),
});
export type UpdateAssignmentBody = z.input<typeof UpdateAssignmentBody>;

// Responses are schemas too: the server's return types and the client's typed fetchers are
// inferred from them, so a shape is written once.

/** A drawing normalised for a drawing test (shared/grading/drawing-shape.mjs, decision 064). */
export const DrawingShape = z.custom<Shape>((v) => readDrawingShape(v) !== null, "not a drawing");
export type DrawingShape = Shape;
/** A drawing test's verdict: matched or not, what differs in words, the program's drawing. */
export const DrawingVerdict = z.object({
  matches: z.boolean(),
  summary: z.string(),
  yours: DrawingShape.nullable(),
});
export type DrawingVerdict = z.output<typeof DrawingVerdict>;

/** A test case as its teacher sees it. */
export const TeacherTestCase = z.object({
  id: z.string(),
  position: z.number().int(),
  description: z.string(),
  input: z.string(),
  expectedOutput: z.string(),
  hidden: z.boolean(),
  /** A drawing test's model answer, and the drawing it made when saved; null otherwise. */
  drawingModel: z.string().nullable().optional(),
  expectedDrawing: DrawingShape.nullable().optional(),
});
export type TeacherTestCase = z.output<typeof TeacherTestCase>;

/** A test case as a student sees it: a hidden one carries no description, input or expected output. */
export const StudentTestCase = z.discriminatedUnion("hidden", [
  z.object({
    id: z.string(),
    position: z.number().int(),
    hidden: z.literal(false),
    description: z.string(),
    input: z.string(),
    expectedOutput: z.string(),
    /** A visible drawing test's expected drawing (never its model answer); null otherwise. */
    expectedDrawing: DrawingShape.nullable().optional(),
  }),
  z.object({ id: z.string(), position: z.number().int(), hidden: z.literal(true) }),
]);
export type StudentTestCase = z.output<typeof StudentTestCase>;

export const AssignmentClass = z.object({ id: z.string(), name: z.string() });
export type AssignmentClass = z.output<typeof AssignmentClass>;

/** What every view of an assignment shows; lists and details add to it. */
export const AssignmentBase = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  language: z.string(),
  dueDate: z.string().nullable(),
  createdAt: z.string(),
  class: AssignmentClass,
});
export type AssignmentBase = z.output<typeof AssignmentBase>;

export const TeacherAssignmentListItem = AssignmentBase.extend({
  studentCount: z.number().int(),
  submittedCount: z.number().int(),
  /** Current members whose newest hand-in came after the due date (lateBy in domain/late-work.ts). */
  lateCount: z.number().int(),
});
export type TeacherAssignmentListItem = z.output<typeof TeacherAssignmentListItem>;

export const StudentAssignmentStatus = z.enum(["not_started", "submitted"]);
export type StudentAssignmentStatus = z.output<typeof StudentAssignmentStatus>;
export const StudentAssignmentListItem = AssignmentBase.extend({
  status: StudentAssignmentStatus,
  submittedAt: z.string().nullable(),
  teacherGrade: z.number().nullable(),
});
export type StudentAssignmentListItem = z.output<typeof StudentAssignmentListItem>;

export const AssignmentDetail = AssignmentBase.extend({ starterCode: z.string() });
export type AssignmentDetail = z.output<typeof AssignmentDetail>;
export const TeacherAssignmentDetail = AssignmentDetail.extend({ testCases: z.array(TeacherTestCase) });
export type TeacherAssignmentDetail = z.output<typeof TeacherAssignmentDetail>;
export const StudentAssignmentDetail = AssignmentDetail.extend({ testCases: z.array(StudentTestCase) });
export type StudentAssignmentDetail = z.output<typeof StudentAssignmentDetail>;

// ── Submissions ──────────────────────────────────────────────────────────────────────────
export const CreateSubmissionBody = z.object({
  code: z.string().max(100_000, "Your program is too long (100,000 characters at most)."),
  /** true: Submit Code (graded by the server). false: a Run Tests attempt, kept for history. */
  final: z.boolean(),
  /** The browser's counts for a Run Tests attempt; never used for a final submission. */
  browserResult: z.object({ passed: z.number().int().min(0), total: z.number().int().min(0) }).optional(),
  /**
   * A Submit Code made offline and sent from the browser's queue: when it was made (decision 068).
   * The server keeps it as the hand-in time if madeAtProblem() finds nothing wrong, else refuses
   * with MADE_AT_REFUSED. Ignored for a Run Tests attempt.
   */
  madeAt: z.iso.datetime({ offset: true, message: "madeAt must be a date and time." }).optional(),
});
export type CreateSubmissionBody = z.input<typeof CreateSubmissionBody>;

/**
 * For a hidden case a student gets only `passed`: description "", and output, errorMessage and
 * executionTimeMs null (the transcript echoes the input, an error line can quote it, and a
 * program can make its running time depend on it). Stored text shows a NUL the program wrote as ␀.
 */
export const SubmissionTestResult = z.object({
  testCaseId: z.string().nullable(),
  position: z.number().int(),
  description: z.string(),
  hidden: z.boolean(),
  passed: z.boolean(),
  output: z.string().nullable(),
  /** What the program printed without prompts and echoed input, when that differs from output. */
  plainOutput: z.string().nullable().optional(),
  errorMessage: z.string().nullable(),
  executionTimeMs: z.number().nullable(),
  /** A drawing test's verdict; null for other tests and for a student's hidden ones. */
  drawing: DrawingVerdict.nullable().optional(),
});
export type SubmissionTestResult = z.output<typeof SubmissionTestResult>;

export const Submission = z.object({
  id: z.string(),
  assignmentId: z.string(),
  userId: z.string(),
  code: z.string(),
  passedTests: z.number().int(),
  totalTests: z.number().int(),
  score: z.number(),
  isFinal: z.boolean(),
  verified: z.boolean(),
  /** When it was handed in: for one made offline, when it was made (see receivedAt). */
  submittedAt: z.string(),
  /** Made offline and sent later: when the server got it (null for everything else). */
  receivedAt: z.string().nullable(),
  teacherGrade: z.number().nullable(),
  teacherNotes: z.string().nullable(),
  gradedAt: z.string().nullable(),
  results: z.array(SubmissionTestResult),
});
export type Submission = z.output<typeof Submission>;

export const GradeBody = z.object({
  grade: z.number({ message: GRADE_RANGE_MESSAGE }).refine(isValidGrade, GRADE_RANGE_MESSAGE).nullable(),
  notes: z.string().max(5000).nullable().default(null),
});
export type GradeBody = z.input<typeof GradeBody>;

// ── Teacher views ────────────────────────────────────────────────────────────────────────

export const StudentProgressRow = z.object({
  student: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  status: z.enum(PROGRESS_STATUSES),
  submittedAt: z.string().nullable(),
  grade: z.number().nullable(),
  submissionId: z.string().nullable(),
  passedTests: z.number().int().nullable(),
  totalTests: z.number().int().nullable(),
  attempts: z.number().int(),
  /** Run Tests attempts (never handed in, never graded): activity, shown apart from the status. */
  testRuns: z.number().int(),
  /** Milliseconds the newest hand-in came after the due date; null when on time or undated. */
  lateByMs: z.number().nullable(),
  /** Status Submitted: the grade of the earlier hand-in the teacher graded, until they grade the new one. */
  previousGrade: z.number().nullable(),
  /** The student has left the class (or was removed); their work stays listed. */
  leftClass: z.boolean(),
});
export type StudentProgressRow = z.output<typeof StudentProgressRow>;

/** What deleting an assignment takes with it, for the confirmation dialog. */
export const AssignmentDeletionImpact = z.object({
  submissions: z.number().int(),
  students: z.number().int(),
});
export type AssignmentDeletionImpact = z.output<typeof AssignmentDeletionImpact>;

export const TestCasePerformance = z.object({
  testCaseId: z.string(),
  position: z.number().int(),
  description: z.string(),
  hidden: z.boolean(),
  /** Final submissions that ran this case. */
  runs: z.number().int(),
  failures: z.number().int(),
  /** Percentage 0–100, null when no submission has run it yet (never invented). */
  failureRate: z.number().nullable(),
});
export type TestCasePerformance = z.output<typeof TestCasePerformance>;

/**
 * The server ranks the test case lists (highest failure rate first, unrun cases last, ties in
 * test order) and cuts them to the insights panel's sizes; the client shows them as they come.
 */
export const AssignmentProgress = z.object({
  totalStudents: z.number().int(),
  submittedCount: z.number().int(),
  /** Mean of the latest final submissions' scores; null with no submissions. */
  avgPassRate: z.number().nullable(),
  students: z.array(StudentProgressRow),
  testCasePerformance: z.array(TestCasePerformance),
  challengingAreas: z.array(TestCasePerformance),
});
export type AssignmentProgress = z.output<typeof AssignmentProgress>;

export const TeacherDashboard = z.object({
  activeAssignments: z.number().int(),
  totalStudents: z.number().int(),
  classes: z.number().int(),
  pendingReviews: z.number().int(),
  recentAssignments: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      language: z.string(),
      dueDate: z.string().nullable(),
      class: AssignmentClass,
      /** Current members whose newest hand-in came after the due date. */
      lateCount: z.number().int(),
    }),
  ),
});
export type TeacherDashboard = z.output<typeof TeacherDashboard>;
