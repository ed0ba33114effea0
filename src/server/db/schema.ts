// The whole data model (DESIGN.md §5): Better Auth's tables first, then the classroom,
// the exercise library and the mail outbox. One schema for PGlite and PostgreSQL.
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

// ── Better Auth (user = the spec's user_profiles: name, email, role) ─────────────────────
export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  // pending | student | teacher | admin — the single source of truth for the role.
  role: text("role").notNull().default("pending"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  // (user, start): a student's last sign-in is one step back in the index (insights' last activity).
  (t) => [index("session_user_idx").on(t.userId, t.createdAt)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("account_user_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

// ── Classroom ─────────────────────────────────────────────────────────────────────────────
export const classes = pgTable(
  "classes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    joinCode: text("join_code").notNull(),
    ownerId: text("class_owner")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("classes_join_code_idx").on(t.joinCode), index("classes_owner_idx").on(t.ownerId)],
);

export const classMembers = pgTable(
  "class_members",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    classId: uuid("class_id")
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("class_members_class_user_idx").on(t.classId, t.userId),
    index("class_members_user_idx").on(t.userId),
  ],
);

export const assignments = pgTable(
  "assignments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    classId: uuid("class_id")
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    language: text("language").notNull().default("python"),
    dueDate: timestamp("due_date", { withTimezone: true }),
    starterCode: text("starter_code").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("assignments_class_idx").on(t.classId)],
);

export const testCases = pgTable(
  "test_cases",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    assignmentId: uuid("assignment_id")
      .notNull()
      .references(() => assignments.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    description: text("description").notNull().default(""),
    input: text("input").notNull().default(""),
    expectedOutput: text("expected_output").notNull().default(""),
    // Beyond the spec: a hidden case reveals only pass/fail to students.
    hidden: boolean("hidden").notNull().default(false),
    // A drawing test (decision 064): the teacher's model answer, run by the server grader when the
    // case is saved, and the normalised drawing it made (shared/grading/drawing-shape.mjs), which
    // a program's drawing must match. Both null for a test of printed output only.
    drawingModel: text("drawing_model"),
    expectedDrawing: jsonb("expected_drawing").$type<unknown>(),
  },
  (t) => [index("test_cases_assignment_idx").on(t.assignmentId, t.position)],
);

export const submissions = pgTable(
  "submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    assignmentId: uuid("assignment_id")
      .notNull()
      .references(() => assignments.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    passedTests: integer("passed_tests").notNull().default(0),
    totalTests: integer("total_tests").notNull().default(0),
    score: doublePrecision("score").notNull().default(0),
    isFinal: boolean("is_final").notNull().default(false),
    // false for Run Tests attempts whose counts came from the browser (history only).
    verified: boolean("verified").notNull().default(false),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
    // A hand-in made offline and queued in the browser (decision 068): submittedAt is when it was
    // made (checked against the first activity event of the work), this is when the server got it.
    receivedAt: timestamp("received_at", { withTimezone: true }),
    teacherGrade: doublePrecision("teacher_grade"),
    teacherNotes: text("teacher_notes"),
    gradedAt: timestamp("graded_at", { withTimezone: true }),
    gradedBy: text("graded_by").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [
    index("submissions_assignment_user_idx").on(t.assignmentId, t.userId, t.submittedAt),
    index("submissions_user_idx").on(t.userId, t.submittedAt),
    // Hand-in counts and latest-final lookups read final submissions only.
    index("submissions_final_idx").on(t.assignmentId, t.userId).where(sql`${t.isFinal}`),
  ],
);

export const testCaseResults = pgTable(
  "test_case_results",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    submissionId: uuid("submission_id")
      .notNull()
      .references(() => submissions.id, { onDelete: "cascade" }),
    testCaseId: uuid("test_case_id").references(() => testCases.id, { onDelete: "set null" }),
    passed: boolean("passed").notNull(),
    output: text("output").notNull().default(""),
    /** What the program printed without prompts and echoed input; null when the same as output. */
    plainOutput: text("plain_output"),
    errorMessage: text("error_message"),
    executionTimeMs: doublePrecision("execution_time"),
    // A drawing test's verdict (decision 064): {matches, summary, yours}, the program's normalised
    // drawing kept only for a visible case that failed. Null for a test of printed output only.
    drawing: jsonb("drawing").$type<unknown>(),
  },
  (t) => [index("test_case_results_submission_idx").on(t.submissionId)],
);

