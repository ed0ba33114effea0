// Help requests, mounted at /api (decision "Help requests and line comments"): the student raises
// a hand on an assignment, withdraws it and reads the answer; the class's teacher reads the queue,
// answers and resolves. Every change pings the class's live view and the student's workspace.
// Also the student's own live stream (GET /api/me/live/stream): a "read again" ping whenever
// something of theirs changes (an answer, a comment), on the live lesson's bus.
import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { sessionCookieName } from "@/server/auth/auth.ts";
import { currentUser, requireRole } from "@/server/auth/guards.ts";
import { session } from "@/server/db/schema.ts";
import { notFound, tooManyRequests } from "@/server/errors.ts";
import { openStream } from "@/server/features/live/live-streams.ts";
import { liveBus, SESSIONS_TOPIC } from "@/server/live/index.ts";
import type { AppEnv } from "@/server/types.ts";
import { readJson } from "@/server/validate.ts";
import { AnswerHelpBody, RaiseHandBody, STUDENT_LIVE_EVENTS } from "@/shared/api/help.ts";
import { LIVE_HEARTBEAT_MS, LIVE_RETRY_MS } from "@/shared/api/live.ts";
import { answer, helpQueue, myRequest, raiseHand, resolve, withdraw } from "./help.service.ts";
import { pingClassAndStudent, userTopic } from "./notify.ts";

const teacher = requireRole("teacher");
const student = requireRole("student");

export const STREAM_MESSAGES = {
  tooMany: "You have too many PyClass tabs listening for your teacher. Close one and try again.",
  busy: "The server is busy right now. Your page will check again shortly.",
} as const;

/** The session token Better Auth signed into the cookie (`<token>.<signature>`), if any. */
function sessionToken(cookieHeader: string | undefined, name: string): string | null {
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

export const helpRoutes = new Hono<AppEnv>()
  .post("/assignments/:id/help", student, async (c) => {
    const body = await readJson(c, RaiseHandBody);
    const { db, now } = c.get("deps");
    const me = currentUser(c);
    const { request, classId } = await raiseHand(db, me, c.req.param("id"), body, now());
    await pingClassAndStudent(db, classId, me.id);
    return c.json(request, 201);
  })
  .delete("/assignments/:id/help", student, async (c) => {
    const { db, now } = c.get("deps");
    const me = currentUser(c);
    const { classId } = await withdraw(db, me, c.req.param("id"), now());
    await pingClassAndStudent(db, classId, me.id);
    return c.body(null, 204);
  })
  .get("/assignments/:id/help/mine", student, async (c) => {
    const { db, now } = c.get("deps");
    return c.json({ request: await myRequest(db, currentUser(c), c.req.param("id"), now()) });
  })
  .get("/classes/:id/help", teacher, async (c) => {
    const { db, now } = c.get("deps");
    return c.json(await helpQueue(db, currentUser(c), c.req.param("id"), now()));
  })
  .post("/help/:id/answer", teacher, async (c) => {
    const body = await readJson(c, AnswerHelpBody);
    const { db, now } = c.get("deps");
    const answered = await answer(db, currentUser(c), c.req.param("id"), body, now());
    await pingClassAndStudent(db, answered.classId, answered.studentId);
    return c.json(answered);
  })
  .post("/help/:id/resolve", teacher, async (c) => {
    const { db, now } = c.get("deps");
    const resolved = await resolve(db, currentUser(c), c.req.param("id"), now());
    await pingClassAndStudent(db, resolved.classId, resolved.studentId);
    return c.json(resolved);
  })
  .get("/me/live/stream", student, async (c) => {
    const { db, config, now } = c.get("deps");
    const me = currentUser(c);
    const token = sessionToken(c.req.header("cookie"), sessionCookieName(config));
    if (!token) throw notFound();
    let end = () => {};
    const slot = openStream(db, me.id, () => end());
    if (slot === "teacher") throw tooManyRequests("TOO_MANY_REQUESTS", STREAM_MESSAGES.tooMany, 30_000);
    if (slot === "instance") throw tooManyRequests("TOO_MANY_REQUESTS", STREAM_MESSAGES.busy, 60_000);
    const signedIn = async () => {
      const [row] = await db
        .select({ expiresAt: session.expiresAt })
        .from(session)
        .where(and(eq(session.token, token), eq(session.userId, me.id)));
      return Boolean(row && row.expiresAt.getTime() > now().getTime());
    };
    return streamSSE(c, async (stream) => {
      let id = Number(c.req.header("last-event-id")) || 0;
      const bus = liveBus(db);
      const unsubscribe: (() => void)[] = [];
      let heartbeat: NodeJS.Timeout | undefined;
      const ended = new Promise<void>((resolve) => {
        end = resolve;
        stream.onAbort(resolve);
      });
      const send = (event: string) =>
        stream.writeSSE({ event, data: "", id: String(++id) }).catch(() => end());
      try {
        // Subscribed before the hello: nothing announced after the page's first read is missed.
        unsubscribe.push(bus.subscribe(userTopic(me.id), () => void send(STUDENT_LIVE_EVENTS.changed)));
        unsubscribe.push(bus.subscribe(SESSIONS_TOPIC, () => void signedIn().then((ok) => ok || end(), end)));
        await stream.writeSSE({
          event: STUDENT_LIVE_EVENTS.hello,
          data: "",
          id: String(++id),
          retry: LIVE_RETRY_MS,
        });
        heartbeat = setInterval(() => {
          void signedIn().then((ok) => (ok ? stream.write(": still here\n\n").catch(end) : end()), end);
        }, LIVE_HEARTBEAT_MS);
        await ended;
      } finally {
        clearInterval(heartbeat);
        for (const u of unsubscribe) u();
        slot.release();
      }
    });
  });
