// Builds the Hono app: headers, session, Better Auth, each feature's routes, the SPA.
import { Hono } from "hono";
import {
  CLIENT_IP_HEADER,
  createAuth,
  DEV_CLIENT_HEADER,
  sessionCookieName,
  trustedOrigins,
} from "./auth/auth.ts";
import { authRateLimits } from "./auth/auth-limits.ts";
import { clientAddress, isDevClient } from "./auth/client-address.ts";
import { toSessionUser } from "./auth/guards.ts";
import { jsonBodiesOnly } from "./auth/json-bodies-only.ts";
import { createMailer, type Mailer } from "./auth/mail.ts";
import { createSessionCache, mayChangeSessions, mayChangeUser, sessionKey } from "./auth/session-cache.ts";
import type { Config } from "./config.ts";
import type { Db } from "./db/client.ts";
import { errorResponse, handleError, notFound } from "./errors.ts";
import { accountPublicRoutes, accountRoutes, cancelDeletionOnSignIn } from "./features/account/index.ts";
import { activityRoutes } from "./features/activity/activity.routes.ts";
import { adminRoutes } from "./features/admin/admin.routes.ts";
import { assignmentRoutes } from "./features/assignments/assignments.routes.ts";
import { auditRoutes } from "./features/audit/audit.routes.ts";
import { classRoutes } from "./features/classes/classes.routes.ts";
import { commentRoutes } from "./features/comments/comments.routes.ts";
import { dashboardRoutes } from "./features/dashboard/dashboard.routes.ts";
import { devMailboxRoutes } from "./features/dev-mailbox/dev-mailbox.routes.ts";
import { exerciseRoutes } from "./features/exercises/exercises.routes.ts";
import { helpRoutes } from "./features/help/help.routes.ts";
import { insightsRoutes } from "./features/insights/insights.routes.ts";
import { interchangeRoutes } from "./features/interchange/interchange.routes.ts";
import { liveRoutes } from "./features/live/live.routes.ts";
import { meRoutes } from "./features/me/me.routes.ts";
import { privacyRoutes } from "./features/privacy/privacy.routes.ts";
import { retentionRoutes } from "./features/retention/retention.routes.ts";
import { similarityRoutes } from "./features/similarity/similarity.routes.ts";
import { submissionRoutes } from "./features/submissions/submissions.routes.ts";
import { transferRoutes } from "./features/transfers/transfers.routes.ts";
import { createSubmitLimiter } from "./grading/submit-limiter.ts";
import { healthRoute } from "./http/health.ts";
import { inputHygiene } from "./http/input-hygiene.ts";
import { mountPyodide } from "./http/pyodide-static.ts";
import { requestId } from "./http/request-id.ts";
import { requestLog } from "./http/request-log.ts";
import { sameOriginWrites } from "./http/same-origin.ts";
import { securityHeaders } from "./http/security-headers.ts";
import { mountStatic } from "./http/static.ts";
import { announce, SESSIONS_TOPIC } from "./live/index.ts";
import { createGraderPool, type GraderPool } from "./python/index.ts";
import type { AppEnv, SessionUser } from "./types.ts";

export type AppOptions = {
  db: Db;
  config: Config;
  mailer?: Mailer;
  clientDir?: string;
  /** The server grading pool; by default one of GRADER_POOL_SIZE, started on the first submission. */
  grader?: GraderPool;
  /** The clock for time windows (insights); tests move it. */
  now?: () => Date;
};

