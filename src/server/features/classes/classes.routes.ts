// /api/classes: teachers see, create and delete their own classes and remove students; students
// join, see and leave theirs.
import { Hono, type MiddlewareHandler } from "hono";
import { currentUser, requireRole } from "@/server/auth/guards.ts";
import { AppError } from "@/server/errors.ts";
import { csvFileName, csvResponse } from "@/server/http/csv.ts";
import type { AppEnv } from "@/server/types.ts";
import { readJson } from "@/server/validate.ts";
import { CLASS_MESSAGES, CreateClassBody, JoinClassBody } from "@/shared/api/classes.ts";
import { classGradeSheet } from "./class-grade-sheet.ts";
import {
  classDeletionImpact,
  createClass,
  deleteClass,
  getClassDetail,
  joinClass,
  leaveClass,
  listClasses,
  listMembers,
  removeMember,
} from "./classes.service.ts";

const teacherOrStudent = requireRole("teacher", "student");

/** The spec's join message for a caller without a session ("Join: no user"). */
const joinNeedsUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get("user")) throw new AppError("UNAUTHORIZED", 401, CLASS_MESSAGES.notAuthenticated);
  await next();
};

// Guards sit on each route, not in .use(): a sub-app's middleware would also cover every other
// route mounted under the same prefix.
export const classRoutes = new Hono<AppEnv>()
  .get("/", teacherOrStudent, async (c) => c.json(await listClasses(c.get("deps").db, currentUser(c))))
  .post("/", requireRole("teacher"), async (c) => {
    const body = await readJson(c, CreateClassBody);
    return c.json(await createClass(c.get("deps").db, currentUser(c), body), 201);
  })
  .post("/join", joinNeedsUser, requireRole("student"), async (c) => {
    const body = await readJson(c, JoinClassBody);
    return c.json(await joinClass(c.get("deps").db, currentUser(c), body.code), 201);
  })
  .get("/:id", teacherOrStudent, async (c) =>
    c.json(await getClassDetail(c.get("deps").db, currentUser(c), c.req.param("id"))),
  )
  .get("/:id/members", teacherOrStudent, async (c) =>
    c.json(await listMembers(c.get("deps").db, currentUser(c), c.req.param("id"))),
  )
  .get("/:id/deletion", requireRole("teacher"), async (c) =>
    c.json(await classDeletionImpact(c.get("deps").db, currentUser(c), c.req.param("id"))),
  )
  .delete("/:id", requireRole("teacher"), async (c) => {
    await deleteClass(c.get("deps").db, currentUser(c), c.req.param("id"));
    return c.body(null, 204);
  })
  .delete("/:id/members/:userId", requireRole("teacher"), async (c) => {
    await removeMember(c.get("deps").db, currentUser(c), c.req.param("id"), c.req.param("userId"));
    return c.body(null, 204);
  })
  .delete("/:id/membership", requireRole("student"), async (c) => {
    await leaveClass(c.get("deps").db, currentUser(c), c.req.param("id"));
    return c.body(null, 204);
  })
  .get("/:id/export.csv", requireRole("teacher"), async (c) => {
    const sheet = await classGradeSheet(c.get("deps").db, currentUser(c), c.req.param("id"));
    return csvResponse(c, csvFileName(sheet.name, "grades"), sheet.rows);
  });
