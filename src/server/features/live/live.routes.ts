// The live lesson, mounted at /api/classes: the class teacher's summary, one student's current
// code, and the server-sent stream that says "read again" when the class changes. Teachers only,
// for their own classes (admins and students refused by the guard; another teacher's class is 404).
import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { isUuid } from "@/server/auth/access.ts";
import { sessionCookieName } from "@/server/auth/auth.ts";
import { currentUser, requireRole } from "@/server/auth/guards.ts";
import { notFound, tooManyRequests } from "@/server/errors.ts";
import { classTopic, liveBus, SESSIONS_TOPIC } from "@/server/live/index.ts";
import type { AppEnv } from "@/server/types.ts";
import { ASSIGNMENT_MESSAGES } from "@/shared/api/assignments.ts";
import { LIVE_EVENTS, LIVE_HEARTBEAT_MS, LIVE_RETRY_MS } from "@/shared/api/live.ts";
import {
  LIVE_MESSAGES,
  liveStudent,
  liveSummary,
  sessionStillValid,
  stillOwnsClass,
} from "./live.service.ts";
import { openStream } from "./live-streams.ts";

const teacher = requireRole("teacher");

/** `?assignmentId=`: absent is "any open work"; anything but an id of this class is 404. */
function assignmentOf(value: string | undefined): string | undefined {
  if (value === undefined || value === "") return undefined;
  if (!isUuid(value)) throw notFound(ASSIGNMENT_MESSAGES.notFound);
  return value;
}

/** The session token Better Auth signed into the cookie (`<token>.<signature>`), if any. */
function sessionToken(cookieHeader: string | undefined, name: string): string | null {
  for (const pair of (cookieHeader ?? "").split(";")) {
    const eq = pair.indexOf("=");
    if (eq === -1 || pair.slice(0, eq).trim() !== name) continue;
    try {
      const value = decodeURIComponent(pair.slice(eq + 1).trim());
      const dot = value.indexOf(".");
      return dot > 0 ? value.slice(0, dot) : null;
    } catch {
      return null;
    }
  }
  return null;
}

export const liveRoutes = new Hono<AppEnv>()
  .get("/:id/live", teacher, async (c) => {
    const { db, now } = c.get("deps");
    return c.json(
      await liveSummary(
        db,
        currentUser(c),
        c.req.param("id"),
        assignmentOf(c.req.query("assignmentId")),
        now(),
      ),
    );
  })
  .get("/:id/live/students/:studentId", teacher, async (c) => {
    const { db, now } = c.get("deps");
    return c.json(
      await liveStudent(
        db,
        currentUser(c),
        c.req.param("id"),
        c.req.param("studentId"),
        assignmentOf(c.req.query("assignmentId")),
        now(),
      ),
    );
  })
  .get("/:id/live/stream", teacher, async (c) => {
    const { db, config, now } = c.get("deps");
    const me = currentUser(c);
    const classId = c.req.param("id");
    if (!(await stillOwnsClass(db, me, classId))) throw notFound("Class not found.");
    const token = sessionToken(c.req.header("cookie"), sessionCookieName(config));
    // A cookie-less session (never the browser's) has nothing to re-check: refuse it.
    if (!token) throw notFound("Class not found.");

    let end = () => {};
    const slot = openStream(db, me.id, () => end());
    if (slot === "teacher") throw tooManyRequests("TOO_MANY_REQUESTS", LIVE_MESSAGES.tooManyStreams, 30_000);
    if (slot === "instance") throw tooManyRequests("TOO_MANY_REQUESTS", LIVE_MESSAGES.busy, 60_000);

    // Resuming (Last-Event-ID) needs nothing replayed: the page reads the summary again on `hello`.
    return streamSSE(c, async (stream) => {
      let id = Number(c.req.header("last-event-id")) || 0;
      const bus = liveBus(db);
      const unsubscribe: (() => void)[] = [];
      let checking = false;
      let heartbeat: NodeJS.Timeout | undefined;
      const ended = new Promise<void>((resolve) => {
        end = resolve;
        stream.onAbort(resolve);
      });
      /** Still signed in, still their class: otherwise the stream ends (the page shows why). */
      const stillAllowed = async () => {
        const [signedIn, owns] = await Promise.all([
          sessionStillValid(db, token, me.id, now()),
          stillOwnsClass(db, me, classId),
        ]);
        return signedIn && owns;
      };
      // A ping re-checks that the class is still theirs (one indexed read); the session is
      // re-checked when a sign-out anywhere pings `sessions`, and at each heartbeat.
      const send = async (event: string) => {
        if (checking) return;
        checking = true;
        try {
          if (!(await stillOwnsClass(db, me, classId))) return end();
          await stream.writeSSE({ event, data: classId, id: String(++id) });
        } catch {
          end();
        } finally {
          checking = false;
        }
      };
      try {
        // Subscribed before the hello: nothing announced after the page's first read is missed.
        unsubscribe.push(bus.subscribe(classTopic(classId), () => void send(LIVE_EVENTS.changed)));
        unsubscribe.push(
          bus.subscribe(
            SESSIONS_TOPIC,
            () => void sessionStillValid(db, token, me.id, now()).then((ok) => ok || end(), end),
          ),
        );
        await stream.writeSSE({
          event: LIVE_EVENTS.hello,
          data: classId,
          id: String(++id),
          retry: LIVE_RETRY_MS,
        });
        heartbeat = setInterval(() => {
          void stillAllowed().then((ok) => (ok ? stream.write(": still here\n\n").catch(end) : end()), end);
        }, LIVE_HEARTBEAT_MS);
        await ended;
      } finally {
        clearInterval(heartbeat);
        for (const u of unsubscribe) u();
        slot.release();
      }
    });
  });
