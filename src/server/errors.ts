// One error type for the whole API; app.onError turns it into { error: { code, message, requestId } }
// (src/shared/api/errors.ts holds the codes and the body's contract: decision 045).
import crypto from "node:crypto";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "@/server/types.ts";
import { type ErrorBody, type ErrorCode, unexpectedErrorMessage } from "@/shared/api/errors.ts";

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: ContentfulStatusCode,
    message: string,
    /** Extra response headers, e.g. Retry-After on a 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const unauthorized = () => new AppError("UNAUTHORIZED", 401, "Please sign in to continue.");
export const forbidden = () => new AppError("FORBIDDEN", 403, "You do not have access to this page.");
export const notFound = (message = "Not found.") => new AppError("NOT_FOUND", 404, message);
export const badRequest = (message: string, code: ErrorCode = "BAD_REQUEST") =>
  new AppError(code, 400, message);
export const conflict = (message: string, code: ErrorCode = "CONFLICT") => new AppError(code, 409, message);

/** 429 with Retry-After (whole seconds, at least 1) so clients and proxies know when to come back. */
export const tooManyRequests = (code: ErrorCode, message: string, retryAfterMs: number) =>
  new AppError(code, 429, message, { "Retry-After": String(Math.max(1, Math.ceil(retryAfterMs / 1000))) });

/**
 * This request's id (http/request-id.ts names every /api request first); a request outside /api
 * gets one here, kept for the rest of it.
 */
export function requestIdOf(c: Context<AppEnv>): string {
  let id = c.get("requestId");
  if (!id) {
    id = crypto.randomUUID();
    c.set("requestId", id);
  }
  return id;
}

type BetterAuthShape = { code?: ErrorCode; message?: string };

/**
 * The only writer of an error body. Under /api/auth/ the code and message are also at the top
 * level, the shape Better Auth's client reads (its `error.code`), so a refusal of ours there (limit,
 * backlog, body hygiene) reads like one of Better Auth's own.
 */
export function errorResponse(
  c: Context<AppEnv>,
  error: Pick<AppError, "code" | "status" | "message" | "headers">,
): Response {
  const requestId = requestIdOf(c);
  const body: ErrorBody & BetterAuthShape = {
    ...(c.req.path.startsWith("/api/auth/") ? { code: error.code, message: error.message } : {}),
    error: { code: error.code, message: error.message, requestId },
  };
  return c.json(body, error.status, error.headers);
}

/** app.onError: an AppError as it says; anything else logged with the request id and a plain 500. */
export function handleError(err: Error, c: Context<AppEnv>): Response {
  if (err instanceof AppError) return errorResponse(c, err);
  const requestId = requestIdOf(c);
  console.error(`Unexpected error (request ${requestId}):`, err);
  return errorResponse(c, { code: "INTERNAL", status: 500, message: unexpectedErrorMessage(requestId) });
}
