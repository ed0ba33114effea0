import { count, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { assignments, classes, exerciseCategories, exercises, submissions, user } from "../../db/schema.ts";

/** Platform totals for the admin dashboard, counted from the real tables. */
export async function getOverview(db: Db) {
  const roles = await db.select({ role: user.role, n: count() }).from(user).groupBy(user.role);
  const [[c], [a], [s], [e], [cat]] = await Promise.all([
    db.select({ n: count() }).from(classes),
    db.select({ n: count() }).from(assignments),
    db.select({ n: count() }).from(submissions).where(sql`${submissions.isFinal}`),
    db.select({ n: count() }).from(exercises),
    db.select({ n: count() }).from(exerciseCategories),
  ]);
  const users = { pending: 0, student: 0, teacher: 0, admin: 0 } as Record<string, number>;
  for (const r of roles) users[r.role] = r.n;
  return { users, classes: c.n, assignments: a.n, finalSubmissions: s.n, exercises: e.n, categories: cat.n };
}
