// The live lesson, mounted at /api/classes: the class teacher's summary, one student's current
// code, and the server-sent stream that says "read again" when the class changes. Teachers only,
// for their own classes (admins and students refused by the guard; another teacher's class is 404).
import { Hono } from "hono";
import { isUuid } from "@/server/auth/access.ts";
import { sessionCookieName } from "@/server/auth/auth.ts";
import { currentUser, requireRole } from "@/server/auth/guards.ts";
import { sessionToken } from "@/server/auth/stream-session.ts";
import { notFound } from "@/server/errors.ts";
import { classTopic } from "@/server/live/index.ts";
import type { AppEnv } from "@/server/types.ts";
import { ASSIGNMENT_MESSAGES } from "@/shared/api/assignments.ts";
import { LIVE_EVENTS } from "@/shared/api/live.ts";
import { LIVE_MESSAGES, liveStudent, liveSummary, stillOwnsClass } from "./live.service.ts";
import { serveLiveStream } from "./live-streams.ts";

const teacher = requireRole("teacher");

/** `?assignmentId=`: absent is "any open work"; anything but an id of this class is 404. */
function assignmentOf(value: string | undefined): string | undefined {
  if (value === undefined || value === "") return undefined;
  if (!isUuid(value)) throw notFound(ASSIGNMENT_MESSAGES.notFound);
  return value;
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
    const { db, config } = c.get("deps");
    const me = currentUser(c);
    const classId = c.req.param("id");
    if (!(await stillOwnsClass(db, me, classId))) throw notFound("Class not found.");
    const token = sessionToken(c.req.header("cookie"), sessionCookieName(config));
    // A cookie-less session (never the browser's) has nothing to re-check: refuse it.
    if (!token) throw notFound("Class not found.");
    return serveLiveStream(c, me, {
      token,
      topic: classTopic(classId),
      events: LIVE_EVENTS,
      data: classId,
      messages: { tooMany: LIVE_MESSAGES.tooManyStreams, busy: LIVE_MESSAGES.busy },
      stillAllowed: () => stillOwnsClass(db, me, classId),
    });
  });
