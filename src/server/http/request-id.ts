// Every /api request gets an id, sent back as X-Request-Id, written in the request log line and in
// any error body, so the id a teacher quotes from an error message finds that request's log line.
import crypto from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "@/server/types.ts";
import { REQUEST_ID_HEADER } from "@/shared/api/errors.ts";

export { requestIdOf } from "@/server/errors.ts";
export { REQUEST_ID_HEADER };

/** First on /api/*: names the request before anything else can fail. */
export const requestId: MiddlewareHandler<AppEnv> = async (c, next) => {
  const id = crypto.randomUUID();
  c.set("requestId", id);
  c.header(REQUEST_ID_HEADER, id);
  try {
    await next();
  } finally {
    // A route may answer with a Response of its own (Better Auth does): name that one too.
    c.header(REQUEST_ID_HEADER, id);
  }
};
