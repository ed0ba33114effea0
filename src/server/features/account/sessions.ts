// "Sign out everywhere": every session of the account ends (sessions live in the database), and
// live streams on every instance hear of it. Other instances' session caches forget within 5 s
// (decision 033); this instance's forgets the user after the request (app.ts).
import { and, eq, ne } from "drizzle-orm";
import type { Db } from "@/server/db/client.ts";
import { session } from "@/server/db/schema.ts";
import { announce, SESSIONS_TOPIC } from "@/server/live/index.ts";

/** Ends every session of `userId` but the one whose token is `keepToken`; returns how many ended. */
export async function signOutEverywhere(db: Db, userId: string, keepToken?: string): Promise<number> {
  const ended = await db
    .delete(session)
    .where(and(eq(session.userId, userId), keepToken ? ne(session.token, keepToken) : undefined))
    .returning({ id: session.id });
  await announce(db, SESSIONS_TOPIC);
  return ended.length;
}

/**
 * The session token in a Better Auth session cookie's value (`<token>.<signature>`, URL-encoded).
 * Only used to spare the current session: the session itself was already checked by the guard.
 */
export function sessionTokenOf(cookieValue: string | undefined): string | undefined {
  if (!cookieValue) return undefined;
  const value = decodeURIComponent(cookieValue);
  const dot = value.indexOf(".");
  return dot > 0 ? value.slice(0, dot) : undefined;
}
