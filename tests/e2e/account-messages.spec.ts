// A session whose account is gone says "User not found." instead of quietly signing out.
import { expect, test } from "@playwright/test";
import { signUpVerified } from "./helpers/auth.ts";

test("a 404 from /api/me shows User not found., not the sign-in page", async ({ page }) => {
  await signUpVerified(page, "student");
  await page.route("**/api/me", (route) =>
    route.fulfill({
      status: 404,
      contentType: "application/json",
      body: JSON.stringify({ error: { code: "NOT_FOUND", message: "User not found." } }),
    }),
  );
  await page.goto("/student/settings");
  await expect(page.getByText("User not found.")).toBeVisible();
  await expect(page).toHaveURL(/\/student\/settings$/);
});

// Issue 19 #15: the spec's "Failed to fetch user data" (no answer) and "Failed to load user data"
// (an error answer) on Settings, which reads the account afresh when it opens.
test("Settings says Failed to fetch user data with no answer, Failed to load user data on an error", async ({
  page,
}) => {
  await signUpVerified(page, "student");
  await page.goto("/student/classes");
  const settings = page.getByRole("navigation").getByRole("link", { name: "Settings" }).first();
  const away = page.getByRole("navigation").getByRole("link", { name: "My Classes" }).first();
  await expect(settings).toBeVisible();
  await page.route("**/api/me", (route) => route.abort("connectionrefused"));
  await settings.click();
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  await expect(page.getByText("Failed to fetch user data")).toBeVisible({ timeout: 20_000 });
  await page.unroute("**/api/me");
  await page.route("**/api/me", (route) =>
    route.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({ error: { code: "INTERNAL", message: "Something went wrong" } }),
    }),
  );
  await away.click();
  await settings.click();
  await expect(page.getByText("Failed to load user data")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("Failed to fetch user data")).toHaveCount(0);
  // Answered again: nothing to say.
  await page.unroute("**/api/me");
  await away.click();
  await settings.click();
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  await expect(page.getByText("Failed to load user data")).toHaveCount(0);
});
