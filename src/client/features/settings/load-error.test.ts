// Issue 19 #15: "Failed to fetch user data" (spec 01, Settings) was never shown.
import { describe, expect, it } from "vitest";
import { ApiError } from "@/client/lib/api.ts";
import { settingsLoadError } from "./load-error.ts";

describe("settingsLoadError", () => {
  it("says the request failed when no answer came back", () => {
    expect(settingsLoadError(new TypeError("Failed to fetch"))).toBe("Failed to fetch user data");
  });

  it("says loading failed when the server answered with an error", () => {
    expect(settingsLoadError(new ApiError(500, "HTTP_ERROR", "Boom"))).toBe("Failed to load user data");
  });

  it("says the user is gone on a 404 for the account", () => {
    expect(settingsLoadError(new ApiError(404, "NOT_FOUND", "User not found."))).toBe("User not found.");
  });
});
