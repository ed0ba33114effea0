import { Hono } from "hono";
import { requireRole } from "../../auth/guards.ts";
import type { AppEnv } from "../../types.ts";
import { getOverview } from "./admin.service.ts";

export const adminRoutes = new Hono<AppEnv>()
  .use(requireRole("admin"))
  .get("/overview", async (c) => c.json(await getOverview(c.get("deps").db)));
