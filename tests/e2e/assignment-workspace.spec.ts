// The assignment workspace when the browser cannot help: Python that won't start, tests that are
// all hidden, and hidden tests the browser did not check.
import { type Browser, expect, type Page, test } from "@playwright/test";
import { signUpVerified } from "./helpers/auth.ts";

type Case = { description: string; input: string; expectedOutput: string; hidden?: boolean };

/** A teacher's class with one assignment, and a student who has joined it (all through the API). */
async function classroom(browser: Browser, baseURL: string, testCases: Case[]) {
  const headers = { Origin: baseURL };
  const teacherContext = await browser.newContext();
  const teacher = await teacherContext.newPage();
  await signUpVerified(teacher, "teacher", "Ms Lamarr");
  const klass = await (
    await teacher.request.post("/api/classes", { headers, data: { name: "Set 3" } })
  ).json();
  const assignment = await (
    await teacher.request.post("/api/assignments", {
      headers,
      data: { classId: klass.id, name: "Echo", testCases },
    })
  ).json();
  const student = await (await browser.newContext()).newPage();
  await signUpVerified(student, "student", "Kit Student");
  const joined = await student.request.post("/api/classes/join", { headers, data: { code: klass.joinCode } });
  expect(joined.ok(), await joined.text()).toBe(true);
  return { student, assignmentId: assignment.id as string };
}

async function typeProgram(page: Page, code: string) {
  const editor = page.getByRole("textbox", { name: "Your Python code" });
  await editor.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText(code);
}

const ECHO = "print(input())\n";

test("Submit Code is graded by the server even when Python cannot start in the browser", async ({
  browser,
  baseURL,
}) => {
  const { student, assignmentId } = await classroom(browser, baseURL!, [
    { description: "Echoes", input: "hi", expectedOutput: "hi" },
    { description: "Secret", input: "x", expectedOutput: "x", hidden: true },
  ]);
  // The interpreter's files never arrive: Python cannot start in this browser.
  await student.route("**/pyodide/**", (route) => route.abort());
  await student.goto(`/student/assignments/${assignmentId}`);
  await expect(student.getByText(/Python could not start/)).toBeVisible({ timeout: 30_000 });
  await typeProgram(student, ECHO);
  await student.getByRole("button", { name: "Submit Code" }).click();
  // The answer waits for its release time (at least a second): the button says what is going on.
  await expect(student.getByRole("button", { name: "Checking your code…" })).toBeDisabled();
  await expect(student.getByText("Submitted. PyClass checked your work: passed 2 of 2 tests.")).toBeVisible({
    timeout: 30_000,
  });
  await expect(student.getByRole("button", { name: "Submit Code" })).toBeEnabled();
});

test("Run Tests says so when every test is hidden, instead of doing nothing", async ({
  browser,
  baseURL,
}) => {
  const { student, assignmentId } = await classroom(browser, baseURL!, [
    { description: "Secret", input: "x", expectedOutput: "x", hidden: true },
  ]);
  await student.goto(`/student/assignments/${assignmentId}`);
  await typeProgram(student, ECHO);
  await student.getByRole("button", { name: "Run Tests" }).click();
  await expect(student.getByText(/All the tests for this assignment are hidden/)).toBeVisible();
});

test("after Run Tests the badge does not show green while hidden tests are unchecked", async ({
  browser,
  baseURL,
}) => {
  const { student, assignmentId } = await classroom(browser, baseURL!, [
    { description: "Echoes", input: "hi", expectedOutput: "hi" },
    { description: "Secret", input: "x", expectedOutput: "not x", hidden: true },
  ]);
  await student.goto(`/student/assignments/${assignmentId}`);
  await typeProgram(student, ECHO);
  await student.getByRole("button", { name: "Run Tests" }).click();
  await expect(student.getByTestId("test-summary")).toContainText("Passed: 1/1 tests", { timeout: 30_000 });
  const badge = student.getByTestId("tests-passed-badge");
  await expect(badge).toHaveText("1/1 visible tests passed");
  await expect(badge).not.toHaveClass(/green/);
});

test("a Submit that cannot reach the server keeps the unsent code in this browser", async ({
  browser,
  baseURL,
}) => {
  const { student, assignmentId } = await classroom(browser, baseURL!, [
    { description: "Echoes", input: "hi", expectedOutput: "hi" },
  ]);
  // Python stays off in this browser, so Submit goes straight to the server.
  await student.route("**/pyodide/**", (route) => route.abort());
  await student.goto(`/student/assignments/${assignmentId}`);
  await expect(student.getByText(/Python could not start/)).toBeVisible({ timeout: 30_000 });
  await typeProgram(student, `${ECHO}# unsent work\n`);

  // The server is down (crashed, restarting): nothing under /api answers.
  await student.route("**/api/**", (route) => route.abort("connectionrefused"));
  await student.getByRole("button", { name: "Submit Code" }).click();
  await expect(
    student.getByText("Your code could not be submitted. It is still saved here; please try again."),
  ).toBeVisible({ timeout: 30_000 });

  // Back up: the reloaded page opens on the draft, and submitting it works.
  await student.unroute("**/api/**");
  await student.reload();
  const editor = student.getByRole("textbox", { name: "Your Python code" });
  await expect(editor).toContainText("# unsent work");
  await student.getByRole("button", { name: "Submit Code" }).click();
  await expect(student.getByText("Submitted. PyClass checked your work: passed 1 of 1 tests.")).toBeVisible({
    timeout: 30_000,
  });
});
