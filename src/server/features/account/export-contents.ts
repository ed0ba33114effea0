// What "Download my data" holds (decision 059): every row that is the user's, read from each table
// by their id, in words a student can read; of other people only what the user already saw (a
// teacher's name, a class's name). Each program is also a .py file of its own beside data.json.
import { asc, eq, inArray, or } from "drizzle-orm";
import type { Db } from "@/server/db/client.ts";
import {
  activityEvents,
  assignments,
  classes,
  classMembers,
  codeComments,
  exerciseAttempts,
  exerciseCategories,
  exerciseSubmissions,
  exercises,
  helpRequests,
  submissions,
  testCases,
  user,
} from "@/server/db/schema.ts";
import { withResults } from "@/server/features/submissions/index.ts";

export type ExportFile = { path: string; text: string };
export type ExportContents = { data: Record<string, unknown>; files: ExportFile[] };

const ABOUT =
  "This is everything PyClass keeps about you, as it was when you asked for it. " +
  "Each program you handed in, tested or saved is also a .py file in the folders beside this one " +
  "(the 'codeFile' fields say which). Times are UTC. Questions: ask your teacher or your school.";

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

const stamp = (d: Date) => d.toISOString().slice(0, 19).replace("T", "_").replaceAll(":", "-");
const iso = (d: Date | null) => d?.toISOString() ?? null;
const short = (id: string) => id.slice(0, 8);

/** Builds data.json and the code files of one user. */
export async function collectExport(db: Db, userId: string, now: Date): Promise<ExportContents> {
  const me = await db.query.user.findFirst({ where: eq(user.id, userId) });
  if (!me) throw new Error("The account no longer exists.");
  const files: ExportFile[] = [];
  const [memberOf, owned] = await Promise.all([memberships(db, userId), ownedClasses(db, userId)]);
  const work = await assignmentWork(db, userId, files);
  const data = {
    about: ABOUT,
    exportedAt: now.toISOString(),
    profile: {
      id: me.id,
      name: me.name,
      email: me.email,
      emailVerified: me.emailVerified,
      role: me.role,
      createdAt: iso(me.createdAt),
      updatedAt: iso(me.updatedAt),
    },
    classesJoined: memberOf,
    classesOwned: owned,
    assignmentsCreated: await createdAssignments(db, userId),
    assignments: work,
    exerciseSaves: await exerciseWork(db, userId, files),
    helpRequests: await myHelpRequests(db, userId),
    helpAnswersWritten: await helpAnswersBy(db, userId),
    codeComments: await comments(db, userId),
    activityHistory: await activity(db, userId),
  };
  return { data, files };
}

/** Classes I joined: the class and its teacher's name, as the student's class list shows them. */
function memberships(db: Db, userId: string) {
  return db
    .select({
      classId: classes.id,
      name: classes.name,
      description: classes.description,
      teacher: user.name,
      joinedAt: classMembers.joinedAt,
    })
    .from(classMembers)
    .innerJoin(classes, eq(classes.id, classMembers.classId))
    .innerJoin(user, eq(user.id, classes.ownerId))
    .where(eq(classMembers.userId, userId))
    .orderBy(asc(classMembers.joinedAt))
    .then((rows) => rows.map((r) => ({ ...r, joinedAt: iso(r.joinedAt) })));
}

/** Classes I own (a teacher): what I wrote, not who is in them. */
function ownedClasses(db: Db, userId: string) {
  return db
    .select({
      classId: classes.id,
      name: classes.name,
      description: classes.description,
      joinCode: classes.joinCode,
      createdAt: classes.createdAt,
    })
    .from(classes)
    .where(eq(classes.ownerId, userId))
    .orderBy(asc(classes.createdAt))
    .then((rows) => rows.map((r) => ({ ...r, createdAt: iso(r.createdAt) })));
}

/** Assignments I set (a teacher), with the test cases I wrote. */
async function createdAssignments(db: Db, userId: string) {
  const rows = await db
    .select({
      id: assignments.id,
      class: classes.name,
      name: assignments.name,
      description: assignments.description,
      dueDate: assignments.dueDate,
      starterCode: assignments.starterCode,
      createdAt: assignments.createdAt,
    })
    .from(assignments)
    .innerJoin(classes, eq(classes.id, assignments.classId))
    .where(eq(classes.ownerId, userId))
    .orderBy(asc(assignments.createdAt));
  if (rows.length === 0) return [];
  const cases = await db
    .select()
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
    ...a,
    dueDate: iso(a.dueDate),
    createdAt: iso(a.createdAt),
    testCases: (casesOf.get(a.id) ?? []).map((t) => ({
      description: t.description,
      input: t.input,
      expectedOutput: t.expectedOutput,
      hidden: t.hidden,
    })),
  }));
}

