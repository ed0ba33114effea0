// One error type for the whole API; app.onError turns it into { error: { code, message } }.
import type { ContentfulStatusCode } from "hono/utils/http-status";

export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: ContentfulStatusCode,
    message: string,
  ) {
    super(message);
  }
}

export const unauthorized = () => new AppError("UNAUTHORIZED", 401, "Please sign in to continue.");
export const forbidden = () => new AppError("FORBIDDEN", 403, "You do not have access to this page.");
export const notFound = (message = "Not found.") => new AppError("NOT_FOUND", 404, message);
export const badRequest = (message: string, code = "BAD_REQUEST") => new AppError(code, 400, message);
export const conflict = (message: string, code = "CONFLICT") => new AppError(code, 409, message);
