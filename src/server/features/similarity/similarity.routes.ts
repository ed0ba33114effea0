// The similarity report, mounted at /api/assignments: the class's teacher only. Admins do not read
// students' work (as in submissions.routes), a student is refused, another teacher gets a 404.
import { Hono } from "hono";
import { currentUser, requireRole } from "@/server/auth/guards.ts";
import type { AppEnv } from "@/server/types.ts";
import { similarityPair, similarityReport } from "./similarity.service.ts";

export const similarityRoutes = new Hono<AppEnv>()
  .get("/:id/similarity", requireRole("teacher"), async (c) =>
    c.json(await similarityReport(c.get("deps").db, currentUser(c), c.req.param("id"))),
  )
  .get("/:id/similarity/pairs/:leftSubmissionId/:rightSubmissionId", requireRole("teacher"), async (c) =>
    c.json(
      await similarityPair(
        c.get("deps").db,
        currentUser(c),
        c.req.param("id"),
        c.req.param("leftSubmissionId"),
        c.req.param("rightSubmissionId"),
      ),
    ),
  );
