// Contracts of /api/assignments and /api/submissions.
import { z } from "zod";
import type { ProgressStatus } from "../domain/progress.ts";

export const ASSIGNMENT_MESSAGES = {
  titleRequired: "Please enter an assignment title.",
  classRequired: "Please choose a class.",
  noClasses: "Create a class first: assignments are set for a class.",
  notFound: "Assignment not found",
  notFoundLong: "The assignment was not found, or you do not have access to it.",
  oneTestCase: "An assignment needs at least one test case.",
  updated: "Assignment and test cases updated successfully",
  updateFailed: "Error updating assignment",
  gradeRange: "Grades are numbers from 0 to 100, in steps of 0.01.",
  submissionNotFound: "Submission not found.",
  onlyFinalGraded: "Only submitted work can be graded, not a Run Tests attempt.",
  testCaseFailed: "Test case failed",
  testCaseUnknown: (id: string) => `Error updating test case ${id}`,
  graderFailed: "Your code could not be checked just now. Please try submitting again.",
} as const;

export const TestCaseInput = z.object({
  /** Present for an existing case when editing; absent for a new one. */
  id: z.string().uuid().optional(),
  description: z.string().trim().max(500).default(""),
  input: z.string().max(100_000).default(""),
  expectedOutput: z.string().max(100_000).default(""),
  hidden: z.boolean().default(false),
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

/** A test case as its teacher sees it. */
export type TeacherTestCase = {
  id: string;
  position: number;
  description: string;
  input: string;
  expectedOutput: string;
  hidden: boolean;
};
/** A test case as a student sees it: a hidden one carries no description, input or expected output. */
export type StudentTestCase =
  | {
      id: string;
      position: number;
      hidden: false;
      description: string;
      input: string;
      expectedOutput: string;
    }
  | { id: string; position: number; hidden: true };

export type AssignmentClass = { id: string; name: string };

/** What every view of an assignment shows; lists and details add to it. */
export type AssignmentBase = {
  id: string;
  name: string;
  description: string;
  language: string;
  dueDate: string | null;
  createdAt: string;
  class: AssignmentClass;
};

export type TeacherAssignmentListItem = AssignmentBase & { studentCount: number; submittedCount: number };

export type StudentAssignmentStatus = "not_started" | "submitted";
export type StudentAssignmentListItem = AssignmentBase & {
  status: StudentAssignmentStatus;
  submittedAt: string | null;
  teacherGrade: number | null;
};

export type AssignmentDetail = AssignmentBase & { starterCode: string };
export type TeacherAssignmentDetail = AssignmentDetail & { testCases: TeacherTestCase[] };
export type StudentAssignmentDetail = AssignmentDetail & { testCases: StudentTestCase[] };

// ── Submissions ──────────────────────────────────────────────────────────────────────────
export const CreateSubmissionBody = z.object({
  code: z.string().max(100_000, "Your program is too long (100,000 characters at most)."),
  /** true: Submit Code (graded by the server). false: a Run Tests attempt, kept for history. */
  final: z.boolean(),
  /** The browser's counts for a Run Tests attempt; never used for a final submission. */
  browserResult: z.object({ passed: z.number().int().min(0), total: z.number().int().min(0) }).optional(),
});
export type CreateSubmissionBody = z.input<typeof CreateSubmissionBody>;

export type SubmissionTestResult = {
  testCaseId: string | null;
  position: number;
  description: string;
  hidden: boolean;
  passed: boolean;
  /** null for a hidden case when a student asks: the transcript would echo its input. */
  output: string | null;
  errorMessage: string | null;
  executionTimeMs: number | null;
};

export type Submission = {
  id: string;
  assignmentId: string;
  userId: string;
  code: string;
  passedTests: number;
  totalTests: number;
  score: number;
  isFinal: boolean;
  verified: boolean;
  submittedAt: string;
  teacherGrade: number | null;
  teacherNotes: string | null;
  gradedAt: string | null;
  results: SubmissionTestResult[];
};

export const GradeBody = z.object({
  grade: z
    .number({ message: ASSIGNMENT_MESSAGES.gradeRange })
    .min(0, ASSIGNMENT_MESSAGES.gradeRange)
    .max(100, ASSIGNMENT_MESSAGES.gradeRange)
    .refine((g) => Math.abs(Math.round(g * 100) - g * 100) < 1e-6, ASSIGNMENT_MESSAGES.gradeRange)
    .nullable(),
  notes: z.string().max(5000).nullable().default(null),
});
export type GradeBody = z.input<typeof GradeBody>;

// ── Teacher views ────────────────────────────────────────────────────────────────────────

export type StudentProgressRow = {
  student: { id: string; name: string; email: string };
  status: ProgressStatus;
  submittedAt: string | null;
  grade: number | null;
  submissionId: string | null;
  passedTests: number | null;
  totalTests: number | null;
  attempts: number;
};

export type TestCasePerformance = {
  testCaseId: string;
  position: number;
  description: string;
  hidden: boolean;
  /** Final submissions that ran this case. */
  runs: number;
  failures: number;
  /** Percentage 0–100, null when no submission has run it yet (never invented). */
  failureRate: number | null;
};

export type AssignmentProgress = {
  totalStudents: number;
  submittedCount: number;
  /** Mean of the latest final submissions' scores; null with no submissions. */
  avgPassRate: number | null;
  students: StudentProgressRow[];
  testCasePerformance: TestCasePerformance[];
  challengingAreas: TestCasePerformance[];
};

export type TeacherDashboard = {
  activeAssignments: number;
  totalStudents: number;
  classes: number;
  pendingReviews: number;
  recentAssignments: {
    id: string;
    name: string;
    language: string;
    dueDate: string | null;
    class: AssignmentClass;
  }[];
};
