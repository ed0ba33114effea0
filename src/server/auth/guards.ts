// Who may call a route: every /api route declares it with one of these guards, and the
// session (read from the database on each request) is the only source of the role.
import type { Context, MiddlewareHandler } from "hono";
import { forbidden, unauthorized } from "@/server/errors.ts";
import type { AppEnv, SessionUser } from "@/server/types.ts";
import { normaliseRole, type Role } from "@/shared/domain/roles.ts";

export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get("user")) throw unauthorized();
  await next();
};

export function requireRole(...roles: Role[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.get("user");
    if (!user) throw unauthorized();
    if (!roles.includes(user.role)) throw forbidden();
    await next();
  };
}

/** The signed-in user of a guarded route. */
export function currentUser(c: Context<AppEnv>): SessionUser {
  const user = c.get("user");
  if (!user) throw unauthorized();
  return user;
}

export function toSessionUser(u: {
  id: string;
  name: string;
  email: string;
  role?: unknown;
  emailVerified: boolean;
}): SessionUser {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    role: normaliseRole(String(u.role ?? "")),
    emailVerified: u.emailVerified,
  };
}
