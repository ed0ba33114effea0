// An API error body's code and message, once the body has been checked against the contract and
// its request id against the X-Request-Id header (decision 045).
import { expect } from "vitest";
import { errorBodySchema } from "../../src/shared/api/error-body.ts";
import { REQUEST_ID_HEADER } from "../../src/shared/api/errors.ts";

export async function errorOf(res: Response): Promise<{ code: string; message: string }> {
  const { error } = errorBodySchema.parse(await res.json());
  const { requestId, ...rest } = error;
  expect(requestId).toBe(res.headers.get(REQUEST_ID_HEADER));
  return rest;
}
