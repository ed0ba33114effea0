// The admin's classes overview (the /test page): every class with its owner and its members'
// profiles, in two queries however many classes there are.
import { asc, desc, eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "@/server/db/client.ts";
import { classes, classMembers, user } from "@/server/db/schema.ts";
import type { ClassesOverview, OverviewProfile } from "@/shared/api/admin.ts";
import type { Role } from "@/shared/domain/roles.ts";

type UserRow = { id: string; name: string; email: string; role: string };
const profile = (u: UserRow): OverviewProfile => ({
  id: u.id,
  name: u.name,
  email: u.email,
  role: u.role as Role,
});

export async function getClassesOverview(db: Db): Promise<ClassesOverview> {
  const owner = alias(user, "owner");
  const rows = await db
    .select({ cls: classes, owner: { id: owner.id, name: owner.name, email: owner.email, role: owner.role } })
    .from(classes)
    .innerJoin(owner, eq(owner.id, classes.ownerId))
    .orderBy(desc(classes.createdAt), asc(classes.name));
  const ids = rows.map((r) => r.cls.id);
  const members = ids.length
    ? await db
        .select({
          classId: classMembers.classId,
          joinedAt: classMembers.joinedAt,
          user: { id: user.id, name: user.name, email: user.email, role: user.role },
        })
        .from(classMembers)
        .innerJoin(user, eq(user.id, classMembers.userId))
        .where(inArray(classMembers.classId, ids))
        .orderBy(asc(user.name), asc(user.email))
    : [];
  const byClass = new Map<string, ClassesOverview["classes"][number]["members"]>();
  for (const m of members) {
    const list = byClass.get(m.classId) ?? [];
    list.push({ ...profile(m.user), joinedAt: m.joinedAt.toISOString() });
    byClass.set(m.classId, list);
  }
  return {
    classes: rows.map(({ cls, owner: o }) => ({
      id: cls.id,
      name: cls.name,
      description: cls.description,
      joinCode: cls.joinCode,
      createdAt: cls.createdAt.toISOString(),
      owner: profile(o),
      members: byClass.get(cls.id) ?? [],
    })),
  };
}
