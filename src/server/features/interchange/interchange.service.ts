// Imports and exports (decision 065). A preview reads the file and says, per question or test,
// what will be saved and what is left behind; saving reads the same file again (nothing the
// browser converted is trusted), checks every chosen question, and writes them all in one
// transaction: a file is imported whole or not at all. Reading a file (parse and preview) runs on
// the reader thread (interchange-reader.ts, decision 076); the database work stays here.
import { asc, count, eq, max } from "drizzle-orm";
import type { z } from "zod";
import { assertOwnsAssignment, assertOwnsClass, isUuid } from "@/server/auth/access.ts";
import type { Db } from "@/server/db/client.ts";
import { assignments, exerciseCategories, exercises, testCases } from "@/server/db/schema.ts";
import { AppError, badRequest, notFound } from "@/server/errors.ts";
import { cleanTestCases, testCasesByExercise, writeExercises } from "@/server/features/exercises/index.ts";
import type { SessionUser } from "@/server/types.ts";
import { CreateAssignmentBody } from "@/shared/api/assignments.ts";
import { EXERCISE_MESSAGES } from "@/shared/api/exercises.ts";
import {
  type ClassroomImportResult,
  type ClassroomPreview,
  type CodeRunnerAssignmentsBody,
  type CodeRunnerExercisesBody,
  type CodeRunnerPreview,
  type ImportCreated,
  type ImportTarget,
  INTERCHANGE_LIMITS,
  INTERCHANGE_MESSAGES,
  type PreviewQuestion,
} from "@/shared/api/interchange.ts";
import { type ExportQuestion, toCodeRunnerXml } from "./coderunner-export.ts";
import { readCodeRunnerFile, readGitHubClassroomFile } from "./interchange-reader.ts";

type AssignmentsBody = z.output<typeof CodeRunnerAssignmentsBody>;
type ExercisesBody = z.output<typeof CodeRunnerExercisesBody>;

/** Over 5 MB is a 413 whatever the request's own limit (the dialog checks before sending). */
export function assertFileSize(file: string) {
  if (Buffer.byteLength(file, "utf8") > INTERCHANGE_LIMITS.fileBytes)
    throw new AppError("PAYLOAD_TOO_LARGE", 413, INTERCHANGE_MESSAGES.fileTooLarge);
}

// ── CodeRunner → PyClass ─────────────────────────────────────────────────────────────────

export async function previewCodeRunner(file: string, target: ImportTarget): Promise<CodeRunnerPreview> {
  assertFileSize(file);
  return readCodeRunnerFile(file, target);
}

/** The chosen questions, each importable, in the order asked; a 400 names the first that is not. */
function chosen(preview: CodeRunnerPreview, numbers: number[]): PreviewQuestion[] {
  return [...new Set(numbers)].map((n) => {
    const q = preview.questions.find((x) => x.number === n);
    if (!q) throw badRequest(INTERCHANGE_MESSAGES.unknownQuestion(n), "VALIDATION");
    if (!q.importable) throw badRequest(INTERCHANGE_MESSAGES.notImportable(q.name), "VALIDATION");
    return q;
  });
}

/** The teacher's chosen questions become assignments of one of their classes, all or none. */
export async function importCodeRunnerAssignments(
  db: Db,
  me: SessionUser,
  body: AssignmentsBody,
): Promise<ImportCreated> {
  const cls = await assertOwnsClass(db, me, body.classId);
  const questions = chosen(await previewCodeRunner(body.file, "assignment"), body.questions);
  // Held to the assignment form's own schema, so an import can never store what the form can't.
  const rows = questions.map((q) => {
    const parsed = CreateAssignmentBody.safeParse({
      classId: cls.id,
      name: q.draft.name,
      description: q.draft.description,
      starterCode: q.draft.starterCode,
      testCases: q.draft.testCases,
    });
    if (!parsed.success)
      throw badRequest(`Question "${q.name}": ${parsed.error.issues[0]?.message ?? "invalid"}`, "VALIDATION");
    return parsed.data;
  });
  const created = await db.transaction(async (tx) => {
    const out: ImportCreated["created"] = [];
    for (const a of rows) {
      const [row] = await tx
        .insert(assignments)
        .values({
          classId: cls.id,
          name: a.name,
          description: a.description,
          language: a.language,
          dueDate: null,
          starterCode: a.starterCode,
        })
        .returning({ id: assignments.id, name: assignments.name });
      if (a.testCases.length > 0)
        await tx.insert(testCases).values(
          a.testCases.map((t, position) => ({
            assignmentId: row.id,
            position,
            description: t.description,
            input: t.input,
            expectedOutput: t.expectedOutput,
            hidden: t.hidden,
          })),
        );
      out.push(row);
    }
    return out;
  });
  return { created };
}

