// A library exercise's activity record, from the student's seat (decision 072): they are told it is
// recorded and that only they see it; what they typed on one computer opens on another; "Your
// history" replays their own work (the code before and after), and puts a version back in the
// editor with Undo. Axe finds nothing on the history at desktop and phone widths.
import { expect, type Page, test } from "@playwright/test";
import { signUpAdmin, signUpVerified } from "./helpers/auth.ts";
import { expectNoAxeViolations } from "./helpers/axe.ts";

const STARTER = "print('start')";

/** The code the student's editor holds (its draft, saved on every change). */
const editorCode = (page: Page, exerciseId: string) =>
  page.evaluate((id) => {
    const key = Object.keys(localStorage).find(
      (k) => k.startsWith("pyclass:draft:") && k.endsWith(`:exercise:${id}`),
    );
    return key ? (JSON.parse(localStorage.getItem(key)!) as { code: string }).code : null;
  }, exerciseId);

/** Replaces the editor's code by typing (as a student would, key by key). */
async function typeOver(page: Page, code: string) {
  await page.getByRole("textbox", { name: "Your Python code" }).click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(code, { delay: 10 });
}

/** Resolves once a batch carrying an edit has been stored (the recorder sends one every 10 s). */
const editStored = (page: Page) =>
  page.waitForResponse(
    (r) =>
      r.url().endsWith("/api/activity") &&
      r.status() === 201 &&
      (r.request().postData() ?? "").includes('"edit"'),
    { timeout: 30_000 },
  );

test("a student's exercise record: carried to another computer, and replayed in Your history", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const headers = { Origin: baseURL! };
  const admin = await (await browser.newContext()).newPage();
  await signUpAdmin(admin);
  const category = await admin.request.post("/api/admin/categories", {
    headers,
    data: { name: "History Practice", description: "Practice.", displayOrder: 998 },
  });
  expect(category.ok(), await category.text()).toBe(true);
  const created = await admin.request.post("/api/admin/exercises", {
    headers,
    data: {
      title: "Say Hello",
      description: "Print hello.",
      difficulty: "easy",
      categoryId: (await category.json()).id,
      starterCode: STARTER,
      solution: "print('hello')",
      hints: [],
      estimatedTime: "2 minutes",
      testCases: [{ description: "Says hello", inputs: [], expectedOutput: "hello" }],
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { id: exerciseId } = (await created.json()) as { id: string };
  await admin.context().close();

  // Computer one: told before anything is recorded, then types.
  const first = await (await browser.newContext()).newPage();
  const account = await signUpVerified(first, "student", "Ada Practiser");
  await first.goto(`/student/exercise/${exerciseId}`);
  await expect(first.getByTestId("activity-notice")).toContainText("Only you can see it.");
  await expect(
    first.getByTestId("activity-notice").getByRole("link", { name: "What is recorded?" }),
  ).toHaveAttribute("href", "/what-is-recorded");
  const stored = editStored(first);
  await typeOver(first, "print('first')");
  await expect.poll(() => editorCode(first, exerciseId)).toBe("print('first')");
  await stored;
  await first.context().close();

  // Computer two: no draft here, nothing saved; the record's latest code opens, and it says so.
  const second = await (await browser.newContext()).newPage();
  const signIn = await second.request.post("/api/auth/sign-in/email", {
    headers,
    data: { email: account.email, password: account.password },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  await second.goto(`/student/exercise/${exerciseId}`);
  await expect(second.getByText("Opened the code you were last working on")).toBeVisible();
  await expect.poll(() => editorCode(second, exerciseId)).toBe("print('first')");

  // Keeps going here, then looks back.
  await typeOver(second, "print('hello')");
  await expect.poll(() => editorCode(second, exerciseId)).toBe("print('hello')");
  const history = second.getByTestId("your-history");
  await history.getByRole("button", { name: "Show your history" }).click();
  const code = history.getByRole("textbox", { name: "Your code at this point in your history" });
  // It ends at the code in the editor (the recorder sent what it held before reading).
  await expect(code).toHaveText("print('hello')");
  const scrubber = history.getByTestId("replay-scrubber");
  await scrubber.focus();
  await second.keyboard.press("Home");
  await expect(code).toHaveText(STARTER);
  await expect(history.getByTestId("replay-position")).toContainText("Opened the work");
  // The step where the other computer's typing arrived.
  await expect
    .poll(async () => {
      await second.keyboard.press("ArrowRight");
      return code.textContent();
    })
    .toBe("print('first')");

  await expectNoAxeViolations(second);
  await second.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(second);
  await second.setViewportSize({ width: 1280, height: 800 });

  // That version back in the editor, with Undo.
  await history.getByRole("button", { name: "Put this version in the editor" }).click();
  await expect(second.getByTestId("restore-notice")).toContainText("Restored the code from your history");
  await expect.poll(() => editorCode(second, exerciseId)).toBe("print('first')");
  await second.getByRole("button", { name: "Undo restore" }).click();
  await expect.poll(() => editorCode(second, exerciseId)).toBe("print('hello')");

  // A teacher reaches no one's exercise history.
  const teacher = await (await browser.newContext()).newPage();
  await signUpVerified(teacher, "teacher");
  expect((await teacher.request.get(`/api/exercises/${exerciseId}/activity`)).status()).toBe(403);
  await teacher.goto(`/teacher/exercise/${exerciseId}`);
  await expect(teacher.getByRole("heading", { name: "Say Hello" })).toBeVisible();
  await expect(teacher.getByTestId("your-history")).toHaveCount(0);
  await expect(teacher.getByTestId("activity-notice")).toHaveCount(0);
});
