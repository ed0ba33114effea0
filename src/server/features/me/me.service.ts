import { and, eq, ne } from "drizzle-orm";
import { mayTeach } from "@/server/auth/teacher-domains.ts";
import type { Db } from "@/server/db/client.ts";
import { user } from "@/server/db/schema.ts";
import { AppError, conflict, notFound } from "@/server/errors.ts";
import { recordAudit } from "@/server/features/audit/index.ts";
import { ROLE_MESSAGES, TEACHER_EMAIL_DOMAIN_CODE, teacherEmailDomainMessage } from "@/shared/api/me.ts";
import type { SelectableRole } from "@/shared/domain/roles.ts";

export async function getMe(db: Db, userId: string) {
  const row = await db.query.user.findFirst({
    where: eq(user.id, userId),
    columns: { id: true, name: true, email: true, role: true, emailVerified: true },
  });
  if (!row) throw notFound("User not found.");
  return row;
}

export async function updateName(db: Db, userId: string, name: string) {
  await db.update(user).set({ name, updatedAt: new Date() }).where(eq(user.id, userId));
  return getMe(db, userId);
}

/**
 * A role is chosen once: only a pending user may become a student or a teacher; with
 * TEACHER_EMAIL_DOMAINS set, a teacher only with a verified address in one of those domains.
 */
export async function chooseRole(
  db: Db,
  userId: string,
  role: SelectableRole,
  teacherEmailDomains: readonly string[] = [],
) {
  if (role === "teacher" && teacherEmailDomains.length > 0) {
    const me = await getMe(db, userId);
    if (me.role === "pending" && !mayTeach(me.email, me.emailVerified, teacherEmailDomains)) {
      throw new AppError(TEACHER_EMAIL_DOMAIN_CODE, 403, teacherEmailDomainMessage(teacherEmailDomains));
    }
  }
  const updated = await db
    .update(user)
    .set({ role, updatedAt: new Date() })
    .where(and(eq(user.id, userId), eq(user.role, "pending")))
    .returning({ id: user.id });
  if (updated.length === 0) throw conflict(ROLE_MESSAGES.alreadyChosen, "ROLE_ALREADY_CHOSEN");
  await recordAudit(db, {
    actorId: userId,
    action: "role.change",
    targetType: "user",
    targetId: userId,
    details: { from: "pending", to: role },
  });
  return getMe(db, userId);
}

/** True when an account uses `email` (an admin already, or made one now: the audit log says which). */
export async function makeAdmin(
  db: Db,
  email: string,
  via: "command line" | "ADMIN_EMAILS" = "command line",
): Promise<boolean> {
  const [account] = await db
    .select({ id: user.id, role: user.role })
    .from(user)
    .where(eq(user.email, email.toLowerCase()));
  if (!account) return false;
  const changed = await db
    .update(user)
    .set({ role: "admin", updatedAt: new Date() })
    .where(and(eq(user.id, account.id), ne(user.role, "admin")))
    .returning({ id: user.id });
  if (changed.length > 0)
    await recordAudit(db, {
      action: "role.change",
      targetType: "user",
      targetId: account.id,
      details: { from: account.role, to: "admin", via },
    });
  return true;
}

/** ADMIN_EMAILS: existing accounts with these addresses become admins at startup. */
export async function promoteAdmins(db: Db, emails: string[]) {
  for (const email of emails) await makeAdmin(db, email, "ADMIN_EMAILS");
}
