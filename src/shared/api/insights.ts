// Contracts of /api/insights (teachers only, their own classes only). Rules, thresholds, labels
// and texts live in src/shared/domain/insights.ts; definitions in docs/decisions/036.
//
//   GET /api/insights?classId=                        → InsightsOverview
//   GET /api/insights/students/:studentId?classId=    → StudentPerformance   (Student Performance Overview)
//   GET /api/insights/assignments/:assignmentId       → AssignmentInsightDetail (Assignment Details)
//   GET /api/insights/risks.csv?classId=              → CSV of the risk list
//   GET /api/insights/assignments.csv?classId=        → CSV of the assignment monitor
//
// classId absent = All Classes. Another teacher's class, assignment or student → 404.
// Every figure comes from real rows; a figure without data is null (the UI says "No data yet").
// Percentages are 0–100 and unrounded; dates are ISO strings.
import { z } from "zod";
import { DIFFICULTY_BANDS, ENGAGEMENT_STATUSES, RISK_LEVELS, WORK_STATUSES } from "../domain/insights.ts";
import { TeacherDashboard } from "./assignments.ts";

export const InsightsQuery = z.object({ classId: z.string().uuid().optional() });
export type InsightsQuery = z.input<typeof InsightsQuery>;

export const InsightsClass = z.object({ id: z.string(), name: z.string() });
export type InsightsClass = z.output<typeof InsightsClass>;
export const InsightsCategory = z.object({ id: z.string(), name: z.string() });
export type InsightsCategory = z.output<typeof InsightsCategory>;
export const InsightsStudent = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type InsightsStudent = z.output<typeof InsightsStudent>;

export const StrugglingArea = z.discriminatedUnion("kind", [
  /** An assignment whose latest final submission scored under 60. */
  z.object({ kind: z.literal("assignment"), id: z.string(), name: z.string(), score: z.number() }),
  /** An exercise category with 2 or more failed saves on exercises not yet completed. */
  z.object({
    kind: z.literal("exercise_category"),
    id: z.string(),
    name: z.string(),
    failedSaves: z.number().int(),
  }),
]);
export type StrugglingArea = z.output<typeof StrugglingArea>;

export const Risk = z.object({
  level: z.enum(RISK_LEVELS),
  /** The reason in words, e.g. "No activity for 6 days". */
  reason: z.string(),
});
export type Risk = z.output<typeof Risk>;

/** The spec's student_progress: one row per (student, class) of the teacher's classes. */
export const StudentInsight = z.object({
  student: InsightsStudent,
  class: InsightsClass,
  /** Newest of: run-tests attempt, submission, exercise save, sign-in. Null: never active. */
  lastActivity: z.string().nullable(),
  /** Whole days since lastActivity (or since joining the class when never active). */
  daysInactive: z.number().int(),
  assignmentsCompleted: z.number().int(),
  assignmentsTotal: z.number().int(),
  /** assignmentsCompleted / assignmentsTotal × 100; null when the class has no assignments. */
  completionRate: z.number().nullable(),
  exercisesCompleted: z.number().int(),
  exercisesTotal: z.number().int(),
  /** Mean score of the latest final submissions in this class; null with none. */
  averageScore: z.number().nullable(),
  strugglingAreas: z.array(StrugglingArea),
  /** Null when not struggling. */
  struggling: Risk.nullable(),
  /** Null when keeping up. */
  fallingBehind: Risk.nullable(),
});
export type StudentInsight = z.output<typeof StudentInsight>;

