// The whole classroom loop in Chromium, two people in two browsers: a teacher sets work with a
// hidden test; a student joins, answers input() inline, runs the tests, reloads without losing
// code, submits; the server grades it; the teacher grades it 82.5; the student reads the feedback.
import { type Browser, expect, type Page, test } from "@playwright/test";
import { signUpVerified } from "./helpers/auth.ts";

const PROGRAM = 'name = input("What is your name? ")\nprint(f"Hello, {name}!")\n';

async function newPerson(browser: Browser, role: "student" | "teacher", name: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUpVerified(page, role, name);
  return page;
}

/** Replaces the editor's content the way a paste would (no auto-closing brackets). */
async function typeProgram(page: Page, code: string) {
  const editor = page.getByRole("textbox", { name: "Your Python code" });
  await editor.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText(code);
}

async function editorText(page: Page) {
  return page.getByRole("textbox", { name: "Your Python code" }).evaluate((el) => {
    const lines = Array.from(el.querySelectorAll(".cm-line")).map((l) => l.textContent ?? "");
    return lines.join("\n");
  });
}

test("teacher sets work, student submits, server grades, teacher grades 82.5, student sees it", async ({
  browser,
}) => {
  test.setTimeout(180_000);

  // ── Teacher: a class and an assignment with two test cases, one hidden ──
  const teacher = await newPerson(browser, "teacher", "Mr Turing");
  await teacher.goto("/teacher/classes");
  await teacher.getByRole("button", { name: "Create New Class" }).first().click();
  const classDialog = teacher.getByRole("dialog", { name: "Create New Class" });
  await classDialog.getByLabel("Class Name").fill("10X Computing");
  await classDialog.getByRole("button", { name: "Create Class" }).click();
  await expect(classDialog).toBeHidden();
  const joinCode = ((await teacher.locator("code").first().textContent()) ?? "").trim();
  expect(joinCode).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);

  await teacher.getByRole("link", { name: "Assignments" }).click();
  await teacher.getByRole("button", { name: "New Assignment" }).click();
  await teacher.getByRole("button", { name: /Create Custom Assignment/ }).click();
  const form = teacher.getByRole("dialog", { name: "Create Custom Assignment" });
  await form.getByLabel("Assignment Title").fill("Greeting Program");
  await form
    .getByLabel("Description", { exact: true })
    .first()
    .fill('Ask "What is your name? " and greet the user.');
  const case1 = teacher.getByRole("group", { name: "Test case 1" });
  await case1.getByLabel("Description").fill("Greets Alex");
  await case1.getByLabel("Input").fill("Alex");
  await case1.getByLabel("Expected Output").fill("What is your name? Alex\nHello, Alex!");
  await form.getByRole("button", { name: "Add Test Case" }).click();
  const case2 = teacher.getByRole("group", { name: "Test case 2" });
  await case2.getByLabel("Description").fill("Secret name");
  await case2.getByLabel("Input").fill("Zanzibar");
  await case2.getByLabel("Expected Output").fill("Hello, Zanzibar!");
  await case2.getByLabel("Hidden from students").check();
  await form.getByRole("button", { name: "Create Assignment" }).click();
  await expect(teacher.getByRole("heading", { name: "Greeting Program" })).toBeVisible();
  const assignmentUrl = teacher.url();

  // ── Student: join with the code (typed in lower case), open the assignment ──
  const student = await newPerson(browser, "student", "Ada Student");
  await student.goto("/student/classes");
  await expect(student.getByText("No classes yet")).toBeVisible();
  await student.getByRole("button", { name: "Join Class" }).first().click();
  const joinDialog = student.getByRole("dialog", { name: "Join Class" });
  await joinDialog.getByLabel("Class code").fill(`${joinCode.toLowerCase()}XYZ`);
  await expect(joinDialog.getByLabel("Class code")).toHaveValue(joinCode);
  await joinDialog.getByRole("button", { name: "Join Class" }).click();
  await expect(joinDialog).toBeHidden();
  await expect(student.getByRole("heading", { name: "10X Computing" })).toBeVisible();
  await expect(student.getByText("Mr Turing")).toBeVisible();

  await student.getByRole("link", { name: "Assignments" }).click();
  const card = student.getByTestId("assignment-card").filter({ hasText: "Greeting Program" });
  await expect(card).toContainText("Pending");
  await card.getByRole("link", { name: "Start Assignment" }).click();
  await expect(student.getByRole("heading", { name: "Greeting Program" })).toBeVisible();
  await expect(student.getByText("# Your code here")).toBeVisible();
  // Nothing about the hidden case reaches the student's page.
  await expect(student.getByText("Zanzibar")).toHaveCount(0);

  // ── Run Code: input() is answered inline in the output panel ──
  await typeProgram(student, PROGRAM);
  await student.getByRole("button", { name: "Run Code" }).click();
  const answer = student.getByLabel("Answer: What is your name?");
  await expect(answer).toBeVisible({ timeout: 30_000 });
  await answer.fill("Grace");
  await answer.press("Enter");
  await expect(student.getByTestId("output")).toHaveText("What is your name? Grace\nHello, Grace!");

  // ── A reload mid-edit keeps the unsent code ──
  await typeProgram(student, `${PROGRAM}# still working on it\n`);
  await student.reload();
  await expect.poll(() => editorText(student)).toContain("# still working on it");
  await expect.poll(() => editorText(student)).toContain('print(f"Hello, {name}!")');

  // ── Run Tests in the browser: the visible case; the hidden one waits for the server ──
  await student.getByRole("button", { name: "Run Tests" }).click();
  await expect(student.getByTestId("test-summary")).toContainText("Passed: 1/1 tests", { timeout: 30_000 });
  await expect(student.getByText("1 hidden test is checked only when you submit.")).toBeVisible();

  // ── Teacher: a student who opened the work and ran tests is In Progress, not Not Viewed (issue 19 #5) ──
  await teacher.goto(assignmentUrl);
  const progressRow = teacher.getByRole("row", { name: /Ada Student/ });
  await expect(async () => {
    await teacher.reload();
    await expect(progressRow).toContainText("1 test run, not handed in", { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(progressRow).toContainText("In Progress");
  await expect(progressRow).not.toContainText("Not Viewed");

  // ── Submit: the server grades every case, hidden included ──
  await student.getByRole("button", { name: "Submit Code" }).click();
  await expect(student.getByText("Submitted. PyClass checked your work: passed 2 of 2 tests.")).toBeVisible({
    timeout: 30_000,
  });
  await expect(student.getByTestId("test-summary")).toContainText("Passed: 2/2 tests");
  await expect(student.getByText("Awaiting teacher review")).toBeVisible();
  await expect(student.getByText("Zanzibar")).toHaveCount(0);

  // ── Teacher: Awaiting Grade → grade 82.5 with notes ──
  await teacher.goto(assignmentUrl);
  const row = teacher.getByRole("row", { name: /Ada Student/ });
  await expect(row).toContainText("Awaiting Grade");
  await row.getByRole("link", { name: "Grade Submission" }).click();
  // #1 is the Run Tests attempt (browser counts, history only); #2 the server-graded submission.
  await expect(teacher.getByRole("article", { name: "Submission #1" })).toContainText("Test run");
  const submission = teacher.getByRole("article", { name: "Submission #2" });
  await expect(submission).toContainText("passed 2 of 2");
  await submission.getByRole("button", { name: "Add Grade" }).click();
  const gradeDialog = teacher.getByRole("dialog", { name: "Add Grade" });
  await gradeDialog.getByLabel("Grade (out of 100)").fill("82.5");
  await gradeDialog
    .getByLabel("Notes")
    .fill("Lovely work. Next time, add a comment explaining the f-string.");
  await gradeDialog.getByRole("button", { name: "Save Grade" }).click();
  await expect(gradeDialog).toBeHidden();
  await expect(submission).toContainText("82.5/100");

  // ── Student: the grade and the notes ──
  await student.reload();
  const feedback = student.getByRole("region", { name: "Teacher Feedback" });
  await expect(feedback).toContainText("82.5/100");
  await expect(feedback).toContainText("Lovely work. Next time, add a comment explaining the f-string.");
  // The draft was cleared on submitting; the editor opens on the code handed in, not the starter.
  await expect.poll(() => editorText(student)).toContain("# still working on it");
  await student.getByRole("link", { name: "Back to Assignments" }).click();
  const doneCard = student.getByTestId("assignment-card").filter({ hasText: "Greeting Program" });
  await expect(doneCard).toContainText("Completed");
  await expect(doneCard.getByTestId("grade")).toHaveText("Grade: 82.5/100");
  await expect(doneCard.getByRole("link", { name: "View Submission" })).toBeVisible();
});

test("a failed test explains itself; a wrong join code and a foreign assignment are refused", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const headers = { Origin: baseURL! };
  const teacher = await newPerson(browser, "teacher", "Ms Hopper");
  const klass = await (
    await teacher.request.post("/api/classes", { headers, data: { name: "Set 2" } })
  ).json();
  const assignment = await (
    await teacher.request.post("/api/assignments", {
      headers,
      data: {
        classId: klass.id,
        name: "Shout",
        testCases: [{ description: "Upper case", input: "hi", expectedOutput: "HI!" }],
      },
    })
  ).json();
  const other = await (
    await teacher.request.post("/api/classes", { headers, data: { name: "Other class" } })
  ).json();
  const foreign = await (
    await teacher.request.post("/api/assignments", {
      headers,
      data: { classId: other.id, name: "Not yours" },
    })
  ).json();

  const student = await newPerson(browser, "student", "Bo Student");
  await student.goto("/student/classes");
  await student.getByRole("button", { name: "Join Class" }).first().click();
  const joinDialog = student.getByRole("dialog", { name: "Join Class" });
  await joinDialog.getByLabel("Class code").fill("ABC");
  await joinDialog.getByRole("button", { name: "Join Class" }).click();
  // The message sits beside the field, which is marked invalid and describes itself with it.
  const codeField = joinDialog.getByLabel("Class code");
  await expect(codeField).toHaveAttribute("aria-invalid", "true");
  await expect(codeField).toHaveAccessibleDescription(/Invalid class code\. Please check and try again\./);
  await joinDialog.getByLabel("Class code").fill("ZZZZZZZZ");
  await joinDialog.getByRole("button", { name: "Join Class" }).click();
  await expect(codeField).toHaveAccessibleDescription(
    /Class not found\. Please check the code and try again\./,
  );
  await joinDialog.getByLabel("Class code").fill(klass.joinCode);
  await joinDialog.getByRole("button", { name: "Join Class" }).click();
  await expect(joinDialog).toBeHidden();

  await student.goto(`/student/assignments/${foreign.id}`);
  await expect(student.getByRole("heading", { name: "Assignment not found" })).toBeVisible();

  await student.goto(`/student/assignments/${assignment.id}`);
  await typeProgram(student, "word = input()\nprint(word.lower() + '!')\n");
  await student.getByRole("button", { name: "Run Tests" }).click();
  await expect(student.getByTestId("test-summary")).toContainText("Passed: 0/1 tests", { timeout: 30_000 });
  await student.getByRole("button", { name: /Upper case/ }).click();
  await expect(student.getByText("Expected output", { exact: true })).toBeVisible();
  await expect(student.getByTestId("line-diff")).toContainText("HI!");
  await student.getByRole("button", { name: "Why did this test fail?" }).click();
  await expect(student.getByText("Check capital letters")).toBeVisible();
});
