// A teacher's privacy choice (decision 061). No row means the default: the e-mail is shown.
// Where it is enforced: classes.service's summary (the only response that carries a teacher's
// address to a student).
import { eq } from "drizzle-orm";
import type { Db } from "@/server/db/client.ts";
import { userPrivacy } from "@/server/db/schema.ts";
import type { TeacherPrivacy } from "@/shared/api/privacy.ts";

export async function readPrivacy(db: Db, userId: string): Promise<TeacherPrivacy> {
  const [row] = await db.select().from(userPrivacy).where(eq(userPrivacy.userId, userId));
  return { showEmailToStudents: row?.showEmailToStudents ?? true };
}

export async function savePrivacy(db: Db, userId: string, choice: TeacherPrivacy): Promise<TeacherPrivacy> {
  const values = { showEmailToStudents: choice.showEmailToStudents, updatedAt: new Date() };
  await db
    .insert(userPrivacy)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userPrivacy.userId, set: values });
  return readPrivacy(db, userId);
}
