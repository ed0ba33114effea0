// The exercise library from a student's and a teacher's seat: an admin adds a category and an
// exercise through the API; a student browses GCSE → Python → the category, fails the tests,
// reads a hint, fixes the code, passes (the first full pass saves and the server completes it),
// and still sees Completed after a reload; a teacher toggles the solution the student may not fetch.
import { type Browser, expect, type Page, test } from "@playwright/test";
import { signUpAdmin, signUpVerified } from "./helpers/auth.ts";
import { expectNoAxeViolations } from "./helpers/axe.ts";

const CATEGORY = "Doubling Practice";
const SECTION = "doubling-practice";
const SOLUTION = "n = int(input())\nprint(n * 2)\n";

/** A category and one exercise, made by the run's admin through the admin API. */
async function seedExercise(browser: Browser, baseURL: string) {
  const headers = { Origin: baseURL };
  const admin = await (await browser.newContext()).newPage();
  await signUpAdmin(admin);
  const category = await admin.request.post("/api/admin/categories", {
    headers,
    data: { name: CATEGORY, description: "Numbers times two.", displayOrder: 999 },
  });
  expect(category.ok(), await category.text()).toBe(true);
  const exercise = await admin.request.post("/api/admin/exercises", {
    headers,
    data: {
      title: "Double It",
      description: "Read a whole number and print it doubled.",
      difficulty: "medium",
      categoryId: (await category.json()).id,
      // A literal backslash-n, as imported files often have: the editor shows two lines.
      starterCode: "n = int(input())\\nprint(n)",
      solution: SOLUTION,
      hints: ["Multiply the number by 2.", "print(n * 2)"],
      estimatedTime: "10 minutes",
      testCases: [
        { description: "Doubles 3", inputs: ["3"], expectedOutput: "6" },
        { description: "Doubles 10", inputs: ["10"], expectedOutput: "20" },
      ],
    },
  });
  expect(exercise.ok(), await exercise.text()).toBe(true);
  const { id } = (await exercise.json()) as { id: string };
  await admin.context().close();
  return id;
}

async function typeProgram(page: Page, code: string) {
  const editor = page.getByRole("textbox", { name: "Your Python code" });
  await editor.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText(code);
}

