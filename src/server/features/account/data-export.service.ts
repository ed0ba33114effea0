// "Download my data" (decision 059): a request answers at once; the ZIP is built in the background
// (a large account's history never holds a request), kept in the database until it expires (every
// instance can serve it), announced by e-mail, and downloaded only by its owner's session. The ZIP
// is deflated on a worker thread (export-zip.ts, decision 076).
import { and, desc, eq, gt } from "drizzle-orm";
import { greeting, linkMail, type Mailer } from "@/server/auth/mail.ts";
import type { Db } from "@/server/db/client.ts";
import { dataExports, retentionPolicy, user } from "@/server/db/schema.ts";
import { AppError, notFound, tooManyRequests } from "@/server/errors.ts";
import { recordAudit } from "@/server/features/audit/index.ts";
import { ACCOUNT_MESSAGES, type DataExport, EXPORTS_PER_DAY } from "@/shared/api/account.ts";
import { DEFAULT_RETENTION } from "@/shared/api/retention.ts";
import type { Role } from "@/shared/domain/roles.ts";
import { collectExport } from "./export-contents.ts";
import { zipTexts } from "./export-zip.ts";

const DAY = 24 * 3600 * 1000;
/** Longer than any real build: a row still "preparing" after this was left by a stopped server. */
export const STALE_PREPARING_MS = 15 * 60_000;

type Row = typeof dataExports.$inferSelect;
type Owner = { id: string; email: string; name: string; role: Role };
export type ExportDeps = { db: Db; mailer: Mailer; publicUrl: string; now: () => Date };

/** Builds still running in this process: tests (and a clean shutdown) can wait for them. */
const building = new Set<Promise<void>>();
export const exportsSettled = () => Promise.allSettled([...building]).then(() => undefined);

function shape(row: Row, now: Date): DataExport {
  const stale = row.status === "preparing" && now.getTime() - row.createdAt.getTime() > STALE_PREPARING_MS;
  const expired = row.status === "ready" && row.expiresAt <= now;
  const status = stale ? "failed" : expired ? "expired" : (row.status as DataExport["status"]);
  return {
    id: row.id,
    status,
    createdAt: row.createdAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
    sizeBytes: row.sizeBytes,
    downloadUrl: status === "ready" ? `/api/me/exports/${row.id}/download` : null,
  };
}

/** My exports of the last 30 days, newest first (the bytes stay out of this read). */
export async function listExports(db: Db, userId: string, now: Date): Promise<DataExport[]> {
  const rows = await db
    .select({
      id: dataExports.id,
      userId: dataExports.userId,
      status: dataExports.status,
      createdAt: dataExports.createdAt,
      readyAt: dataExports.readyAt,
      expiresAt: dataExports.expiresAt,
      sizeBytes: dataExports.sizeBytes,
    })
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), gt(dataExports.createdAt, new Date(now.getTime() - 30 * DAY))))
    .orderBy(desc(dataExports.createdAt))
    .limit(20);
  return rows.map((r) => shape({ ...r, content: null }, now));
}

/** Days an export is kept: the retention policy an admin set (decision 062), else the default 7. */
async function exportDays(db: Db): Promise<number> {
  const [row] = await db
    .select({ days: retentionPolicy.exportDays })
    .from(retentionPolicy)
    .where(eq(retentionPolicy.id, 1));
  return row?.days ?? DEFAULT_RETENTION.exportDays;
}

/**
 * Starts an export: one at a time per user, EXPORTS_PER_DAY a day. Answers with the row while the
 * ZIP is built in the background; the owner gets an e-mail when it is ready.
 */
