// /api/interchange: CodeRunner (Moodle XML) and GitHub Classroom imports, previewed before they
// are saved, and CodeRunner XML exports (decision 065). Teachers import into and export their own
// assignments; admins import into and export the exercise library.
import { type Context, Hono } from "hono";
import { currentUser, requireRole } from "@/server/auth/guards.ts";
import type { AppEnv } from "@/server/types.ts";
import { readJson } from "@/server/validate.ts";
import {
  ClassroomImportBody,
  CodeRunnerAssignmentsBody,
  CodeRunnerExercisesBody,
  CodeRunnerPreviewBody,
} from "@/shared/api/interchange.ts";
import { xmlFileName } from "./coderunner-export.ts";
import {
  exportAssignment,
  exportExercise,
  importClassroomTests,
  importCodeRunnerAssignments,
  importCodeRunnerExercises,
  previewClassroom,
  previewCodeRunner,
  type XmlExport,
} from "./interchange.service.ts";

const teacher = requireRole("teacher");
const admin = requireRole("admin");

const xmlDownload = (c: Context<AppEnv>, x: XmlExport) =>
  c.body(x.xml, 200, {
    "Content-Type": "application/xml; charset=utf-8",
    "Content-Disposition": `attachment; filename="${xmlFileName(x.name)}"`,
    "Cache-Control": "no-store",
  });

export const interchangeRoutes = new Hono<AppEnv>()
  .post("/coderunner/assignments/preview", teacher, async (c) => {
    const { file } = await readJson(c, CodeRunnerPreviewBody);
    return c.json(previewCodeRunner(file, "assignment"));
  })
  .post("/coderunner/assignments", teacher, async (c) => {
    const body = await readJson(c, CodeRunnerAssignmentsBody);
    return c.json(await importCodeRunnerAssignments(c.get("deps").db, currentUser(c), body), 201);
  })
  .post("/coderunner/exercises/preview", admin, async (c) => {
    const { file } = await readJson(c, CodeRunnerPreviewBody);
    return c.json(previewCodeRunner(file, "exercise"));
  })
  .post("/coderunner/exercises", admin, async (c) => {
    const body = await readJson(c, CodeRunnerExercisesBody);
    return c.json(await importCodeRunnerExercises(c.get("deps").db, body), 201);
  })
  .get("/assignments/:id/coderunner.xml", teacher, async (c) =>
    xmlDownload(c, await exportAssignment(c.get("deps").db, currentUser(c), c.req.param("id"))),
  )
  .get("/exercises/:id/coderunner.xml", admin, async (c) =>
    xmlDownload(c, await exportExercise(c.get("deps").db, c.req.param("id"))),
  )
  .post("/github-classroom/preview", teacher, async (c) => {
    const { file } = await readJson(c, ClassroomImportBody);
    return c.json(previewClassroom(file));
  })
  .post("/github-classroom/assignments/:id", teacher, async (c) => {
    const { file } = await readJson(c, ClassroomImportBody);
    return c.json(await importClassroomTests(c.get("deps").db, currentUser(c), c.req.param("id"), file));
  });
