// Better Auth also reads form-encoded and multipart bodies, but our limits read the e-mail from
// JSON only: a sign-in posted as a form would reach Better Auth with no e-mail counted, escaping
// every per-account limit (found in review). Our client only ever sends JSON, so anything else
// with a body is refused before the limits and Better Auth see it.
import type { MiddlewareHandler } from "hono";
import { AppError } from "@/server/errors.ts";

export const JSON_ONLY_MESSAGE = "Send the request as JSON (Content-Type: application/json).";

export const jsonBodiesOnly: MiddlewareHandler = async (c, next) => {
  const type = (c.req.header("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "application/json" && (await c.req.raw.clone().arrayBuffer()).byteLength > 0)
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", 415, JSON_ONLY_MESSAGE);
  return next();
};
