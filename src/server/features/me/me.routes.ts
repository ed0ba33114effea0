import { Hono } from "hono";
import { currentUser, requireUser } from "@/server/auth/guards.ts";
import type { AppEnv } from "@/server/types.ts";
import { readJson } from "@/server/validate.ts";
import { ChooseRoleBody, UpdateMeBody } from "@/shared/api/me.ts";
import { chooseRole, getMe, updateName } from "./me.service.ts";

export const meRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/", async (c) => c.json(await getMe(c.get("deps").db, currentUser(c).id)))
  .patch("/", async (c) => {
    const body = await readJson(c, UpdateMeBody);
    return c.json(await updateName(c.get("deps").db, currentUser(c).id, body.name));
  })
  .post("/role", async (c) => {
    const body = await readJson(c, ChooseRoleBody);
    const { db, config } = c.get("deps");
    return c.json(await chooseRole(db, currentUser(c).id, body.role, config.teacherEmailDomains));
  });
