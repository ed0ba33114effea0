// One JSON line per /api request: id (the request-id middleware's, also sent back as X-Request-Id
// and in every error body), method, route pattern, status, duration and the signed-in user's id.
// Never the raw path or query (reset links and e-mail verification carry tokens there), headers,
// cookies or bodies.
import type { MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import type { AppEnv } from "@/server/types.ts";
import { requestIdOf } from "./request-id.ts";

export type RequestLogLine = {
  time: string;
  msg: "request";
  id: string;
  method: string;
  route: string;
  status: number;
  ms: number;
  userId?: string;
};

/**
 * The route as registered (`/api/classes/:classId`), not the path: ids stay out of the log and
 * lines group by endpoint. Better Auth answers under one catch-all, so its first segment (an action
 * name such as `sign-in`) is kept when it looks like one; anything after it (a token in
 * `/reset-password/<token>`) becomes `*`.
 */
export function routeLabel(pattern: string, path: string): string {
  if (pattern !== "/api/auth/*") return pattern || "unmatched";
  const [action, ...rest] = path.slice("/api/auth/".length).split("/");
  if (!action || !/^[a-z][a-z-]{0,39}$/.test(action)) return pattern;
  if (rest.length === 1 && rest[0] === "email") return `/api/auth/${action}/email`;
  return rest.length ? `/api/auth/${action}/*` : `/api/auth/${action}`;
}

/** `write` receives one line without its newline; by default it goes to stdout. */
export function requestLog(
  write: (line: string) => void = (line) => console.log(line),
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const id = requestIdOf(c);
    try {
      await next();
    } finally {
      const status = c.res.status;
      const route = routeLabel(routePath(c), c.req.path);
      // A load balancer asks for health every few seconds: only an unhealthy answer is news.
      if (!(route === "/api/health" && status === 200)) {
        const user = c.get("user");
        const line: RequestLogLine = {
          time: new Date().toISOString(),
          msg: "request",
          id,
          method: c.req.method,
          route,
          status,
          ms: Math.round((performance.now() - started) * 10) / 10,
          ...(user ? { userId: user.id } : {}),
        };
        write(JSON.stringify(line));
      }
    }
  };
}
