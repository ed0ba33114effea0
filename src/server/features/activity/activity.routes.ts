// The activity record, mounted at /api: a student's workspace sends batches (POST /activity); the
// class's teacher reads one student's history and the paste evidence of an assignment. Students
// never read an assignment's history, not even their own (only their latest code, to carry on
// elsewhere), and admins don't either (as with submissions: the record is between a class and its
// teacher). Decision "The activity record". A library exercise's record is the student's alone:
// they read its history and latest code, nobody else does (decision 072).
import { Hono } from "hono";
import { currentUser, requireRole } from "@/server/auth/guards.ts";
import { badRequest } from "@/server/errors.ts";
import { announceWork } from "@/server/live/index.ts";
import type { AppEnv } from "@/server/types.ts";
import { ActivityBatch } from "@/shared/api/activity.ts";
import {
  assertBatchSize,
  countBatch,
  countDay,
  pasteEvidence,
  readHistory,
  recordBatch,
} from "./activity.service.ts";
import { readExerciseHistory } from "./exercise-history.ts";
import { exerciseLatestCode, latestCode } from "./latest-code.ts";

const teacher = requireRole("teacher");

export const activityRoutes = new Hono<AppEnv>()
  .post("/activity", requireRole("student"), async (c) => {
    const { db, config, now } = c.get("deps");
    const me = currentUser(c);
    // Measured before parsing: the input hygiene read at most 1 MB, a batch may be 256 KB.
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    assertBatchSize(bytes.byteLength);
    // Counted before parsing: a flood past the allowance costs one upsert a request, not a parse
    // and a validation of up to 256 KB each.
    const arrival = now();
    if (config.rateLimit) await countBatch(db, me.id, bytes.byteLength, arrival);
    let body: unknown;
    try {
      body = JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      throw badRequest("The request body must be JSON.", "INVALID_JSON");
    }
    const parsed = ActivityBatch.safeParse(body);
    if (!parsed.success)
      throw badRequest(parsed.error.issues[0]?.message ?? "Invalid request.", "VALIDATION");
    if (config.rateLimit) await countDay(db, me.id, bytes.byteLength, parsed.data.events.length, arrival);
    const stored = await recordBatch(db, me, parsed.data, arrival);
    // The class's live view reads its summary again (decision "The live lesson"); a library
    // exercise belongs to no class and no live lesson.
    if (stored.stored > 0 && parsed.data.assignmentId && !parsed.data.exerciseId)
      await announceWork(db, parsed.data.assignmentId);
    return c.json(stored, 201);
  })
  .get("/assignments/:id/students/:studentId/activity", teacher, async (c) =>
    c.json(await readHistory(c.get("deps").db, currentUser(c), c.req.param("id"), c.req.param("studentId"))),
  )
  // The student's own code as last recorded, to carry on from another computer (nothing else).
  .get("/assignments/:id/activity/latest-code", requireRole("student"), async (c) =>
    c.json(await latestCode(c.get("deps").db, currentUser(c), c.req.param("id"), c.req.query("notSession"))),
  )
  .get("/assignments/:id/activity/evidence", teacher, async (c) =>
    c.json(await pasteEvidence(c.get("deps").db, currentUser(c), c.req.param("id"))),
  )
  // A library exercise: the caller's own history ("Your history") and latest code; no student id.
  .get("/exercises/:id/activity", requireRole("student"), async (c) =>
    c.json(await readExerciseHistory(c.get("deps").db, currentUser(c), c.req.param("id"))),
  )
  .get("/exercises/:id/activity/latest-code", requireRole("student"), async (c) =>
    c.json(
      await exerciseLatestCode(
        c.get("deps").db,
        currentUser(c),
        c.req.param("id"),
        c.req.query("notSession"),
      ),
    ),
  );
