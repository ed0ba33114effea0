// A library exercise's drawing tests (decision 077), on the bank's own "Star Maker" as the server
// seeded it (its solution's drawings recorded by the grader at start): a student's program that
// prints the right words but turns the wrong angle fails the two drawing tests in Run Tests, each
// with Expected and Yours pictures and what differs (axe at 1280×800 and 390×844 on that state);
// Save fails them on the server too; the right program passes every test and completes it. An
// admin then sees "Compare the drawing" ticked on those tests in the exercise editor.
import { expect, type Page, test } from "@playwright/test";
import type { ExerciseList } from "../../src/shared/api/exercises.ts";
import { signUpAdmin, signUpVerified } from "./helpers/auth.ts";
import { expectNoAxeViolations } from "./helpers/axe.ts";
import { setCode } from "./helpers/editor.ts";

/** Star Maker's program, turning `turn` at each point; it prints what the solution prints. */
const program = (turn: string) =>
  [
    "import turtle",
    "t = turtle.Turtle()",
    "t.speed(0)",
    'points = int(input("How many points? "))',
    "if points % 2 == 0 or points < 5:",
    '    print("Choose an odd number of at least 5")',
    "else:",
    "    turn = 180 - 180 / points",
    "    for count in range(points):",
    "        t.forward(150)",
    `        t.right(${turn})`,
    '    print("Turn:", round(turn, 1), "degrees")',
    '    print("Back at start:", t.distance(0, 0) < 1)',
  ].join("\n");
// A regular polygon closes too, so it prints "Back at start: True": only the drawing is wrong.
const WRONG_ANGLE = program("360 / points");
const RIGHT = program("turn");

async function openStarMaker(page: Page) {
  const list = (await (await page.request.get("/api/exercises")).json()) as ExerciseList;
  const star = list.categories
    .find((c) => c.name === "Turtle Graphics")
    ?.exercises.find((e) => e.title === "Star Maker");
  expect(star, "the bank's Star Maker exercise").toBeTruthy();
  await page.goto(`/student/exercise/${star!.id}`);
  await expect(page.getByRole("heading", { name: "Star Maker" })).toBeVisible();
  return star!.id;
}

test("a library exercise's drawing test: a wrong angle fails with Expected and Yours, the right star passes", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const student = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await signUpVerified(student, "student", "Sam Student");
  await openStarMaker(student);
  await expect(student.getByText(/The tests check what your program prints and what it draws/)).toBeVisible();

  // ── Run Tests: the output matches everywhere, the drawing of the two stars does not ──
  await setCode(student, WRONG_ANGLE);
  await student.getByRole("button", { name: "Run Tests" }).click();
  await expect(student.getByTestId("test-summary")).toContainText("Passed: 2/4 tests", { timeout: 90_000 });
  await student.getByRole("button", { name: /A five-pointed star/ }).click();
  const five = student.getByRole("listitem").filter({ hasText: "A five-pointed star" });
  await expect(five.getByTestId("drawing-summary")).toContainText(
    "yours turns right 72° at its corners, the expected drawing right 144°",
  );
  await expect(five.getByRole("img", { name: "Expected drawing: 5 lines" })).toBeVisible();
  await expect(five.getByRole("img", { name: "Yours drawing: 5 lines" })).toBeVisible();
  // Both pictures are painted (their pixels read back), and they differ.
  const pixels = (testId: string) =>
    five.getByTestId(testId).evaluate((canvas: HTMLCanvasElement) => {
      const { data } = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height);
      let dark = 0;
      // Lines 1 px wide drawn at half size: any clearly grey pixel counts as ink.
      for (let i = 0; i < data.length; i += 4) if (data[i] + data[i + 1] + data[i + 2] < 600) dark++;
      return { dark, url: canvas.toDataURL() };
    });
  const [expected, yours] = [await pixels("drawing-expected"), await pixels("drawing-yours")];
  expect(expected.dark).toBeGreaterThan(50);
  expect(yours.dark).toBeGreaterThan(50);
  expect(expected.url).not.toBe(yours.url);
  // The failing state, with the pictures open, passes axe at both widths.
  await expectNoAxeViolations(student);
  await student.setViewportSize({ width: 390, height: 844 });
  await expect(five.getByRole("img", { name: "Yours drawing: 5 lines" })).toBeVisible();
  await expectNoAxeViolations(student);
  await student.setViewportSize({ width: 1280, height: 800 });

  // ── Save: the server grades the drawing the same way ──
  await student.getByRole("button", { name: "Save", exact: true }).click();
  await expect(student.getByText("Saved. PyClass checked your code: passed 2 of 4 tests.")).toBeVisible({
    timeout: 90_000,
  });
  const seven = student.getByRole("listitem").filter({ hasText: "A seven-pointed star" });
  await expect(seven).toContainText("Failed");
  await seven.getByRole("button").click();
  await expect(seven.getByTestId("drawing-summary")).toContainText("Expected 7 lines, yours has 7 lines");
  await expect(seven.getByTestId("drawing-expected")).toHaveCount(1);
  await expect(seven.getByTestId("drawing-yours")).toHaveCount(1);

  // ── The right star passes every test; the first full pass saves and completes it ──
  await setCode(student, RIGHT);
  await student.getByRole("button", { name: "Run Tests" }).click();
  await expect(
    student.getByText(
      /All tests passed, so your code was saved\. .*passed 4 of 4 tests\. Exercise completed!/,
    ),
  ).toBeVisible({
    timeout: 90_000,
  });
  await expect(student.getByTestId("completed-badge")).toBeVisible();
  await expect(student.getByTestId("drawing-summary")).toHaveCount(0);

  // ── The admin's editor shows which tests compare the drawing ──
  const admin = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await signUpAdmin(admin);
  await admin.goto("/admin");
  await admin.getByLabel("Search exercises").fill("Star Maker");
  await admin.getByRole("button", { name: "Edit Star Maker" }).click();
  const editor = admin.getByRole("region", { name: "Edit Star Maker" });
  await expect(
    editor.getByRole("group", { name: "Test case 1" }).getByLabel("Compare the drawing"),
  ).toBeChecked();
  await expect(
    editor.getByRole("group", { name: "Test case 3" }).getByLabel("Compare the drawing"),
  ).not.toBeChecked();
});
