// TEACHER_EMAIL_DOMAINS (example.com in playwright.config.ts): a person whose address is elsewhere
// is told on /select-role which addresses may teach, and can still go on as a student.
import { expect, test } from "@playwright/test";
import { signUpPending } from "./helpers/auth.ts";

test("an address outside the school's domain can't choose teacher, and is told why", async ({ page }) => {
  await signUpPending(page, `second-address-${Date.now().toString(36)}@gmail.example`, "Sam Second");
  await page.goto("/select-role");
  await page.getByRole("button", { name: /I'm a teacher/ }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Teacher accounts here need a school e-mail address ending in @example.com. Create an account with your school address to teach, or choose student.",
  );
  await expect(page).toHaveURL(/\/select-role$/);
  await page.getByRole("button", { name: /I'm a student/ }).click();
  await expect(page).toHaveURL(/\/student\/classes$/);
});
