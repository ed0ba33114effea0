// /api/exercises: the library for every signed-in user with a role; the solution for teachers and
// admins; Save for students (graded by the server, under the same fair use as Submit Code) and
// each of their saves with its per-test results (Past Saved).
import { Hono } from "hono";
import { currentUser, requireRole } from "@/server/auth/guards.ts";
import type { AppEnv } from "@/server/types.ts";
import { readJson } from "@/server/validate.ts";
import { SaveAttemptBody } from "@/shared/api/exercises.ts";
import {
  getAttempt,
  getExercise,
  getSolution,
  listAttempts,
  listExercises,
  saveAttempt,
} from "./exercises.service.ts";

const anyRole = requireRole("student", "teacher", "admin");

export const exerciseRoutes = new Hono<AppEnv>()
  .get("/", anyRole, async (c) => c.json(await listExercises(c.get("deps").db, currentUser(c))))
  .get("/:id", anyRole, async (c) =>
    c.json(await getExercise(c.get("deps").db, currentUser(c), c.req.param("id"))),
  )
  .get("/:id/solution", requireRole("teacher", "admin"), async (c) =>
    c.json(await getSolution(c.get("deps").db, c.req.param("id"))),
  )
  .post("/:id/attempts", requireRole("student"), async (c) => {
    const { code } = await readJson(c, SaveAttemptBody);
    const { db, grader, submitLimiter } = c.get("deps");
    const me = currentUser(c);
    return c.json(
      await submitLimiter.run(me.id, () => saveAttempt(db, grader, me, c.req.param("id"), code)),
      201,
    );
  })
  .get("/:id/attempts", requireRole("student"), async (c) =>
    c.json(await listAttempts(c.get("deps").db, currentUser(c), c.req.param("id"), c.req.query("offset"))),
  )
  .get("/:id/attempts/:attemptId", requireRole("student"), async (c) =>
    c.json(await getAttempt(c.get("deps").db, currentUser(c), c.req.param("id"), c.req.param("attemptId"))),
  );