/** The admin's chosen questions become library exercises of one category, all or none. */
export async function importCodeRunnerExercises(db: Db, body: ExercisesBody): Promise<ImportCreated> {
  const [category] = await db
    .select({ id: exerciseCategories.id })
    .from(exerciseCategories)
    .where(eq(exerciseCategories.id, body.categoryId));
  if (!category) throw badRequest(EXERCISE_MESSAGES.categoryNotFound, "VALIDATION");
  const questions = chosen(await previewCodeRunner(body.file, "exercise"), body.questions);
  const created = await db.transaction(async (tx) => {
    const [{ n: existing }] = await tx.select({ n: count() }).from(exercises);
    const ids = await writeExercises(
      tx,
      questions.map((q, i) => ({
        record: {
          title: q.draft.name,
          description: q.draft.description,
          difficulty: body.difficulty,
          language: "python",
          categoryId: category.id,
          starterCode: q.draft.starterCode,
          solution: q.draft.solution,
          hints: [],
          estimatedTime: "",
          displayOrder: existing + i,
          testCases: cleanTestCases(q.draft.testCases),
        },
      })),
    );
    return ids.map((id, i) => ({ id, name: questions[i].name }));
  });
  return { created };
}

// ── PyClass → CodeRunner ─────────────────────────────────────────────────────────────────

export type XmlExport = { name: string; xml: string };

/** One assignment of the teacher's as a CodeRunner question (hidden tests stay hidden). */
export async function exportAssignment(db: Db, me: SessionUser, id: string): Promise<XmlExport> {
  const { assignment } = await assertOwnsAssignment(db, me, id);
  const cases = await db
    .select()
    .from(testCases)
    .where(eq(testCases.assignmentId, id))
    .orderBy(asc(testCases.position), asc(testCases.id));
  const draft: ExportQuestion = {
    name: assignment.name,
    description: assignment.description,
    starterCode: assignment.starterCode,
    solution: null,
    testCases: cases.map((t) => ({
      description: t.description,
      input: t.input,
      expectedOutput: t.expectedOutput,
      hidden: t.hidden,
      comparesDrawing: t.drawingModel !== null,
    })),
  };
  return { name: assignment.name, xml: toCodeRunnerXml([draft]) };
}

/** One library exercise, with its model solution, as a CodeRunner question. */
export async function exportExercise(db: Db, id: string): Promise<XmlExport> {
  if (!isUuid(id)) throw notFound(EXERCISE_MESSAGES.notFound);
  const [e] = await db.select().from(exercises).where(eq(exercises.id, id));
  if (!e) throw notFound(EXERCISE_MESSAGES.notFound);
  const cases = (await testCasesByExercise(db, [id])).get(id) ?? [];
  const draft: ExportQuestion = {
    name: e.title,
    description: e.description,
    starterCode: e.starterCode,
    solution: e.solution,
    testCases: cases.map((t) => ({
      description: t.description,
      input: t.input,
      expectedOutput: t.expectedOutput,
      hidden: false,
      comparesDrawing: t.compareDrawing,
    })),
  };
  return { name: e.title, xml: toCodeRunnerXml([draft]) };
}

// ── GitHub Classroom → an assignment's tests ─────────────────────────────────────────────

export async function previewClassroom(file: string): Promise<ClassroomPreview> {
  assertFileSize(file);
  return readGitHubClassroomFile(file);
}

/** Adds the file's carried tests after the assignment's own, all or none, within the 50-test cap. */
export async function importClassroomTests(
  db: Db,
  me: SessionUser,
  assignmentId: string,
  file: string,
): Promise<ClassroomImportResult> {
  await assertOwnsAssignment(db, me, assignmentId);
  const preview = await previewClassroom(file);
  const adding = preview.tests.flatMap((t) => (t.test ? [t.test] : []));
  if (adding.length === 0) throw badRequest(INTERCHANGE_MESSAGES.noneCarried, "VALIDATION");
  await db.transaction(async (tx) => {
    const [{ n, last }] = await tx
      .select({ n: count(), last: max(testCases.position) })
      .from(testCases)
      .where(eq(testCases.assignmentId, assignmentId));
    if (n + adding.length > INTERCHANGE_LIMITS.testCases)
      throw badRequest(INTERCHANGE_MESSAGES.tooManyTests(n, adding.length), "VALIDATION");
    const start = (last ?? -1) + 1;
    await tx.insert(testCases).values(
      adding.map((t, i) => ({
        assignmentId,
        position: start + i,
        description: t.description,
        input: t.input,
        expectedOutput: t.expectedOutput,
        hidden: t.hidden,
      })),
    );
    await tx.update(assignments).set({ updatedAt: new Date() }).where(eq(assignments.id, assignmentId));
  });
  return { added: adding.length };
}