/** The spec's assignment_analytics: a row of the Assignment Monitor. */
export const AssignmentMonitorRow = z.object({
  id: z.string(),
  name: z.string(),
  class: InsightsClass,
  dueDate: z.string().nullable(),
  createdAt: z.string(),
  /** Current members of the class. */
  totalStudents: z.number().int(),
  /** Members with a final submission. */
  submittedStudents: z.number().int(),
  /** Final submissions by current members (resubmissions count). */
  submissionsCount: z.number().int(),
  /** Per submitting member: submissions (runs and earlier finals) before the latest final; mean. */
  averageAttempts: z.number().nullable(),
  /** % of submitting members whose latest final failed a test; null with no (tested) finals. */
  failureRate: z.number().nullable(),
  /** Submitting members whose latest final was graded against tests (the failure rate's base)… */
  testedStudents: z.number().int(),
  /** …and of those, whose latest final failed at least one test. */
  failedStudents: z.number().int(),
  /** Mean latest final score (the assignment page's Avg. Pass Rate). */
  averageScore: z.number().nullable(),
  /** 0–6; see difficultyScore in src/shared/domain/insights.ts. */
  difficultyScore: z.number().nullable(),
  difficulty: z.enum(DIFFICULTY_BANDS).nullable(),
});
export type AssignmentMonitorRow = z.output<typeof AssignmentMonitorRow>;

/** The spec's class_engagement: a row of the Class Engagement Overview. */
export const ClassEngagementRow = z.object({
  class: InsightsClass,
  totalStudents: z.number().int(),
  /** Members with any activity (incl. sign-in) in the last 7 days. */
  activeStudents: z.number().int(),
  /** activeStudents / totalStudents × 100; null with no members. */
  engagementRate: z.number().nullable(),
  /** Final submissions by members to the class's assignments in the last 7 days. */
  weeklySubmissions: z.number().int(),
  /** Members who ran tests, submitted or saved an exercise in the last 7 days. */
  weeklyActiveStudents: z.number().int(),
  status: z.enum(ENGAGEMENT_STATUSES).nullable(),
});
export type ClassEngagementRow = z.output<typeof ClassEngagementRow>;

export const InsightsTiles = z.object({
  /** Distinct students struggling or falling behind. */
  studentsAtRisk: z.number().int(),
  totalAssignments: z.number().int(),
  /** Distinct active students / distinct students × 100; null with no students. */
  overallEngagement: z.number().nullable(),
  /** Distinct students active in the last 7 days. */
  activeStudents: z.number().int(),
  /** Distinct students in the selected classes. */
  totalStudents: z.number().int(),
  /**
   * Students who handed work in to the selected classes and are in none of them now: counted in
   * no figure (every figure is about the class as it is), named so a 0 is not read as lost work.
   */
  leftStudents: z.number().int(),
});
export type InsightsTiles = z.output<typeof InsightsTiles>;

/** Final submissions per day for the last 28 days (oldest first, today last; UTC dates). */
export const SubmissionsPerDay = z.object({
  days: z.array(z.string()),
  series: z.array(z.object({ class: InsightsClass, counts: z.array(z.number().int()) })),
});
export type SubmissionsPerDay = z.output<typeof SubmissionsPerDay>;

export const InsightsOverview = z.object({
  /** The server's "now" for these figures. */
  generatedAt: z.string(),
  /** Every class the teacher owns (for the class filter), by name. */
  classes: z.array(InsightsClass),
  /** The selected class, or null for All Classes. */
  classId: z.string().nullable(),
  tiles: InsightsTiles,
  /** Every (student, class) row, by name. */
  students: z.array(StudentInsight),
  /** The students whose `struggling` is set, high first then by name. */
  struggling: z.array(StudentInsight),
  /** The students whose `fallingBehind` is set, high first then by name. */
  fallingBehind: z.array(StudentInsight),
  /** Newest first. */
  assignments: z.array(AssignmentMonitorRow),
  engagement: z.array(ClassEngagementRow),
  submissionsPerDay: SubmissionsPerDay,
});
export type InsightsOverview = z.output<typeof InsightsOverview>;

// ── Student Performance Overview ─────────────────────────────────────────────────────────

export const StudentAssignmentInsight = z.object({
  id: z.string(),
  name: z.string(),
  class: InsightsClass,
  dueDate: z.string().nullable(),
  /** completed: handed in (a final submission); in_progress: only Run Tests attempts; else not_started. */
  status: z.enum(WORK_STATUSES),
  /** Latest final's score; null when not handed in. */
  score: z.number().nullable(),
  teacherGrade: z.number().nullable(),
  /** Latest final's id, for the link to the teacher's submission view. */
  submissionId: z.string().nullable(),
  /** All submissions (runs and finals). */
  attempts: z.number().int(),
  lastActivity: z.string().nullable(),
});
export type StudentAssignmentInsight = z.output<typeof StudentAssignmentInsight>;

