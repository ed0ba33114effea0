// The premade picker (issue 19 item 10): the whole library (not the first 50), category and
// difficulty filters, descriptions with their line breaks, and a search by word starts that puts
// titles first ("even" lists "Odd or Even Number"; "Next Year's Age", whose description says "even
// when", comes only when asked for).
import { expect, test } from "@playwright/test";
import type { ExerciseList } from "../../src/shared/api/exercises.ts";
import { signUpVerified } from "./helpers/auth.ts";
import { expectNoAxeViolations } from "./helpers/axe.ts";

test("a teacher finds a premade exercise by word, category and difficulty among the whole library", async ({
  page,
}) => {
  await signUpVerified(page, "teacher", "Tess Picker");
  const list = (await (await page.request.get("/api/exercises")).json()) as ExerciseList;
  const all = list.categories.flatMap((c) => c.exercises);
  expect(all.length).toBeGreaterThan(50);

  await page.goto("/teacher/assignments");
  await page.getByRole("button", { name: "New Assignment" }).click();
  await page.getByRole("button", { name: /Use Premade Exercise/ }).click();
  const picker = page.getByRole("dialog", { name: "Use Premade Exercise" });
  await expect(picker.getByRole("status")).toContainText(`All ${all.length} exercises`);
  await expect(picker.getByRole("listitem")).toHaveCount(all.length);
  await expectNoAxeViolations(page);

  // Line breaks in a description stay line breaks.
  const changeMachine = picker.getByRole("button", { name: /Change Machine/ });
  await expect(changeMachine.locator(".whitespace-pre-line")).toHaveCSS("white-space", "pre-line");

  await picker.getByLabel("Search premade exercises").fill("even");
  await expect(picker.getByRole("button", { name: /Odd or Even Number/ })).toBeVisible();
  await expect(changeMachine).toHaveCount(0);
  const nextYear = picker.getByRole("button", { name: /Next Year's Age/ });
  await expect(nextYear).toHaveCount(0);
  const mentions = picker.getByRole("button", { name: /that mention "even" in their description/ });
  await mentions.click();
  await expect(nextYear).toBeVisible();
  await expect(changeMachine).toHaveCount(0);

  // Filters: one category and one difficulty, each card then shows that category and difficulty.
  await picker.getByLabel("Search premade exercises").fill("");
  const category = list.categories.find((c) => c.exercises.some((e) => e.difficulty === "easy"))!;
  await picker.getByLabel("Category").selectOption({ label: category.name });
  await picker.getByLabel("Difficulty").selectOption("easy");
  const expected = category.exercises.filter((e) => e.difficulty === "easy");
  await expect(picker.getByRole("listitem")).toHaveCount(expected.length);
  await expect(picker.getByRole("status")).toContainText(`${expected.length} of ${all.length}`);
  await expect(picker.getByRole("listitem").first()).toContainText(expected[0].title);
  await expectNoAxeViolations(page);
});
