// The retention policy in force (decision 062): the admin's row, or the safe defaults, where the
// activity period's default is still ACTIVITY_RETENTION (decision 046) until an admin sets one.
import { eq } from "drizzle-orm";
import type { Db } from "@/server/db/client.ts";
import { retentionPolicy } from "@/server/db/schema.ts";
import { recordAudit } from "@/server/features/audit/index.ts";
import { DEFAULT_RETENTION, type RetentionInForce, type RetentionPolicy } from "@/shared/api/retention.ts";

/** What the operator's environment contributes: ACTIVITY_RETENTION as the activity default. */
export type RetentionDefaults = { activityRetention: "school-year" | number };

export function defaultPolicy(defaults: RetentionDefaults): RetentionPolicy {
  const activity = defaults.activityRetention;
  return { ...DEFAULT_RETENTION, activityDays: activity === "school-year" ? null : activity };
}

export async function readPolicy(
  db: Db,
  defaults: RetentionDefaults,
): Promise<Omit<RetentionInForce, "accountDeletionGraceDays">> {
  const [row] = await db.select().from(retentionPolicy).where(eq(retentionPolicy.id, 1));
  if (!row) return { policy: defaultPolicy(defaults), source: "defaults", updatedAt: null };
  return {
    policy: {
      activityDays: row.activityDays,
      classWorkYears: row.classWorkYears,
      inactiveAccountMonths: row.inactiveAccountMonths,
      inactiveGraceDays: row.inactiveGraceDays,
      exportDays: row.exportDays,
      auditLogMonths: row.auditLogMonths,
    },
    source: "admin",
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** An admin sets every period at once; the change is in the audit log with the old and new values. */
export async function savePolicy(
  db: Db,
  defaults: RetentionDefaults,
  policy: RetentionPolicy,
  adminId: string,
): Promise<Omit<RetentionInForce, "accountDeletionGraceDays">> {
  const before = await readPolicy(db, defaults);
  const values = { ...policy, updatedAt: new Date(), updatedBy: adminId };
  await db.transaction(async (tx) => {
    await tx
      .insert(retentionPolicy)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: retentionPolicy.id, set: values });
    await recordAudit(tx, {
      actorId: adminId,
      action: "retention.policy",
      details: { before: before.policy, after: policy },
    });
  });
  return readPolicy(db, defaults);
}
