// The development mailbox: the outbox, newest first. Mounted only outside production, and even
// then it answers only a browser on this computer (isDevClient): to anyone else it does not exist,
// because it lists every confirmation and password-reset link.
import { desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { isDevClient } from "@/server/auth/client-address.ts";
import { mailOutbox } from "@/server/db/schema.ts";
import { notFound } from "@/server/errors.ts";
import type { AppEnv } from "@/server/types.ts";

export const devMailboxRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    if (!isDevClient(c, c.get("deps").config)) throw notFound();
    await next();
  })
  .get("/", async (c) => {
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
