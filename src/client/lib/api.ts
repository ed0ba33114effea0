// The SPA's fetch wrapper: JSON in and out, and one error type carrying the server's code, message
// and request id (the error body's contract: src/shared/api/errors.ts).
import { type ErrorCode, isErrorCode, REQUEST_ID_HEADER } from "@/shared/api/errors.ts";

/**
 * A code from the API, or HTTP_ERROR when an answer named none we know (a proxy's 502 page). An
 * ApiError always means the server answered: when it could not be reached fetch's own TypeError
 * propagates, and callers tell the two apart (problemText, the workspaces' save messages).
 */
export type ApiErrorCode = ErrorCode | "HTTP_ERROR";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    /** The server's id for the request (X-Request-Id), to quote when reporting a failure. */
    readonly requestId?: string,
  ) {
    super(message);
  }
}

/** True when `error` is an ApiError with one of these codes. */
export const hasErrorCode = (error: unknown, ...codes: ApiErrorCode[]): error is ApiError =>
  error instanceof ApiError && codes.includes(error.code);

export async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(path, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: init.body === undefined ? undefined : { "Content-Type": "application/json" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    credentials: "same-origin",
  });
  if (res.status === 204) return undefined as T;
  const data = await res.json().catch(() => null);
  if (!res.ok) {
    const err = data?.error ?? data;
    throw new ApiError(
      res.status,
      isErrorCode(err?.code) ? err.code : "HTTP_ERROR",
      err?.message ?? `Request failed (${res.status})`,
      err?.requestId ?? res.headers.get(REQUEST_ID_HEADER) ?? undefined,
    );
  }
  return data as T;
}
