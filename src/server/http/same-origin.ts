// Cross-site request forgery guard for our own API writes (Better Auth guards /api/auth itself).
// Session cookies are SameSite=Lax already; this refuses any write a browser marks as coming
// from another site, so a hostile page can never post a submission or a grade in a user's name.
import type { MiddlewareHandler } from "hono";
import { AppError } from "@/server/errors.ts";

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export function sameOriginWrites(trusted: string[]): MiddlewareHandler {
  const allowed = new Set(trusted);
  return async (c, next) => {
    if (WRITES.has(c.req.method)) {
      const origin = c.req.header("origin");
      const site = c.req.header("sec-fetch-site");
      if ((origin && !allowed.has(origin)) || site === "cross-site") {
        throw new AppError("CROSS_SITE", 403, "This request came from another website and was refused.");
      }
    }
    await next();
  };
}