// ── Exercise library ──────────────────────────────────────────────────────────────────────
export const exerciseCategories = pgTable(
  "exercise_categories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    displayOrder: integer("display_order").notNull().default(0),
    createdAt: createdAt(),
  },
  // One category per name, whatever its case or surrounding spaces (decision 044).
  (t) => [uniqueIndex("exercise_categories_name_key").on(sql`lower(btrim(${t.name}))`)],
);

export const exercises = pgTable(
  "exercises",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    difficulty: text("difficulty").notNull().default("easy"),
    language: text("language").notNull().default("python"),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => exerciseCategories.id, { onDelete: "cascade" }),
    starterCode: text("starter_code").notNull().default(""),
    solution: text("solution"),
    // The server grader's verdict on the solution against the tests, set when an admin saves:
    // "passed" | "failed", or null when not checked (no solution, no tests, grader unavailable).
    solutionCheck: text("solution_check"),
    hints: jsonb("hints").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    estimatedTime: text("estimated_time").notNull().default(""),
    displayOrder: integer("display_order").notNull().default(0),
    // A GCSE bank exercise's stable identity (its `id` in content/exercises) and the hash of the
    // bank version it was last seeded from: the seeder updates the row only while its content
    // still hashes to bank_hash, i.e. no admin has edited it since (decision 044). Null: not
    // from the bank. bank_skipped_hash: the newer bank version already reported as not applied.
    bankId: text("bank_id"),
    bankHash: text("bank_hash"),
    bankSkippedHash: text("bank_skipped_hash"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("exercises_category_idx").on(t.categoryId, t.displayOrder),
    uniqueIndex("exercises_bank_id_key").on(t.bankId),
  ],
);

export const exerciseTestCases = pgTable(
  "exercise_test_cases",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    exerciseId: uuid("exercise_id")
      .notNull()
      .references(() => exercises.id, { onDelete: "cascade" }),
    description: text("description").notNull().default(""),
    input: text("input").notNull().default(""),
    inputs: jsonb("inputs").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    expectedOutput: text("expected_output").notNull().default(""),
    displayOrder: integer("display_order").notNull().default(0),
    // A drawing test (decision 077): the exercise's solution is the model. Its drawing for this
    // case's input, recorded by the server's grader when the exercise is written (normal form of
    // shared/grading/drawing-shape.mjs), is what a program must draw. Null until recorded.
    compareDrawing: boolean("compare_drawing").notNull().default(false),
    expectedDrawing: jsonb("expected_drawing").$type<unknown>(),
  },
  (t) => [index("exercise_test_cases_exercise_idx").on(t.exerciseId, t.displayOrder)],
);

// The spec's upsert row per (exercise, user): is_completed, once true, stays true.
export const exerciseSubmissions = pgTable(
  "exercise_submissions",
  {
    exerciseId: uuid("exercise_id")
      .notNull()
      .references(() => exercises.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    passedTests: integer("passed_tests").notNull().default(0),
    totalTests: integer("total_tests").notNull().default(0),
    score: doublePrecision("score").notNull().default(0),
    isCompleted: boolean("is_completed").notNull().default(false),
    isSaved: boolean("is_saved").notNull().default(false),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.exerciseId, t.userId] }),
    // (user, time): a student's newest save is one step back in the index (insights' last activity).
    index("exercise_submissions_user_idx").on(t.userId, t.submittedAt),
  ],
);

