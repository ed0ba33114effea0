// /api/interchange: CodeRunner (Moodle XML) and GitHub Classroom imports, previewed before they
// are saved, and CodeRunner XML exports (decision 065). Teachers import into and export their own
// assignments; admins import into and export the exercise library.
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { currentUser, requireRole } from "@/server/auth/guards.ts";
import { tooManyRequests } from "@/server/errors.ts";
import { acquireLease, releaseLease } from "@/server/limits/limits.ts";
import type { AppEnv } from "@/server/types.ts";
import { readJson } from "@/server/validate.ts";
import {
  ClassroomImportBody,
  CodeRunnerAssignmentsBody,
  CodeRunnerExercisesBody,
  CodeRunnerPreviewBody,
  INTERCHANGE_MESSAGES,
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

/** Longer than the largest file takes to read; a crashed reader frees the lease after it. */
const READ_LEASE_MS = 60_000;

/**
 * One file read at a time per user: reads share one reader thread per instance (the largest bank
 * allowed takes about a second), so twenty at once from one account would hold every other
 * teacher's import for twenty seconds (decisions 065, 076).
 */
const oneReadAtATime: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { db, config } = c.get("deps");
  if (!config.rateLimit) return next();
  const key = `interchange:read:${currentUser(c).id}`;
  const lease = await acquireLease(db, key, READ_LEASE_MS);
  if (lease === null) throw tooManyRequests("TOO_MANY_REQUESTS", INTERCHANGE_MESSAGES.stillReading, 5_000);
  try {
    await next();
  } finally {
    await releaseLease(db, key, lease).catch(() => {});
  }
};

const xmlDownload = (c: Context<AppEnv>, x: XmlExport) =>
  c.body(x.xml, 200, {
    "Content-Type": "application/xml; charset=utf-8",
    "Content-Disposition": `attachment; filename="${xmlFileName(x.name)}"`,
    "Cache-Control": "no-store",
  });

export const interchangeRoutes = new Hono<AppEnv>()
  .post("/coderunner/assignments/preview", teacher, oneReadAtATime, async (c) => {
    const { file } = await readJson(c, CodeRunnerPreviewBody);
    return c.json(await previewCodeRunner(file, "assignment"));
  })
  .post("/coderunner/assignments", teacher, oneReadAtATime, async (c) => {
    const body = await readJson(c, CodeRunnerAssignmentsBody);
    return c.json(await importCodeRunnerAssignments(c.get("deps").db, currentUser(c), body), 201);
  })
  .post("/coderunner/exercises/preview", admin, oneReadAtATime, async (c) => {
    const { file } = await readJson(c, CodeRunnerPreviewBody);
    return c.json(await previewCodeRunner(file, "exercise"));
  })
  .post("/coderunner/exercises", admin, oneReadAtATime, async (c) => {
    const body = await readJson(c, CodeRunnerExercisesBody);
    return c.json(await importCodeRunnerExercises(c.get("deps").db, body), 201);
  })
  .get("/assignments/:id/coderunner.xml", teacher, async (c) =>
    xmlDownload(c, await exportAssignment(c.get("deps").db, currentUser(c), c.req.param("id"))),
  )
  .get("/exercises/:id/coderunner.xml", admin, async (c) =>
    xmlDownload(c, await exportExercise(c.get("deps").db, c.req.param("id"))),
  )
  .post("/github-classroom/preview", teacher, oneReadAtATime, async (c) => {
    const { file } = await readJson(c, ClassroomImportBody);
    return c.json(await previewClassroom(file));
  })
  .post("/github-classroom/assignments/:id", teacher, oneReadAtATime, async (c) => {
    const { file } = await readJson(c, ClassroomImportBody);
    return c.json(await importClassroomTests(c.get("deps").db, currentUser(c), c.req.param("id"), file));
  });
