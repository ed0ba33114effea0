// Bringing work in (issue 23, decision 065): a teacher imports a Moodle CodeRunner question bank.
// The preview lists, per question, what is not carried before anything is saved (axe at desktop
// and phone widths); confirming creates the assignment with its hidden test; the assignment's
// Export to CodeRunner gives the file back, and GitHub Classroom tests are added to it.
import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import type { TeacherAssignmentDetail, TeacherAssignmentListItem } from "../../src/shared/api/assignments.ts";
import { signUpVerified } from "./helpers/auth.ts";
import { expectNoAxeViolations } from "./helpers/axe.ts";

const fixture = (name: string) => new URL(`../fixtures/interchange/${name}`, import.meta.url).pathname;

async function assignmentsNamed(page: Page, name: string) {
  const list = (await (await page.request.get("/api/assignments")).json()) as TeacherAssignmentListItem[];
  return list.filter((a) => a.name === name);
}

test("a teacher imports a CodeRunner question into a class after reading what is not carried", async ({
  page,
  baseURL,
}) => {
  await signUpVerified(page, "teacher", "Mr Babbage");
  const made = await page.request.post("/api/classes", {
    headers: { Origin: baseURL! },
    data: { name: "10X Computing" },
  });
  expect(made.ok(), await made.text()).toBe(true);

  await page.goto("/teacher/assignments");
  await page.getByRole("button", { name: "Import from CodeRunner" }).click();
  const dialog = page.getByRole("dialog", { name: "Import from CodeRunner" });
  await dialog.getByLabel("Moodle XML file (.xml)").setInputFiles(fixture("coderunner-bank.xml"));
  await dialog.getByRole("button", { name: "Preview" }).click();

  // The preview: every CodeRunner question, the multiple-choice one named as left out.
  const questions = dialog.getByTestId("import-question");
  await expect(questions).toHaveCount(6);
  await expect(dialog).toContainText(
    '"What does print do?" is a multichoice question, not CodeRunner: left out.',
  );
  const add = questions.filter({ hasText: "Add two numbers" });
  await expect(add).toContainText("3 tests, 2 hidden");
  await expect(add.getByTestId("not-carried")).toContainText(
    "Test 4 runs code of its own (print(add(2, 2)))",
  );
  await expect(add.getByTestId("not-carried")).toContainText(
    "Test 3's display HIDE_IF_FAIL is not carried: it will always be hidden.",
  );
  await expect(questions.filter({ hasText: "Email pattern" }).getByTestId("not-carried")).toContainText(
    "Its grader RegexGrader is not carried",
  );
  const c = questions.filter({ hasText: "Hello in C" });
  await expect(c).toContainText("Can't be imported");
  await expect(c).toContainText("It is a c_program question: PyClass runs Python only.");
  await expect(c.getByRole("checkbox")).toBeDisabled();
  // The question text's HTML is shown as text, never rendered: no tag, no script.
  await expect(add).toContainText("Write a program that asks for two whole numbers & prints their sum.");
  await expect(dialog.locator("strong, script, img")).toHaveCount(0);
  // Nothing saved by the preview.
  expect(await assignmentsNamed(page, "Add two numbers")).toHaveLength(0);

  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/interchange-preview-390.png", fullPage: false });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: "test-results/interchange-preview-1280.png", fullPage: false });

  // Choose one question; the only class is already chosen.
  for (const name of ["Grade boundaries", "Email pattern", "Factorial function", "Shout it"])
    await questions.filter({ hasText: name }).getByRole("checkbox").uncheck();
  await expect(dialog.getByLabel("Set them for class")).toHaveValue(/.+/);
  await dialog.getByRole("button", { name: "Import 1 question" }).click();
  await expect(dialog.getByTestId("import-done")).toHaveText(
    "Imported 1 question as assignments of 10X Computing:",
  );
  await dialog.getByRole("link", { name: "Add two numbers" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Add two numbers" })).toBeVisible();
  const [created] = await assignmentsNamed(page, "Add two numbers");
  const detail = (await (
    await page.request.get(`/api/assignments/${created.id}`)
  ).json()) as TeacherAssignmentDetail;
  expect(detail.testCases.map((t) => [t.input, t.hidden])).toEqual([
    ["3\n4", false],
    ["-10\n10", true],
    ["1000000\n2", true],
  ]);

  // GitHub Classroom tests join it, after its own.
  await page.getByRole("button", { name: "Import tests" }).click();
  const tests = page.getByRole("dialog", { name: "Import tests from GitHub Classroom" });
  await tests.getByLabel("Autograding file (.json or .yml)").setInputFiles(fixture("autograding.json"));
  await tests.getByRole("button", { name: "Preview" }).click();
  await expect(tests).toContainText('Its comparison "included" is not carried');
  await expect(tests).toContainText("Points (2, 1, 5) are not carried");
  await expectNoAxeViolations(page);
  await tests.getByRole("button", { name: "Add 2 tests" }).click();
  await expect(
    page.getByText("Added 2 tests from GitHub Classroom after this assignment's own."),
  ).toBeVisible();
  const after = (await (
    await page.request.get(`/api/assignments/${created.id}`)
  ).json()) as TeacherAssignmentDetail;
  expect(after.testCases.map((t) => t.description)).toEqual([
    "Test 1",
    "Test 2",
    "Test 3",
    "Adds 3 and 4",
    "Negative numbers",
  ]);

  // Export to CodeRunner downloads the Moodle XML of this assignment.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: /Export to CodeRunner/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("add-two-numbers-coderunner.xml");
  const xml = readFileSync((await download.path())!, "utf8");
  expect(xml).toContain("<text>Adds 3 and 4</text>".replace("<text>", "<text># "));
  expect(xml.match(/<testcase /g)).toHaveLength(5);
});
