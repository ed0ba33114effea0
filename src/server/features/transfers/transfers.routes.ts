// /api/classes/:id/transfer and /api/transfers: teachers only (decision 061). Offering needs the
// class; answering needs to be the offer's recipient (accept, decline) or sender (cancel).
import { Hono } from "hono";
import { currentUser, requireRole } from "@/server/auth/guards.ts";
import type { AppEnv } from "@/server/types.ts";
import { readJson } from "@/server/validate.ts";
import { OfferTransferBody } from "@/shared/api/transfers.ts";
import { answerTransfer, listPendingTransfers, offerTransfer } from "./transfers.service.ts";

const teacher = requireRole("teacher");

/** Mounted at /api: guards on each route, so nothing else under /api is covered by them. */
export const transferRoutes = new Hono<AppEnv>()
  .post("/classes/:id/transfer", teacher, async (c) => {
    const { email } = await readJson(c, OfferTransferBody);
    const { db, mailer, config } = c.get("deps");
    const deps = { db, mailer, publicUrl: config.publicUrl, rateLimit: config.rateLimit };
    return c.json(await offerTransfer(deps, currentUser(c), c.req.param("id"), email), 201);
  })
  .get("/transfers", teacher, async (c) =>
    c.json(await listPendingTransfers(c.get("deps").db, currentUser(c))),
  )
  .post("/transfers/:id/accept", teacher, async (c) =>
    c.json(await answerTransfer(c.get("deps").db, currentUser(c), c.req.param("id"), "accept")),
  )
  .post("/transfers/:id/decline", teacher, async (c) =>
    c.json(await answerTransfer(c.get("deps").db, currentUser(c), c.req.param("id"), "decline")),
  )
  .post("/transfers/:id/cancel", teacher, async (c) =>
    c.json(await answerTransfer(c.get("deps").db, currentUser(c), c.req.param("id"), "cancel")),
  );
