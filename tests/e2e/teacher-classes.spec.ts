// The teacher's side of the classroom loop in a real browser: sign up as a teacher, create a
// class and see its code, set a custom assignment with a hidden test case, edit it, find it on
// the dashboard; the premade flow that fills in the custom form; grading a student's work.
import { expect, type Locator, type Page, test } from "@playwright/test";
import { ASSIGNMENT_MESSAGES } from "../../src/shared/api/assignments.ts";
import { CLASS_MESSAGES } from "../../src/shared/api/classes.ts";
import type { ExerciseDetail, ExerciseList } from "../../src/shared/api/exercises.ts";
import { signUpVerified } from "./helpers/auth.ts";
import { linkFromMailbox, uniqueEmail } from "./helpers/mailbox.ts";

const JOIN_CODE = /^[A-HJ-NP-Z2-9]{8}$/;

async function signUpAsTeacher(page: Page, name: string) {
  const email = uniqueEmail("teacher");
  await page.goto("/auth");
  await page.getByRole("button", { name: "Get started" }).click();
  await page.getByLabel("Your name").fill(name);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("Secret123!");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await page.goto(await linkFromMailbox(page.request, email, /Confirm/));
  await page.getByRole("button", { name: /I'm a teacher/ }).click();
  await expect(page).toHaveURL(/\/teacher\/dashboard$/);
}

async function createClass(page: Page, name: string, description = "") {
  await page.getByRole("link", { name: "Classes" }).click();
  await page.getByRole("button", { name: "Create New Class" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Create New Class" });
  await dialog.getByLabel("Class Name").fill(name);
  await dialog.getByLabel("Description").fill(description);
  await dialog.getByRole("button", { name: "Create Class" }).click();
  await expect(dialog).toBeHidden();
}

function testCase(page: Page, n: number) {
  return page.getByRole("group", { name: `Test case ${n}` });
}

test("teacher creates a class, sets and edits an assignment with a hidden test, sees it on the dashboard", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signUpAsTeacher(page, "Tess Teacher");

  // A new teacher's dashboard: real zeros and the empty state.
  await expect(page.getByRole("group", { name: "Classes" })).toContainText("0");
  await expect(page.getByRole("link", { name: "Create your first assignment" })).toBeVisible();

  // Classes: the modal checks the name with the shared schema, then the card shows the code.
  await page.getByRole("link", { name: "Classes" }).click();
  await page.getByRole("button", { name: "Create New Class" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Create New Class" });
  await dialog.getByRole("button", { name: "Create Class" }).click();
  // The error is at the field: marked invalid, described by the message, and focused.
  const className = dialog.getByLabel("Class Name");
  await expect(className).toHaveAttribute("aria-invalid", "true");
  await expect(className).toHaveAccessibleDescription(new RegExp(`^${CLASS_MESSAGES.nameRequired}`));
  await expect(className).toBeFocused();
  await dialog.getByLabel("Class Name").fill("Year 9 Python");
  await dialog.getByLabel("Description").fill("Tuesday set");
  await dialog.getByRole("button", { name: "Create Class" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { name: "Year 9 Python" })).toBeVisible();
  const code = (await page.locator("code").first().textContent())?.trim() ?? "";
  expect(code).toMatch(JOIN_CODE);
  await expect(page.getByText("0 students")).toBeVisible();
  await page.getByRole("button", { name: `Copy ${code}` }).click();
  await expect(page.getByRole("button", { name: `Copied ${code}` })).toHaveText("Copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

  // Class details.
  await page.getByRole("link", { name: "View Details of Year 9 Python" }).click();
  await expect(page.getByRole("heading", { name: "Year 9 Python" })).toBeVisible();
  await expect(page.getByText(code)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Students (0)" })).toBeVisible();
  await expect(page.getByText("No students have joined this class yet.")).toBeVisible();
  await expect(page.getByRole("link", { name: /Download CSV/ })).toHaveAttribute(
    "href",
    /\/api\/classes\/.+\/export\.csv$/,
  );
  await page.getByRole("link", { name: "Back to Classes" }).click();
  await expect(page).toHaveURL(/\/teacher\/classes$/);

  // The dashboard's empty state opens the New Assignment modal.
  await page.getByRole("link", { name: "Dashboard" }).click();
  await page.getByRole("link", { name: "Create your first assignment" }).click();
  await expect(page).toHaveURL(/\/teacher\/assignments\?new=1$/);
  await page
    .getByRole("dialog", { name: "New Assignment" })
    .getByRole("button", { name: /Create Custom Assignment/ })
    .click();
  const form = page.getByRole("dialog", { name: "Create Custom Assignment" });
  // One blank test case row to start, which cannot be removed.
  await expect(testCase(page, 1)).toBeVisible();
  await expect(testCase(page, 2)).toHaveCount(0);
  await expect(form.getByRole("button", { name: /Remove test case/ })).toHaveCount(0);
  await form.getByRole("button", { name: "Create Assignment" }).click();
  await expect(form.getByRole("alert")).toHaveText(ASSIGNMENT_MESSAGES.titleRequired);
  await expect(form.getByLabel("Assignment Title")).toBeFocused();
  await expect(form.getByLabel("Assignment Title")).toHaveAttribute("aria-invalid", "true");

  await form.getByLabel("Assignment Title").fill("Add Two Numbers");
  await expect(form.getByLabel("Class")).toHaveValue(/.+/); // the only class is chosen already
  await expect(form.getByLabel("Programming Language")).toHaveValue("python");
  await form
    .getByLabel("Description", { exact: true })
    .first()
    .fill("Read two whole numbers and print their sum.");
  await form.getByLabel("Due Date").fill("2030-06-15");
  await form.getByLabel("Starter Code").fill("a = int(input())\n");
  await testCase(page, 1).getByLabel("Description").fill("Two and three");
  await testCase(page, 1).getByLabel("Input").fill("2\n3");
  await testCase(page, 1).getByLabel("Expected Output").fill("5");
  await form.getByRole("button", { name: "Add Test Case" }).click();
  await testCase(page, 2).getByLabel("Description").fill("Negative numbers");
  await testCase(page, 2).getByLabel("Input").fill("-4\n1");
  // A half-filled test case is refused beside its empty field, which gets the focus.
  await form.getByRole("button", { name: "Create Assignment" }).click();
  const missing = testCase(page, 2).getByLabel("Expected Output");
  await expect(missing).toHaveAttribute("aria-invalid", "true");
  await expect(missing).toHaveAccessibleDescription(ASSIGNMENT_MESSAGES.halfTestCase);
  await expect(missing).toBeFocused();
  await expect(page).not.toHaveURL(/\/teacher\/assignments\/[0-9a-f-]{36}$/);
  // Escape with typed work asks first; "Keep editing" leaves everything as it was.
  await page.keyboard.press("Escape");
  await expect(form.getByText("Discard your changes?")).toBeVisible();
  await form.getByRole("button", { name: "Keep editing" }).click();
  await expect(form.getByText("Discard your changes?")).toBeHidden();
  await expect(form.getByLabel("Assignment Title")).toHaveValue("Add Two Numbers");
  await missing.fill("-3");
  await testCase(page, 2).getByLabel("Hidden from students").check();
  await expect(form.getByRole("button", { name: /Remove test case/ })).toHaveCount(2);
  await form.getByRole("button", { name: "Create Assignment" }).click();

  // The new assignment's page.
  await expect(page).toHaveURL(/\/teacher\/assignments\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: "Add Two Numbers" })).toBeVisible();
  await expect(page.getByText("Due 15 Jun 2030")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Test Cases (2)" })).toBeVisible();
  await expect(page.getByText("Hidden from students")).toHaveCount(1);
  await expect(page.getByRole("group", { name: "Total Students" })).toContainText("0");
  await expect(page.getByText("No students have joined this class yet.")).toBeVisible();

  // Edit mode: language locked, test cases editable, at least one kept, the spec's success alert.
  await page.getByRole("button", { name: "Edit Assignment" }).click();
  await expect(page.getByLabel("Programming Language")).toBeDisabled();
  await expect(page.getByLabel("Assignment Title")).toHaveValue("Add Two Numbers");
  await expect(testCase(page, 2).getByLabel("Hidden from students")).toBeChecked();
  await page.getByLabel("Assignment Title").fill("Add Two Whole Numbers");
  await page.getByRole("button", { name: "Remove test case 1" }).click();
  await expect(page.getByRole("button", { name: /Remove test case/ })).toHaveCount(0);
  await page.getByRole("button", { name: "Add Test Case" }).click();
  await testCase(page, 2).getByLabel("Description").fill("Zeros");
  await testCase(page, 2).getByLabel("Input").fill("0\n0");
  await testCase(page, 2).getByLabel("Expected Output").fill("0");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: ASSIGNMENT_MESSAGES.updated })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Add Two Whole Numbers" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Test Cases (2)" })).toBeVisible();
  const cases = page.getByRole("region", { name: "Test Cases (2)" }).getByRole("listitem");
  await expect(cases.nth(0)).toContainText("Negative numbers");
  await expect(cases.nth(0)).toContainText("Hidden from students");
  await expect(cases.nth(1)).toContainText("Zeros");
  await expect(page.getByText("Two and three")).toHaveCount(0);

  // The assignments grid and the dashboard's Recent Assignments.
  await page.getByRole("link", { name: "Back to Assignments" }).click();
  // On the list, not still on the assignment page (whose download links name the assignment too).
  await expect(page).toHaveURL(/\/teacher\/assignments$/);
  await expect(page.getByRole("link", { name: "Add Two Whole Numbers" })).toBeVisible();
  await expect(page.getByText("0/0 submitted")).toBeVisible();
  await page.getByRole("link", { name: "Dashboard" }).click();
  const recent = page.getByRole("link", { name: /Add Two Whole Numbers/ });
  await expect(recent).toContainText("Year 9 Python");
  await expect(recent).toContainText("Python");
  await expect(recent).toContainText("Due 15 Jun 2030");
  await expect(page.getByRole("group", { name: "Active Assignments" })).toContainText("1");
});

test("a premade exercise fills in the custom form; without a class it cannot be created yet", async ({
  page,
}) => {
  await signUpAsTeacher(page, "Priya Premade");
  // The picker lists the exercise library, which holds the spec's premade entries.
  const list = (await (await page.request.get("/api/exercises")).json()) as ExerciseList;
  const entry = list.categories.flatMap((c) => c.exercises).find((e) => e.title === "What is an Array")!;
  expect(entry).toBeTruthy();
  const premade = (await (await page.request.get(`/api/exercises/${entry.id}`)).json()) as ExerciseDetail;

  await page.getByRole("link", { name: "Assignments" }).click();
  await page.getByRole("button", { name: "New Assignment" }).click();
  await page.getByRole("button", { name: /Use Premade Exercise/ }).click();
  const picker = page.getByRole("dialog", { name: "Use Premade Exercise" });
  await expect(picker.getByRole("listitem").first()).toBeVisible();
  expect(await picker.getByRole("listitem").count()).toBeGreaterThan(3);
  await picker.getByLabel("Search premade exercises").fill("what is an array");
  await expect(picker.getByRole("listitem")).toHaveCount(1);
  await picker.getByRole("button", { name: /What is an Array/ }).click();

  const form = page.getByRole("dialog", { name: "Create Custom Assignment" });
  await expect(form.getByLabel("Assignment Title")).toHaveValue(premade.title);
  await expect(form.getByLabel("Description", { exact: true }).first()).toHaveValue(premade.description);
  // The Starter Code field is the code editor (Tab indents), so its text is content, not a value.
  await expect(form.getByLabel("Starter Code")).toContainText(premade.starterCode.split("\n")[0]);
  await expect(testCase(page, 1).getByLabel("Expected Output")).toHaveValue(
    premade.testCases[0].expectedOutput,
  );
  await expect(form.getByText(ASSIGNMENT_MESSAGES.noClasses)).toBeVisible();
  await expect(form.getByRole("button", { name: "Create Assignment" })).toBeDisabled();
  await page.keyboard.press("Escape");

  await createClass(page, "Year 11 Arrays");
  await page.getByRole("link", { name: "Assignments" }).click();
  await page.getByRole("button", { name: "New Assignment" }).click();
  await page.getByRole("button", { name: /Use Premade Exercise/ }).click();
  await picker.getByLabel("Search premade exercises").fill("arrays");
  await page.getByRole("button", { name: /What is an Array/ }).click();
  await expect(form.getByText(/Filled in from the premade exercise/)).toBeVisible();
  await expect(form.getByLabel("Class")).toHaveValue(/.+/);
  await form.getByLabel("Assignment Title").fill("Lists: the first colour");
  await form.getByRole("button", { name: "Create Assignment" }).click();
  await expect(page.getByRole("heading", { name: "Lists: the first colour" })).toBeVisible();
  await expect(page.getByText(premade.description)).toBeVisible();
  await expect(page.getByRole("heading", { name: `Test Cases (${premade.testCases.length})` })).toBeVisible();
});

test("teacher grades a student's submission: Awaiting Grade → Graded 82.5 with notes", async ({
  page,
  browser,
  baseURL,
}) => {
  const headers = { Origin: baseURL! };
  await signUpAsTeacher(page, "Gita Grader");
  await createClass(page, "Year 10 Grading");
  const code = (await page.locator("code").first().textContent())?.trim() ?? "";
  const classes = (await (await page.request.get("/api/classes")).json()) as { id: string }[];
  const created = await page.request.post("/api/assignments", {
    headers,
    data: {
      classId: classes[0].id,
      name: "Double It",
      testCases: [
        { description: "Doubles 4", input: "4", expectedOutput: "8" },
        { description: "Doubles 0", input: "0", expectedOutput: "0", hidden: true },
      ],
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const assignment = (await created.json()) as { id: string };

  // A student joins with the code and submits a program that passes both tests.
  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  await signUpVerified(student, "student", "Sam Student");
  expect((await student.request.post("/api/classes/join", { headers, data: { code } })).ok()).toBe(true);
  const submitted = await student.request.post(`/api/assignments/${assignment.id}/submissions`, {
    headers,
    data: { code: "n = int(input())\nprint(n * 2)", final: true },
  });
  expect(submitted.ok(), await submitted.text()).toBe(true);
  // A later test run (failing): it must not push the hand-in and its Add Grade down the page.
  const laterRun = await student.request.post(`/api/assignments/${assignment.id}/submissions`, {
    headers,
    data: { code: "print('not yet')", final: false },
  });
  expect(laterRun.ok(), await laterRun.text()).toBe(true);
  await studentContext.close();

  await page.getByRole("link", { name: "Dashboard" }).click();
  await expect(page.getByRole("group", { name: "Pending Reviews" })).toContainText("1");
  await page.getByRole("link", { name: "Assignments" }).click();
  await page.getByRole("link", { name: "Double It" }).click();
  await expect(page.getByRole("group", { name: "Submitted Work" })).toContainText("1");
  await expect(page.getByRole("group", { name: "Avg. Pass Rate" })).toContainText("100%");
  const row = page.getByRole("row", { name: /Sam Student/ });
  await expect(row).toContainText("Awaiting Grade");
  // Who has done what comes before the assignment's own text and tests (issue 19 item 4).
  const y = async (l: Locator) => (await l.boundingBox())!.y;
  expect(await y(page.getByRole("heading", { name: "Student Progress" }))).toBeLessThan(
    await y(page.getByRole("heading", { name: /^Test Cases/ })),
  );
  await row.getByRole("link", { name: "Grade Submission" }).click();

  await expect(page.getByRole("heading", { name: "Submissions by Sam Student" })).toBeVisible();
  const submission = page.getByRole("article", { name: "Submission #1" });
  // The hand-in to grade comes first, above the newer test run, with Add Grade above its tests.
  await expect(page.getByRole("article").first()).toHaveAccessibleName("Submission #1");
  await expect(page.getByRole("article").nth(1)).toHaveAccessibleName("Submission #2");
  expect(await y(submission.getByRole("button", { name: "Add Grade" }))).toBeLessThan(
    await y(submission.getByRole("heading", { name: "Test Results" })),
  );
  await expect(submission).toContainText("passed 2 of 2");
  await expect(submission).toContainText("print(n * 2)");
  await expect(submission.getByRole("listitem").filter({ hasText: "Doubles 0" })).toContainText("Hidden");
  await submission.getByRole("button", { name: "Add Grade" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Grade" });
  await dialog.getByLabel("Grade (out of 100)").fill("82.555");
  await dialog.getByRole("button", { name: "Save Grade" }).click();
  const gradeField = dialog.getByLabel("Grade (out of 100)");
  await expect(gradeField).toHaveAttribute("aria-invalid", "true");
  await expect(gradeField).toHaveAccessibleDescription(new RegExp(`^${ASSIGNMENT_MESSAGES.gradeRange}`));
  await expect(gradeField).toBeFocused();
  await dialog.getByLabel("Grade (out of 100)").fill("82.5");
  await dialog.getByLabel("Notes").fill("Neat and correct.");
  await dialog.getByRole("button", { name: "Save Grade" }).click();
  await expect(dialog).toBeHidden();
  await expect(submission).toContainText("82.5/100");
  await expect(submission).toContainText("Neat and correct.");
  await expect(submission.getByRole("button", { name: "Edit Grade" })).toBeVisible();

  await page.getByRole("link", { name: "Back to Double It" }).click();
  await expect(row).toContainText("Graded");
  await expect(row).toContainText("82.5/100");
  await expect(row.getByRole("link", { name: "View Submission" })).toBeVisible();
  await page.getByRole("link", { name: "Dashboard" }).click();
  await expect(page.getByRole("group", { name: "Pending Reviews" })).toContainText("0");
});
