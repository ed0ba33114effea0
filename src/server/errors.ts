// One error type for the whole API; app.onError turns it into { error: { code, message } }.
import type { ContentfulStatusCode } from "hono/utils/http-status";

export class AppError extends Error {
  constructor(
    readonly code: string,
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
export const badRequest = (message: string, code = "BAD_REQUEST") => new AppError(code, 400, message);
export const conflict = (message: string, code = "CONFLICT") => new AppError(code, 409, message);

/** 429 with Retry-After (whole seconds, at least 1) so clients and proxies know when to come back. */
export const tooManyRequests = (code: string, message: string, retryAfterMs: number) =>
  new AppError(code, 429, message, { "Retry-After": String(Math.max(1, Math.ceil(retryAfterMs / 1000))) });