// Every Save is a row: the workspace's "Past Saved" history.
export const exerciseAttempts = pgTable(
  "exercise_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    exerciseId: uuid("exercise_id")
      .notNull()
      .references(() => exercises.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    passedTests: integer("passed_tests").notNull().default(0),
    totalTests: integer("total_tests").notNull().default(0),
    score: doublePrecision("score").notNull().default(0),
    isCompleted: boolean("is_completed").notNull().default(false),
    verified: boolean("verified").notNull().default(false),
    // Per test, as the server graded this Save: the test as it was then and the program's result,
    // for Past Saved's details. Null on attempts saved before it was kept.
    results:
      jsonb("results").$type<
        {
          description: string;
          input: string;
          expectedOutput: string;
          passed: boolean;
          output: string;
          plainOutput?: string;
          error: string | null;
          timeMs: number;
          /** A drawing test's verdict in words (decision 077); the pictures are not kept. */
          drawing?: { matches: boolean; summary: string };
        }[]
      >(),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("exercise_attempts_exercise_user_idx").on(t.exerciseId, t.userId, t.submittedAt),
    // A student's failed saves, read together for insights' struggling exercise categories.
    index("exercise_attempts_failed_idx")
      .on(t.userId, t.exerciseId, t.submittedAt)
      .where(sql`not ${t.isCompleted}`),
  ],
);

