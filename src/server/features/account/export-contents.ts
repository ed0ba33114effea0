// What "Download my data" holds (decisions 059, 071): every row that is the user's, read from each
// table by their id, in words a student can read; of other people only what the user already saw (a
// teacher's name, a class's name). Each program is also a .py file of its own beside data.json.
// The service's own records are in it too: the sessions Better Auth keeps (never their tokens) and
// the audit-log entries that name the user (decision 071's note of 2026-11-26).
// One reader per table below; `columns()` and `inUtc()` keep each one to what it says.
import { asc, eq, getTableColumns, inArray, or, sql, type Table } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "@/server/db/client.ts";
import {
  accountSignIns,
  activityEvents,
  assignments,
  auditLog,
  classes,
  classMembers,
  classTransfers,
  codeComments,
  exerciseAttempts,
  exerciseCategories,
  exerciseSubmissions,
  exercises,
  helpRequests,
  session,
  submissions,
  testCases,
  user,
} from "@/server/db/schema.ts";
import { withResults } from "@/server/features/submissions/index.ts";
import { AUDIT_ACTIONS, type AuditAction } from "@/shared/api/audit.ts";
import { EXPIRED_SESSION_KEPT_DAYS } from "@/shared/api/retention.ts";

export type ExportFile = { path: string; text: string };
export type ExportContents = { data: Record<string, unknown>; files: ExportFile[] };

const ABOUT =
  "This is everything PyClass keeps about you, as it was when you asked for it. " +
  "Each program you handed in, tested or saved is also a .py file in the folders beside this one " +
  "(the 'codeFile' fields say which). Times are UTC. Where you are signed in ('sessions') is listed " +
  "without the secret code that keeps you signed in, so nobody can use this file to sign in as you. " +
  "Questions: ask your teacher or your school.";

const SIGN_IN_ABOUT =
  "When you last signed in. PyClass keeps it so that an account nobody uses is deleted in the end: " +
  "first we e-mail a warning, and signing in keeps the account. The page 'How long we keep data' says when.";

const expiredSessionsKept = EXPIRED_SESSION_KEPT_DAYS === 1 ? "a day" : `${EXPIRED_SESSION_KEPT_DAYS} days`;
const SESSIONS_ABOUT =
  "Where you are signed in: one entry for each time you signed in (on a computer, phone or browser). " +
  "We keep when it started, when PyClass last renewed it (at most once a day while you use it), when it " +
  "stops working if you stop using PyClass (about a week later), and the internet address (IP address) " +
  "and browser it started from. 'stillSignedIn' is false for one that stopped working without you signing " +
  `out; we delete those ${expiredSessionsKept} after they stop working. Signing out deletes it; 'Sign out ` +
  "everywhere' in Settings deletes the others too, and deleting your account deletes them all. The secret " +
  "code that keeps you signed in is not in this file.";

const AUDIT_ABOUT =
  "PyClass keeps a log of important things done to accounts and classes: data downloads, account " +
  "deletions, signing out everywhere, class transfers, role changes and changes to how long data is kept, so " +
  "your school can check who did what and when. These are the entries that name you: you did it, it was " +
  "done to your account, or it names you (a class offered to you). " +
  "The log stores account numbers, not names: here you are 'you', other people are shown by their name " +
  "only, and 'PyClass' means an automatic job or the person who runs this PyClass. Each entry is deleted " +
  "after the period on the page 'How long we keep data'.";

/** A folder or file name from a title: lower-case letters, digits and dashes, never empty. */
export function slug(text: string, fallback: string): string {
  const s = text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/, "");
  return s || fallback;
}

/** Rows grouped by a key, in their order: one pass, where a filter per group is quadratic. */
function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/** A table's columns under their own names: a select that keeps them says so in one line. */
function columns<T extends Table, K extends keyof T["_"]["columns"]>(
  table: T,
  ...keys: K[]
): Pick<T["_"]["columns"], K> {
  const all = getTableColumns(table);
  return Object.fromEntries(keys.map((k) => [k, all[k]])) as Pick<T["_"]["columns"], K>;
}

type InUtc<R> = {
  [K in keyof R]: R[K] extends Date ? string : R[K] extends Date | null ? string | null : R[K];
};

/** A row with every time as UTC text, its fields in their order (data.json's one form of a time). */
function inUtc<R extends Record<string, unknown>>(row: R): InUtc<R> {
  return Object.fromEntries(
    Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]),
  ) as InUtc<R>;
}
const allInUtc = <R extends Record<string, unknown>>(rows: R[]) => rows.map(inUtc);

