// /api/assignments: a teacher's assignments in owned classes, a student's in joined classes.
// (Submissions to an assignment live in the submissions feature, under the same path.)
import { Hono } from "hono";
import { currentUser, requireRole } from "@/server/auth/guards.ts";
import { csvFileName, csvResponse } from "@/server/http/csv.ts";
import type { AppEnv } from "@/server/types.ts";
import { readJson } from "@/server/validate.ts";
import { CreateAssignmentBody, UpdateAssignmentBody } from "@/shared/api/assignments.ts";
import {
  assignmentDeletionImpact,
  createAssignment,
  deleteAssignment,
  getAssignment,
  getTestCases,
  listAssignments,
  updateAssignment,
} from "./assignments.service.ts";
import { assignmentGradeSheet } from "./grade-sheet.ts";
import { getProgress } from "./progress.service.ts";

const teacherOrStudent = requireRole("teacher", "student");
const teacher = requireRole("teacher");

// Guards sit on each route: middleware in .use() would also cover the submissions routes that
// share the /api/assignments prefix.
export const assignmentRoutes = new Hono<AppEnv>()
  .get("/", teacherOrStudent, async (c) => c.json(await listAssignments(c.get("deps").db, currentUser(c))))
  .post("/", teacher, async (c) => {
    const body = await readJson(c, CreateAssignmentBody);
    const { db, grader } = c.get("deps");
    return c.json(await createAssignment(db, grader, currentUser(c), body), 201);
  })
  .get("/:id", teacherOrStudent, async (c) =>
    c.json(await getAssignment(c.get("deps").db, currentUser(c), c.req.param("id"))),
  )
  .patch("/:id", teacher, async (c) => {
    const body = await readJson(c, UpdateAssignmentBody);
    const { db, grader } = c.get("deps");
    return c.json(await updateAssignment(db, grader, currentUser(c), c.req.param("id"), body));
  })
  .delete("/:id", teacher, async (c) => {
    await deleteAssignment(c.get("deps").db, currentUser(c), c.req.param("id"));
    return c.body(null, 204);
  })
  .get("/:id/deletion", teacher, async (c) =>
    c.json(await assignmentDeletionImpact(c.get("deps").db, currentUser(c), c.req.param("id"))),
  )
  .get("/:id/test-cases", teacherOrStudent, async (c) =>
    c.json(await getTestCases(c.get("deps").db, currentUser(c), c.req.param("id"))),
  )
  .get("/:id/progress", teacher, async (c) =>
    c.json(await getProgress(c.get("deps").db, currentUser(c), c.req.param("id"))),
  )
  .get("/:id/export.csv", teacher, async (c) => {
    const sheet = await assignmentGradeSheet(c.get("deps").db, currentUser(c), c.req.param("id"));
    return csvResponse(c, csvFileName(sheet.name, "grades"), sheet.rows);
  });