export async function requestExport(deps: ExportDeps, owner: Owner): Promise<DataExport> {
  const { db } = deps;
  const now = deps.now();
  const days = await exportDays(db);
  // The check and the insert under a lock on the user's row: six requests at once used to pass
  // the check together and build six exports (past the daily five) on one instance's CPU.
  const row = await db.transaction(async (tx) => {
    await tx.select({ id: user.id }).from(user).where(eq(user.id, owner.id)).for("update");
    const recent = await tx
      .select({ status: dataExports.status, createdAt: dataExports.createdAt })
      .from(dataExports)
      .where(and(eq(dataExports.userId, owner.id), gt(dataExports.createdAt, new Date(now.getTime() - DAY))));
    if (
      recent.some(
        (r) => r.status === "preparing" && now.getTime() - r.createdAt.getTime() <= STALE_PREPARING_MS,
      )
    )
      throw new AppError("EXPORT_IN_PROGRESS", 409, ACCOUNT_MESSAGES.exportInProgress);
    if (recent.length >= EXPORTS_PER_DAY) {
      const oldest = Math.min(...recent.map((r) => r.createdAt.getTime()));
      throw tooManyRequests(
        "TOO_MANY_REQUESTS",
        ACCOUNT_MESSAGES.tooManyExports,
        oldest + DAY - now.getTime(),
      );
    }
    const [inserted] = await tx
      .insert(dataExports)
      .values({ userId: owner.id, createdAt: now, expiresAt: new Date(now.getTime() + days * DAY) })
      .returning();
    return inserted;
  });
  const job = buildExport(deps, row.id, owner).finally(() => building.delete(job));
  building.add(job);
  return shape(row, now);
}

/** Collects, zips and stores one export, then e-mails its owner; a failure marks it failed. */
async function buildExport(deps: ExportDeps, exportId: string, owner: Owner): Promise<void> {
  const { db } = deps;
  try {
    const started = deps.now();
    const { data, files } = await collectExport(db, owner.id, started);
    const texts: Record<string, string> = { "data.json": `${JSON.stringify(data, null, 2)}\n` };
    for (const f of files) texts[f.path] = f.text;
    const content = await zipTexts(texts);
    const readyAt = deps.now();
    const days = await exportDays(db);
    await db
      .update(dataExports)
      .set({
        status: "ready",
        content,
        sizeBytes: content.byteLength,
        readyAt,
        expiresAt: new Date(readyAt.getTime() + days * DAY),
      })
      .where(eq(dataExports.id, exportId));
    await recordAudit(db, {
      actorId: owner.id,
      action: "data.export",
      targetType: "user",
      targetId: owner.id,
      details: { exportId, bytes: content.byteLength, files: files.length + 1 },
      at: readyAt,
    });
    const settings = owner.role === "pending" ? "/select-role" : `/${owner.role}/settings`;
    await deps.mailer.send(
      linkMail(
        owner.email,
        "Your PyClass data is ready to download",
        greeting(owner.name),
        `The copy of your PyClass data you asked for is ready. Sign in and download it from Settings within ${days} days; after that it is deleted.`,
        "Open Settings",
        `${deps.publicUrl}${settings}#my-data`,
      ),
    );
  } catch (e) {
    console.error(`Data export ${exportId} failed:`, e instanceof Error ? e.message : e);
    await db
      .update(dataExports)
      .set({ status: "failed" })
      .where(eq(dataExports.id, exportId))
      .catch(() => {});
  }
}

/**
 * The ZIP, for its owner only: anyone else's export is "not found" (as if it did not exist), an
 * expired one 410 (its bytes dropped at once), one still being prepared 409.
 */
export async function downloadExport(
  db: Db,
  userId: string,
  exportId: string,
  now: Date,
): Promise<{ content: Uint8Array; createdAt: Date }> {
  const row = await db.query.dataExports.findFirst({
    where: and(eq(dataExports.id, exportId), eq(dataExports.userId, userId)),
  });
  if (!row) throw notFound("This download does not exist.");
  const shown = shape(row, now);
  if (shown.status === "expired") {
    await db.update(dataExports).set({ content: null }).where(eq(dataExports.id, exportId));
    throw new AppError("EXPORT_EXPIRED", 410, ACCOUNT_MESSAGES.exportExpired);
  }
  if (shown.status !== "ready" || !row.content)
    throw new AppError("EXPORT_NOT_READY", 409, ACCOUNT_MESSAGES.exportNotReady);
  await recordAudit(db, {
    actorId: userId,
    action: "data.export.download",
    targetType: "user",
    targetId: userId,
    details: { exportId },
    at: now,
  });
  return { content: row.content, createdAt: row.createdAt };
}
