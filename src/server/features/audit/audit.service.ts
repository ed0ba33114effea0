// The admin audit log (decision 061): one append-only table, written by the features that export,
// delete, transfer, change roles or run retention, read only by admins (a page and a CSV); entries
// go after the retention policy's audit period (decision 071).
import { and, asc, desc, eq, gt, lt } from "drizzle-orm";
import type { Db } from "@/server/db/client.ts";
import { auditLog, user } from "@/server/db/schema.ts";
import {
  AUDIT_ACTIONS,
  AUDIT_PAGE_SIZE,
  type AuditAction,
  type AuditEntry,
  type AuditPage,
} from "@/shared/api/audit.ts";

export type AuditRecord = {
  /** The signed-in user who did it; null (or left out) for the system: a job or the command line. */
  actorId?: string | null;
  action: AuditAction;
  targetType?: string;
  targetId?: string;
  /** Counts, class names, roles, ids. Never a person's name, e-mail address or code: an entry
   * outlives the account it names, and an erased account must leave no name behind. */
  details?: Record<string, unknown>;
  /** When it happened (the retention job's injected clock); now by default. */
  at?: Date;
};

/** Appends one entry. Pass the transaction as `db` when the action itself is in one. */
export async function recordAudit(db: Pick<Db, "insert">, entry: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId ?? null,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    details: entry.details ?? {},
    ...(entry.at ? { at: entry.at } : {}),
  });
}

/**
 * Deletes the entries written before `cutoff`: the retention job's step for the log (decision 071).
 * One statement: the job runs daily, so each run removes about a day's entries.
 */
export async function deleteAuditBefore(db: Db, cutoff: Date): Promise<number> {
  const rows = await db.delete(auditLog).where(lt(auditLog.at, cutoff)).returning({ id: auditLog.id });
  return rows.length;
}

type Row = typeof auditLog.$inferSelect & { actorName: string | null };

function toEntry(row: Row): AuditEntry {
  const actor = row.actorId === null ? "System" : (row.actorName ?? "Deleted account");
  return {
    id: row.id,
    at: row.at.toISOString(),
    action: row.action,
    label: AUDIT_ACTIONS[row.action as AuditAction] ?? row.action,
    actor,
    actorId: row.actorId,
    targetType: row.targetType,
    targetId: row.targetId,
    details: row.details,
  };
}

function select(db: Db) {
  return db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      actorId: auditLog.actorId,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      details: auditLog.details,
      actorName: user.name,
    })
    .from(auditLog)
    .leftJoin(user, eq(user.id, auditLog.actorId));
}

/** Newest first, a page at a time (`before`: the id the previous page ended after). */
export async function listAudit(
  db: Db,
  { before, action, limit = AUDIT_PAGE_SIZE }: { before?: number; action?: AuditAction; limit?: number },
): Promise<AuditPage> {
  const rows = await select(db)
    .where(
      and(before ? lt(auditLog.id, before) : undefined, action ? eq(auditLog.action, action) : undefined),
    )
    .orderBy(desc(auditLog.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    entries: page.map(toEntry),
    nextBefore: rows.length > limit ? page[page.length - 1].id : null,
  };
}

/** Every entry, oldest first, for the CSV: read 1,000 at a time, so a long log is never one result. */
export async function* allAudit(db: Db, action?: AuditAction): AsyncGenerator<AuditEntry> {
  let after = 0;
  for (;;) {
    const rows = await select(db)
      .where(and(gt(auditLog.id, after), action ? eq(auditLog.action, action) : undefined))
      .orderBy(asc(auditLog.id))
      .limit(1000);
    for (const row of rows) yield toEntry(row);
    if (rows.length < 1000) return;
    after = rows[rows.length - 1].id;
  }
}
