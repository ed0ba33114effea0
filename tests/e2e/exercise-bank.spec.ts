// On a fresh start the GCSE bank is seeded: the exercise browser lists every category of
// content/exercises with its exercise count, in the bank's order.
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { signUpVerified } from "./helpers/auth.ts";

type BankFile = { category: { name: string; display_order: number }; exercises: unknown[] };

const bankDir = path.resolve(import.meta.dirname, "../../content/exercises");
const bank = fs
  .readdirSync(bankDir)
  .filter((f) => f.endsWith(".json"))
  .map((f) => JSON.parse(fs.readFileSync(path.join(bankDir, f), "utf8")) as BankFile)
  .sort((a, b) => a.category.display_order - b.category.display_order);

test("a fresh start shows every bank category with its counts", async ({ page }) => {
  expect(bank.length).toBeGreaterThanOrEqual(12);
  await signUpVerified(page, "student", "Bank Student");
  await page.goto("/student/exercises?level=gcse&language=python");
  await expect(page.getByRole("heading", { name: "Python Exercises" })).toBeVisible();
  for (const file of bank) {
    const toggle = page.getByRole("button", { name: new RegExp(`^${escapeRegExp(file.category.name)}\\b`) });
    await expect(toggle, file.category.name).toContainText(`0 of ${file.exercises.length} completed`);
  }
  // (No check of the grand total: other journeys on the same server add exercises of their own.)
});

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
