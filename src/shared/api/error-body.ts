// The error body as a zod schema, for whoever checks a body against the contract (the API tests).
// Apart from errors.ts so that the first page, which reads error codes, does not load zod.
import { z } from "zod";
import { ERROR_CODES, type ErrorBody } from "./errors.ts";

export const errorBodySchema: z.ZodType<ErrorBody> = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    requestId: z.string().optional(),
  }),
});
