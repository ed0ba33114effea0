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