const stamp = (d: Date) => d.toISOString().slice(0, 19).replace("T", "_").replaceAll(":", "-");
const short = (id: string) => id.slice(0, 8);

/** Builds data.json and the code files of one user. */
export async function collectExport(db: Db, userId: string, now: Date): Promise<ExportContents> {
  const me = await db.query.user.findFirst({ where: eq(user.id, userId) });
  if (!me) throw new Error("The account no longer exists.");
  const files: ExportFile[] = [];
  const [memberOf, owned] = await Promise.all([memberships(db, userId), ownedClasses(db, userId)]);
  const work = await assignmentWork(db, userId, files);
  const { id, name, email, emailVerified, role, createdAt, updatedAt } = me;
  const data = {
    about: ABOUT,
    exportedAt: now.toISOString(),
    profile: inUtc({ id, name, email, emailVerified, role, createdAt, updatedAt }),
    classesJoined: memberOf,
    classesOwned: owned,
    assignmentsCreated: await createdAssignments(db, userId),
    assignments: work,
    exerciseSaves: await exerciseWork(db, userId, files),
    helpRequests: await myHelpRequests(db, userId),
    helpAnswersWritten: await helpAnswersBy(db, userId),
    codeComments: await comments(db, userId),
    activityHistory: await activity(db, userId),
    signIns: await signInRecord(db, userId),
    classTransfers: await transfers(db, userId),
    sessions: { about: SESSIONS_ABOUT, sessions: await sessions(db, userId, now) },
    auditLog: { about: AUDIT_ABOUT, entries: await auditEntries(db, userId) },
  };
  return { data, files };
}

/** Classes I joined: the class and its teacher's name, as the student's class list shows them. */
function memberships(db: Db, userId: string) {
  return db
    .select({
      classId: classes.id,
      ...columns(classes, "name", "description"),
      teacher: user.name,
      joinedAt: classMembers.joinedAt,
    })
    .from(classMembers)
    .innerJoin(classes, eq(classes.id, classMembers.classId))
    .innerJoin(user, eq(user.id, classes.ownerId))
    .where(eq(classMembers.userId, userId))
    .orderBy(asc(classMembers.joinedAt))
    .then(allInUtc);
}

/** Classes I own (a teacher): what I wrote, not who is in them. */
function ownedClasses(db: Db, userId: string) {
  return db
    .select({ classId: classes.id, ...columns(classes, "name", "description", "joinCode", "createdAt") })
    .from(classes)
    .where(eq(classes.ownerId, userId))
    .orderBy(asc(classes.createdAt))
    .then(allInUtc);
}