// ── Activity record: how a student's assignment work happened (decision "The activity record") ──
// Append-only: one row per event a workspace sent. `id` is the order (the server's, never the
// client's clock); `time` is placed from the batch's arrival (see activity.service.ts). A retried
// batch is stored once: (student, session, batch, index) is unique and inserts skip conflicts.
export const activityEvents = pgTable(
  "activity_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    // The work recorded: an assignment, or a library exercise (decision 072); exactly one.
    assignmentId: uuid("assignment_id").references(() => assignments.id, { onDelete: "cascade" }),
    exerciseId: uuid("exercise_id").references(() => exercises.id, { onDelete: "cascade" }),
    studentId: text("student_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** One workspace visit (a browser tab's session with this work), chosen by the browser. */
    sessionId: uuid("session_id").notNull(),
    batchSeq: integer("batch_seq").notNull(),
    /** The event's place in its batch. */
    idx: integer("idx").notNull(),
    type: text("type").notNull(),
    /** The event without `type` and `at` (e.g. { changes, length } of an edit). */
    payload: jsonb("payload").notNull(),
    /** The browser's `at` (ms since the workspace opened): spacing within a batch, never order. */
    clientAt: integer("client_at").notNull(),
    time: timestamp("time", { withTimezone: true }).notNull(),
    storedAt: timestamp("stored_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("activity_events_batch_key").on(t.studentId, t.sessionId, t.batchSeq, t.idx),
    // One student's history of one assignment, in stored order; and paste evidence per assignment.
    index("activity_events_history_idx").on(t.assignmentId, t.studentId, t.id),
    // The retention job deletes by age.
    index("activity_events_stored_idx").on(t.storedAt),
    // A class's last activity (the retention job's max(time) per assignment).
    index("activity_events_live_idx").on(t.assignmentId, t.time),
    // Its runs and hand-ins, newest first without walking the edits between them (the live
    // summary's last results, first test result and last hand-in; decision 066).
    index("activity_events_runs_idx")
      .on(t.assignmentId, t.studentId, t.id)
      .where(sql`${t.type} in ('tests', 'error', 'submit')`),
    // A student's own history of a library exercise (decision 072), in stored order.
    index("activity_events_exercise_idx")
      .on(t.exerciseId, t.studentId, t.id)
      .where(sql`${t.exerciseId} is not null`),
    check("activity_events_one_work", sql`(${t.assignmentId} is null) <> (${t.exerciseId} is null)`),
  ],
);

// ── The live lesson: help requests ("I'm stuck") and comments on lines of code ───────────
// One open request per student (a partial unique index); the code they had open is attached as it
// was when they asked. Statuses: open → answered → resolved, or withdrawn by the student.
export const helpRequests = pgTable(
  "help_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    classId: uuid("class_id")
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    assignmentId: uuid("assignment_id")
      .notNull()
      .references(() => assignments.id, { onDelete: "cascade" }),
    studentId: text("student_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    question: text("question").notNull().default(""),
    code: text("code").notNull().default(""),
    status: text("status").notNull().default("open"),
    /** The teacher's message (may be empty when the answer is line comments only). */
    answer: text("answer"),
    answeredBy: text("answered_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
  },
  (t) => [
    check("help_requests_status_check", sql`${t.status} in ('open', 'answered', 'resolved', 'withdrawn')`),
    uniqueIndex("help_requests_one_open_idx").on(t.studentId).where(sql`${t.status} = 'open'`),
    // The class's queue (and the live summary's raised hands): open ones, oldest first.
    index("help_requests_class_idx").on(t.classId, t.status, t.createdAt),
    index("help_requests_student_idx").on(t.studentId, t.assignmentId, t.createdAt),
  ],
);

// One home for comments on a line of a student's code: on a final submission (grading) or on the
// code attached to a help request. `code` is the text the comment was written on, so it stays
// anchored to that line even after the student edits their draft.
export const codeComments = pgTable(
  "code_comments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    authorId: text("author_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    studentId: text("student_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    assignmentId: uuid("assignment_id")
      .notNull()
      .references(() => assignments.id, { onDelete: "cascade" }),
    submissionId: uuid("submission_id").references(() => submissions.id, { onDelete: "cascade" }),
    helpRequestId: uuid("help_request_id").references(() => helpRequests.id, { onDelete: "cascade" }),
    line: integer("line").notNull(),
    code: text("code").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("code_comments_line_check", sql`${t.line} >= 1`),
    index("code_comments_work_idx").on(t.assignmentId, t.studentId, t.createdAt),
    index("code_comments_submission_idx").on(t.submissionId),
    index("code_comments_help_idx").on(t.helpRequestId),
  ],
);

// ── Mail outbox: every message is recorded; SMTP delivery stamps sent_at ────────────────
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    link: text("link"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    error: text("error"),
  },
  (t) => [index("mail_outbox_to_idx").on(t.to, t.createdAt)],
);

// ── Limits shared by every instance: fixed-window counters and in-flight leases ─────────
// One row per key (e.g. `sign-in:addr:1.2.3.4`, `grading:<userId>`). Kept in the database, not
// in process memory, so N instances on one PostgreSQL give one allowance, not N.
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull().default(0),
    resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
    // A lease's holder (a random token per acquisition), so a holder whose lease lapsed cannot
    // renew or release the next holder's. Null for counters.
    owner: text("owner"),
  },
  (t) => [index("rate_limits_reset_idx").on(t.resetAt)],
);

// ── Issue 22: data a school can account for (decisions 061, 062) ─────────────────────────
// The admin audit log: who did what and when. `actor_id` and `target_id` carry no foreign key on
// purpose: an entry outlives a deleted account as an id alone; names and e-mail addresses are
// joined in while the account exists and never copied into an entry (nor into `details`).
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** The signed-in user who did it; null for the system (the retention job, the command line). */
    actorId: text("actor_id"),
    /** e.g. `data.export`, `account.delete`, `class.transfer.accept`, `retention.run`, `role.change`. */
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    /** Counts, class names, roles — never a person's name, e-mail or code. */
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [index("audit_log_at_idx").on(t.at, t.id)],
);

