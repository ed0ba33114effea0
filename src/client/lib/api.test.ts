// ApiError carries the server's code and request id (decision 045); an answer without a code we
// know is HTTP_ERROR, whatever its status.
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, api, hasErrorCode } from "./api.ts";

const answer = (status: number, body: string, headers: Record<string, string> = {}) =>
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(body, { status, headers })),
  );
const failureOf = (path: string) => api(path).catch((e: unknown) => e);

afterEach(() => vi.unstubAllGlobals());

describe("api errors", () => {
  it("carry the body's code, message and request id", async () => {
    const body = { error: { code: "CLASS_NOT_FOUND", message: "Class not found.", requestId: "req-1" } };
    answer(404, JSON.stringify(body), { "X-Request-Id": "req-1" });
    const failure = await failureOf("/api/classes/join");
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 404,
      code: "CLASS_NOT_FOUND",
      message: "Class not found.",
      requestId: "req-1",
    });
    expect(hasErrorCode(failure, "NOT_FOUND")).toBe(false);
    expect(hasErrorCode(failure, "NOT_FOUND", "CLASS_NOT_FOUND")).toBe(true);
  });

  it("name an answer without a known code HTTP_ERROR, keeping the header's request id", async () => {
    answer(502, "<html>Bad gateway</html>", { "X-Request-Id": "req-2" });
    expect(await failureOf("/api/me")).toMatchObject({
      status: 502,
      code: "HTTP_ERROR",
      message: "Request failed (502)",
      requestId: "req-2",
    });
    answer(400, JSON.stringify({ error: { code: "MADE_UP", message: "Nope." } }));
    expect(await failureOf("/api/me")).toMatchObject({ code: "HTTP_ERROR", message: "Nope." });
  });

  it("are never a bare status: hasErrorCode is false for anything but an ApiError", () => {
    expect(hasErrorCode(new Error("NOT_FOUND"), "NOT_FOUND")).toBe(false);
    expect(hasErrorCode(null, "NOT_FOUND")).toBe(false);
  });
});
