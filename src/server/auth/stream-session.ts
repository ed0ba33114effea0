// The session behind a long-lived stream (the live lesson's, GET /api/classes/:id/live/stream, and
// the student's, GET /api/me/live/stream). The guard checks the session once, when the stream
// opens; a stream then lives for hours, so it keeps the session's token and asks again on a
// `sessions` ping and at each heartbeat. One home, so both streams end at sign-out alike.
import { and, eq } from "drizzle-orm";
import type { Db } from "@/server/db/client.ts";
import { session } from "@/server/db/schema.ts";

/**
 * The session token Better Auth signed into the cookie `name` (`<token>.<signature>`, URL-encoded),
 * or null: no such cookie, no signature, or an encoding that does not decode.
 */
export function sessionToken(cookieHeader: string | undefined, name: string): string | null {
  for (const pair of (cookieHeader ?? "").split(";")) {
    const eqAt = pair.indexOf("=");
    if (eqAt === -1 || pair.slice(0, eqAt).trim() !== name) continue;
    try {
      const value = decodeURIComponent(pair.slice(eqAt + 1).trim());
      const dot = value.indexOf(".");
      return dot > 0 ? value.slice(0, dot) : null;
    } catch {
      return null;
    }
  }
  return null;
}

/** Whether the session behind this cookie token is still live and still this user's. */
export async function sessionStillValid(db: Db, token: string, userId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ expiresAt: session.expiresAt })
    .from(session)
    .where(and(eq(session.token, token), eq(session.userId, userId)));
  return Boolean(row && row.expiresAt.getTime() > now.getTime());
}