// A class offered by its owner to another teacher; nothing changes until the recipient accepts.
// Statuses: pending → accepted | declined | cancelled (by the sender). One pending offer a class.
export const classTransfers = pgTable(
  "class_transfers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    classId: uuid("class_id")
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    fromUserId: text("from_user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    toUserId: text("to_user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("pending"),
    createdAt: createdAt(),
    respondedAt: timestamp("responded_at", { withTimezone: true }),
  },
  (t) => [
    check(
      "class_transfers_status_check",
      sql`${t.status} in ('pending', 'accepted', 'declined', 'cancelled')`,
    ),
    uniqueIndex("class_transfers_one_pending_idx").on(t.classId).where(sql`${t.status} = 'pending'`),
    index("class_transfers_to_idx").on(t.toUserId, t.status),
    index("class_transfers_from_idx").on(t.fromUserId, t.status),
  ],
);

// The retention policy an admin set (one row, id 1); without the row the defaults apply.
// activity_days null: the activity record is kept until the end of the school year (31 August).
export const retentionPolicy = pgTable(
  "retention_policy",
  {
    id: integer("id").primaryKey().default(1),
    activityDays: integer("activity_days"),
    classWorkYears: integer("class_work_years").notNull().default(2),
    inactiveAccountMonths: integer("inactive_account_months").notNull().default(24),
    inactiveGraceDays: integer("inactive_grace_days").notNull().default(30),
    exportDays: integer("export_days").notNull().default(7),
    /** The admin audit log's entries, this many months after they were written (decision 071). */
    auditLogMonths: integer("audit_log_months").notNull().default(24),
    updatedAt: updatedAt(),
    updatedBy: text("updated_by"),
  },
  (t) => [check("retention_policy_one_row", sql`${t.id} = 1`)],
);

// When each account last signed in (sessions are deleted at sign-out, so they cannot say), and
// when the retention job warned it that it will be deleted for not signing in.
export const accountSignIns = pgTable("account_sign_ins", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }).notNull(),
  inactivityWarnedAt: timestamp("inactivity_warned_at", { withTimezone: true }),
});

// What a user chose about their own data shown to others. No row: the defaults.
export const userPrivacy = pgTable("user_privacy", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  /** A teacher's e-mail address on their classes, as their students see them (spec: shown). */
  showEmailToStudents: boolean("show_email_to_students").notNull().default(true),
  updatedAt: updatedAt(),
});

// ── Issue 22: the user's own data rights (decisions 059, 060) ───────────────────────────────
/** Raw bytes (PGlite answers Uint8Array, node-postgres a Buffer, which is one). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

// "Download my data": one ZIP per request, built in the background and kept in the database (not
// DATA_DIR: instances share only the database) until it expires. preparing → ready | failed.
export const dataExports = pgTable(
  "data_exports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("preparing"),
    createdAt: createdAt(),
    readyAt: timestamp("ready_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    sizeBytes: integer("size_bytes"),
    /** The ZIP; null until ready, and again once expired. */
    content: bytea("content"),
  },
  (t) => [
    check("data_exports_status_check", sql`${t.status} in ('preparing', 'ready', 'failed')`),
    index("data_exports_user_idx").on(t.userId, t.createdAt),
    index("data_exports_expires_idx").on(t.expiresAt),
  ],
);

// "Delete my account": requested (password checked, e-mail sent) → scheduled (link opened; deleted
// at due_at unless the user signs in) → the account is erased and this row with it; or cancelled
// by a sign-in (kept until the user has read the notice). Only a hash of the e-mailed token.
export const accountDeletions = pgTable(
  "account_deletions",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("requested"),
    tokenHash: text("token_hash"),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
    linkExpiresAt: timestamp("link_expires_at", { withTimezone: true }).notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    dueAt: timestamp("due_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  },
  (t) => [
    check("account_deletions_status_check", sql`${t.status} in ('requested', 'scheduled', 'cancelled')`),
    uniqueIndex("account_deletions_token_idx").on(t.tokenHash),
    index("account_deletions_due_idx").on(t.dueAt).where(sql`${t.status} = 'scheduled'`),
  ],
);
