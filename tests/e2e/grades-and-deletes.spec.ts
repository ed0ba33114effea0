// Grades survive a resubmit, and what cannot be undone asks first: a graded student is asked
// before handing in again and keeps the grade in Previous Submissions; a teacher's delete says
// what it takes with it, and Cancel keeps everything.
import { type Browser, expect, type Page, test } from "@playwright/test";
import { baseURL } from "../../playwright.config.ts";
import { signUpVerified } from "./helpers/auth.ts";
import { expectNoAxeViolations } from "./helpers/axe.ts";
import { setCode } from "./helpers/editor.ts";

const headers = { Origin: baseURL };

async function newPerson(browser: Browser, role: "student" | "teacher", name: string) {
  const page = await (await browser.newContext()).newPage();
  await signUpVerified(page, role, name);
  return page;
}

async function post<T>(page: Page, path: string, data: unknown, method: "post" | "put" = "post"): Promise<T> {
  const res = await page.request[method](path, { data, headers });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as T;
}

/** A class with one assignment (print("hello") passes), and the student in it. */
async function classroom(teacher: Page, student: Page, name: string) {
  const cls = await post<{ id: string; joinCode: string }>(teacher, "/api/classes", { name: "9Y Computing" });
  const assignment = await post<{ id: string }>(teacher, "/api/assignments", {
    classId: cls.id,
    name,
    testCases: [{ description: "Says hello", input: "", expectedOutput: "hello" }],
  });
  await post(student, "/api/classes/join", { code: cls.joinCode });
  return { cls, assignment };
}

test("a graded student is asked before handing in again and keeps the grade", async ({ browser }) => {
  test.setTimeout(120_000);
  const teacher = await newPerson(browser, "teacher", "Ms Hopper");
  const student = await newPerson(browser, "student", "Jo Bloggs");
  const { assignment } = await classroom(teacher, student, "Say hello");
  const first = await post<{ id: string }>(student, `/api/assignments/${assignment.id}/submissions`, {
    code: 'print("hello")',
    final: true,
  });
  await post(teacher, `/api/submissions/${first.id}/grade`, { grade: 92, notes: "Lovely work" }, "put");

  await student.goto(`/student/assignments/${assignment.id}`);
  const history = student.getByTestId("previous-submission");
  await expect(history).toHaveCount(1);
  await expect(history.first()).toContainText("Grade: 92/100");
  await expect(history.first()).toContainText("Lovely work");

  const submit = student.getByRole("button", { name: "Submit Code" });
  await submit.click();
  const question = student.getByRole("dialog", {
    name: "Your teacher has already graded this. Hand in again?",
  });
  await expect(question).toBeVisible();
  await expect(question).toContainText("You got 92/100.");
  await expectNoAxeViolations(student, '[role="dialog"]');
  // Cancel hands nothing in, and focus goes back to Submit Code.
  await question.getByRole("button", { name: "Cancel" }).click();
  await expect(question).toBeHidden();
  await expect(submit).toBeFocused();
  await expect(history).toHaveCount(1);

  await submit.click();
  await question.getByRole("button", { name: "Hand in again" }).click();
  await expect(student.getByText(/^Submitted\. PyClass checked your work/)).toBeVisible({ timeout: 60_000 });
  await expect(history).toHaveCount(2);
  // The new hand-in waits for review; the 92 stays with the submission it belongs to.
  await expect(history.first()).not.toContainText("Grade:");
  await expect(history.nth(1)).toContainText("Grade: 92/100");
  await expect(history.nth(1)).toContainText("Lovely work");
  // Only the newest hand-in is badged (every one used to say "Final"; issue 19 item 14).
  await expect(history.first()).toContainText("Latest hand-in");
  await expect(history.nth(1)).not.toContainText("Latest hand-in");

  // Restore Code over unsaved typing replaces it at once, says so, and can be undone (item 3).
  const editor = student.getByTestId("code-editor").locator(".cm-content");
  await setCode(student, 'print("my unsaved idea")');
  await history.nth(1).getByRole("button", { name: "Restore Code" }).click();
  await expect(editor).toHaveText('print("hello")');
  const notice = student.getByTestId("restore-notice");
  await expect(notice).toContainText("Restored the code from your submission of");
  await expectNoAxeViolations(student, '[data-testid="restore-notice"]');
  await notice.getByRole("button", { name: "Undo restore" }).click();
  await expect(editor).toHaveText('print("my unsaved idea")');
  await expect(student.getByText("Your code is back as it was before the restore.")).toBeVisible();
  // Typing after a restore makes Undo go: it would throw the new typing away.
  await history.nth(1).getByRole("button", { name: "Restore Code" }).click();
  await expect(notice).toBeVisible();
  await editor.click();
  await student.keyboard.press("End");
  await student.keyboard.type("  # mine");
  await expect(notice).toBeHidden();
});

