// Parses a request body with a shared zod schema; a bad body is a 400 with the first message.
import type { Context } from "hono";
import type { z } from "zod";
import { badRequest } from "./errors.ts";

export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw badRequest("The request body must be JSON.", "INVALID_JSON");
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? "Invalid request.", "VALIDATION");
  return parsed.data;
}
