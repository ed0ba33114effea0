// Help requests, mounted at /api (decision "Help requests and line comments"): the student raises
// a hand on an assignment, withdraws it and reads the answer; the class's teacher reads the queue,
// answers and resolves. Every change pings the class's live view and the student's workspace.
// Also the student's own live stream (GET /api/me/live/stream): a "read again" ping whenever
// something of theirs changes (an answer, a comment), on the live lesson's bus.
import { Hono } from "hono";
import { sessionCookieName } from "@/server/auth/auth.ts";
import { currentUser, requireRole } from "@/server/auth/guards.ts";
import { sessionToken } from "@/server/auth/stream-session.ts";
import { notFound } from "@/server/errors.ts";
import { serveLiveStream } from "@/server/features/live/live-streams.ts";
import type { AppEnv } from "@/server/types.ts";
import { readJson } from "@/server/validate.ts";
import { AnswerHelpBody, RaiseHandBody, STUDENT_LIVE_EVENTS } from "@/shared/api/help.ts";
import { answer, helpQueue, myRequest, raiseHand, resolve, withdraw } from "./help.service.ts";
import { pingClassAndStudent, userTopic } from "./notify.ts";

const teacher = requireRole("teacher");
const student = requireRole("student");

export const STREAM_MESSAGES = {
  tooMany: "You have too many PyClass tabs listening for your teacher. Close one and try again.",
  busy: "The server is busy right now. Your page will check again shortly.",
} as const;

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
    const { config } = c.get("deps");
    const me = currentUser(c);
    const token = sessionToken(c.req.header("cookie"), sessionCookieName(config));
    if (!token) throw notFound();
    return serveLiveStream(c, me, {
      token,
      topic: userTopic(me.id),
      events: STUDENT_LIVE_EVENTS,
      data: "",
      messages: STREAM_MESSAGES,
    });
  });
