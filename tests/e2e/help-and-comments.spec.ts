// Help requests and line comments (issue 20 part B), a teacher and a student in two browsers: the
// student presses "I'm stuck" with a question; the teacher sees it in the help queue and answers
// with a comment on a line of the attached code and a message; the student sees both without
// reloading (the workspace's own live stream). Then the student hands in, the teacher comments on a
// line while grading, and the student sees that comment beside that line, again without a reload.
import { type Browser, expect, type Page, test } from "@playwright/test";
import { baseURL } from "../../playwright.config.ts";
import { signUpVerified } from "./helpers/auth.ts";
import { expectNoAxeViolations } from "./helpers/axe.ts";
import { setCode } from "./helpers/editor.ts";

const headers = { Origin: baseURL };
const STUCK = 'name = input("Name? ")\nprint("hello " + nme)';
const FIXED = 'name = input("Name? ")\nprint("hello")';

async function newPerson(browser: Browser, role: "student" | "teacher", name: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUpVerified(page, role, name);
  return page;
}

async function post<T>(page: Page, path: string, data: unknown): Promise<T> {
  const res = await page.request.post(path, { data, headers });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as T;
}

test("a raised hand is answered on a line, and a grading comment shows beside that line", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const teacher = await newPerson(browser, "teacher", "Ms Hopper");
  const student = await newPerson(browser, "student", "Ada Student");
  const cls = await post<{ id: string; joinCode: string }>(teacher, "/api/classes", {
    name: "10Y Computing",
  });
  const assignment = await post<{ id: string }>(teacher, "/api/assignments", {
    classId: cls.id,
    name: "Say hello",
    description: "Print hello.",
    testCases: [{ description: "Says hello", input: "Ada", expectedOutput: "Name? Ada\nhello" }],
  });
  await post(student, "/api/classes/join", { code: cls.joinCode });
  const studentId = ((await (await student.request.get("/api/me")).json()) as { id: string }).id;

  // ── Student: I'm stuck, with a question; the code in the editor goes with it ──
  await student.goto(`/student/assignments/${assignment.id}`);
  await expect(student.getByRole("heading", { level: 1, name: "Say hello" })).toBeVisible();
  await setCode(student, STUCK);
  await student.getByRole("button", { name: "I'm stuck" }).click();
  const ask = student.getByRole("dialog", { name: "Ask your teacher for help" });
  await ask.getByLabel("Your question (optional)").fill("Why does it say NameError?");
  await ask.getByRole("button", { name: "Ask for help" }).click();
  await expect(ask).toBeHidden();
  const waiting = student.getByTestId("help-waiting");
  await expect(waiting).toContainText("Waiting for your teacher (just now)");
  await expect(waiting.getByRole("button", { name: "Withdraw" })).toBeVisible();

  // ── Teacher: the queue, from the class page; answer on line 2 of the attached code ──
  await teacher.goto(`/teacher/classes/${cls.id}`);
  await teacher.getByRole("link", { name: "Help requests" }).click();
  const request = teacher.getByTestId("help-request").filter({ hasText: "Ada Student" });
  await expect(request).toContainText("Why does it say NameError?");
  await expect(request).toContainText("Just raised");
  await expectNoAxeViolations(teacher);
  await request.getByRole("button", { name: "Answer Ada Student" }).click();
  const answer = teacher.getByRole("dialog", { name: "Answer Ada Student" });
  await expect(answer.getByRole("region", { name: "Ada Student's code" })).toContainText(
    'print("hello " + nme)',
  );
  await answer.getByRole("button", { name: "Comment on line 2" }).click();
  await answer.getByLabel("Your comment on line 2").fill("Look at how you spelt name here.");
  await answer.getByRole("button", { name: "Add to answer" }).click();
  await expect(answer).toContainText("Not sent yet");
  await answer.getByLabel("Message (optional)").fill("Nearly there: check your variable names.");
  await expectNoAxeViolations(teacher);
  await answer.getByRole("button", { name: "Send answer" }).click();
  await expect(answer).toBeHidden();
  await expect(request).toContainText("Answered");

  // ── Student, no reload: the message, and the comment beside line 2 ──
  await expect(student.getByTestId("help-answer")).toContainText("Nearly there: check your variable names.");
  const comments = student.getByRole("region", { name: "Comments on your code" });
  await expect(comments.locator('[data-line="2"]')).toContainText("Look at how you spelt name here.");
  await expect(comments).toContainText('print("hello " + nme)');
  await expect(student.getByTestId("code-editor").locator(".cm-comment-marker")).toHaveCount(1);
  await expect(waiting).toBeHidden();
  await expectNoAxeViolations(student);

  // ── Student hands in; teacher comments on line 1 while grading ──
  await setCode(student, FIXED);
  // The help comment's line now reads differently: its marker goes, the list says so.
  await expect(comments).toContainText("this line has changed since");
  await student.getByRole("button", { name: "Submit Code" }).click();
  await expect(student.getByText(/Submitted\. PyClass checked your work/)).toBeVisible({ timeout: 90_000 });

  await teacher.goto(`/teacher/assignments/${assignment.id}/students/${studentId}`);
  const submission = teacher.getByRole("article", { name: "Submission #1" });
  await submission.getByRole("button", { name: "Comment on line 1" }).click();
  await submission.getByLabel("Your comment on line 1").fill("Good prompt.");
  await submission.getByRole("button", { name: "Add comment" }).click();
  await expect(submission).toContainText("1 line comment.");
  await expect(submission.locator('[data-line="1"]')).toContainText("Good prompt.");

  // ── Student, no reload: the grading comment beside line 1, in the list and the gutter ──
  await expect(comments.locator('[data-line="1"]')).toContainText("Good prompt.");
  const marker = student.getByTestId("code-editor").locator(".cm-comment-marker");
  await expect(marker).toHaveCount(1);
  await expect(marker).toHaveAttribute("title", "Good prompt.");
  await expect(student.getByTestId("previous-submission").first()).toContainText(
    "Comment on line 1: Good prompt.",
  );
});
