// Pings on the live lesson's change bus (src/server/live, decision "The live lesson"): a help
// request or a line comment changed, so the class's teacher (`class:<id>`) and the student whose
// work it is (`user:<id>`, their workspace's stream, GET /api/me/live/stream) read again.
import type { Db } from "@/server/db/client.ts";
import { announce, classTopic } from "@/server/live/index.ts";

export const userTopic = (userId: string) => `user:${userId}`;

export async function pingStudent(db: Db, studentId: string): Promise<void> {
  await announce(db, userTopic(studentId));
}

export async function pingClassAndStudent(db: Db, classId: string, studentId: string): Promise<void> {
  await Promise.all([announce(db, classTopic(classId)), announce(db, userTopic(studentId))]);
}
