// A keyboard-only student (no mouse at all: page.keyboard only): sign in, join a class in a
// dialog, open an assignment, type code, run it with Ctrl+Enter, answer input(), run the tests,
// submit, and after the teacher's grade confirm "Hand in again?" — with where focus is asserted
// after every dialog and every answer.
import { expect, type Locator, type Page, test } from "@playwright/test";
import { signUpVerified } from "./helpers/auth.ts";

/** Tab (forwards) until `target` has focus; fails if it never does. */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

test("a keyboard-only student signs in, joins a class, runs, answers input(), tests and submits", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000); // Python starts in the browser on this page for the first time.
  // The teacher's side is set up through the API (not part of the journey).
  const headers = { Origin: baseURL! };
  const teacher = await (await browser.newContext()).newPage();
  await signUpVerified(teacher, "teacher", "Ms Hopper");
  const klass = await (
    await teacher.request.post("/api/classes", { headers, data: { name: "Set 2" } })
  ).json();
  const created = await teacher.request.post("/api/assignments", {
    headers,
    data: {
      classId: klass.id,
      name: "Greeter",
      description: "Ask for a name and greet it.",
      testCases: [{ description: "Greets Ada", input: "Ada", expectedOutput: "Hello Ada" }],
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const assignmentId = (await created.json()).id as string;
  const account = await signUpVerified(await (await browser.newContext()).newPage(), "student", "Kim Keys");

  const context = await browser.newContext();
  const page = await context.newPage();
  const keys = page.keyboard;

  // Sign in: Tab to the e-mail, then the password; Enter submits.
  await page.goto("/auth");
  await tabTo(page, page.getByLabel("Email"));
  await keys.type(account.email);
  await tabTo(page, page.getByLabel("Password"));
  await keys.type(account.password);
  await keys.press("Enter");
  await expect(page).toHaveURL(/\/student\//);

  // Join Class in a dialog: Escape closes it straight away (an 8-character code is not work worth a
  // "Discard your changes?" question, issue 19 item 14), and focus comes back to the control that
  // opened the dialog when it closes.
  await page.goto("/student/classes");
  const joinButton = page.getByRole("button", { name: "Join Class" }).first();
  await tabTo(page, joinButton);
  await keys.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Join Class" });
  const code = dialog.getByLabel("Class code");
  await expect(code).toBeFocused();
  await keys.type(klass.joinCode.slice(0, 4));
  await keys.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Discard your changes?")).toHaveCount(0);
  await expect(joinButton).toBeFocused();
  await keys.press("Enter");
  await expect(code).toBeFocused();
  await keys.type(klass.joinCode.slice(0, 4));
  await keys.type(klass.joinCode.slice(4));
  await keys.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { name: "Set 2" })).toBeVisible();
  await expect(joinButton).toBeFocused();

  // Open the assignment from the list.
  await page.goto("/student/assignments");
  const start = page.getByRole("link", { name: /Start Assignment/ });
  await tabTo(page, start);
  await keys.press("Enter");
  await expect(page).toHaveURL(/\/student\/assignments\/[0-9a-f-]{36}$/);

  // Type the program in the editor (Tab indents there, so the editor is reached by Tab from before).
  const editor = page.getByRole("textbox", { name: "Your Python code" });
  await tabTo(page, editor);
  await keys.press("ControlOrMeta+a");
  await keys.insertText('name = input("Name? ")\nprint("Hello " + name)\n');

  // Ctrl+Enter runs; input() takes focus; after the answer focus is back where the run started.
  await expect(page.getByRole("button", { name: "Run Code", exact: true })).toBeEnabled({ timeout: 60_000 });
  await keys.press("ControlOrMeta+Enter");
  const answer = page.getByLabel("Answer: Name?");
  await expect(answer).toBeFocused({ timeout: 30_000 });
  await keys.type("Ada");
  await keys.press("Enter");
  await expect(page.getByTestId("output")).toContainText("Hello Ada");
  await expect(editor).toBeFocused();

  // Run Tests (Escape then Tab leaves the editor), then Submit Code.
  await keys.press("Escape");
  const runTests = page.getByRole("button", { name: "Run Tests" });
  await tabTo(page, runTests);
  await keys.press("Enter");
  await expect(page.getByTestId("tests-passed-badge")).toContainText("1/1", { timeout: 30_000 });
  await expect(runTests).toBeFocused();
  const submit = page.getByRole("button", { name: "Submit Code" });
  await tabTo(page, submit);
  await keys.press("Enter");
  await expect(page.getByText("Submitted. PyClass checked your work: passed 1 of 1 tests.")).toBeVisible({
    timeout: 30_000,
  });
  await expect(submit).toBeFocused();

  // The teacher grades it; handing in again asks first. Escape keeps the graded work; confirming
  // hands in again; focus comes back to Submit Code both times.
  const mine = await (await page.request.get(`/api/assignments/${assignmentId}/submissions`)).json();
  const graded = await teacher.request.put(
    `/api/submissions/${mine.find((x: { isFinal: boolean }) => x.isFinal).id}/grade`,
    {
      headers,
      data: { grade: 92, notes: "Lovely." },
    },
  );
  expect(graded.ok(), await graded.text()).toBe(true);
  await page.reload();
  const again = page.getByRole("button", { name: "Submit Code" });
  await tabTo(page, again);
  await keys.press("Enter");
  const question = page.getByRole("dialog", { name: "Your teacher has already graded this. Hand in again?" });
  await expect(question).toBeVisible();
  await keys.press("Escape");
  await expect(question).toBeHidden();
  await expect(again).toBeFocused();
  await keys.press("Enter");
  await expect(question).toBeVisible();
  await tabTo(page, question.getByRole("button", { name: "Hand in again" }));
  await keys.press("Enter");
  await expect(question).toBeHidden();
  await expect(page.getByText("Submitted. PyClass checked your work: passed 1 of 1 tests.")).toBeVisible({
    timeout: 30_000,
  });
  await expect(again).toBeFocused();
});