/** Assignments I set (a teacher), with the test cases I wrote. */
async function createdAssignments(db: Db, userId: string) {
  const rows = await db
    .select({
      id: assignments.id,
      class: classes.name,
      ...columns(assignments, "name", "description", "dueDate", "starterCode", "createdAt"),
    })
    .from(assignments)
    .innerJoin(classes, eq(classes.id, assignments.classId))
    .where(eq(classes.ownerId, userId))
    .orderBy(asc(assignments.createdAt));
  if (rows.length === 0) return [];
  const cases = await db
    .select(columns(testCases, "assignmentId", "description", "input", "expectedOutput", "hidden"))
    .from(testCases)
    .where(
      inArray(
        testCases.assignmentId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(testCases.position));
  const casesOf = groupBy(cases, (t) => t.assignmentId);
  return rows.map((a) => ({
    ...inUtc(a),
    testCases: (casesOf.get(a.id) ?? []).map(({ assignmentId: _, ...testCase }) => testCase),
  }));
}

type ShownSubmission = Awaited<ReturnType<typeof withResults>>[number];

/** One hand-in or test run as my results page shows it (a hidden test's pass or fail only). */
function submissionEntry(s: ShownSubmission, folder: string, files: ExportFile[]) {
  const kind = s.isFinal ? "hand-in" : "test-run";
  const codeFile = `${folder}/${stamp(new Date(s.submittedAt))}-${kind}-${short(s.id)}.py`;
  files.push({ path: codeFile, text: s.code });
  return {
    id: s.id,
    kind,
    submittedAt: s.submittedAt,
    checkedByServer: s.verified,
    passedTests: s.passedTests,
    totalTests: s.totalTests,
    score: s.score,
    grade: s.teacherGrade,
    teacherNotes: s.teacherNotes,
    gradedAt: s.gradedAt,
    codeFile,
    testResults: s.results.map((r) => ({
      test: r.hidden ? "(hidden test)" : r.description,
      passed: r.passed,
      ...(r.output === null ? {} : { output: r.output }),
      ...(r.errorMessage ? { error: r.errorMessage } : {}),
    })),
  };
}

/**
 * Every assignment I submitted to or can see as a member, with all my submissions (hand-ins and
 * test runs).
 */
async function assignmentWork(db: Db, userId: string, files: ExportFile[]) {
  const mine = await db
    .select()
    .from(submissions)
    .where(eq(submissions.userId, userId))
    .orderBy(asc(submissions.submittedAt), asc(submissions.id));
  const memberClassIds = db
    .select({ id: classMembers.classId })
    .from(classMembers)
    .where(eq(classMembers.userId, userId));
  const submittedTo = [...new Set(mine.map((s) => s.assignmentId))];
  const list = await db
    .select({
      ...columns(assignments, "id", "name", "description", "dueDate"),
      class: classes.name,
      teacher: user.name,
    })
    .from(assignments)
    .innerJoin(classes, eq(classes.id, assignments.classId))
    .innerJoin(user, eq(user.id, classes.ownerId))
    .where(
      or(
        inArray(assignments.classId, memberClassIds),
        submittedTo.length ? inArray(assignments.id, submittedTo) : undefined,
      ),
    )
    .orderBy(asc(assignments.createdAt), asc(assignments.id));
  const shown = await withResults(db, mine, "student");
  // Grouped in one pass: copying the list per submission was quadratic (50,000 test runs, minutes).
  const byAssignment = groupBy(shown, (s) => s.assignmentId);
  return list.map((a) => {
    const folder = `submissions/${slug(a.name, "assignment")}-${short(a.id)}`;
    return {
      ...inUtc(a),
      submissions: (byAssignment.get(a.id) ?? []).map((s) => submissionEntry(s, folder, files)),
    };
  });
}

type ExerciseSave = typeof exerciseAttempts.$inferSelect;

/** One Save in the exercise library, with its code as a file. */
function saveEntry(s: ExerciseSave, folder: string, files: ExportFile[]) {
  const codeFile = `${folder}/${stamp(s.submittedAt)}-save-${short(s.id)}.py`;
  files.push({ path: codeFile, text: s.code });
  return {
    id: s.id,
    savedAt: s.submittedAt.toISOString(),
    passedTests: s.passedTests,
    totalTests: s.totalTests,
    score: s.score,
    completed: s.isCompleted,
    checkedByServer: s.verified,
    codeFile,
    testResults: s.results ?? [],
  };
}

/** The exercise library: my latest save per exercise and every Save I made. */
async function exerciseWork(db: Db, userId: string, files: ExportFile[]) {
  const [latest, saves] = await Promise.all([
    db
      .select({
        exerciseId: exerciseSubmissions.exerciseId,
        completed: exerciseSubmissions.isCompleted,
        saved: exerciseSubmissions.isSaved,
        ...columns(exerciseSubmissions, "code", "submittedAt"),
      })
      .from(exerciseSubmissions)
      .where(eq(exerciseSubmissions.userId, userId)),
    db
      .select()
      .from(exerciseAttempts)
      .where(eq(exerciseAttempts.userId, userId))
      .orderBy(asc(exerciseAttempts.submittedAt), asc(exerciseAttempts.id)),
  ]);
  const ids = [...new Set([...latest.map((l) => l.exerciseId), ...saves.map((s) => s.exerciseId)])];
  if (ids.length === 0) return [];
  const titles = await db
    .select({ ...columns(exercises, "id", "title"), category: exerciseCategories.name })
    .from(exercises)
    .innerJoin(exerciseCategories, eq(exerciseCategories.id, exercises.categoryId))
    .where(inArray(exercises.id, ids));
  const savesOf = groupBy(saves, (s) => s.exerciseId);
  const latestOf = new Map(latest.map((l) => [l.exerciseId, l]));
  return titles
    .sort((a, b) => a.title.localeCompare(b.title))
    .map((ex) => {
      const folder = `exercises/${slug(ex.title, "exercise")}-${short(ex.id)}`;
      const current = latestOf.get(ex.id);
      let currentFile: string | null = null;
      if (current) {
        currentFile = `${folder}/latest.py`;
        files.push({ path: currentFile, text: current.code });
      }
      return {
        exerciseId: ex.id,
        title: ex.title,
        category: ex.category,
        completed: current?.completed ?? false,
        latest: current
          ? { savedAt: current.submittedAt.toISOString(), saved: current.saved, codeFile: currentFile }
          : null,
        saves: (savesOf.get(ex.id) ?? []).map((s) => saveEntry(s, folder, files)),
      };
    });
}

/** "I'm stuck" requests I raised, with the teacher's answer. */
function myHelpRequests(db: Db, userId: string) {
  return db
    .select({
      id: helpRequests.id,
      assignment: assignments.name,
      ...columns(helpRequests, "question", "code", "status", "answer"),
      answeredBy: user.name,
      ...columns(helpRequests, "createdAt", "answeredAt", "resolvedAt"),
    })
    .from(helpRequests)
    .innerJoin(assignments, eq(assignments.id, helpRequests.assignmentId))
    .leftJoin(user, eq(user.id, helpRequests.answeredBy))
    .where(eq(helpRequests.studentId, userId))
    .orderBy(asc(helpRequests.createdAt))
    .then(allInUtc);
}

/** Answers I wrote to help requests (a teacher): my words, not the student's question or code. */
function helpAnswersBy(db: Db, userId: string) {
  return db
    .select({
      helpRequestId: helpRequests.id,
      assignment: assignments.name,
      ...columns(helpRequests, "answer", "answeredAt"),
    })
    .from(helpRequests)
    .innerJoin(assignments, eq(assignments.id, helpRequests.assignmentId))
    .where(eq(helpRequests.answeredBy, userId))
    .orderBy(asc(helpRequests.answeredAt))
    .then(allInUtc);
}

/** Comments on lines of my code (with the author's name), and those I wrote (without whose code). */
async function comments(db: Db, userId: string) {
  const rows = await db
    .select({
      ...columns(codeComments, "id", "authorId", "studentId"),
      author: user.name,
      assignment: assignments.name,
      ...columns(
        codeComments,
        "submissionId",
        "helpRequestId",
        "line",
        "code",
        "body",
        "createdAt",
        "updatedAt",
      ),
    })
    .from(codeComments)
    .innerJoin(user, eq(user.id, codeComments.authorId))
    .innerJoin(assignments, eq(assignments.id, codeComments.assignmentId))
    .where(or(eq(codeComments.studentId, userId), eq(codeComments.authorId, userId)))
    .orderBy(asc(codeComments.createdAt), asc(codeComments.id))
    .then(allInUtc);
  const onMyCode = rows
    .filter((r) => r.studentId === userId)
    .map((r) => ({
      id: r.id,
      author: r.author,
      assignment: r.assignment,
      submissionId: r.submissionId,
      helpRequestId: r.helpRequestId,
      line: r.line,
      lineOfCode: r.code.split("\n")[r.line - 1] ?? "",
      comment: r.body,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    }));
  const written = rows
    .filter((r) => r.authorId === userId && r.studentId !== userId)
    .map(({ id, assignment, line, body, createdAt, updatedAt }) => ({
      id,
      assignment,
      line,
      comment: body,
      createdAt,
      updatedAt,
    }));
  return { onMyCode, written };
}

/**
 * The activity record of my assignment and library-exercise work (what the workspace sent),
 * oldest first; an exercise's events name it (decision 072).
 */
function activity(db: Db, userId: string) {
  return db
    .select({
      ...columns(activityEvents, "id", "assignmentId", "exerciseId"),
      exercise: exercises.title,
      session: activityEvents.sessionId,
      ...columns(activityEvents, "type", "time"),
      details: activityEvents.payload,
    })
    .from(activityEvents)
    .leftJoin(exercises, eq(exercises.id, activityEvents.exerciseId))
    .where(eq(activityEvents.studentId, userId))
    .orderBy(asc(activityEvents.id))
    .then(allInUtc);
}

/** My sign-in record (the inactivity rule's, decision 062): when, and any deletion warning since. */
async function signInRecord(db: Db, userId: string) {
  const [row] = await db
    .select({
      lastSignedInAt: accountSignIns.lastSignInAt,
      deletionWarningSentAt: accountSignIns.inactivityWarnedAt,
    })
    .from(accountSignIns)
    .where(eq(accountSignIns.userId, userId));
  return { about: SIGN_IN_ABOUT, ...inUtc(row ?? { lastSignedInAt: null, deletionWarningSentAt: null }) };
}

const sender = alias(user, "sender");
const recipient = alias(user, "recipient");

/**
 * Classes I offered to another teacher or was offered, with what became of each: the class's name
 * and the other teacher's name, as the offer showed them; never their e-mail address.
 */
function transfers(db: Db, userId: string) {
  return db
    .select({
      id: classTransfers.id,
      class: classes.name,
      offeredBy: sender.name,
      offeredTo: recipient.name,
      status: classTransfers.status,
      offeredAt: classTransfers.createdAt,
      answeredAt: classTransfers.respondedAt,
    })
    .from(classTransfers)
    .innerJoin(classes, eq(classes.id, classTransfers.classId))
    .innerJoin(sender, eq(sender.id, classTransfers.fromUserId))
    .innerJoin(recipient, eq(recipient.id, classTransfers.toUserId))
    .where(or(eq(classTransfers.fromUserId, userId), eq(classTransfers.toUserId, userId)))
    .orderBy(asc(classTransfers.createdAt), asc(classTransfers.id))
    .then(allInUtc);
}

/**
 * Where I am signed in: each session Better Auth keeps, without its token (the cookie's secret, which
 * signs in) or its id. `updatedAt` moves when Better Auth renews the session, about once a day of use.
 */
function sessions(db: Db, userId: string, now: Date) {
  return db
    .select({
      startedAt: session.createdAt,
      lastRenewedAt: session.updatedAt,
      endsAt: session.expiresAt,
      ipAddress: session.ipAddress,
      browser: session.userAgent,
    })
    .from(session)
    .where(eq(session.userId, userId))
    .orderBy(asc(session.createdAt))
    .then((rows) => rows.map((r) => ({ ...inUtc(r), stillSignedIn: r.endsAt > now })));
}

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Every string in a value, at any depth: the ids an entry's details might hold. */
function stringsIn(value: unknown, found: Set<string>): Set<string> {
  if (typeof value === "string") found.add(value);
  else if (Array.isArray(value)) for (const v of value) stringsIn(v, found);
  else if (value && typeof value === "object") for (const v of Object.values(value)) stringsIn(v, found);
  return found;
}

/**
 * The audit-log entries that name me (decision 061's log; 071's note): as the one who did it, the
 * account it was done to, or an id anywhere in its details (a class transfer names both teachers).
 * The log holds ids only; here I am "you" and anyone else is their name (as the transfer screens
 * showed it), never their id or e-mail address; an account since deleted is "a deleted account".
 */
async function auditEntries(db: Db, userId: string) {
  const rows = await db
    .select()
    .from(auditLog)
    .where(
      or(
        eq(auditLog.actorId, userId),
        eq(auditLog.targetId, userId),
        sql`jsonb_path_exists(${auditLog.details}, '$.** ? (@ == $id)', jsonb_build_object('id', ${userId}::text), true)`,
      ),
    )
    .orderBy(asc(auditLog.id));
  if (rows.length === 0) return [];
  // Who else each entry names: its actor, a user it was done to, and any id in its details.
  const named = new Set<string>();
  for (const r of rows) {
    if (r.actorId) named.add(r.actorId);
    if (r.targetType === "user" && r.targetId) named.add(r.targetId);
    stringsIn(r.details, named);
  }
  named.delete(userId);
  const people = new Map(
    named.size === 0
      ? []
      : (
          await db
            .select(columns(user, "id", "name"))
            .from(user)
            .where(inArray(user.id, [...named]))
        ).map((p) => [p.id, p.name]),
  );
  const person = (id: string) => (id === userId ? "you" : (people.get(id) ?? "a deleted account"));
  const account = (id: string) =>
    id === userId ? "your account" : people.has(id) ? `${people.get(id)}'s account` : "a deleted account";
  // A details key that names a person (`fromUserId`) keeps its meaning without the id (`from`).
  const shown = (value: unknown, key = ""): Json => {
    if (typeof value === "string") {
      if (value === userId || people.has(value) || /userId$/i.test(key)) return person(value);
      return value;
    }
    if (Array.isArray(value)) return value.map((v) => shown(v, key));
    if (value && typeof value === "object")
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) => [
          k.replace(/(.)UserId$/, "$1").replace(/^userId$/, "user"),
          shown(v, k),
        ]),
      );
    return (value ?? null) as Json;
  };
  return rows.map((r) => ({
    id: r.id,
    at: r.at.toISOString(),
    what: AUDIT_ACTIONS[r.action as AuditAction] ?? r.action,
    action: r.action,
    doneBy: r.actorId === null ? "PyClass" : person(r.actorId),
    doneTo:
      r.targetType === "user" && r.targetId
        ? account(r.targetId)
        : r.targetType === "class"
          ? "a class"
          : r.targetType,
    ...(r.targetType === "class" ? { classId: r.targetId } : {}),
    details: shown(r.details),
  }));
}