export const StudentExerciseInsight = z.object({
  id: z.string(),
  title: z.string(),
  category: InsightsCategory,
  difficulty: z.string(),
  /** completed: is_completed; in_progress: saved but not completed; else not_started. */
  status: z.enum(WORK_STATUSES),
  /** Score of the latest save; null when never saved. */
  score: z.number().nullable(),
  /** Saves (Past Saved rows). */
  attempts: z.number().int(),
  lastActivity: z.string().nullable(),
});
export type StudentExerciseInsight = z.output<typeof StudentExerciseInsight>;

/** Chart: completion by exercise category. */
export const CategoryCompletion = z.object({
  category: InsightsCategory,
  completed: z.number().int(),
  inProgress: z.number().int(),
  total: z.number().int(),
  /** completed / total × 100; null for an empty category. */
  completionRate: z.number().nullable(),
});
export type CategoryCompletion = z.output<typeof CategoryCompletion>;

export const StudentPerformance = z.object({
  student: InsightsStudent,
  /** The teacher's classes this student is in (only the selected one with ?classId=). */
  classes: z.array(InsightsClass),
  /** One per class above. */
  progress: z.array(StudentInsight),
  lastActivity: z.string().nullable(),
  /** Assignments of those classes, newest first. */
  assignments: z.array(StudentAssignmentInsight),
  /** Every exercise of the library, in category then display order. */
  exercises: z.array(StudentExerciseInsight),
  categoryCompletion: z.array(CategoryCompletion),
});
export type StudentPerformance = z.output<typeof StudentPerformance>;

// ── Assignment Details ───────────────────────────────────────────────────────────────────

export const WrongOutput = z.object({
  /** The program's output (first 200 characters); "" for no output. */
  output: z.string(),
  count: z.number().int(),
});
export type WrongOutput = z.output<typeof WrongOutput>;

export const TestCaseInsight = z.object({
  testCaseId: z.string(),
  position: z.number().int(),
  description: z.string(),
  input: z.string(),
  expectedOutput: z.string(),
  hidden: z.boolean(),
  /** Latest final submissions of current members that ran this case. */
  runs: z.number().int(),
  failures: z.number().int(),
  /** Null when nobody has run it yet (never estimated). */
  failureRate: z.number().nullable(),
  /** failureRate over 50. */
  hardest: z.boolean(),
  /** Commonest outputs of those failures, most frequent first, at most 3. */
  commonWrongOutputs: z.array(WrongOutput),
});
export type TestCaseInsight = z.output<typeof TestCaseInsight>;

export const ScoreBucket = z.object({
  label: z.string(),
  from: z.number(),
  to: z.number(),
  count: z.number().int(),
});
export type ScoreBucket = z.output<typeof ScoreBucket>;

export const AssignmentInsightDetail = z.object({
  assignment: AssignmentMonitorRow,
  /** In test order. */
  testCases: z.array(TestCaseInsight),
  /** Latest final scores of current members in ten buckets (0–9 … 90–100). */
  scoreDistribution: z.array(ScoreBucket),
});
export type AssignmentInsightDetail = z.output<typeof AssignmentInsightDetail>;

// ── Dashboard ────────────────────────────────────────────────────────────────────────────

/** What the dashboard's Teaching Insights card shows (TeacherDashboard.insights). */
export const DashboardInsights = InsightsTiles.pick({
  studentsAtRisk: true,
  overallEngagement: true,
  activeStudents: true,
});
export type DashboardInsights = z.output<typeof DashboardInsights>;

/**
 * GET /api/teacher/dashboard: the dashboard's figures with the insights card's. Total Students is
 * the insights' tiles.totalStudents (one computation); `insights` is new, the rest as before.
 */
export const TeacherDashboardWithInsights = TeacherDashboard.extend({ insights: DashboardInsights });
export type TeacherDashboardWithInsights = z.output<typeof TeacherDashboardWithInsights>;