export function createApp({
  db,
  config,
  mailer = createMailer(db, config),
  clientDir,
  grader = createGraderPool({ size: config.graderPoolSize, sliceMs: config.graderSliceMs }),
  now = () => new Date(),
}: AppOptions) {
  // Signing in during a deletion's grace period cancels it (decision 060).
  const auth = createAuth(db, config, mailer, (userId) =>
    cancelDeletionOnSignIn(
      {
        db,
        mailer,
        now,
        publicUrl: config.publicUrl,
        graceDays: config.accountDeletionGraceDays,
        rateLimit: config.rateLimit,
      },
      userId,
    ),
  );
  const sessions = createSessionCache();
  const sessionCookie = sessionCookieName(config);
  const submitLimiter = createSubmitLimiter(db);
  const csrf = sameOriginWrites(trustedOrigins(config));
  const app = new Hono<AppEnv>();

  // First, so the id names every later middleware, route and error; then the log, so its time and
  // status cover all of them.
  app.use("/api/*", requestId);
  if (config.requestLog) app.use("/api/*", requestLog());
  app.use("*", securityHeaders({ https: config.publicUrl.startsWith("https://") }));

  // Tell Better Auth the client's address (socket, or X-Forwarded-For from a TRUST_PROXY hop) and
  // whether it may use the demo logins; both headers always replace whatever the client sent.
  app.use("/api/auth/*", async (c, next) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, clientAddress(c, config).address || "in-process");
    if (isDevClient(c, config)) headers.set(DEV_CLIENT_HEADER, "1");
    else headers.delete(DEV_CLIENT_HEADER);
    c.req.raw = new Request(c.req.raw, { headers });
    await next();
    // Sign-out, reset, verification, e-mail or password change may end or change a session, so
    // the cache starts afresh (these requests are rare next to page reads; sign-ins are not).
    if (mayChangeSessions(c.req.method, c.req.path)) {
      sessions.clear();
      // Live streams on every instance check that their session still holds (decision "The live
      // lesson"); a refused request changed nothing, so it wakes no one.
      if (c.res.status < 400) await announce(db, SESSIONS_TOPIC);
    }
  });

  async function readSession(headers: Headers): Promise<SessionUser | null> {
    const key = sessionKey(headers.get("cookie") ?? undefined, sessionCookie);
    if (!key) return null;
    const cached = sessions.get(key);
    if (cached !== undefined) return cached;
    try {
      const session = await auth.api.getSession({ headers });
      const user = session ? toSessionUser(session.user) : null;
      sessions.set(key, user);
      return user;
    } catch {
      return null; // not cached: a database hiccup must not sign anyone out for 5 s
    }
  }

  app.use("/api/*", async (c, next) => {
    c.set("deps", { db, config, grader, submitLimiter, mailer, now });
    // Better Auth's own routes read the session themselves.
    c.set("user", c.req.path.startsWith("/api/auth/") ? null : await readSession(c.req.raw.headers));
    await next();
    // A write may change the user (role, name): their next request reads the database again.
    const user = c.get("user");
    if (user && mayChangeUser(c.req.method, c.req.path)) sessions.forgetUser(user.id);
  });

  // Body size limits and no U+0000 in any text, before Better Auth or any route reads a byte
  // (after the session: only a teacher's assignment writes may be larger than 1 MB).
  app.use("/api/*", inputHygiene);
  app.use("/api/*", async (c, next) => (c.req.path.startsWith("/api/auth/") ? next() : csrf(c, next)));
  app.get("/api/health", healthRoute({ db, grader, graderSlots: config.graderPoolSize }));
  app.post(
    "/api/auth/*",
    jsonBodiesOnly,
    // A password write's lane of the password queue, then the limits: both refuse before any hash.
    authRateLimits(db, config, async (headers) => (await readSession(headers))?.id ?? null),
  );
  app.on(["GET", "POST"], "/api/auth/*", (c) => auth.handler(c.req.raw));
  app.route("/api/me", meRoutes);
  app.route("/api/me", accountRoutes);
  // Confirming a deletion ends every session of the account: this instance forgets them at once.
  app.use("/api/account/*", async (c, next) => {
    await next();
    if (c.res.status < 400) sessions.clear();
  });
  app.route("/api/account", accountPublicRoutes);
  app.route("/api/admin", adminRoutes);
  app.route("/api/classes", classRoutes);
  app.route("/api/classes", liveRoutes);
  app.route("/api/assignments", assignmentRoutes);
  app.route("/api/assignments", similarityRoutes);
  app.route("/api/exercises", exerciseRoutes);
  app.route("/api", submissionRoutes);
  app.route("/api", activityRoutes);
  app.route("/api", helpRoutes);
  app.route("/api", commentRoutes);
  app.route("/api", transferRoutes);
  app.route("/api", retentionRoutes);
  app.route("/api", auditRoutes);
  app.route("/api", privacyRoutes);
  app.route("/api/teacher", dashboardRoutes);
  app.route("/api/insights", insightsRoutes);
  app.route("/api/interchange", interchangeRoutes);
  if (!config.isProduction) app.route("/api/dev/mailbox", devMailboxRoutes);
  app.all("/api/*", (c) => errorResponse(c, notFound()));

  app.onError(handleError);

  mountPyodide(app, { putBack: config.browserPythonModules });
  if (clientDir) mountStatic(app, clientDir);
  return { app, auth, grader };
}
