// Forms that must not lose work or carry over what they should not: sign-up's step 2 starts empty
// after sign-in was typed in, a long name stays inside the auth card, Settings names each field once.
import { expect, test } from "@playwright/test";
import { signUpVerified } from "./helpers/auth.ts";

test("sign-up step 2 is not pre-filled with the e-mail and password typed to sign in; the name is kept", async ({
  page,
}) => {
  await page.goto("/auth");
  await page.getByLabel("Email").fill("someone@example.com");
  await page.getByLabel("Password").fill("TheirSecret1!");
  await page.getByRole("button", { name: "Get started" }).click();
  const longName = `Maximiliana ${"Wolfeschlegelsteinhausenbergerdorff".repeat(2)}`; // 82, under the 100 limit
  await page.getByLabel("Your name").fill(longName);
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page.getByRole("heading", { name: /Nice to meet you/ })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue("");
  await expect(page.getByLabel("Password")).toHaveValue("");

  // A long name wraps inside the card instead of running off its edge (at phone width too).
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    const card = page.getByRole("main");
    const overflow = await card.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const heading = await page.getByRole("heading", { level: 1 }).boundingBox();
    const box = await card.boundingBox();
    expect(heading!.x + heading!.width).toBeLessThanOrEqual(box!.x + box!.width);
  }

  // Back to step 1 and on again: the name stays, and a password typed on step 2 is not kept.
  await page.getByLabel("Email").fill("new@example.com");
  await page.getByLabel("Password").fill("Secret123!");
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page.getByLabel("Your name")).toHaveValue(longName);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByLabel("Email")).toHaveValue("new@example.com");
  await expect(page.getByLabel("Password")).toHaveValue("");
});

test("Settings: Full Name is named once while it is edited", async ({ page }) => {
  await signUpVerified(page, "student", "Sol Settings");
  await page.goto("/student/settings");
  const section = page.getByRole("region", { name: "Full Name" });
  await section.getByRole("button", { name: "Edit" }).click();
  await expect(section.getByLabel("Full Name")).toBeFocused();
  await expect(section.getByText("Full Name", { exact: true })).toHaveCount(1);
  // A refused save marks the field, described by the message, and keeps focus there.
  await section.getByLabel("Full Name").fill(" ");
  await section.getByRole("button", { name: "Save" }).click();
  const field = section.getByLabel("Full Name");
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription("Please enter your name");
  await expect(field).toBeFocused();
});

test("auth errors mark the field they are about, link the message and move focus there", async ({ page }) => {
  await page.goto("/auth");
  await page.getByLabel("Email").fill("ada@example.com");
  await page.getByRole("button", { name: "Sign in" }).click();
  const password = page.getByLabel("Password");
  await expect(password).toHaveAttribute("aria-invalid", "true");
  await expect(password).toHaveAccessibleDescription("Please enter both email and password.");
  await expect(password).toBeFocused();
  await expect(page.getByLabel("Email")).not.toHaveAttribute("aria-invalid", "true");

  await page.getByRole("button", { name: "Get started" }).click();
  await page.getByLabel("Your name").fill("Ada");
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Email").fill("not-an-address");
  await page.getByLabel("Password").fill("Secret123!");
  await page.getByRole("button", { name: "Create account" }).click();
  const email = page.getByLabel("Email");
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).toHaveAccessibleDescription("Please enter a valid email address.");
  await expect(email).toBeFocused();
});
