// An admin sets how long the audit log is kept (decision 071), where they set the other retention
// periods (decision 062): a period out of bounds is refused with the bounds, a saved one is what
// the public "How long we keep data" page says, and the export period what Settings' "Your data"
// says. The defaults are put back for the other journeys.
import { expect, type Page, test } from "@playwright/test";
import { signUpAdmin } from "./helpers/auth.ts";
import { expectNoAxeViolations } from "./helpers/axe.ts";

async function axeAtBothSizes(page: Page) {
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("an admin sets how long the audit log is kept, and everyone can read it", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUpAdmin(page);
  await page.goto("/admin/retention");
  await expect(page.getByRole("heading", { level: 1, name: "Data retention" })).toBeVisible({
    timeout: 45_000,
  });
  const audit = page.getByRole("textbox", { name: /Audit log entries/ });
  const exportDays = page.getByRole("textbox", { name: /"Download my data" files/ });
  const save = page.getByRole("button", { name: "Save periods" });
  await expect(page.getByText("after they were written. 12 to 120; default 24.")).toBeVisible();

  await audit.fill("6");
  await save.click();
  await expect(page.getByText("Enter a whole number of months from 12 to 120.")).toBeVisible();
  await expect(audit).toHaveAttribute("aria-invalid", "true");
  await axeAtBothSizes(page);

  await audit.fill("36");
  await exportDays.fill("3");
  await save.click();
  await expect(page.getByText("Saved. The next daily run uses these periods.")).toBeVisible();
  await axeAtBothSizes(page);

  await page.goto("/data-retention");
  await expect(page.getByText("Deleted 36 months after each entry was written.")).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText("Deleted 3 days after they were made.")).toBeVisible();
  // The fixed periods are listed with the rest: the outbox's, and a session's after it expired.
  await expect(page.getByText("Deleted 30 days after they were sent.")).toBeVisible();
  await expect(
    page.getByText(
      /stops working about a week after you last used PyClass, and is deleted 1 day after that\./,
    ),
  ).toBeVisible();
  await axeAtBothSizes(page);

  // Settings' "Your data" says how long a download is kept: the admin's period, not the default.
  await page.goto("/admin/settings");
  const myData = page.locator("#my-data");
  await expect(myData.getByRole("heading", { name: "Your data" })).toBeVisible({ timeout: 30_000 });
  await expect(myData).toContainText("the file is kept for 3 days.");
  await expectNoAxeViolations(page);

  await page.goto("/admin/retention");
  await page.getByRole("button", { name: "Use the defaults" }).click();
  await expect(audit).toHaveValue("24");
  await expect(exportDays).toHaveValue("7");
  await save.click();
  await expect(page.getByText("Saved. The next daily run uses these periods.")).toBeVisible();
  await page.goto("/admin/settings");
  await expect(page.locator("#my-data")).toContainText("the file is kept for 7 days.", { timeout: 30_000 });
});
