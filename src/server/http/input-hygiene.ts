// Input hygiene for every API request, before any route or Better Auth sees it, so no route can
// forget: a size limit on the body (413) and no U+0000 anywhere in the text it carries (400).
// PostgreSQL text columns cannot hold U+0000, so a NUL that reached a query used to be a 500.
import type { MiddlewareHandler } from "hono";
import { AppError } from "@/server/errors.ts";
import type { AppEnv } from "@/server/types.ts";

const MB = 1024 * 1024;

/**
 * Teachers' assignment writes carry up to 50 test cases of 100,000-character input and expected
 * output (≈10 MB of JSON); so do the admin's exercise writes, and the admin's import carries a
 * whole exercise file (2,000 exercises ≈ 5 MB). Every other body, Better Auth's included, is
 * small. The large limits need a teacher's or an admin's session, so nobody else can make the
 * server buffer 12 MB per request.
 */
export const BODY_LIMITS = {
  default: 1 * MB,
  assignments: 12 * MB,
  adminExercises: 12 * MB,
  /** A CodeRunner or GitHub Classroom file of up to 5 MB, as a JSON string (escaping may double it). */
  interchange: 12 * MB,
} as const;

export const INPUT_MESSAGES = {
  tooLarge: (mb: number) => `This request is too large (${mb} MB at most).`,
  nul: "The text contains a character that can't be saved (U+0000). Please remove it and try again.",
  unreadable: "The request could not be read. Please try again.",
  tooDeep: (depth: number) => `This request's JSON is nested too deeply (${depth} levels at most).`,
} as const;

/**
 * No API body nests deeper than a handful of levels (an import: file, exercise, test case). JSON
 * nested thousands deep made Better Auth's validation answer 500 (issue 17): refused first.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether JSON text opens more than `max` arrays/objects inside each other, read as text in one
 * pass (brackets inside strings don't count), so nothing deep is ever parsed. Text that isn't
 * JSON is left to whoever parses it.
 */
export function jsonDepthExceeds(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92 /* \ */) i++;
      else if (ch === 34 /* " */) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 91 /* [ */ || ch === 123 /* { */) {
      if (++depth > max) return true;
    } else if (ch === 93 /* ] */ || ch === 125 /* } */) depth--;
  }
  return false;
}

/** POST /api/assignments, PATCH /api/assignments/:id and any /api/assignments/:id/test-cases write. */
const ASSIGNMENT_WRITE = /^\/api\/assignments(?:\/[^/]+(?:\/test-cases(?:\/[^/]*)?)?)?\/?$/;

/** POST /api/admin/import, POST /api/admin/exercises(/check) and PATCH /api/admin/exercises/:id. */
const ADMIN_EXERCISE_WRITE = /^\/api\/admin\/(?:import|exercises(?:\/[^/]+)?)\/?$/;

/** Every /api/interchange write carries a file to import (teachers' and admins'; decision 065). */
const INTERCHANGE_WRITE = /^\/api\/interchange\//;

export function bodyLimitFor(method: string, path: string, role: string | undefined): number {
  if (method === "GET" || method === "HEAD") return BODY_LIMITS.default;
  if ((role === "teacher" || role === "admin") && INTERCHANGE_WRITE.test(path))
    return BODY_LIMITS.interchange;
  if (role === "teacher" && ASSIGNMENT_WRITE.test(path)) return BODY_LIMITS.assignments;
  if (role === "admin" && ADMIN_EXERCISE_WRITE.test(path)) return BODY_LIMITS.adminExercises;
  return BODY_LIMITS.default;
}

const tooLarge = (limit: number) =>
  new AppError("PAYLOAD_TOO_LARGE", 413, INPUT_MESSAGES.tooLarge(Math.round(limit / MB)));
const nulRefused = () => new AppError("INVALID_CHARACTER", 400, INPUT_MESSAGES.nul);

/**
 * Reads the whole body, at most `limit` bytes. A declared Content-Length over the limit is refused
 * before reading; a chunked body (no Content-Length) is counted as it arrives and the stream is
 * cancelled the moment it passes the limit, so a huge upload is never buffered.
 */
async function readCapped(req: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = req.headers.get("content-length");
  if (declared !== null && !req.headers.has("transfer-encoding") && Number(declared) > limit)
    throw tooLarge(limit);
  const reader = req.body!.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        reader.cancel().catch(() => {});
        throw tooLarge(limit);
      }
      chunks.push(value);
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new AppError("UNREADABLE_BODY", 400, INPUT_MESSAGES.unreadable); // the client went away mid-body
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** Whether any string (or object key) in a parsed JSON value holds U+0000. Iterative: nesting depth can't overflow the stack. */
export function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === "string") {
      if (v.includes("\0")) return true;
    } else if (Array.isArray(v)) {
      for (const item of v) stack.push(item);
    } else if (v !== null && typeof v === "object") {
      for (const [key, item] of Object.entries(v)) {
        if (key.includes("\0")) return true;
        stack.push(item);
      }
    }
  }
  return false;
}

/**
 * Whether the body's text would hand a NUL to whoever reads it: a raw NUL, a JSON string holding
 * one (`"\u0000"`, but not the escaped backslash `"\\u0000"`: parsed, never pattern-matched), or a
 * form field holding `%00`. A body that is neither JSON nor a form is left to its route to refuse.
 */
export function bodyHasNul(text: string, contentType: string): boolean {
  if (text.includes("\0")) return true;
  // In JSON a NUL can only be written as \u0000 (JSON escapes are lower-case u): without that
  // sequence there is nothing to parse for.
  if (text.includes("\\u0000")) {
    try {
      if (containsNul(JSON.parse(text))) return true;
    } catch {
      // Not JSON: the route answers its own 400.
    }
  }
  if (/%00/.test(text) && contentType.includes("application/x-www-form-urlencoded")) {
    try {
      for (const [key, value] of new URLSearchParams(text))
        if (key.includes("\0") || value.includes("\0")) return true;
    } catch {
      return false;
    }
  }
  return false;
}

/** Runs after the session is read (for the teacher's and the admin's larger limits); without one, every limit is 1 MB. */
export const inputHygiene: MiddlewareHandler<AppEnv> = async (c, next) => {
  // Path parameters and query values are text too (ids, ?studentId=…).
  if (c.req.url.includes("%00")) throw nulRefused();
  const req = c.req.raw;
  if (req.body && req.method !== "GET" && req.method !== "HEAD") {
    const bytes = await readCapped(req, bodyLimitFor(req.method, c.req.path, c.get("user")?.role));
    // Invalid UTF-8 decodes to U+FFFD here as it will for every reader after us.
    const text = new TextDecoder().decode(bytes);
    const type = req.headers.get("content-type") ?? "";
    if (bodyHasNul(text, type)) throw nulRefused();
    if (!/form-urlencoded|multipart\//i.test(type) && jsonDepthExceeds(text))
      throw new AppError("JSON_TOO_DEEP", 400, INPUT_MESSAGES.tooDeep(MAX_JSON_DEPTH));
    // The stream is spent: hand on the same bytes, so Better Auth and the routes read them intact.
    c.req.raw = new Request(req, { body: bytes });
  }
  await next();
};
