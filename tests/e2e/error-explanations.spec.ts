// "What does this mean?" under an `Error: …` line, in the playground (the same console and test
// results as both workspaces): a NameError typo gets a plain-English explanation, the student's
// line and the close name; keyboard only; axe finds nothing with it open.
import { expect, test } from "@playwright/test";
import { signUpVerified } from "./helpers/auth.ts";
import { expectNoAxeViolations } from "./helpers/axe.ts";
import { setCode } from "./helpers/editor.ts";

test("a NameError typo is explained with the student's line and the close name", async ({ page }) => {
  await signUpVerified(page, "student");
  await page.goto("/playground");
  await expect(page.getByTestId("python-status")).toHaveText("Ready", { timeout: 30_000 });

  await setCode(page, 'score = 10\nprint("Your score is", scroe)');
  await page.getByRole("button", { name: "Run", exact: true }).click();
  const output = page.getByTestId("output");
  await expect(output).toHaveText("Error: NameError: name 'scroe' is not defined (line 2)");

  const console_ = page.getByRole("region", { name: "Output" });
  const disclosure = console_.getByRole("button", { name: "What does this mean?" });
  await expect(disclosure).toHaveAttribute("aria-expanded", "false");
  // Keyboard: focus it and press Enter.
  await disclosure.focus();
  await page.keyboard.press("Enter");
  await expect(disclosure).toHaveAttribute("aria-expanded", "true");
  const panel = console_.getByRole("region", { name: "What does this mean?" });
  await expect(panel.getByRole("heading", { name: "Did you mean score?" })).toBeVisible();
  await expect(panel).toContainText("Python does not know this name.");
  await expect(panel).toContainText('Your line 2: print("Your score is", scroe)');
  await expect(panel).toContainText("On line 2 you wrote scroe. Did you mean score?");
  await expectNoAxeViolations(page);
  // On a phone the panel fits the console's width.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(panel).toBeInViewport({ ratio: 0.5 });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Space closes it again.
  await disclosure.focus();
  await page.keyboard.press("Space");
  await expect(panel).toBeHidden();

  // A new run without an error: no disclosure.
  await setCode(page, 'print("fixed")');
  await page.getByRole("button", { name: "Run", exact: true }).click();
  await expect(output).toHaveText("fixed\n");
  await expect(console_.getByRole("button", { name: "What does this mean?" })).toHaveCount(0);
});

test("a failed test that ended in an error offers the explanation in the results", async ({ page }) => {
  await signUpVerified(page, "student");
  await page.goto("/playground");
  await expect(page.getByTestId("python-status")).toHaveText("Ready", { timeout: 30_000 });
  // The playground's starter tests answer with a name and an age.
  await setCode(
    page,
    'name = input("What is your name? ")\nage = input("How old are you? ")\nprint(age + 1)',
  );
  await page.getByRole("button", { name: "Run Tests" }).click();
  await expect(page.getByTestId("test-summary")).toHaveText("Passed: 0/2 tests", { timeout: 30_000 });
  const results = page.getByRole("listitem").filter({ hasText: "Test 1" }).filter({ hasText: "Failed" });
  await results.getByRole("button", { name: "What does this mean?" }).click();
  const panel = results.getByRole("region", { name: "What does this mean?" });
  await expect(
    panel.getByRole("heading", { name: "You cannot add text and a number together" }),
  ).toBeVisible();
  await expect(panel).toContainText("Your line 3: print(age + 1)");
  // The spec's tips box stays beside the explanation (issue 19 #15: it used to vanish).
  await results.getByRole("button", { name: "Why did this test fail?" }).click();
  await expect(results.getByRole("list", { name: "Why did this test fail?" })).toBeVisible();
  await expect(panel).toBeVisible();
  await expectNoAxeViolations(page);
});
