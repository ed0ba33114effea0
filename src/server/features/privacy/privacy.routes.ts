// /api/me/privacy: a teacher reads and sets whether students see their e-mail address.
import { Hono } from "hono";
import { currentUser, requireRole } from "@/server/auth/guards.ts";
import type { AppEnv } from "@/server/types.ts";
import { readJson } from "@/server/validate.ts";
import { TeacherPrivacy } from "@/shared/api/privacy.ts";
import { readPrivacy, savePrivacy } from "./privacy.service.ts";

const teacher = requireRole("teacher");

/** Mounted at /api, guards on each route. */
export const privacyRoutes = new Hono<AppEnv>()
  .get("/me/privacy", teacher, async (c) => c.json(await readPrivacy(c.get("deps").db, currentUser(c).id)))
  .put("/me/privacy", teacher, async (c) => {
    const body = await readJson(c, TeacherPrivacy);
    return c.json(await savePrivacy(c.get("deps").db, currentUser(c).id, body));
  });
