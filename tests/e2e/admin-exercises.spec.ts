// The admin's exercise library: a category added, a file imported (one exercise of four refused,
// named by title), an exercise added with a test case, Checked, edited (a failing Check flags
// it), deleted after the confirmation; a teacher is kept out; axe finds nothing on the tabs and
// the import modal.
import { expect, type Page, test } from "@playwright/test";
import { signUpAdmin, signUpVerified } from "./helpers/auth.ts";
import { expectNoAxeViolations } from "./helpers/axe.ts";

const CATEGORY = `Iteration ${Date.now().toString(36)}`;

async function categoryId(page: Page, name: string) {
  const res = await page.request.get("/api/admin/categories");
  expect(res.ok()).toBe(true);
  const found = ((await res.json()) as { id: string; name: string }[]).find((c) => c.name === name);
  expect(found, `category ${name}`).toBeTruthy();
  return found!.id;
}

/** Replaces a CodeMirror editor's text (insertText: no auto-closed brackets). */
async function typeCode(page: Page, label: string, code: string) {
  const editor = page.getByRole("textbox", { name: label, exact: true });
  await editor.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete");
  await page.keyboard.insertText(code);
}

test("an admin manages categories and exercises, imports a file and checks solutions", async ({ page }) => {
  test.setTimeout(120_000);
  await signUpAdmin(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await expect(page.getByText("Manage premade exercises and categories")).toBeVisible();
  await expect(page.getByRole("tab", { name: /^Exercises \(\d+\)$/ })).toBeVisible();
  await expectNoAxeViolations(page);

  // Categories: the Add Category form's 'Create category' waits for a name (spec 02 §7, verbatim).
  await page.getByRole("tab", { name: /^Categories \(\d+\)$/ }).click();
  await expect(page.getByRole("heading", { name: "Add Category" })).toBeVisible();
  const add = page.getByRole("button", { name: "Create category", exact: true });
  await expect(add).toBeDisabled();
  // A disabled button says why, in words on the page and read with the button.
  await expect(add).toHaveAccessibleDescription("Enter a name to create the category.");
  await page.getByRole("textbox", { name: "Name" }).first().fill(CATEGORY);
  await page.getByRole("textbox", { name: "Description" }).first().fill("Loops of every kind");
  await add.click();
  await expect(page.getByText(`Category "${CATEGORY}" added.`)).toBeVisible();
  // Focus goes to the new category (the emptied form's button is disabled), not the page body.
  await expect(page.getByRole("button", { name: `Edit ${CATEGORY}` })).toBeFocused();
  await page.getByRole("button", { name: `Edit ${CATEGORY}` }).click();
  const editCategory = page.getByRole("form", { name: `Edit ${CATEGORY}` });
  await editCategory.getByRole("textbox", { name: "Name" }).fill("");
  await expect(editCategory.getByRole("button", { name: "Save" })).toHaveAccessibleDescription(
    "Enter a name to save the category.",
  );
  await editCategory.getByRole("button", { name: "Cancel" }).click();
  await expectNoAxeViolations(page);
  const catId = await categoryId(page, CATEGORY);

  // The same name again, in other case and spaces: refused beside the Name field (decision 044).
  const name = page.getByRole("textbox", { name: "Name" }).first();
  await name.fill(` ${CATEGORY.toUpperCase()} `);
  await add.click();
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(name).toHaveAccessibleDescription(
    `A category named "${CATEGORY}" already exists. Please choose a different name.`,
  );
  await name.fill("");
  await expect(name).not.toHaveAttribute("aria-invalid", "true");

  // Import: three good exercises and one without its category_id.
  await page.getByRole("tab", { name: /^Exercises/ }).click();
  await page.getByRole("button", { name: "Import Exercises" }).click();
  const modal = page.getByRole("dialog", { name: "Import Exercises" });
  // The help names the category by its name, and lists the names there are (no id to look up).
  await expect(page.getByRole("dialog", { name: "Import Exercises" })).toHaveAccessibleDescription(
    /a "category" \(the category's name, as listed below\)/,
  );
  await expect(modal.getByRole("list", { name: "Category names" })).toContainText(CATEGORY);
  await modal.getByRole("button", { name: "Import", exact: true }).click();
  await expect(modal.getByText("Please select a file to import.")).toBeVisible();
  await expectNoAxeViolations(page);
  const good = (n: number) => ({
    title: `Imported ${n}`,
    description: `Print ${n}.`,
    category_id: catId,
    solution: `print(${n})`,
    testCases: [{ description: `Prints ${n}`, expected_output: String(n) }],
  });
  const file = {
    exercises: [good(1), good(2), { title: "Lost Exercise", description: "No category." }, good(3)],
  };
  await modal.getByLabel("Exercise file (.json)").setInputFiles({
    name: "exercises.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify(file)),
  });
  await modal.getByRole("button", { name: "Import", exact: true }).click();
  // A partial import is a warning (amber), not a success (green), and names the missing field.
  await expect(modal.getByTestId("import-message")).toHaveText("Imported 3 of 4; 1 was skipped:");
  await expect(modal.getByRole("status").filter({ hasText: "Imported 3 of 4" })).toHaveClass(/bg-amber-50/);
  await expect(modal.getByRole("list", { name: "Exercises not imported" })).toContainText(
    'Exercise "Lost Exercise" is missing required fields: category.',
  );
  await expectNoAxeViolations(page);
  await modal.getByRole("button", { name: "Close" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: "Imported 2" })).toBeVisible();

  // Add Exercise opens the form; its 'Create exercise' is disabled until title and category
  // (spec 02 §7, verbatim); a test case; Check on the server.
  await page.getByRole("button", { name: "Add Exercise" }).click();
  const form = page.getByRole("region", { name: "New exercise" });
  const create = form.getByRole("button", { name: "Create exercise", exact: true });
  await expect(create).toBeDisabled();
  await expect(create).toHaveAccessibleDescription(
    "Create exercise: enter a title and choose a category first.",
  );
  await expect(page.getByRole("button", { name: "Add Exercise" })).toHaveAccessibleDescription(
    "The new exercise form is open below.",
  );
  await form.getByRole("textbox", { name: "Title" }).fill("Say hi");
  await expect(create).toBeDisabled();
  await form.getByRole("combobox", { name: "Category" }).selectOption({ label: CATEGORY });
  await expect(create).toBeEnabled();
  await form.getByRole("textbox", { name: "Description" }).first().fill("Print hi.");
  await typeCode(page, "Solution", 'print("hi")');
  await form.getByRole("textbox", { name: "Hint 1" }).fill("Use print.");
  // A half-filled test case is an error at its field.
  const tests = form.getByRole("region", { name: "Test Cases" });
  await tests.getByRole("textbox", { name: "Description" }).fill("Says hi");
  await create.click();
  await expect(
    form.getByText("A test case needs both a description and an expected output.").first(),
  ).toBeVisible();
  await tests.getByRole("textbox", { name: "Expected Output" }).fill("hi");
  await form.getByRole("button", { name: "Check", exact: true }).click();
  await expect(form.getByText("The solution passes all its tests.")).toBeVisible();
  await expect(form.getByTestId("test-summary")).toHaveText("Passed: 1/1 tests");
  await expectNoAxeViolations(page);
  await create.click();
  await expect(page.getByText('Exercise "Say hi" added.')).toBeVisible();
  await expect(page.getByRole("button", { name: "Edit Say hi" })).toBeFocused();

  // Filters: the category and a difficulty; a search that finds nothing says so and clears.
  await page.getByRole("combobox", { name: "Category" }).selectOption({ label: CATEGORY });
  await expect(page.getByRole("list", { name: "Exercises" }).getByRole("listitem")).toHaveCount(4);
  await page.getByRole("combobox", { name: "Difficulty" }).selectOption("hard");
  await expect(page.getByText("No exercises have this category and difficulty.")).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).click();
  await page.getByLabel("Search exercises").fill("xyzzy");
  await expect(page.getByText("No exercises match “xyzzy”.")).toBeVisible();
  await page.getByRole("button", { name: "Clear search" }).click();
  await expect(page.getByLabel("Search exercises")).toBeFocused();
  await expect(page.getByLabel("Search exercises")).toHaveValue("");
  await expect(page.getByRole("listitem").filter({ hasText: "Say hi" })).toBeVisible();

  // Edit: a wrong solution fails its Check and is flagged in the list after saving.
  const row = page.getByRole("listitem").filter({ hasText: "Say hi" });
  await row.getByRole("button", { name: "Edit Say hi" }).click();
  const edit = page.getByRole("region", { name: "Edit Say hi" });
  await edit.getByRole("textbox", { name: "Title" }).fill("Say hello");
  await edit.getByRole("combobox", { name: "Difficulty" }).selectOption("medium");
  await typeCode(page, "Solution", 'print("bye")');
  await edit.getByRole("button", { name: "Check", exact: true }).click();
  await expect(edit.getByText(/The solution fails 1 of its 1 test/)).toBeVisible();
  await edit.getByRole("button", { name: "Save" }).click();
  const edited = page.getByRole("listitem").filter({ hasText: "Say hello" });
  await expect(edited.getByText("Medium")).toBeVisible();
  await expect(edited.getByTestId("solution-fails")).toHaveText("Solution fails its tests");

  // Delete, with the spec's confirmation.
  await edited.getByRole("button", { name: "Delete Say hello" }).click();
  const confirm = page.getByRole("dialog");
  await expect(confirm).toContainText("Are you sure you want to delete this exercise?");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: "Say hello" })).toHaveCount(0);
  // The row that had focus is gone: focus is on the list's heading.
  await expect(page.getByRole("heading", { name: "Library" })).toBeFocused();

  // A category with exercises cannot be deleted.
  await page.getByRole("tab", { name: /^Categories/ }).click();
  await expect(page.getByRole("button", { name: `Delete ${CATEGORY}` })).toBeDisabled();
  await expect(page.getByRole("button", { name: `Delete ${CATEGORY}` })).toHaveAccessibleDescription(
    "Delete: this category still holds 3 exercises. Move or delete them first.",
  );
  // An empty category is deleted; focus goes to the list's heading.
  const spare = `Spare ${Date.now().toString(36)}`;
  await page.getByRole("textbox", { name: "Name" }).first().fill(spare);
  await page.getByRole("button", { name: "Create category", exact: true }).click();
  await expect(page.getByRole("button", { name: `Edit ${spare}` })).toBeFocused();
  await page.getByRole("button", { name: `Delete ${spare}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("button", { name: `Edit ${spare}` })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: /^Categories \(\d+\)$/ })).toBeFocused();

  // The classes overview is linked from the admin area.
  await page.getByRole("link", { name: "Classes overview", exact: true }).click();
  await expect(page).toHaveURL(/\/test$/);
  await expect(page.getByRole("heading", { name: "Classes overview" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a teacher cannot open /admin, /test or the admin API", async ({ page }) => {
  await signUpVerified(page, "teacher");
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/teacher\//);
  await page.goto("/test");
  await expect(page).toHaveURL(/\/teacher\//);
  expect((await page.request.get("/api/admin/exercises")).status()).toBe(403);
  expect((await page.request.get("/api/admin/classes-overview")).status()).toBe(403);
});
