// /api/teacher: the teacher dashboard.
import { Hono } from "hono";
import { currentUser, requireRole } from "@/server/auth/guards.ts";
import type { AppEnv } from "@/server/types.ts";
import { getTeacherDashboard } from "./dashboard.service.ts";

export const dashboardRoutes = new Hono<AppEnv>().get("/dashboard", requireRole("teacher"), async (c) => {
  const { db, now, config } = c.get("deps");
  return c.json(await getTeacherDashboard(db, currentUser(c), now(), config.insightsCacheSeconds));
});
