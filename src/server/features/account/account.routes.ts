// The user's own data rights (decisions 059, 060), under /api/me for every role, and the one
// public route: confirming a deletion from the e-mailed link (the token is the proof).
import { type Context, Hono } from "hono";
import { deleteCookie, getCookie } from "hono/cookie";
import { isUuid } from "@/server/auth/access.ts";
import { sessionCookieName } from "@/server/auth/auth.ts";
import { currentUser, requireUser } from "@/server/auth/guards.ts";
import { notFound } from "@/server/errors.ts";
import { recordAudit } from "@/server/features/audit/index.ts";
import type { AppEnv } from "@/server/types.ts";
import { readJson } from "@/server/validate.ts";
import { ConfirmDeletionBody, DeleteAccountBody, SignOutEverywhereBody } from "@/shared/api/account.ts";
import {
  clearDeletion,
  confirmDeletion,
  type DeletionDeps,
  deletionStatus,
  requestDeletion,
} from "./account-deletion.service.ts";
import { downloadExport, listExports, requestExport } from "./data-export.service.ts";
import { sessionTokenOf, signOutEverywhere } from "./sessions.ts";

function deletionDeps(c: Context<AppEnv>): DeletionDeps {
  const { db, mailer, config, now } = c.get("deps");
  return {
    db,
    mailer,
    now,
    publicUrl: config.publicUrl,
    graceDays: config.accountDeletionGraceDays,
    rateLimit: config.rateLimit,
  };
}

export const accountRoutes = new Hono<AppEnv>()
  .use(requireUser)
  // ── Download my data ──
  .get("/exports", async (c) => {
    const { db, now } = c.get("deps");
    return c.json({ exports: await listExports(db, currentUser(c).id, now()) });
  })
  .post("/exports", async (c) => {
    const { db, mailer, config, now } = c.get("deps");
    const me = currentUser(c);
    const started = await requestExport({ db, mailer, now, publicUrl: config.publicUrl }, me);
    return c.json(started, 202);
  })
  .get("/exports/:id/download", async (c) => {
    const id = c.req.param("id");
    if (!isUuid(id)) throw notFound("This download does not exist.");
    const { db, now } = c.get("deps");
    const { content, createdAt } = await downloadExport(db, currentUser(c).id, id, now());
    const day = createdAt.toISOString().slice(0, 10);
    return c.body(content as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="pyclass-my-data-${day}.zip"`,
      "Cache-Control": "no-store",
    });
  })
  // ── Delete my account ──
  .get("/deletion", async (c) => {
    const { db, config } = c.get("deps");
    return c.json(await deletionStatus(db, currentUser(c).id, config.accountDeletionGraceDays));
  })
  .post("/deletion", async (c) => {
    const body = await readJson(c, DeleteAccountBody);
    return c.json(await requestDeletion(deletionDeps(c), currentUser(c), body.password), 202);
  })
  .delete("/deletion", async (c) => {
    await clearDeletion(c.get("deps").db, currentUser(c).id);
    return c.body(null, 204);
  })
  // ── Sign out everywhere ──
  .post("/sessions/revoke", async (c) => {
    const { includeThisDevice } = await readJson(c, SignOutEverywhereBody);
    const { db, config, now } = c.get("deps");
    const me = currentUser(c);
    const cookie = sessionCookieName(config);
    const keep = includeThisDevice ? undefined : sessionTokenOf(getCookie(c, cookie));
    const ended = await signOutEverywhere(db, me.id, keep);
    await recordAudit(db, {
      actorId: me.id,
      action: "sessions.revoke",
      targetType: "user",
      targetId: me.id,
      details: { ended, includeThisDevice },
      at: now(),
    });
    if (includeThisDevice) deleteCookie(c, cookie, { path: "/", secure: cookie.startsWith("__Secure-") });
    return c.json({ ended });
  });

export const accountPublicRoutes = new Hono<AppEnv>().post("/deletion/confirm", async (c) => {
  const { token } = await readJson(c, ConfirmDeletionBody);
  return c.json(await confirmDeletion(deletionDeps(c), token));
});
