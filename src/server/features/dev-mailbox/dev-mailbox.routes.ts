// The development mailbox: the outbox, newest first. Mounted only when NODE_ENV is not production.
import { desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { mailOutbox } from "../../db/schema.ts";
import type { AppEnv } from "../../types.ts";

export const devMailboxRoutes = new Hono<AppEnv>().get("/", async (c) => {
  const to = c.req.query("to")?.toLowerCase();
  const rows = await c
    .get("deps")
    .db.select()
    .from(mailOutbox)
    .where(to ? eq(mailOutbox.to, to) : undefined)
    .orderBy(desc(mailOutbox.createdAt))
    .limit(100);
  return c.json(rows);
});
