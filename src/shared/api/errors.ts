// One error vocabulary (decision 045): every code the API answers with, and the error body's shape.
// The server's AppError only takes an ErrorCode, so a new or misspelt code fails tsc until it is
// listed here; the client switches on these codes, never on a bare HTTP status.
// No zod here: the first page loads this file (the fetch wrapper reads codes with it), and zod is
// 26 KB of it; the body's schema is in error-body.ts.

export const ERROR_CODES = [
  // Defaults behind the helpers in src/server/errors.ts, and the unexpected failure (500).
  "BAD_REQUEST",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "INTERNAL",
  // Request bodies (validate.ts): not JSON, or not the shape a route expects.
  "INVALID_JSON",
  "VALIDATION",
  // Input hygiene and transport, before any route reads a byte: size (413), NUL, a body cut short,
  // a non-JSON body to Better Auth (415), a write from another website.
  "PAYLOAD_TOO_LARGE",
  "INVALID_CHARACTER",
  "UNREADABLE_BODY",
  "UNSUPPORTED_MEDIA_TYPE",
  "CROSS_SITE",
  // JSON nested deeper than any API body needs (input-hygiene.ts): refused before it is parsed.
  "JSON_TOO_DEEP",
  // Fair use and capacity (429/503, with Retry-After): Better Auth's write limits, the password
  // backlog, the submit limiter, the server grader.
  "TOO_MANY_REQUESTS",
  "BUSY",
  "TOO_MANY_RUNS",
  "TOO_MANY_SUBMISSIONS",
  "SUBMISSION_IN_PROGRESS",
  "GRADER_BUSY",
  "GRADER_FAILED",
  // Better Auth's own codes (its body is { code, message }) that the server sets or the client reads.
  "EMAIL_NOT_VERIFIED",
  "SESSION_NOT_FRESH",
  "SESSION_EXPIRED",
  "USER_ALREADY_EXISTS",
  "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL",
  "PASSWORD_TOO_SHORT",
  "PASSWORD_TOO_COMMON",
  "INVALID_IMAGE",
  "INVALID_EMAIL_OR_PASSWORD",
  "INVALID_NAME",
  // The signed-in user's role.
  "ROLE_ALREADY_CHOSEN",
  "TEACHER_EMAIL_DOMAIN",
  // Classes: joining by code, and a code that could not be made unique.
  "INVALID_CLASS_CODE",
  "CLASS_NOT_FOUND",
  "ALREADY_MEMBER",
  "JOIN_CODE_EXHAUSTED",
  // Exercise bank (admin) and its model solutions.
  "CATEGORY_NAME_TAKEN",
  "CATEGORY_NOT_EMPTY",
  "INVALID_FILE",
  "NO_SOLUTION",
  // A library exercise's drawing test whose solution draws nothing with its input (decision 077).
  "SOLUTION_DRAWING_FAILED",
  // Assignments and grading.
  "UNKNOWN_TEST_CASE",
  "NOT_FINAL",
  // A drawing test's model answer failed when it was run at save time (decision 064).
  "MODEL_ANSWER_FAILED",
  // A hand-in made offline whose claimed time the server can't believe (decision 068).
  "MADE_AT_REFUSED",
  // The live lesson: a second help request while one is open.
  "HELP_ALREADY_OPEN",
  // The user's own data (decisions 059, 060): an export still being prepared, not ready or gone;
  // a wrong password or classes still owned when deleting the account; an e-mailed link too old.
  "EXPORT_IN_PROGRESS",
  "EXPORT_NOT_READY",
  "EXPORT_EXPIRED",
  "WRONG_PASSWORD",
  "OWNS_CLASSES",
  "LINK_EXPIRED",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === "string" && (ERROR_CODES as readonly string[]).includes(value);

/** The header that names a request (also in every error body, so a teacher can quote one id). */
export const REQUEST_ID_HEADER = "X-Request-Id";

/**
 * Every error the API writes: `{ error: { code, message, requestId } }`. Answers on /api/auth/*
 * also carry `code` and `message` at the top level, the shape Better Auth's client reads.
 */
export type ErrorBody = { error: { code: ErrorCode; message: string; requestId?: string } };

/** What a 500 says: a plain sentence and the id the server logged the failure under. */
export const unexpectedErrorMessage = (requestId: string) =>
  `Something went wrong on our side. Please try again; if it keeps happening, quote this reference: ${requestId}.`;
