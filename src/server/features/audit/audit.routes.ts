// /api/admin/audit: the audit log for admins, a page at a time, and all of it as CSV.
import { Hono } from "hono";
import { requireRole } from "@/server/auth/guards.ts";
import { badRequest } from "@/server/errors.ts";
import { type CsvCell, csvDateTime, csvResponse } from "@/server/http/csv.ts";
import type { AppEnv } from "@/server/types.ts";
import { AuditQuery } from "@/shared/api/audit.ts";
import { allAudit, listAudit } from "./audit.service.ts";

function query(raw: Record<string, string>) {
  const parsed = AuditQuery.safeParse(raw);
  if (!parsed.success) throw badRequest("Unknown filter: choose an action from the list.", "VALIDATION");
  return parsed.data;
}

export const auditRoutes = new Hono<AppEnv>()
  .get("/admin/audit", requireRole("admin"), async (c) =>
    c.json(await listAudit(c.get("deps").db, query(c.req.query()))),
  )
  .get("/admin/audit.csv", requireRole("admin"), async (c) => {
    const { action } = query(c.req.query());
    const rows: CsvCell[][] = [
      ["When (Europe/London)", "Action", "Who", "Who (id)", "What", "What (id)", "Details"],
    ];
    for await (const e of allAudit(c.get("deps").db, action))
      rows.push([
        csvDateTime(e.at),
        e.label,
        e.actor,
        e.actorId,
        e.targetType,
        e.targetId,
        JSON.stringify(e.details),
      ]);
    return csvResponse(c, "pyclass-audit-log.csv", rows);
  });
