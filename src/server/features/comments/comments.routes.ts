// Line comments, mounted at /api (decision "Help requests and line comments"): the class's teacher
// comments on a line of a final submission; the author edits or deletes; the teacher and the
// student whose code it is read. Each write pings the student's workspace stream.
import { Hono } from "hono";
import { currentUser, requireRole } from "@/server/auth/guards.ts";
import { pingStudent } from "@/server/features/help/notify.ts";
import type { AppEnv } from "@/server/types.ts";
import { readJson } from "@/server/validate.ts";
import { EditCommentBody, NewLineComment } from "@/shared/api/comments.ts";
import {
  commentOnSubmission,
  deleteComment,
  editComment,
  submissionComments,
  workComments,
} from "./comments.service.ts";

const teacher = requireRole("teacher");
const teacherOrStudent = requireRole("teacher", "student");

export const commentRoutes = new Hono<AppEnv>()
  .get("/submissions/:id/comments", teacherOrStudent, async (c) =>
    c.json(await submissionComments(c.get("deps").db, currentUser(c), c.req.param("id"))),
  )
  .post("/submissions/:id/comments", teacher, async (c) => {
    const body = await readJson(c, NewLineComment);
    const { db, now } = c.get("deps");
    const { comment, studentId } = await commentOnSubmission(
      db,
      currentUser(c),
      c.req.param("id"),
      body,
      now(),
    );
    await pingStudent(db, studentId);
    return c.json(comment, 201);
  })
  .get("/assignments/:id/comments", teacherOrStudent, async (c) =>
    c.json(
      await workComments(
        c.get("deps").db,
        currentUser(c),
        c.req.param("id"),
        c.req.query("studentId") || undefined,
      ),
    ),
  )
  .patch("/comments/:id", teacher, async (c) => {
    const { body } = await readJson(c, EditCommentBody);
    const { db, now } = c.get("deps");
    const { comment, studentId } = await editComment(db, currentUser(c), c.req.param("id"), body, now());
    await pingStudent(db, studentId);
    return c.json(comment);
  })
  .delete("/comments/:id", teacher, async (c) => {
    const { db } = c.get("deps");
    const { studentId } = await deleteComment(db, currentUser(c), c.req.param("id"));
    await pingStudent(db, studentId);
    return c.body(null, 204);
  });