test("a teacher's delete says what is lost, Cancel keeps it, confirming deletes it", async ({ browser }) => {
  test.setTimeout(120_000);
  const teacher = await newPerson(browser, "teacher", "Mr Babbage");
  const student = await newPerson(browser, "student", "Sam Smith");
  const { assignment } = await classroom(teacher, student, "Times tables");
  for (let i = 0; i < 2; i++) {
    await post(student, `/api/assignments/${assignment.id}/submissions`, {
      code: "print()",
      final: false,
      browserResult: { passed: 0, total: 1 },
    });
  }

  await teacher.goto(`/teacher/assignments/${assignment.id}`);
  const open = teacher.getByRole("button", { name: "Delete Assignment" });
  await open.click();
  const dialog = teacher.getByRole("dialog", { name: "Delete Times tables?" });
  await expect(dialog.getByTestId("deletion-impact")).toHaveText(
    "This deletes the assignment, its test cases and 2 submissions from 1 student, grades included. It cannot be undone.",
  );
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();

  await open.click();
  await dialog.getByRole("button", { name: "Delete assignment" }).click();
  await expect(teacher).toHaveURL(/\/teacher\/assignments$/);
  await expect(teacher.getByText("Times tables")).toHaveCount(0);
  expect((await teacher.request.get(`/api/assignments/${assignment.id}`)).status()).toBe(404);
});

test("removing a student and leaving a class ask first: Escape keeps things, focus returns, confirming does it", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const teacher = await newPerson(browser, "teacher", "Ms Hopper");
  const student = await newPerson(browser, "student", "Ada Byron");
  const leaver = await newPerson(browser, "student", "Alan Turing");
  const { cls } = await classroom(teacher, student, "Loops");
  await post(leaver, "/api/classes/join", { code: cls.joinCode });

  // The teacher removes a student: Escape cancels and gives focus back, confirming removes.
  await teacher.goto(`/teacher/classes/${cls.id}`);
  const remove = teacher.getByRole("button", { name: "Remove Ada Byron" });
  await remove.click();
  const question = teacher.getByRole("dialog", { name: "Remove Ada Byron from 9Y Computing?" });
  await expect(question).toContainText("will no longer see this class or its assignments");
  await teacher.keyboard.press("Escape");
  await expect(question).toBeHidden();
  await expect(remove).toBeFocused();
  await remove.click();
  await question.getByRole("button", { name: "Remove student" }).click();
  await expect(question).toBeHidden();
  await expect(remove).toHaveCount(0);

  // A student leaves: Cancel keeps the class, confirming leaves it for My Classes.
  await leaver.goto(`/student/classes/${cls.id}`);
  const leave = leaver.getByRole("button", { name: "Leave Class" });
  await leave.click();
  const ask = leaver.getByRole("dialog", { name: "Leave this class?" });
  await expect(ask).toContainText("You will no longer see the assignments of 9Y Computing.");
  await ask.getByRole("button", { name: "Cancel" }).click();
  await expect(ask).toBeHidden();
  await expect(leave).toBeFocused();
  await leave.click();
  await ask.getByRole("button", { name: "Leave Class" }).click();
  await expect(leaver).toHaveURL(/\/student\/classes$/);
  expect((await leaver.request.get(`/api/classes/${cls.id}`)).ok()).toBe(false);
});
