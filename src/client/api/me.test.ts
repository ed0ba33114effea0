// Reading the signed-in user: no session is "signed out"; a session whose user is gone is
// "User not found." (spec 01 §8), not a silent sign-out.
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/client/lib/api.ts";
import { fetchMe } from "./me.ts";

const answer = (status: number, body: unknown) =>
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );

afterEach(() => vi.unstubAllGlobals());

describe("fetchMe", () => {
  it("reads no session (401) as signed out", async () => {
    answer(401, { error: { code: "UNAUTHORIZED", message: "Please sign in." } });
    expect(await fetchMe()).toBeNull();
  });
  it("reports a missing user (404) as User not found., not as signed out", async () => {
    answer(404, { error: { code: "NOT_FOUND", message: "User not found." } });
    const failure = await fetchMe().catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 404, message: "User not found." });
  });
  it("returns the user", async () => {
    const me = { id: "u1", name: "Ada", email: "ada@example.org", role: "student", emailVerified: true };
    answer(200, me);
    expect(await fetchMe()).toEqual(me);
  });
});
