// A teacher's drawing test for turtle programs (issue 21, decision 064): the teacher ticks
// "Compare the drawing" on a test case and pastes a model answer that draws a star (one test
// visible, one hidden); the model answer passes Run Tests and Submit Code; a student's star with a
// wrong angle fails and the failed test shows two pictures, Expected and Yours (their pixels read
// back, the words say what differs), which pass axe at 1280×800 and 390×844. The hidden drawing
// test shows only that it failed.
import { type Browser, expect, type Page, test } from "@playwright/test";
import { signUpVerified } from "./helpers/auth.ts";
import { expectNoAxeViolations } from "./helpers/axe.ts";
import { setCode } from "./helpers/editor.ts";

const star = (angle: number) =>
  [
    "import turtle",
    "t = turtle.Turtle()",
    "t.speed(0)",
    "t.pensize(3)",
    "for point in range(5):",
    "    t.forward(150)",
    `    t.right(${angle})`,
    'print("Star drawn")',
  ].join("\n");

async function newPerson(browser: Browser, role: "student" | "teacher", name: string) {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await signUpVerified(page, role, name);
  return page;
}

/** Dark pixels on a picture, and whether a turtle point (x, y) of the 640 × 480 screen is inked. */
async function ink(page: Page, testId: string, points: [number, number][]) {
  return page.getByTestId(testId).evaluate((canvas: HTMLCanvasElement, pts) => {
    const ctx = canvas.getContext("2d");
    if (!ctx) return { dark: 0, at: [] as boolean[] };
    const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i] + data[i + 1] + data[i + 2] < 200) dark++;
    const scale = canvas.width / 640;
    const at = pts.map(([x, y]) => {
      // Any dark pixel within 2 px of the point (lines are 3 px wide, drawn at half size).
      for (let dx = -2; dx <= 2; dx++)
        for (let dy = -2; dy <= 2; dy++) {
          const [r, g, b] = ctx.getImageData(
            Math.round((x + 320) * scale) + dx,
            Math.round((240 - y) * scale) + dy,
            1,
            1,
          ).data;
          if (r + g + b < 200) return true;
        }
      return false;
    });
    return { dark, at };
  }, points);
}

