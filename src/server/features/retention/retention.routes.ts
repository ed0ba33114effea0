// GET /api/schools/facts: what the school pack's pages say about this server (sub-processors, where
// the data lives). GET /api/retention: the policy in force, for the public "How long we keep data" page (no
// sign-in: a school checks it before anyone signs up). GET/PUT /api/admin/retention: admins set it.
import { Hono } from "hono";
import { currentUser, requireRole } from "@/server/auth/guards.ts";
import type { Config } from "@/server/config.ts";
import type { Db } from "@/server/db/client.ts";
import type { AppEnv } from "@/server/types.ts";
import { readJson } from "@/server/validate.ts";
import { type RetentionInForce, RetentionPolicy, type ServerFacts } from "@/shared/api/retention.ts";
import { readPolicy, savePolicy } from "./retention-policy.ts";

async function inForce(db: Db, config: Config): Promise<RetentionInForce> {
  return { ...(await readPolicy(db, config)), accountDeletionGraceDays: config.accountDeletionGraceDays };
}

/** The SMTP provider's host name only: never the user name or password in SMTP_URL. */
function smtpHost(config: Config): string | null {
  if (!config.smtpUrl) return null;
  try {
    return new URL(config.smtpUrl).hostname || null;
  } catch {
    return null;
  }
}

export const retentionRoutes = new Hono<AppEnv>()
  .get("/schools/facts", (c) => {
    const { config } = c.get("deps");
    const facts: ServerFacts = {
      smtpHost: smtpHost(config),
      database: config.databaseUrl ? "postgres" : "embedded",
    };
    return c.json(facts);
  })
  .get("/retention", async (c) => {
    const { db, config } = c.get("deps");
    return c.json(await inForce(db, config));
  })
  .get("/admin/retention", requireRole("admin"), async (c) => {
    const { db, config } = c.get("deps");
    return c.json(await inForce(db, config));
  })
  .put("/admin/retention", requireRole("admin"), async (c) => {
    const policy = await readJson(c, RetentionPolicy);
    const { db, config } = c.get("deps");
    await savePolicy(db, config, policy, currentUser(c).id);
    return c.json(await inForce(db, config));
  });