test("a student completes an exercise from the library; a teacher toggles its solution", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const exerciseId = await seedExercise(browser, baseURL!);
  const page = await (await browser.newContext()).newPage();
  await signUpVerified(page, "student", "Ada Student");

  // Step 1 → 2 → 3, each reachable by Back/forward and reload.
  await page.goto("/student/exercises");
  await expect(page.getByRole("heading", { name: "Select Your Level" })).toBeVisible();
  await expect(page.getByText("Coming Soon")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: /GCSE Level/ }).click();
  await expect(page).toHaveURL(/\/student\/exercises\?level=gcse$/);
  await expect(page.getByRole("heading", { name: "Select Programming Language" })).toBeVisible();
  await expect(page.getByText("Coming Soon")).toHaveCount(2);
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: /Python/ }).click();
  await expect(page.getByRole("heading", { name: "Python Exercises" })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole("heading", { name: "Select Programming Language" })).toBeVisible();
  await page.goForward();
  await expect(page.getByRole("heading", { name: "Python Exercises" })).toBeVisible();
  // Chosen once, remembered: the Exercises link opens the exercises straight away (issue 19 item
  // 14), and Back to Languages, then Back to Levels, still reach the first steps.
  await page.goto("/student/exercises");
  await expect(page.getByRole("heading", { name: "Python Exercises" })).toBeVisible();
  await expect(page).toHaveURL(/\?level=gcse&language=python$/);
  await page.getByRole("link", { name: "Back to Languages" }).click();
  await page.getByRole("link", { name: "Back to Levels" }).click();
  await expect(page.getByRole("heading", { name: "Select Your Level" })).toBeVisible();
  await page.getByRole("link", { name: /GCSE Level/ }).click();
  await page.getByRole("link", { name: /Python/ }).click();
  await expect(page.getByRole("heading", { name: "Python Exercises" })).toBeVisible();

  // The category opens, and its id is in the URL: a reload comes back to it, open.
  const toggle = page.getByRole("button", { name: new RegExp(CATEGORY) });
  await expect(toggle).toContainText("0 of 1 completed");
  await toggle.click();
  await expect(page).toHaveURL(new RegExp(`language=python#${SECTION}$`));
  await page.reload();
  const section = page.locator(`section#${SECTION}`);
  await expect(section.getByRole("heading", { name: "Double It" })).toBeVisible();
  await expect(section.getByText("Medium")).toBeVisible();
  await expect(section.getByText("10 minutes")).toBeVisible();
  await expectNoAxeViolations(page);

  // The filters find it, and "not completed yet" still lists it.
  await page.getByLabel("Search exercises").fill("doubled");
  await page.getByLabel("Not completed yet").check();
  await expect(section.getByRole("heading", { name: "Double It" })).toBeVisible();
  await page.getByLabel("Search exercises").fill("");
  await page.getByLabel("Not completed yet").uncheck();

  await section.getByRole("link", { name: "Start Double It" }).click();
  await expect(page).toHaveURL(new RegExp(`/student/exercise/${exerciseId}$`));
  await expect(page.getByRole("heading", { name: "Double It" })).toBeVisible();
  const editor = page.getByRole("textbox", { name: "Your Python code" });
  await expect(editor.locator(".cm-line")).toHaveText(["n = int(input())", "print(n)"]);
  await expect(page.getByRole("button", { name: "Show Solution" })).toHaveCount(0);

  // Fail, read a hint, fix, pass: the first full pass saves and the server says Completed.
  await page.getByRole("button", { name: "Run Tests" }).click();
  await expect(page.getByTestId("test-summary")).toHaveText("Passed: 0/2 tests", { timeout: 30_000 });
  await expect(page.getByText("Failed")).toHaveCount(2);
  await expect(page.getByTestId("completed-badge")).toHaveCount(0);
  await page.getByRole("button", { name: "Hints (2)" }).click();
  await expect(page.getByText("Multiply the number by 2.")).toBeVisible();
  await page.getByRole("button", { name: "Show hint 2" }).click();
  await expect(page.getByText("Hint 2:")).toBeVisible();
  await expectNoAxeViolations(page);

  await typeProgram(page, SOLUTION);
  await page.getByRole("button", { name: "Run Tests" }).click();
  await expect(page.getByText(/All tests passed, so your code was saved\..*Exercise completed!/)).toBeVisible(
    {
      timeout: 30_000,
    },
  );
  await expect(page.getByTestId("test-summary")).toHaveText("Passed: 2/2 tests");
  await expect(page.getByTestId("completed-badge")).toBeVisible();
  await expect(page.getByTestId("last-saved")).toContainText("Last saved:");
  await page.getByRole("button", { name: "Past Saved (1)" }).click();
  const row = page.getByTestId("past-saved-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Score 100% · 2/2 tests passed");
  await expect(row).toContainText("Completed");
  await expectNoAxeViolations(page);

  await page.reload();
  await expect(page.getByTestId("completed-badge")).toBeVisible();
  await expect(editor).toContainText("print(n * 2)");

  // A wrong save: its Past Saved row opens to each test as the server graded it at that Save.
  await typeProgram(page, "n = int(input())\nprint(n)");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText(/^Saved\./)).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "Past Saved (2)" }).click();
  const newest = page.getByTestId("past-saved-row").first();
  await expect(newest).toContainText("0/2 tests passed");
  await newest.getByRole("button", { name: /^Results/ }).click();
  await expect(newest.getByTestId("test-summary")).toHaveText("Passed: 0/2 tests");
  await newest
    .getByRole("button", { name: /Failed$/ })
    .first()
    .click();
  await expect(newest.getByText("Your output", { exact: true })).toBeVisible();
  await expect(newest.getByText("Expected output", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  // The solution is for teachers only: the server refuses the student.
  const refused = await page.request.get(`/api/exercises/${exerciseId}/solution`);
  expect(refused.status()).toBe(403);

  // Back in the browser, the exercise says Completed and offers Review.
  await page.getByRole("link", { name: "Back to Exercises" }).click();
  await expect(page).toHaveURL(new RegExp(`#${SECTION}$`));
  await expect(section.getByRole("link", { name: "Review Double It" })).toBeVisible();
  await expect(page.getByRole("button", { name: new RegExp(CATEGORY) })).toContainText("1 of 1 completed");

  // A teacher opens the same exercise from the teacher browser and toggles the solution.
  const teacher = await (await browser.newContext()).newPage();
  await signUpVerified(teacher, "teacher", "Mr Turing");
  await teacher.goto(`/teacher/exercises?level=gcse&language=python#${SECTION}`);
  await teacher.locator(`section#${SECTION}`).getByRole("link", { name: "Start Double It" }).click();
  await expect(teacher).toHaveURL(new RegExp(`/teacher/exercise/${exerciseId}$`));
  await expect(teacher.getByRole("button", { name: "Save" })).toHaveCount(0);
  await teacher.getByRole("button", { name: "Show Solution" }).click();
  const solutionEditor = teacher.getByRole("textbox", { name: "Solution code" });
  await expect(solutionEditor).toContainText("print(n * 2)");
  await expectNoAxeViolations(teacher);
  await teacher.getByRole("button", { name: "Hide Solution" }).click();
  await expect(teacher.getByRole("textbox", { name: "Your Python code" }).locator(".cm-line")).toHaveText([
    "n = int(input())",
    "print(n)",
  ]);
  await expect(teacher.getByRole("button", { name: "Show Solution" })).toBeVisible();
});

test("an unknown exercise says Exercise not found with a way back", async ({ page }) => {
  await signUpVerified(page, "student");
  await page.goto("/student/exercise/00000000-0000-4000-8000-000000000000");
  await expect(page.getByRole("heading", { name: "Exercise not found" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Back to Exercises" }).click();
  await expect(page.getByRole("heading", { name: "Python Exercises" })).toBeVisible();
});
