// /api/admin: admins only. Platform totals, exercise categories, premade exercises, Check (the
// server grader, under the same fair use as a submission) and the JSON import.
import { Hono } from "hono";
import { currentUser, requireRole } from "@/server/auth/guards.ts";
import { badRequest } from "@/server/errors.ts";
import type { AppEnv } from "@/server/types.ts";
import { readJson } from "@/server/validate.ts";
import { IMPORT_MESSAGES } from "@/shared/api/exercise-file.ts";
import {
  CheckExerciseBody,
  CreateCategoryBody,
  CreateExerciseBody,
  UpdateCategoryBody,
  UpdateExerciseBody,
} from "@/shared/api/exercises.ts";
import {
  checkExercise,
  createCategory,
  createExercise,
  deleteCategory,
  deleteExercise,
  getOverview,
  listAdminExercises,
  listCategories,
  updateCategory,
  updateExercise,
} from "./admin.service.ts";
import { getClassesOverview } from "./classes-overview.service.ts";
import { importExercises } from "./import.service.ts";

export const adminRoutes = new Hono<AppEnv>()
  .use(requireRole("admin"))
  .get("/overview", async (c) => c.json(await getOverview(c.get("deps").db)))
  .get("/classes-overview", async (c) => c.json(await getClassesOverview(c.get("deps").db)))
  .get("/categories", async (c) => c.json(await listCategories(c.get("deps").db)))
  .post("/categories", async (c) => {
    const body = await readJson(c, CreateCategoryBody);
    return c.json(await createCategory(c.get("deps").db, body), 201);
  })
  .patch("/categories/:id", async (c) => {
    const body = await readJson(c, UpdateCategoryBody);
    return c.json(await updateCategory(c.get("deps").db, c.req.param("id"), body));
  })
  .delete("/categories/:id", async (c) => {
    await deleteCategory(c.get("deps").db, c.req.param("id"));
    return c.body(null, 204);
  })
  .get("/exercises", async (c) => c.json(await listAdminExercises(c.get("deps").db)))
  .post("/exercises", async (c) => {
    const body = await readJson(c, CreateExerciseBody);
    const { db, grader } = c.get("deps");
    return c.json(await createExercise(db, grader, body), 201);
  })
  .post("/exercises/check", async (c) => {
    const body = await readJson(c, CheckExerciseBody);
    const { grader, submitLimiter } = c.get("deps");
    return c.json(await submitLimiter.run(currentUser(c).id, () => checkExercise(grader, body)));
  })
  .patch("/exercises/:id", async (c) => {
    const body = await readJson(c, UpdateExerciseBody);
    const { db, grader } = c.get("deps");
    return c.json(await updateExercise(db, grader, c.req.param("id"), body));
  })
  .delete("/exercises/:id", async (c) => {
    await deleteExercise(c.get("deps").db, c.req.param("id"));
    return c.body(null, 204);
  })
  .post("/import", async (c) => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      throw badRequest(IMPORT_MESSAGES.badFormat, "INVALID_FILE");
    }
    const { db, grader } = c.get("deps");
    return c.json(await importExercises(db, grader, body));
  });