test("a teacher's drawing test: the model star passes, a wrong angle fails with Expected and Yours", async ({
  browser,
}) => {
  test.setTimeout(240_000);

  // ── Teacher: a class, and an assignment whose tests compare the drawing with a model star ──
  const teacher = await newPerson(browser, "teacher", "Ms Papert");
  await teacher.goto("/teacher/classes");
  await teacher.getByRole("button", { name: "Create New Class" }).first().click();
  const classDialog = teacher.getByRole("dialog", { name: "Create New Class" });
  await classDialog.getByLabel("Class Name").fill("8T Turtles");
  await classDialog.getByRole("button", { name: "Create Class" }).click();
  await expect(classDialog).toBeHidden();
  const joinCode = ((await teacher.locator("code").first().textContent()) ?? "").trim();

  await teacher.getByRole("link", { name: "Assignments" }).click();
  await teacher.getByRole("button", { name: "New Assignment" }).click();
  await teacher.getByRole("button", { name: /Create Custom Assignment/ }).click();
  const form = teacher.getByRole("dialog", { name: "Create Custom Assignment" });
  await form.getByLabel("Assignment Title").fill("Five-point star");
  await form
    .getByLabel("Description", { exact: true })
    .first()
    .fill("Draw a five-pointed star with sides of 150.");
  const case1 = teacher.getByRole("group", { name: "Test case 1" });
  await case1.getByLabel("Description").fill("Draws the star");
  await case1.getByLabel("Compare the drawing").check();
  // The expected output is left empty: the model answer's own ("Star drawn") is used.
  await case1.getByRole("textbox", { name: "Model answer" }).fill(star(144));
  await form.getByRole("button", { name: "Add Test Case" }).click();
  const case2 = teacher.getByRole("group", { name: "Test case 2" });
  await case2.getByLabel("Description").fill("Secret star");
  await case2.getByLabel("Expected Output").fill("Star drawn");
  await case2.getByLabel("Hidden from students").check();
  await case2.getByLabel("Compare the drawing").check();
  await case2.getByRole("textbox", { name: "Model answer" }).fill(star(144));
  await form.getByRole("button", { name: "Create Assignment" }).click();
  await expect(teacher.getByRole("heading", { name: "Five-point star" })).toBeVisible({ timeout: 60_000 });

  // Edit: the model answer is there, and a broken one is refused with the reason.
  await teacher.getByRole("button", { name: "Edit Assignment" }).click();
  const edit1 = teacher.getByRole("group", { name: "Test case 1" });
  await expect(edit1.getByLabel("Compare the drawing")).toBeChecked();
  await expect(edit1.getByLabel("Expected Output")).toHaveValue("Star drawn");
  await expect(edit1.getByRole("textbox", { name: "Model answer" })).toHaveValue(star(144));
  await edit1.getByRole("textbox", { name: "Model answer" }).fill(`${star(144)}\n1/0`);
  await teacher.getByRole("button", { name: "Save Changes" }).click();
  await expect(
    teacher.getByText(/The model answer of test "Draws the star" stopped with an error: ZeroDivisionError/),
  ).toBeVisible({
    timeout: 60_000,
  });
  await edit1.getByRole("textbox", { name: "Model answer" }).fill(star(144));
  await teacher.getByRole("button", { name: "Save Changes" }).click();
  await expect(teacher.getByRole("button", { name: "Edit Assignment" })).toBeVisible({ timeout: 60_000 });

  // ── Student: joins, opens the work; the model answer passes in the browser and on the server ──
  const student = await newPerson(browser, "student", "Sam Student");
  await student.goto("/student/classes");
  await student.getByRole("button", { name: "Join Class" }).first().click();
  const joinDialog = student.getByRole("dialog", { name: "Join Class" });
  await joinDialog.getByLabel("Class code").fill(joinCode);
  await joinDialog.getByRole("button", { name: "Join Class" }).click();
  await expect(joinDialog).toBeHidden();
  await student.getByRole("link", { name: "Assignments" }).click();
  await student
    .getByTestId("assignment-card")
    .filter({ hasText: "Five-point star" })
    .getByRole("link", { name: "Start Assignment" })
    .click();
  await expect(student.getByRole("heading", { name: "Five-point star" })).toBeVisible();
  // The model answer never reaches the student's page.
  expect(await student.content()).not.toContain("right(144)");

  await setCode(student, star(144));
  await student.getByRole("button", { name: "Run Tests" }).click();
  await expect(student.getByTestId("test-summary")).toContainText("Passed: 1/1 tests", { timeout: 60_000 });
  await student.getByRole("button", { name: "Submit Code" }).click();
  await expect(student.getByText("Submitted. PyClass checked your work: passed 2 of 2 tests.")).toBeVisible({
    timeout: 60_000,
  });

  // ── A wrong angle: Run Tests fails it, with both pictures and what differs ──
  await setCode(student, star(72));
  await student.getByRole("button", { name: "Run Tests" }).click();
  await expect(student.getByTestId("test-summary")).toContainText("Passed: 0/1 tests", { timeout: 60_000 });
  await student.getByRole("button", { name: /Draws the star/ }).click();
  const summary = student.getByTestId("drawing-summary");
  await expect(summary).toContainText(
    "yours turns right 72° at its corners, the expected drawing right 144°",
  );
  await expect(student.getByRole("img", { name: "Expected drawing: 5 lines" })).toBeVisible();
  await expect(student.getByRole("img", { name: "Yours drawing: 5 lines" })).toBeVisible();
  // The star's second corner (150, 0) → right 144° → (28.6, -88.2) is inked only in Expected; the
  // pentagon's (150, -150·sin 72°)… its second corner (196.4, -142.7) only in Yours.
  const expected = await ink(student, "drawing-expected", [
    [150, 0],
    [28.6, -88.2],
    [196.4, -142.7],
  ]);
  const yours = await ink(student, "drawing-yours", [
    [150, 0],
    [28.6, -88.2],
    [196.4, -142.7],
  ]);
  expect(expected.dark).toBeGreaterThan(100);
  expect(yours.dark).toBeGreaterThan(100);
  expect(expected.at).toEqual([true, true, false]);
  expect(yours.at).toEqual([true, false, true]);
  await expectNoAxeViolations(student);
  await student.screenshot({ path: "test-results/drawing-test-wide.png", fullPage: true });

  // ── Submit: the server fails both; the visible one shows the pictures, the hidden one only "Failed" ──
  await student.getByRole("button", { name: "Submit Code" }).click();
  await expect(student.getByText("Submitted. PyClass checked your work: passed 0 of 2 tests.")).toBeVisible({
    timeout: 60_000,
  });
  const hidden = student.getByRole("listitem").filter({ hasText: "Hidden test 2" });
  await expect(hidden).toContainText("Failed");
  await expect(hidden.getByRole("button")).toBeDisabled();
  await expect(hidden.getByTestId("drawing-expected")).toHaveCount(0);
  await expect(hidden.getByTestId("drawing-summary")).toHaveCount(0);
  // The server's result of the visible test (its row stays open if it was).
  const visibleRow = student.getByRole("listitem").filter({ hasText: "Draws the star" });
  await expect(visibleRow).toContainText("Failed");
  if ((await visibleRow.getByTestId("drawing-summary").count()) === 0)
    await student.getByRole("button", { name: /Draws the star/ }).click();
  await expect(student.getByTestId("drawing-summary")).toContainText("right 72°");
  await expect(student.getByTestId("drawing-expected")).toHaveCount(1);
  await expect(student.getByTestId("drawing-yours")).toHaveCount(1);

  await student.setViewportSize({ width: 390, height: 844 });
  await expect(student.getByRole("img", { name: "Yours drawing: 5 lines" })).toBeVisible();
  await expectNoAxeViolations(student);
  await student.screenshot({ path: "test-results/drawing-test-narrow.png", fullPage: true });
});