/**
 * Every assignment I submitted to or can see as a member, with all my submissions (hand-ins and
 * test runs) as my results page shows them: a hidden test's pass or fail only.
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
      id: assignments.id,
      name: assignments.name,
      description: assignments.description,
      dueDate: assignments.dueDate,
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
      ...a,
      dueDate: iso(a.dueDate),
      submissions: (byAssignment.get(a.id) ?? []).map((s) => {
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
      }),
    };
  });
}

/** The exercise library: my latest save per exercise and every Save I made. */
async function exerciseWork(db: Db, userId: string, files: ExportFile[]) {
  const [latest, saves] = await Promise.all([
    db
      .select({
        exerciseId: exerciseSubmissions.exerciseId,
        completed: exerciseSubmissions.isCompleted,
        saved: exerciseSubmissions.isSaved,
        code: exerciseSubmissions.code,
        submittedAt: exerciseSubmissions.submittedAt,
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
    .select({ id: exercises.id, title: exercises.title, category: exerciseCategories.name })
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
          ? { savedAt: iso(current.submittedAt), saved: current.saved, codeFile: currentFile }
          : null,
        saves: (savesOf.get(ex.id) ?? []).map((s) => {
          const codeFile = `${folder}/${stamp(s.submittedAt)}-save-${short(s.id)}.py`;
          files.push({ path: codeFile, text: s.code });
          return {
            id: s.id,
            savedAt: iso(s.submittedAt),
            passedTests: s.passedTests,
            totalTests: s.totalTests,
            score: s.score,
            completed: s.isCompleted,
            checkedByServer: s.verified,
            codeFile,
            testResults: s.results ?? [],
          };
        }),
      };
    });
}

/** "I'm stuck" requests I raised, with the teacher's answer. */
async function myHelpRequests(db: Db, userId: string) {
  const rows = await db
    .select({
      id: helpRequests.id,
      assignment: assignments.name,
      question: helpRequests.question,
      code: helpRequests.code,
      status: helpRequests.status,
      answer: helpRequests.answer,
      answeredBy: user.name,
      createdAt: helpRequests.createdAt,
      answeredAt: helpRequests.answeredAt,
      resolvedAt: helpRequests.resolvedAt,
    })
    .from(helpRequests)
    .innerJoin(assignments, eq(assignments.id, helpRequests.assignmentId))
    .leftJoin(user, eq(user.id, helpRequests.answeredBy))
    .where(eq(helpRequests.studentId, userId))
    .orderBy(asc(helpRequests.createdAt));
  return rows.map((r) => ({
    ...r,
    createdAt: iso(r.createdAt),
    answeredAt: iso(r.answeredAt),
    resolvedAt: iso(r.resolvedAt),
  }));
}

/** Answers I wrote to help requests (a teacher): my words, not the student's question or code. */
async function helpAnswersBy(db: Db, userId: string) {
  const rows = await db
    .select({
      helpRequestId: helpRequests.id,
      assignment: assignments.name,
      answer: helpRequests.answer,
      answeredAt: helpRequests.answeredAt,
    })
    .from(helpRequests)
    .innerJoin(assignments, eq(assignments.id, helpRequests.assignmentId))
    .where(eq(helpRequests.answeredBy, userId))
    .orderBy(asc(helpRequests.answeredAt));
  return rows.map((r) => ({ ...r, answeredAt: iso(r.answeredAt) }));
}

/** Comments on lines of my code (with the author's name), and those I wrote (without whose code). */
async function comments(db: Db, userId: string) {
  const rows = await db
    .select({
      id: codeComments.id,
      authorId: codeComments.authorId,
      studentId: codeComments.studentId,
      author: user.name,
      assignment: assignments.name,
      submissionId: codeComments.submissionId,
      helpRequestId: codeComments.helpRequestId,
      line: codeComments.line,
      code: codeComments.code,
      body: codeComments.body,
      createdAt: codeComments.createdAt,
      updatedAt: codeComments.updatedAt,
    })
    .from(codeComments)
    .innerJoin(user, eq(user.id, codeComments.authorId))
    .innerJoin(assignments, eq(assignments.id, codeComments.assignmentId))
    .where(or(eq(codeComments.studentId, userId), eq(codeComments.authorId, userId)))
    .orderBy(asc(codeComments.createdAt), asc(codeComments.id));
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
      createdAt: iso(r.createdAt),
      updatedAt: iso(r.updatedAt),
    }));
  const written = rows
    .filter((r) => r.authorId === userId && r.studentId !== userId)
    .map((r) => ({
      id: r.id,
      assignment: r.assignment,
      line: r.line,
      comment: r.body,
      createdAt: iso(r.createdAt),
      updatedAt: iso(r.updatedAt),
    }));
  return { onMyCode, written };
}

/** The activity record of my assignment work (what the workspace sent), oldest first. */
async function activity(db: Db, userId: string) {
  const rows = await db
    .select({
      id: activityEvents.id,
      assignmentId: activityEvents.assignmentId,
      session: activityEvents.sessionId,
      type: activityEvents.type,
      time: activityEvents.time,
      details: activityEvents.payload,
    })
    .from(activityEvents)
    .where(eq(activityEvents.studentId, userId))
    .orderBy(asc(activityEvents.id));
  return rows.map((r) => ({ ...r, time: iso(r.time) }));
}
