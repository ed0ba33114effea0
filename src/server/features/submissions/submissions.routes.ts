// Submissions, mounted at /api: /assignments/:id/submissions (list, submit) and /submissions/:id
// (read, grade). Guards sit on each route because the prefixes are shared with other features.
import { Hono } from "hono";
import { currentUser, requireRole } from "@/server/auth/guards.ts";
import { announceWork } from "@/server/live/index.ts";
import type { AppEnv } from "@/server/types.ts";
import { readJson } from "@/server/validate.ts";
import { CreateSubmissionBody, GradeBody } from "@/shared/api/assignments.ts";
import { createSubmission, getSubmission, gradeSubmission, listSubmissions } from "./submissions.service.ts";

const teacherOrStudent = requireRole("teacher", "student");

export const submissionRoutes = new Hono<AppEnv>()
  .get("/assignments/:id/submissions", teacherOrStudent, async (c) =>
    c.json(
      await listSubmissions(
        c.get("deps").db,
        currentUser(c),
        c.req.param("id"),
        c.req.query("studentId") || undefined,
      ),
    ),
  )
  .post("/assignments/:id/submissions", requireRole("student"), async (c) => {
    const arrivedAt = performance.now();
    const body = await readJson(c, CreateSubmissionBody);
    const { db, grader, submitLimiter, config } = c.get("deps");
    const me = currentUser(c);
    // The fair-use lease ends after the answer's release time (decision 052).
    const release = { quantumMs: config.hiddenReleaseMs, arrivedAt, sliceMs: config.graderSliceMs };
    const submit = () => createSubmission(db, grader, me, c.req.param("id"), body, release);
    if (body.final) {
      const stored = await submitLimiter.run(me.id, submit);
      await announceWork(db, stored.assignmentId); // the class's live view (decision "The live lesson")
      return c.json(stored, 201);
    }
    // Run Tests attempts are a cheap insert, but still a stored row each.
    await submitLimiter.countRun(me.id);
    return c.json(await submit(), 201);
  })
  .get("/submissions/:id", teacherOrStudent, async (c) =>
    c.json(await getSubmission(c.get("deps").db, currentUser(c), c.req.param("id"))),
  )
  .put("/submissions/:id/grade", requireRole("teacher"), async (c) => {
    const body = await readJson(c, GradeBody);
    return c.json(await gradeSubmission(c.get("deps").db, currentUser(c), c.req.param("id"), body));
  });
