// An admin sets how long the audit log is kept (decision 071), where they set the other retention
// periods (decision 062): a period out of bounds is refused with the bounds, a saved one is what
// the public "How long we keep data" page says. The defaults are put back for the other journeys.
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
  const save = page.getByRole("button", { name: "Save periods" });
  await expect(page.getByText("after they were written. 12 to 120; default 24.")).toBeVisible();

  await audit.fill("6");
  await save.click();
  await expect(page.getByText("Enter a whole number of months from 12 to 120.")).toBeVisible();
  await expect(audit).toHaveAttribute("aria-invalid", "true");
  await axeAtBothSizes(page);

  await audit.fill("36");
  await save.click();
  await expect(page.getByText("Saved. The next daily run uses these periods.")).toBeVisible();
  await axeAtBothSizes(page);

  await page.goto("/data-retention");
  await expect(page.getByText("Deleted 36 months after each entry was written.")).toBeVisible({
    timeout: 30_000,
  });
  // The outbox's fixed period is listed with the rest.
  await expect(page.getByText("Deleted 30 days after they were sent.")).toBeVisible();
  await axeAtBothSizes(page);

  await page.goto("/admin/retention");
  await page.getByRole("button", { name: "Use the defaults" }).click();
  await expect(audit).toHaveValue("24");
  await save.click();
  await expect(page.getByText("Saved. The next daily run uses these periods.")).toBeVisible();
});
